package sdk

import (
	"context"
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// TestTraceParentFromContext: each call sends its ctx's span context, so
// the history records the trace of the span that made each step, and a
// call without a span sends none.
func TestTraceParentFromContext(t *testing.T) {
	pool := inProcessServer(t)(t)
	ctx := testCtx(t)
	tp := sdktrace.NewTracerProvider() // the caller's own tracing
	defer tp.Shutdown(context.Background())
	tracer := tp.Tracer("test")

	s, err := pool.Checkout(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx1, span1 := tracer.Start(ctx, "agent turn 1")
	if _, err := s.FeedRun(ctx1, "x = 1", nil); err != nil {
		t.Fatal(err)
	}
	span1.End()
	ctx2, span2 := tracer.Start(ctx, "agent turn 2")
	if _, err := s.FeedRun(ctx2, "x + 1", nil); err != nil {
		t.Fatal(err)
	}
	span2.End()
	if _, err := s.FeedRun(ctx, "x + 2", nil); err != nil {
		t.Fatal(err)
	}
	steps, err := s.History(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{span1.SpanContext().TraceID().String(), span2.SpanContext().TraceID().String(), ""}
	var got []string
	for _, st := range steps {
		if st.Op == "feed" {
			got = append(got, st.TraceID)
		}
	}
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || want[0] == want[1] {
		t.Errorf("feeds' trace ids %q, want %q", got, want)
	}
	if traceParent(ctx) != "" || traceParent(trace.ContextWithSpanContext(ctx, span1.SpanContext())) == "" {
		t.Error("traceParent: wrong presence")
	}
}
