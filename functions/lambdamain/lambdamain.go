// Package lambdamain is the whole main of each Lambda function
// (functions/http, functions/ws, functions/gc): each sets up logging and
// the engine the same way and hands one handler to the Lambda runtime.
// It lives apart from package handler so that amber serve, which runs
// the handlers in-process, does not link the Lambda runtime client.
package lambdamain

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/handler"
	"github.com/amber-sandbox/amber/functions/telemetry"
)

// HTTP serves the HTTP API's events until the runtime stops.
func HTTP() {
	warmed := warm()
	e, tel, log := lambdaInit()
	log.Info("init", "template_build", (<-warmed).String())
	lambda.Start(flushed(tel, log, (&handler.HTTP{Engine: e, Log: log}).Handle))
}

// WebSocket serves the WebSocket API's events until the runtime stops.
func WebSocket() {
	warmed := warm()
	e, tel, log := lambdaInit()
	log.Info("init", "template_build", (<-warmed).String())
	lambda.Start(flushed(tel, log, (&handler.WebSocket{Engine: e, Log: log}).Handle))
}

// GC runs one collection per scheduled EventBridge event.
func GC() {
	e, _, _ := lambdaInit()
	lambda.Start(func(ctx context.Context, _ events.EventBridgeEvent) (engine.GCReport, error) {
		return handler.GC(ctx, e)
	})
}

// lambdaInit sets up JSON logs on stderr (also the default slog logger),
// the telemetry of handler.TelemetryFromEnv and the engine of
// handler.EngineFromEnvTraced. A configuration it cannot open is logged
// and ends the process, so that Lambda reports a failed init instead of
// serving with no engine.
func lambdaInit() (*engine.Engine, *telemetry.Provider, *slog.Logger) {
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	slog.SetDefault(log)
	ctx := context.Background()
	tel, err := handler.TelemetryFromEnv(ctx, log)
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	e, err := handler.EngineFromEnvTraced(ctx, tel)
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	return e, tel, log
}

// flushTimeout bounds the export of an invocation's spans and metrics.
const flushTimeout = 2 * time.Second

// flushed wraps a handler so that each invocation's spans and metrics
// are exported before it returns: Lambda may freeze the environment
// between invocations, and the batch processors' timers with it.
func flushed[E, R any](tel *telemetry.Provider, log *slog.Logger, h func(context.Context, E) (R, error)) func(context.Context, E) (R, error) {
	if tel == nil {
		return h
	}
	return func(ctx context.Context, ev E) (R, error) {
		r, err := h(ctx, ev)
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), flushTimeout)
		defer cancel()
		if ferr := tel.Flush(fctx); ferr != nil {
			log.WarnContext(ctx, "telemetry flush", "err", ferr)
		}
		return r, err
	}
}

// warm decodes the interpreter's per-process template (the builtin world
// and the module base, from the base image built into the binary) during
// Lambda's init phase, which runs before the first request, instead of in
// that request. It runs beside the engine's setup (which waits on the
// network and disk), and the channel gets how long it took.
func warm() <-chan time.Duration {
	done := make(chan time.Duration, 1)
	go func() { done <- core.Warm() }()
	return done
}
