// Package infra will hold local stand-ins and tooling: the local WebSocket
// gateway that behaves like API Gateway, the dev stack and sample events.
// It is not written yet.
package infra
