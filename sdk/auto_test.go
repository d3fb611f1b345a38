package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// How FeedRun and ResumeAuto answer each kind of call, as the resume
// request they send. (OS calls reach clients once core makes them; the
// answers are fixed here.)
func TestAnswerCall(t *testing.T) {
	readFile := func(ctx context.Context, op string, args []any, kw map[string]any) (any, error) {
		if args[0] == "/data/x.txt" {
			return "contents", nil
		}
		return nil, ErrNotHandled
	}
	opts := &FeedOptions{
		Functions: map[string]HostFunc{
			"ok": func(context.Context, []any, map[string]any) (any, error) { return Tuple{int64(1), "a"}, nil },
			"exc": func(context.Context, []any, map[string]any) (any, error) {
				return nil, &Exception{Type: "KeyError", Message: "k"}
			},
			"fail": func(context.Context, []any, map[string]any) (any, error) { return nil, errors.New("disk on fire") },
		},
		Async: map[string]HostFunc{"later": func(context.Context, []any, map[string]any) (any, error) { return "done", nil }},
		OS:    readFile,
	}
	for _, tc := range []struct {
		name string
		opts *FeedOptions
		call FunctionCall
		want string // the resume request's JSON (op and id are set when it is sent)
	}{
		{"host function", opts, FunctionCall{Name: "ok", CallID: 1}, `{"op":"","id":"","call_id":1,"return_value":{"$tuple":[1,"a"]}}`},
		{"host exception", opts, FunctionCall{Name: "exc", CallID: 2}, `{"op":"","id":"","call_id":2,"exception":{"type":"KeyError","message":"k"}}`},
		{"host error", opts, FunctionCall{Name: "fail", CallID: 3}, `{"op":"","id":"","call_id":3,"exception":{"type":"RuntimeError","message":"disk on fire"}}`},
		{"async host function", opts, FunctionCall{Name: "later", CallID: 4}, `{"op":"","id":"","call_id":4,"future":true}`},
		{"undeclared function", opts, FunctionCall{Name: "nope", CallID: 5}, `{"op":"","id":"","call_id":5,"not_handled":true}`},
		{"os call answered", opts, FunctionCall{Name: "open", OSCall: "open", Args: []any{"/data/x.txt"}, CallID: 6}, `{"op":"","id":"","call_id":6,"return_value":"contents"}`},
		{"os call declined", opts, FunctionCall{Name: "open", OSCall: "open", Args: []any{"/etc/passwd"}, CallID: 7}, `{"op":"","id":"","call_id":7,"not_handled":true}`},
		{"os call without a handler", nil, FunctionCall{Name: "stat", OSCall: "stat", Args: []any{"/"}, CallID: 8}, `{"op":"","id":"","call_id":8,"not_handled":true}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Session{opts: tc.opts}
			req, err := s.answerCall(context.Background(), &tc.call)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(req)
			if string(got) != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}

	// A method call on a host object of another process (a proxy after a
	// restore) raises RuntimeError saying so.
	s := &Session{}
	req, err := s.answerCall(context.Background(), &FunctionCall{Name: "query", ObjectID: 99, CallID: 9})
	if err != nil {
		t.Fatal(err)
	}
	if req.Exception == nil || req.Exception.Type != "RuntimeError" || !strings.Contains(req.Exception.Message, "before the restore") {
		t.Errorf("proxy call answered %+v", req)
	}
	// A host object's method is called on the Go value.
	o := &hostObj{name: "db"}
	id, _ := s.hostID(o)
	req, _ = s.answerCall(context.Background(), &FunctionCall{Name: "query", ObjectID: id, CallID: 10})
	if string(req.ReturnValue) != `"db.query"` {
		t.Errorf("method call answered %s", req.ReturnValue)
	}
}
