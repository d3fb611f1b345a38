// Command ws is the WebSocket API's Lambda function: $connect,
// $disconnect and $default (one request, its events and reply posted back
// through the management API). Built as bootstrap for provided.al2023:
//
//	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -o bootstrap ./functions/ws
//
// It is configured by the environment variables template.yaml sets (see
// handler.EngineFromEnv).
package main

import "github.com/amber-sandbox/amber/functions/lambdamain"

func main() { lambdamain.WebSocket() }
