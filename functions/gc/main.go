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

import "github.com/amber-sandbox/amber/functions/lambdamain"

func main() { lambdamain.GC() }
