package telemetry

import (
	"context"
	"testing"
	"time"

	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/internal/otlptest"
)

// slowStore's Gets take its delay.
type slowStore struct {
	cas.Store
	delay time.Duration
}

func (s slowStore) Get(ctx context.Context, a cas.Addr) ([]byte, error) {
	time.Sleep(s.delay)
	return s.Store.Get(ctx, a)
}

// TestStoreSpans: inside a step, a store call that takes StoreSpanMin or
// longer is a client span under the current phase, from the call's start
// to its end; a faster call, and any call outside a step, is none.
func TestStoreSpans(t *testing.T) {
	ctx := context.Background()
	sink := &otlptest.Sink{}
	p, err := New(ctx, Config{TraceSink: sink, StoreSpanMin: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Shutdown(ctx)
	mem := cas.NewMemory()
	var a cas.Addr
	a[0] = 1
	if err := mem.Put(ctx, a, []byte("chunk")); err != nil {
		t.Fatal(err)
	}
	fast := p.Chunks(mem, SystemFiles)
	slow := p.Chunks(slowStore{Store: mem, delay: 30 * time.Millisecond}, SystemS3)

	if _, err := slow.Get(ctx, a); err != nil { // outside a step
		t.Fatal(err)
	}
	sctx, step := p.StartStep(ctx, StepInfo{Op: "feed", Project: "p"})
	lctx := step.Phase(sctx, SpanLoad)
	before := time.Now()
	if _, err := fast.Get(lctx, a); err != nil {
		t.Fatal(err)
	}
	if _, err := slow.Get(lctx, a); err != nil {
		t.Fatal(err)
	}
	after := time.Now()
	var missing cas.Addr
	if _, err := slow.Get(lctx, missing); err == nil {
		t.Fatal("a missing chunk was found")
	}
	step.End(sctx, "complete", "", "")
	if err := p.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	var load, get, notFound int
	for _, sp := range sink.Spans() {
		switch sp.Name {
		case SpanLoad:
			load++
		case "s3 Get":
			get++
			start, end := time.Unix(0, int64(sp.StartTimeUnixNano)), time.Unix(0, int64(sp.EndTimeUnixNano))
			if start.Before(before) || end.After(after.Add(time.Second)) || end.Sub(start) < 30*time.Millisecond {
				t.Errorf("s3 Get from %v to %v, called between %v and %v", start, end, before, after)
			}
			if sp.Kind != tracepb.Span_SPAN_KIND_CLIENT || sp.Attrs["db.system"] != SystemS3 || sp.Attrs["db.operation"] != "Get" {
				t.Errorf("s3 Get: kind %v, attributes %v", sp.Kind, sp.Attrs)
			}
			if sp.Attrs["amber.found"] == "false" {
				notFound++
			}
		case "files Get":
			t.Error("a call faster than StoreSpanMin has a span")
		}
	}
	if load != 1 || get != 2 || notFound != 1 {
		t.Errorf("spans: %d loads, %d s3 Gets (%d not found); want 1, 2 (the call outside the step has none), 1", load, get, notFound)
	}
}
