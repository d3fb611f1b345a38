package handler

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"

	"github.com/aws/aws-lambda-go/events"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// HTTP handles the HTTP API: POST /v1/{op} with a request's JSON body (its
// op taken from the path), authenticated by the x-api-key header. The
// response body is the reply, with the step's printed output in its
// "printed" list. It is safe for concurrent use.
//
// Status codes: 200 for every reply of a step, failed or not (a Python
// error is the step's result); 400 bad_request, 401 unauthorized, 404 no
// route (not POST /v1/{op}), 413 too_large and 500 internal.
type HTTP struct {
	Engine Engine
	// OpenProject, when set, is the project of requests without an API
	// key (amber serve without --keys).
	OpenProject string
	Log         *slog.Logger
}

// Handle handles one HTTP API event (payload format 2.0).
func (h *HTTP) Handle(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	rc := ev.RequestContext.HTTP
	op, ok := ev.PathParameters["op"]
	if !ok {
		op, ok = opFromPath(ev.RawPath)
		if !ok && rc.Path != "" {
			op, ok = opFromPath(rc.Path)
		}
	}
	if !ok || op == "" {
		return respond(http.StatusNotFound, protocol.Fail("", protocol.Errorf(protocol.KindBadRequest, "no route %s: use POST /v1/{op}", ev.RawPath))), nil
	}
	if m := rc.Method; m != "" && m != http.MethodPost {
		// The HTTP API has no route for other methods.
		return respond(http.StatusNotFound, protocol.Fail("", protocol.Errorf(protocol.KindBadRequest, "no route %s /v1/%s: use POST", m, op))), nil
	}
	reply := h.run(ctx, ev, op)
	return respond(httpStatus(reply), reply), nil
}

func (h *HTTP) run(ctx context.Context, ev events.APIGatewayV2HTTPRequest, op string) *protocol.Reply {
	msg, err := body(ev.Body, ev.IsBase64Encoded)
	if err != nil {
		return protocol.Fail("", protocol.Errorf(protocol.KindBadRequest, "body is not base64: %v", err))
	}
	project, perr := authenticate(ctx, h.Engine, header(ev.Headers, APIKeyHeader), h.OpenProject)
	if perr != nil {
		return protocol.Fail(peekID(msg), perr)
	}
	// The op comes from the path; a body may name it too, but the same.
	req, perr := parseRequest(msg)
	if perr != nil {
		return protocol.Fail(req.ID, perr)
	}
	if req.Op == "" {
		req.Op = op
	}
	if req.Op != op {
		return protocol.Fail(req.ID, protocol.Errorf(protocol.KindBadRequest, "body op %q differs from the path's %q", req.Op, op))
	}
	if req.TraceParent == "" {
		req.TraceParent = header(ev.Headers, TraceParentHeader)
	}
	var mu sync.Mutex
	var printed []protocol.Event
	reply := h.Engine.Handle(ctx, engine.Caller{Project: project}, req, func(e protocol.Event) {
		mu.Lock()
		printed = append(printed, e)
		mu.Unlock()
	})
	// The engine puts a step's output in its reply; these events stand in
	// only for a reply without it, never for one refused as too large.
	if len(reply.Printed) == 0 && (reply.Error == nil || reply.Error.Kind != protocol.KindTooLarge) {
		reply.Printed = printed
	}
	return reply
}

// opFromPath returns {op} of a path ending in /v1/{op} (a stage may come
// first).
func opFromPath(path string) (string, bool) {
	i := strings.LastIndex(path, "/v1/")
	if i < 0 {
		return "", false
	}
	op := path[i+len("/v1/"):]
	if strings.Contains(op, "/") {
		return "", false
	}
	return op, true
}

func httpStatus(r *protocol.Reply) int {
	if r.Error == nil {
		return http.StatusOK
	}
	switch r.Error.Kind {
	case protocol.KindBadRequest:
		return http.StatusBadRequest
	case protocol.KindUnauthorized:
		return http.StatusUnauthorized
	case protocol.KindTooLarge:
		return http.StatusRequestEntityTooLarge
	case protocol.KindInternal:
		return http.StatusInternalServerError
	}
	return http.StatusOK
}

func respond(code int, r *protocol.Reply) events.APIGatewayV2HTTPResponse {
	return events.APIGatewayV2HTTPResponse{
		StatusCode: code,
		Headers:    map[string]string{"content-type": "application/json"},
		Body:       string(marshal(r.ID, r)),
	}
}
