package handler_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"github.com/amber-sandbox/amber/functions/handler"
	"github.com/amber-sandbox/amber/functions/protocol"
)

func errorsIsGone(err error) bool { return errors.Is(err, handler.ErrGone) }

func httpEvent(method, path, key, body string) events.APIGatewayV2HTTPRequest {
	ev := events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "POST /v1/{op}", RawPath: path, Body: body,
		Headers: map[string]string{"content-type": "application/json"},
	}
	if key != "" {
		ev.Headers["x-api-key"] = key
	}
	ev.RequestContext.HTTP.Method = method
	ev.RequestContext.HTTP.Path = path
	return ev
}

func (v *env) post(ev events.APIGatewayV2HTTPRequest) (int, *protocol.Reply) {
	v.t.Helper()
	return v.postTo(v.http, ev)
}

func (v *env) postTo(h *handler.HTTP, ev events.APIGatewayV2HTTPRequest) (int, *protocol.Reply) {
	v.t.Helper()
	resp, err := h.Handle(context.Background(), ev)
	if err != nil {
		v.t.Fatal(err)
	}
	if ct := resp.Headers["content-type"]; ct != "application/json" {
		v.t.Fatalf("content-type %q", ct)
	}
	var rep protocol.Reply
	if err := json.Unmarshal([]byte(resp.Body), &rep); err != nil {
		v.t.Fatalf("body %q: %v", resp.Body, err)
	}
	return resp.StatusCode, &rep
}

func TestHTTPSteps(t *testing.T) {
	v := newEnv(t)
	code, rep := v.post(httpEvent("POST", "/v1/checkout", "key-1", `{"id":"c1"}`))
	if code != 200 || !rep.OK || rep.Session == "" || rep.ID != "c1" {
		t.Fatalf("checkout: %d %+v", code, rep)
	}
	s := rep.Session

	// The op may be in the body too; a stage prefix is allowed; a
	// base64 body is decoded.
	feed := mustJSON(protocol.Request{Op: protocol.OpFeed, ID: "f1", Session: s, Code: "print('a')\nprint('b', file=__import__('sys').stderr)\n2 + 2"})
	ev := httpEvent("POST", "/prod/v1/feed", "key-1", base64.StdEncoding.EncodeToString([]byte(feed)))
	ev.IsBase64Encoded = true
	code, rep = v.post(ev)
	if code != 200 || !rep.OK || rep.Repr != "4" {
		t.Fatalf("feed: %d %+v %+v", code, rep, rep.Error)
	}
	if len(rep.Printed) != 2 || rep.Printed[0].Text != "a\n" || rep.Printed[1].Stream != "stderr" || rep.Printed[0].Event != "print" {
		t.Fatalf("printed %+v", rep.Printed)
	}

	// A Python error is the step's result: 200 with ok false.
	code, rep = v.post(httpEvent("POST", "/v1/feed", "key-1", mustJSON(protocol.Request{ID: "f2", Session: s, Code: "1/0"})))
	if code != 200 || rep.OK || rep.Error.Kind != protocol.KindPython || rep.Error.Type != "ZeroDivisionError" {
		t.Fatalf("python error: %d %+v", code, rep.Error)
	}
	// Another project does not see the session.
	code, rep = v.post(httpEvent("POST", "/v1/feed", "key-2", mustJSON(protocol.Request{ID: "f3", Session: s, Code: "1"})))
	if code != 200 || rep.Error == nil || rep.Error.Kind != protocol.KindUnknownSession {
		t.Fatalf("other project: %d %+v", code, rep.Error)
	}
}

func TestHTTPRefusals(t *testing.T) {
	v := newEnv(t)
	open := &handler.HTTP{Engine: v.e, OpenProject: "p1"}
	tests := []struct {
		name string
		h    *handler.HTTP
		ev   events.APIGatewayV2HTTPRequest
		code int
		kind string
		id   string
	}{
		{"no key", v.http, httpEvent("POST", "/v1/snapshots", "", `{"id":"a"}`), 401, protocol.KindUnauthorized, "a"},
		{"wrong key", v.http, httpEvent("POST", "/v1/snapshots", "nope", `{"id":"a"}`), 401, protocol.KindUnauthorized, "a"},
		{"no key, open project", open, httpEvent("POST", "/v1/snapshots", "", `{"id":"a"}`), 200, "", "a"},
		{"GET", v.http, httpEvent("GET", "/v1/snapshots", "key-1", ""), 404, protocol.KindBadRequest, ""},
		{"no route", v.http, httpEvent("POST", "/v2/feed", "key-1", `{"id":"a"}`), 404, protocol.KindBadRequest, ""},
		{"op differs", v.http, httpEvent("POST", "/v1/feed", "key-1", `{"id":"a","op":"dump"}`), 400, protocol.KindBadRequest, "a"},
		{"not JSON", v.http, httpEvent("POST", "/v1/feed", "key-1", `{"id":`), 400, protocol.KindBadRequest, ""},
		{"unknown op", v.http, httpEvent("POST", "/v1/fly", "key-1", `{"id":"a"}`), 400, protocol.KindBadRequest, "a"},
		{"too large", v.http, httpEvent("POST", "/v1/feed", "key-1", `{"id":"a","code":"`+strings.Repeat("x", protocol.MaxMessage)+`"}`), 413, protocol.KindTooLarge, "a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, rep := v.postTo(tt.h, tt.ev)
			if code != tt.code || rep.ID != tt.id {
				t.Fatalf("status %d id %q (%+v); want %d id %q", code, rep.ID, rep.Error, tt.code, tt.id)
			}
			if tt.kind == "" {
				if !rep.OK {
					t.Fatalf("refused: %+v", rep.Error)
				}
				return
			}
			if rep.OK || rep.Error == nil || rep.Error.Kind != tt.kind {
				t.Fatalf("reply %+v, want kind %s", rep.Error, tt.kind)
			}
		})
	}
}
