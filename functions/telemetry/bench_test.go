package telemetry

import (
	"context"
	"testing"
)

type discard struct{}

func (discard) ExportTraces(context.Context, []byte) error { return nil }

// BenchmarkStepSpans is the cost of one traced step's telemetry: its
// span, three phases and two store calls (spans for every call:
// StoreSpanMin -1), to an exporter that drops them, so the export itself
// is not counted. "request" is what the request pays (recording and the
// hand-off at End); "request+worker" adds what the worker pays to make
// the spans' encoding from the record. The
// benchmark takes the worker's place, so that neither side's
// allocations are counted in the other's.
func BenchmarkStepSpans(b *testing.B) {
	b.Run("request", func(b *testing.B) { benchStep(b, false) })
	b.Run("request+worker", func(b *testing.B) { benchStep(b, true) })
}

func benchStep(b *testing.B, materialize bool) {
	ctx := context.Background()
	p, err := New(ctx, Config{TraceSink: discard{}, StoreSpanMin: -1})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Shutdown(ctx)
	// The benchmark is the worker: the steps queue for it.
	if err := p.stopWorker(ctx); err != nil {
		b.Fatal(err)
	}
	p.closed, p.stop = false, make(chan struct{})
	x := p.traces
	p.traces = newTraceExporter(x.sinks, x.resource, x.scope)
	defer p.traces.stop()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sctx, s := p.StartStep(ctx, StepInfo{Op: "feed", Project: "p", Session: "0123456789abcdef0123456789abcdef"})
		lctx := s.Phase(sctx, SpanLoad)
		p.storeSpan(lctx, SystemBolt, "GetSession").end(0, nil)
		s.Loaded(true, 0, 0)
		s.Phase(sctx, SpanRun)
		cctx := s.Phase(sctx, SpanCommit)
		p.storeSpan(cctx, SystemBolt, "CommitSession").end(1200, nil)
		s.Committed(3, 1, 800, 9000)
		s.End(sctx, "complete", "", "")
		if materialize {
			p.exportPending(nil)
		} else if len(p.pending) >= p.queueCap/2 {
			b.StopTimer()
			p.pending = p.pending[:0]
			b.StartTimer()
		}
	}
	if p.Dropped() != 0 {
		b.Fatalf("%d steps dropped", p.Dropped())
	}
}
