// Command gc is the scheduled garbage collection's Lambda function: an
// EventBridge schedule invokes it to delete expired sessions and
// snapshots and sweep the chunks nothing reaches. Built as bootstrap for
// provided.al2023:
//
//	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -o bootstrap ./functions/gc
//
// It is configured by the environment variables template.yaml sets (see
// handler.EngineFromEnv).
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/handler"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	slog.SetDefault(log)
	e, err := handler.EngineFromEnv(context.Background())
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	lambda.Start(func(ctx context.Context, _ events.EventBridgeEvent) (engine.GCReport, error) {
		return handler.GC(ctx, e)
	})
}
