# Builds of the Lambda functions for SAM's makefile build method
# (template.yaml: Metadata BuildMethod makefile). SAM runs
# `make build-<LogicalId>` with ARTIFACTS_DIR set; each target writes the
# function's bootstrap binary for provided.al2023 on arm64. The tags
# lambda.norpc drop aws-lambda-go's unused net/rpc mode.
#
#   sam build                       # all functions
#   make build-WsFunction ARTIFACTS_DIR=/tmp/ws   # one, by hand

GO ?= go
GOARCH ?= arm64
ARTIFACTS_DIR ?= .aws-sam/manual
LAMBDA_BUILD = GOOS=linux GOARCH=$(GOARCH) CGO_ENABLED=0 $(GO) build -tags lambda.norpc -trimpath -ldflags='-s -w'

.PHONY: build-WsFunction build-HttpFunction build-GcFunction

build-WsFunction:
	$(LAMBDA_BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/ws

build-HttpFunction:
	$(LAMBDA_BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/http

build-GcFunction:
	$(LAMBDA_BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/gc
