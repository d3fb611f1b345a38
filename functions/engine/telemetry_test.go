package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/functions/telemetry"
)

// conflictingMeta fails the next CommitSession with ErrConflict when
// armed, as a concurrent step on another instance would make it fail.
type conflictingMeta struct {
	meta.Store
	armed atomic.Bool
}

func (m *conflictingMeta) CommitSession(ctx context.Context, s *meta.Session, expect int64) error {
	if m.armed.CompareAndSwap(true, false) {
		return meta.ErrConflict
	}
	return m.Store.CommitSession(ctx, s, expect)
}

const metricSecret = "sk-metric-secret-99e1"

// TestStepMetrics runs known steps and reads the metrics through the
// SDK's manual reader, and the EMF lines from the log: steps by
// operation and outcome, latency by warm and cold, bytes, conflicts,
// retries, quota refusals, sessions in memory.
func TestStepMetrics(t *testing.T) {
	ctx := context.Background()
	reader := sdkmetric.NewManualReader()
	var log syncBuffer
	tel, err := telemetry.New(ctx, telemetry.Config{MetricReader: reader, EMF: slog.New(slog.NewJSONHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer tel.Shutdown(ctx)
	m := &conflictingMeta{Store: newMemMeta()}
	e, err := New(Config{Meta: m, Chunks: cas.NewMemory(), Telemetry: tel, DefaultQuota: 4 * usageQuantum})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.EnsureProject(ctx, "p"); err != nil {
		t.Fatal(err)
	}
	caller := Caller{Project: "p"}
	do := func(req *protocol.Request) *protocol.Reply {
		t.Helper()
		return e.Handle(ctx, caller, req, nil)
	}
	s := do(&protocol.Request{Op: "checkout", ID: "c1"}).Session
	expect := func(r *protocol.Reply, kind string) {
		t.Helper()
		switch {
		case kind == "" && !r.OK:
			t.Fatalf("reply %+v", r.Error)
		case kind != "" && (r.Error == nil || r.Error.Kind != kind):
			t.Fatalf("reply %+v, want %s", r, kind)
		}
	}
	expect(do(&protocol.Request{Op: "feed", ID: "f1", Session: s, Code: "x = 1"}), "")                                      // cold
	expect(do(&protocol.Request{Op: "feed", ID: "f2", Session: s, Code: "x + 1"}), "")                                      // warm
	expect(do(&protocol.Request{Op: "feed", ID: "f2", Session: s, Code: "x + 1"}), "")                                      // a retry: replayed
	expect(do(&protocol.Request{Op: "feed", ID: "f3", Session: s, Code: "print('" + metricSecret + "'); 1/0"}), "python")   // a Python error
	expect(do(&protocol.Request{Op: "feed", ID: "f4", Session: s, Code: "big = '" + metricSecret + "' * 100000"}), "quota") // 2 MB > the quota
	m.armed.Store(true)
	expect(do(&protocol.Request{Op: "feed", ID: "f5", Session: s, Code: "x = 2"}), "conflict")
	expect(do(&protocol.Request{Op: "feed", ID: "f6", Session: s, Code: "x = 3"}), "")
	// Loads: f1 cold (a new session), f2, f3 and f4 warm, the retry none;
	// f4's interpreter is not kept (its commit failed) and neither is
	// f5's, so f5 and f6 load cold, and f6's stays in memory.

	// The worker records the metrics and EMF lines after the requests.
	if err := tel.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	var rm metricdata.ResourceMetrics
	if err := reader.Collect(ctx, &rm); err != nil {
		t.Fatal(err)
	}
	counts := func(name string, match ...attribute.KeyValue) int64 {
		t.Helper()
		var n int64
		found := false
		for _, sm := range rm.ScopeMetrics {
			for _, mt := range sm.Metrics {
				if mt.Name != name {
					continue
				}
				found = true
				points := func(attrs attribute.Set) bool {
					for _, kv := range match {
						if v, ok := attrs.Value(kv.Key); !ok || v != kv.Value {
							return false
						}
					}
					return true
				}
				switch d := mt.Data.(type) {
				case metricdata.Sum[int64]:
					for _, dp := range d.DataPoints {
						if points(dp.Attributes) {
							n += dp.Value
						}
					}
				case metricdata.Histogram[float64]:
					for _, dp := range d.DataPoints {
						if points(dp.Attributes) {
							n += int64(dp.Count)
						}
					}
				case metricdata.Histogram[int64]:
					for _, dp := range d.DataPoints {
						if points(dp.Attributes) {
							n += int64(dp.Count)
						}
					}
				case metricdata.Gauge[int64]:
					for _, dp := range d.DataPoints {
						n += dp.Value
					}
				}
			}
		}
		if !found {
			t.Errorf("no metric %s", name)
		}
		return n
	}
	op := func(o string) attribute.KeyValue { return attribute.String("amber.op", o) }
	outcome := func(o string) attribute.KeyValue { return attribute.String("amber.outcome", o) }
	for _, c := range []struct {
		what string
		got  int64
		want int64
	}{
		{"feeds", counts(telemetry.MetricSteps, op("feed")), 7},
		{"complete feeds", counts(telemetry.MetricSteps, op("feed"), outcome("complete")), 4}, // f2's retry too: its recorded reply
		{"failed feeds", counts(telemetry.MetricSteps, op("feed"), outcome("error")), 3},
		{"checkouts", counts(telemetry.MetricSteps, op("checkout"), outcome("ok")), 1},
		{"cold feed latencies", counts(telemetry.MetricStepDuration, op("feed"), attribute.String("amber.load", "cold")), 3},
		{"warm feed latencies", counts(telemetry.MetricStepDuration, op("feed"), attribute.String("amber.load", "warm")), 3},
		{"replayed feed latencies", counts(telemetry.MetricStepDuration, op("feed"), attribute.String("amber.load", "none")), 1},
		{"conflicts", counts(telemetry.MetricConflicts, op("feed")), 1},
		{"retries", counts(telemetry.MetricRetries, op("feed")), 1},
		{"quota refusals", counts(telemetry.MetricQuotaRefusals), 1},
		{"committed states", counts(telemetry.MetricStateBytes, op("feed")), 4}, // f1, f2, f3 (a Python error commits), f6
		{"sessions in memory", counts(telemetry.MetricSessions), 1},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.what, c.got, c.want)
		}
	}
	if n := counts(telemetry.MetricBytesWritten, op("feed")); n <= 0 {
		t.Errorf("bytes written by feeds: %d", n)
	}

	// The EMF lines: one per request, CloudWatch's format.
	lines := emfLines(t, log.String())
	if len(lines) != 8 {
		t.Fatalf("%d EMF lines, want 8 (a checkout and seven feeds)", len(lines))
	}
	var steps, conflicts, quota, retries float64
	for _, l := range lines {
		if l["Operation"] == "feed" {
			steps += l["Steps"].(float64)
			conflicts += l["Conflicts"].(float64)
			quota += l["QuotaRefusals"].(float64)
			retries += l["Retries"].(float64)
		}
	}
	if steps != 7 || conflicts != 1 || quota != 1 || retries != 1 {
		t.Errorf("EMF feeds: steps %v conflicts %v quota %v retries %v", steps, conflicts, quota, retries)
	}
	var all bytes.Buffer
	_ = json.NewEncoder(&all).Encode(rm.ScopeMetrics)
	all.WriteString(log.String())
	if strings.Contains(all.String(), metricSecret) {
		t.Error("the secret reached a metric or an EMF line")
	}
}

// emfLines parses JSON log lines and returns those in CloudWatch's
// Embedded Metric Format, checking the format: _aws with a Timestamp in
// milliseconds and CloudWatchMetrics directives whose dimensions and
// metrics are top-level fields of the line.
func emfLines(t *testing.T, log string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
		if line == "" {
			continue
		}
		var l map[string]any
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("log line is not JSON: %q", line)
		}
		aws, ok := l["_aws"].(map[string]any)
		if !ok {
			continue
		}
		if ts, ok := aws["Timestamp"].(float64); !ok || ts < 1e12 {
			t.Errorf("EMF Timestamp %v: want Unix milliseconds", aws["Timestamp"])
		}
		dirs, ok := aws["CloudWatchMetrics"].([]any)
		if !ok || len(dirs) == 0 {
			t.Fatalf("EMF line without CloudWatchMetrics: %s", line)
		}
		for _, d := range dirs {
			d := d.(map[string]any)
			if d["Namespace"] != "Amber" {
				t.Errorf("namespace %v", d["Namespace"])
			}
			for _, set := range d["Dimensions"].([]any) {
				for _, dim := range set.([]any) {
					if _, ok := l[dim.(string)].(string); !ok {
						t.Errorf("dimension %v is not a string field of the line", dim)
					}
				}
			}
			for _, mt := range d["Metrics"].([]any) {
				name := mt.(map[string]any)["Name"].(string)
				if _, ok := l[name].(float64); !ok {
					t.Errorf("metric %s is not a number field of the line", name)
				}
			}
		}
		out = append(out, l)
	}
	return out
}

