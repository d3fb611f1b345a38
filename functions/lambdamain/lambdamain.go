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
)

// HTTP serves the HTTP API's events until the runtime stops.
func HTTP() {
	warmed := warm()
	e, log := lambdaInit()
	log.Info("init", "template_build", (<-warmed).String())
	lambda.Start((&handler.HTTP{Engine: e, Log: log}).Handle)
}

// WebSocket serves the WebSocket API's events until the runtime stops.
func WebSocket() {
	warmed := warm()
	e, log := lambdaInit()
	log.Info("init", "template_build", (<-warmed).String())
	lambda.Start((&handler.WebSocket{Engine: e, Log: log}).Handle)
}

// GC runs one collection per scheduled EventBridge event.
func GC() {
	e, _ := lambdaInit()
	lambda.Start(func(ctx context.Context, _ events.EventBridgeEvent) (engine.GCReport, error) {
		return handler.GC(ctx, e)
	})
}

// lambdaInit sets up JSON logs on stderr (also the default slog logger)
// and the engine of handler.EngineFromEnv. A configuration it cannot open is
// logged and ends the process, so that Lambda reports a failed init
// instead of serving with no engine.
func lambdaInit() (*engine.Engine, *slog.Logger) {
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	slog.SetDefault(log)
	e, err := handler.EngineFromEnv(context.Background())
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	return e, log
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
