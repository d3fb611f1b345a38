// Command http is the HTTP API's Lambda function: POST /v1/{op} runs one
// request and returns its reply, with the printed output in "printed".
// Built as bootstrap for provided.al2023:
//
//	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -o bootstrap ./functions/http
//
// It is configured by the environment variables template.yaml sets (see
// handler.EngineFromEnv).
package main

import "github.com/amber-sandbox/amber/functions/lambdamain"

func main() { lambdamain.HTTP() }
