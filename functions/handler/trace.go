package handler

import (
	"context"

	"github.com/amber-sandbox/amber/functions/telemetry"
)

// TraceParentHeader carries a client's W3C trace context: on a WebSocket
// handshake it is the parent of every step on the connection whose
// request has no traceparent of its own; on an HTTP request, of that
// request's step.
const TraceParentHeader = "traceparent"

// tracedConnections is implemented by engines that keep a connection's
// handshake traceparent with it (*engine.Engine), so that a function
// instance other than the one that saw $connect finds it.
type tracedConnections interface {
	ConnectTraced(ctx context.Context, connection, project, traceparent string) error
	ConnectionTrace(ctx context.Context, connection string) (project, traceparent string, err error)
}

// connectTraceParent is a handshake's traceparent header, if it is a
// valid W3C trace context ("" otherwise: a malformed one is not stored).
func connectTraceParent(h map[string]string) string {
	tp := header(h, TraceParentHeader)
	if !telemetry.ParseTraceParent(tp).IsValid() {
		return ""
	}
	return tp
}
