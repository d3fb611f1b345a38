package handler

import (
	"context"
	"fmt"
	"log/slog"
	"os"

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

// EnvEMF turns the CloudWatch Embedded Metric Format lines of the Lambda
// functions off ("off"); they are on by default.
const EnvEMF = "AMBER_EMF"

// TelemetryFromEnv is a Lambda function's telemetry: spans and metrics
// over OTLP/HTTP when the OTEL_EXPORTER_OTLP_* variables configure an
// endpoint (the template's ADOT collector layer listens on
// localhost:4318), and one EMF line per step in log (unless AMBER_EMF is
// "off"). Nil when neither is on.
func TelemetryFromEnv(ctx context.Context, log *slog.Logger) (*telemetry.Provider, error) {
	cfg := telemetry.Config{FromEnv: true}
	switch v := os.Getenv(EnvEMF); v {
	case "", "on":
		cfg.EMF = log
	case "off":
	default:
		return nil, fmt.Errorf("handler: %s=%q: want on or off", EnvEMF, v)
	}
	p, err := telemetry.New(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("handler: %w", err)
	}
	return p, nil
}
