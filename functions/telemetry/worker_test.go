package telemetry

import (
	"context"
	"log/slog"
	"regexp"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	"go.opentelemetry.io/otel/trace"

	"github.com/amber-sandbox/amber/internal/otlptest"
)

var hexTraceID = regexp.MustCompile(`^[0-9a-f]{32}$`)

// TestTraceIDKnownDuringStep: the trace id a step reports while it runs
// (for its history and stats) is its span's, whether the request carried
// a traceparent (the caller's trace, the span its child) or not (a new
// trace per step); an unsampled traceparent names the trace but makes
// no spans; a store call after the step ended records nothing.
func TestTraceIDKnownDuringStep(t *testing.T) {
	ctx := context.Background()
	sink := &otlptest.Sink{}
	p, err := New(ctx, Config{TraceSink: sink, StoreSpanMin: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Shutdown(ctx)

	run := func(tp string) string {
		sctx, s := p.StartStep(ctx, StepInfo{Op: "feed", Project: "p", TraceParent: tp})
		id := s.TraceID()
		lctx := s.Phase(sctx, SpanLoad)
		p.storeSpan(lctx, SystemBolt, "GetSession").end(0, nil)
		s.End(sctx, "complete", "", "")
		p.storeSpan(lctx, SystemBolt, "Late").end(0, nil)
		return id
	}
	a, b := run(""), run("")
	const parentTrace, parentSpan = "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"
	c := run("00-" + parentTrace + "-" + parentSpan + "-01")
	unsampled := run("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00")
	if err := p.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if !hexTraceID.MatchString(a) || !hexTraceID.MatchString(b) || a == b {
		t.Fatalf("trace ids of two steps without a traceparent: %q, %q", a, b)
	}
	if c != parentTrace || unsampled != "0af7651916cd43dd8448eb211c80319c" {
		t.Fatalf("trace ids with a traceparent: %q, %q", c, unsampled)
	}
	byTrace := map[string][]*otlptest.Span{}
	for _, sp := range sink.Spans() {
		if sp.Name == "bbolt Late" {
			t.Error("a store call after the step's end has a span")
		}
		byTrace[sp.TraceID] = append(byTrace[sp.TraceID], sp)
	}
	if len(byTrace[unsampled]) != 0 {
		t.Errorf("an unsampled traceparent's step has %d spans", len(byTrace[unsampled]))
	}
	for _, id := range []string{a, b, c} {
		var step, load, get *otlptest.Span
		for _, sp := range byTrace[id] {
			switch sp.Name {
			case "amber.feed":
				step = sp
			case SpanLoad:
				load = sp
			case "bbolt GetSession":
				get = sp
			}
		}
		if step == nil || load == nil || get == nil {
			t.Fatalf("trace %s: spans %v", id, byTrace[id])
		}
		if load.ParentID != step.SpanID || get.ParentID != load.SpanID {
			t.Errorf("trace %s: the load is not the step's child, or the store call not the load's", id)
		}
		remote := step.Flags&(flagHasIsRemote|flagIsRemote) == flagHasIsRemote|flagIsRemote
		if id == c && (step.ParentID != parentSpan || !remote) {
			t.Errorf("the step span's parent is %q (remote: %v), want the traceparent's span", step.ParentID, remote)
		}
		if id != c && step.ParentID != "" {
			t.Errorf("a step without a traceparent has parent %q", step.ParentID)
		}
		if step.Resource["service.name"] != "amber" || step.Scope != ScopeName {
			t.Errorf("resource %v, scope %q", step.Resource, step.Scope)
		}
	}
}

// blockingHandler is an EMF log whose writes wait for release, as a
// stuck exporter would keep the worker waiting.
type blockingHandler struct {
	slog.Handler
	entered chan struct{}
	release chan struct{}
	lines   chan struct{}
}

func (blockingHandler) Enabled(context.Context, slog.Level) bool { return true }

func (h blockingHandler) Handle(ctx context.Context, r slog.Record) error {
	select {
	case h.entered <- struct{}{}:
	default:
	}
	<-h.release
	h.lines <- struct{}{}
	return nil
}

// TestFullQueueDrops: while the worker is stuck, steps still end at
// once; past the queue a step's spans and EMF line are dropped and
// counted, its metrics recorded. The spans the worker makes later have
// the times the steps ran, not the worker's.
func TestFullQueueDrops(t *testing.T) {
	ctx := context.Background()
	sink := &otlptest.Sink{}
	reader := sdkmetric.NewManualReader()
	h := blockingHandler{Handler: slog.DiscardHandler, entered: make(chan struct{}, 1), release: make(chan struct{}), lines: make(chan struct{}, 10)}
	p, err := New(ctx, Config{TraceSink: sink, MetricReader: reader, EMF: slog.New(h), Queue: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Shutdown(ctx)
	step := func() (start, end time.Time) {
		start = time.Now()
		sctx, s := p.StartStep(ctx, StepInfo{Op: "feed", Project: "p"})
		s.End(sctx, "complete", "", "")
		return start, time.Now()
	}
	step()
	<-h.entered // the worker is stuck on the first step's EMF line
	queuedStart, queuedEnd := step()
	step() // the queue holds one: dropped
	if got := p.Dropped(); got != 1 {
		t.Fatalf("dropped %d steps, want 1", got)
	}
	close(h.release)
	if err := p.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if n := len(h.lines); n != 2 {
		t.Errorf("%d EMF lines, want 2 (the dropped step's is not written)", n)
	}
	var steps []*otlptest.Span
	for _, sp := range sink.Spans() {
		if sp.Name == "amber.feed" {
			steps = append(steps, sp)
		}
	}
	if len(steps) != 2 {
		t.Fatalf("%d step spans, want 2", len(steps))
	}
	sp := steps[1]
	if start, end := time.Unix(0, int64(sp.StartTimeUnixNano)), time.Unix(0, int64(sp.EndTimeUnixNano)); start.Before(queuedStart) || end.After(queuedEnd) {
		t.Errorf("the queued step's span is from %v to %v, the step ran from %v to %v", start, end, queuedStart, queuedEnd)
	}
	var rm metricdata.ResourceMetrics
	if err := reader.Collect(ctx, &rm); err != nil {
		t.Fatal(err)
	}
	if got := sum(rm, MetricSteps, attribute.String("amber.op", "feed")); got != 3 {
		t.Errorf("amber.steps{feed} = %d, want 3 (the dropped step counts)", got)
	}
	if got := sum(rm, MetricDropped); got != 1 {
		t.Errorf("%s = %d, want 1", MetricDropped, got)
	}
}

func sum(rm metricdata.ResourceMetrics, name string, match ...attribute.KeyValue) int64 {
	var n int64
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			d, ok := m.Data.(metricdata.Sum[int64])
			if m.Name != name || !ok {
				continue
			}
		points:
			for _, dp := range d.DataPoints {
				for _, kv := range match {
					if v, ok := dp.Attributes.Value(kv.Key); !ok || v != kv.Value {
						continue points
					}
				}
				n += dp.Value
			}
		}
	}
	return n
}

// TestAfterShutdown: a step that ends after Shutdown, and Flush, neither
// block nor fail.
func TestAfterShutdown(t *testing.T) {
	ctx := context.Background()
	p, err := New(ctx, Config{TraceSink: &otlptest.Sink{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	sctx, s := p.StartStep(ctx, StepInfo{Op: "feed"})
	if !trace.SpanContextFromContext(sctx).IsValid() && s.TraceID() == "" {
		t.Error("no trace id after shutdown")
	}
	s.End(sctx, "complete", "", "")
	if err := p.Flush(ctx); err != nil {
		t.Fatalf("Flush after Shutdown: %v", err)
	}
	if err := p.Shutdown(ctx); err != nil {
		t.Fatalf("second Shutdown: %v", err)
	}
}
