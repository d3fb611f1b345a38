// Package handler holds the event handlers of Amber's edges: the WebSocket
// events of API Gateway ($connect, $default, $disconnect), the HTTP API's
// POST /v1/{op}, and the scheduled GC. The Lambda functions
// (functions/ws, functions/http, functions/gc) and amber serve's
// in-process backend run the same code, so what is tested locally is what
// runs on AWS.
//
// A handler turns an API Gateway event into engine calls and the engine's
// reply into messages: on WebSocket, posted through the management API
// (@connections), split into parts when over 128 KB; on HTTP, the
// response body.
package handler

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// Engine is what the handlers need of the step engine (*engine.Engine).
type Engine interface {
	Handle(ctx context.Context, caller engine.Caller, req *protocol.Request, emit func(protocol.Event)) *protocol.Reply
	Authenticate(ctx context.Context, apiKey string) (string, error)
	Connect(ctx context.Context, connection, project string) error
	ConnectionProject(ctx context.Context, connection string) (string, error)
	Disconnect(ctx context.Context, connection string) error
}

var _ Engine = (*engine.Engine)(nil)

// APIKeyHeader and APIKeyQuery carry a client's API key: the header for
// clients that can set one, the query parameter for browsers, which
// cannot set headers on a WebSocket.
const (
	APIKeyHeader = "x-api-key"
	APIKeyQuery  = "api_key"
)

// authenticate finds the project of an API key. With no key, the open
// project is used when there is one (amber serve without --keys).
func authenticate(ctx context.Context, e Engine, key, open string) (string, *protocol.Error) {
	if key == "" {
		if open != "" {
			return open, nil
		}
		return "", protocol.Errorf(protocol.KindUnauthorized, "an API key is required (%s header or %s query parameter)", APIKeyHeader, APIKeyQuery)
	}
	project, err := e.Authenticate(ctx, key)
	if err != nil {
		// A wrong key is already an unauthorized error; a store that
		// could not be read is internal, so the client retries.
		return "", asProtocolError(err, protocol.KindInternal)
	}
	return project, nil
}

// asProtocolError returns err as a protocol error, of kind if it is not
// one already.
func asProtocolError(err error, kind string) *protocol.Error {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return pe
	}
	return &protocol.Error{Kind: kind, Message: err.Error()}
}

// header returns a header's value, whatever its case.
func header(h map[string]string, name string) string {
	if v, ok := h[name]; ok {
		return v
	}
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

// body returns an event's body, decoding base64.
func body(b string, isBase64 bool) ([]byte, error) {
	if !isBase64 {
		return []byte(b), nil
	}
	return base64.StdEncoding.DecodeString(b)
}

// parseRequest decodes a request message and checks its id. A message
// that fails returns a bad_request (or too_large) error and whatever id
// could be read, so the client can match the refusal.
func parseRequest(msg []byte) (*protocol.Request, *protocol.Error) {
	if len(msg) > protocol.MaxMessage {
		return &protocol.Request{ID: peekID(msg)}, protocol.Errorf(protocol.KindTooLarge,
			"request of %d bytes is over the %d-byte message limit", len(msg), protocol.MaxMessage)
	}
	var req protocol.Request
	if err := json.Unmarshal(msg, &req); err != nil {
		return &protocol.Request{ID: peekID(msg)}, protocol.Errorf(protocol.KindBadRequest, "request is not valid JSON: %v", err)
	}
	switch {
	case req.ID == "":
		return &req, protocol.Errorf(protocol.KindBadRequest, "request has no id")
	case len(req.ID) > protocol.MaxPartID:
		id := req.ID
		req.ID = id[:protocol.MaxPartID]
		return &req, protocol.Errorf(protocol.KindBadRequest, "request id is %d bytes, over %d", len(id), protocol.MaxPartID)
	}
	return &req, nil
}

func peekID(msg []byte) string {
	var p struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(msg, &p) != nil || len(p.ID) > protocol.MaxPartID {
		return ""
	}
	return p.ID
}

func logger(l *slog.Logger) *slog.Logger {
	if l != nil {
		return l
	}
	return slog.Default()
}

// marshal encodes a reply or event; they are plain data, so this cannot
// fail short of a bug, which becomes an internal error reply.
func marshal(id string, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(protocol.Fail(id, protocol.Errorf(protocol.KindInternal, "encode reply: %v", err)))
	}
	return b
}

// GC runs one garbage collection of the engine's stores and logs what it
// did: the scheduled function's body.
func GC(ctx context.Context, e *engine.Engine) (engine.GCReport, error) {
	r, err := e.GC(ctx)
	if err != nil {
		return r, fmt.Errorf("handler: gc: %w", err)
	}
	slog.InfoContext(ctx, "gc", "expired_sessions", r.ExpiredSessions, "expired_snapshots", r.ExpiredSnapshots,
		"chunks", fmt.Sprintf("%+v", r.Chunks))
	return r, nil
}
