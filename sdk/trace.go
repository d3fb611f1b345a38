package sdk

import (
	"context"

	"go.opentelemetry.io/otel/propagation"
)

// traceParent is the W3C traceparent of ctx's span (OpenTelemetry's
// trace context propagator), "" when ctx carries no valid span context.
// Every request of a call carries its ctx's, so the server's span of the
// step is a child of the caller's span.
func traceParent(ctx context.Context) string {
	c := propagation.MapCarrier{}
	propagation.TraceContext{}.Inject(ctx, c)
	return c["traceparent"]
}