// TestTraceIDWithoutTracing: with telemetry off, a request's traceparent
// still names the step's trace in the history; a request without one
// records none, and the step log of the format before trace ids reads.
func TestTraceIDWithoutTracing(t *testing.T) {
	ctx := context.Background()
	e, err := New(Config{Meta: newMemMeta(), Chunks: cas.NewMemory()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.EnsureProject(ctx, "p"); err != nil {
		t.Fatal(err)
	}
	caller := Caller{Project: "p"}
	s := e.Handle(ctx, caller, &protocol.Request{Op: "checkout", ID: "c1"}, nil).Session
	const tid = "4bf92f3577b34da6a3ce929d0e0e4736"
	e.Handle(ctx, caller, &protocol.Request{Op: "feed", ID: "f1", Session: s, Code: "1", TraceParent: "00-" + tid + "-00f067aa0ba902b7-01"}, nil)
	e.Handle(ctx, caller, &protocol.Request{Op: "feed", ID: "f2", Session: s, Code: "2"}, nil)
	h := e.Handle(ctx, caller, &protocol.Request{Op: "history", ID: "h1", Session: s}, nil)
	if len(h.Steps) != 2 || h.Steps[0].TraceID != tid || h.Steps[1].TraceID != "" {
		t.Fatalf("history %+v", h.Steps)
	}

	// Format 1: the same fields without the optional ones.
	st := h.Steps[1]
	log := appendStep(nil, st)
	if log[0] != stepLogFormat || log[len(log)-1] != 0 {
		t.Fatalf("step log %x: want format %d ending in no optional fields", log, stepLogFormat)
	}
	old := append([]byte{stepLogFormat1}, log[1:len(log)-1]...)
	if got := decodeSteps(old); len(got) != 1 || got[0] != st {
		t.Errorf("format 1 log reads as %+v, want %+v", got, st)
	}
	// A log whose optional fields are cut keeps the steps before them.
	two := appendStep(appendStep(nil, h.Steps[0]), st)
	if got := decodeSteps(two[:len(two)-1]); len(got) != 1 || got[0] != h.Steps[0] {
		t.Errorf("cut log reads as %+v", got)
	}
}
