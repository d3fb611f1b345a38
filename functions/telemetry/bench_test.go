package telemetry

import (
	"context"
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

type discard struct{}

func (discard) ExportSpans(context.Context, []sdktrace.ReadOnlySpan) error { return nil }
func (discard) Shutdown(context.Context) error                             { return nil }

// BenchmarkStepSpans is the in-request cost of one traced step: its span,
// three phases and two store calls (spans for every call: StoreSpanMin
// -1); spans go to an exporter that drops them, so the export itself is
// not counted.
func BenchmarkStepSpans(b *testing.B) {
	ctx := context.Background()
	p, err := New(ctx, Config{SpanExporter: discard{}, StoreSpanMin: -1})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Shutdown(ctx)
	b.ReportAllocs()
	for b.Loop() {
		sctx, s := p.StartStep(ctx, StepInfo{Op: "feed", Project: "p", Session: "0123456789abcdef0123456789abcdef"})
		lctx := s.Phase(sctx, SpanLoad)
		p.storeSpan(lctx, SystemBolt, "GetSession").end(0, nil)
		s.Loaded(true, 0, 0)
		s.Phase(sctx, SpanRun)
		cctx := s.Phase(sctx, SpanCommit)
		p.storeSpan(cctx, SystemBolt, "CommitSession").end(1200, nil)
		s.Committed(3, 1, 800, 9000)
		s.End(sctx, "complete", "", "")
	}
}
