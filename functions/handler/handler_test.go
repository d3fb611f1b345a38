package handler_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/handler"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// connections is an HTTP server with API Gateway's management API
// (@connections/{id}): it records what is posted to each connection and
// answers 410 GoneException for connections marked gone, so the handlers
// are tested through the real apigatewaymanagementapi client.
type connections struct {
	srv *httptest.Server

	mu      sync.Mutex
	msgs    map[string][][]byte
	gone    map[string]bool
	failing map[string]int // how many more posts to answer 400 BadRequestException (not gone)
	failed  map[string]int // posts refused so, by connection
}

func newConnections(t testing.TB) *connections {
	c := &connections{msgs: map[string][][]byte{}, gone: map[string]bool{}, failing: map[string]int{}, failed: map[string]int{}}
	c.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, ok := strings.CutPrefix(r.URL.Path, "/@connections/")
		if !ok || r.Method != http.MethodPost {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		body, _ := io.ReadAll(r.Body)
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.gone[id] {
			w.Header().Set("X-Amzn-ErrorType", "GoneException")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusGone)
			fmt.Fprint(w, `{"message":null}`)
			return
		}
		if c.failing[id] > 0 {
			c.failing[id]--
			c.failed[id]++
			w.Header().Set("X-Amzn-ErrorType", "BadRequestException")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"message":"refused"}`)
			return
		}
		c.msgs[id] = append(c.msgs[id], body)
	}))
	t.Cleanup(c.srv.Close)
	return c
}

func (c *connections) setGone(id string) {
	c.mu.Lock()
	c.gone[id] = true
	c.mu.Unlock()
}

// take returns and forgets what was posted to id.
func (c *connections) take(id string) [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.msgs[id]
	delete(c.msgs, id)
	return m
}

// env is one engine on the embedded store with a project "p1" (key
// "key-1") and a project "p2" (key "key-2"), behind both handlers.
type env struct {
	t     testing.TB
	e     *engine.Engine
	conns *connections
	ws    *handler.WebSocket
	http  *handler.HTTP
	seq   int
}

func newEnv(t testing.TB) *env {
	t.Helper()
	ctx := context.Background()
	e, err := engine.OpenLocal(ctx, engine.LocalConfig{Dir: t.TempDir()}, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.Close() })
	for p, k := range map[string]string{"p1": "key-1", "p2": "key-2"} {
		if _, err := e.EnsureProject(ctx, p, k); err != nil {
			t.Fatal(err)
		}
	}
	conns := newConnections(t)
	poster, err := handler.NewManagementPoster(ctx, conns.srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, e: e, conns: conns,
		ws:   &handler.WebSocket{Engine: e, Poster: poster, Log: quiet},
		http: &handler.HTTP{Engine: e, Log: quiet}}
}

var quiet = slog.New(slog.DiscardHandler)

func wsEvent(route, conn, body string) events.APIGatewayWebsocketProxyRequest {
	types := map[string]string{"$connect": "CONNECT", "$disconnect": "DISCONNECT", "$default": "MESSAGE"}
	return events.APIGatewayWebsocketProxyRequest{
		Body: body,
		RequestContext: events.APIGatewayWebsocketProxyRequestContext{
			RouteKey: route, EventType: types[route], ConnectionID: conn,
			DomainName: "example.execute-api.us-east-1.amazonaws.com", Stage: "test",
		},
	}
}

// connect opens connection conn with an API key header.
func (v *env) connect(conn, key string) {
	v.t.Helper()
	ev := wsEvent("$connect", conn, "")
	ev.Headers = map[string]string{"X-Api-Key": key}
	resp, err := v.ws.Handle(context.Background(), ev)
	if err != nil || resp.StatusCode != http.StatusOK {
		v.t.Fatalf("connect %s: %d %s %v", conn, resp.StatusCode, resp.Body, err)
	}
}

// send sends one message on conn and returns what was posted back: the
// events, then the reply (reassembled from parts).
func (v *env) send(conn string, msg string) (evs []protocol.Event, reply *protocol.Reply) {
	v.t.Helper()
	resp, err := v.ws.Handle(context.Background(), wsEvent("$default", conn, msg))
	if err != nil || resp.StatusCode != http.StatusOK {
		v.t.Fatalf("message: %d %v", resp.StatusCode, err)
	}
	var r protocol.Reassembler
	for _, m := range v.conns.take(conn) {
		if len(m) > protocol.MaxMessage {
			v.t.Fatalf("posted %d bytes, over the message limit", len(m))
		}
		whole, done, err := r.Add(m)
		if err != nil {
			v.t.Fatal(err)
		}
		if !done {
			continue
		}
		if reply != nil {
			v.t.Fatalf("message after the reply: %s", whole)
		}
		var probe struct {
			Event string `json:"event"`
		}
		_ = json.Unmarshal(whole, &probe)
		if probe.Event != "" {
			var ev protocol.Event
			if err := json.Unmarshal(whole, &ev); err != nil {
				v.t.Fatal(err)
			}
			evs = append(evs, ev)
			continue
		}
		reply = new(protocol.Reply)
		if err := json.Unmarshal(whole, reply); err != nil {
			v.t.Fatal(err)
		}
	}
	if r.Pending() != 0 {
		v.t.Fatalf("%d messages left in parts", r.Pending())
	}
	return evs, reply
}

// request sends req (its id set when empty) and returns the reply.
func (v *env) request(conn string, req protocol.Request) *protocol.Reply {
	v.t.Helper()
	if req.ID == "" {
		v.seq++
		req.ID = fmt.Sprintf("r%d", v.seq)
	}
	b, _ := json.Marshal(req)
	_, rep := v.send(conn, string(b))
	if rep == nil {
		v.t.Fatalf("%s: no reply", req.Op)
	}
	if rep.ID != req.ID {
		v.t.Fatalf("reply id %q to request %q", rep.ID, req.ID)
	}
	return rep
}

func (v *env) checkout(conn string, ephemeral bool) string {
	v.t.Helper()
	rep := v.request(conn, protocol.Request{Op: protocol.OpCheckout, Ephemeral: ephemeral})
	if !rep.OK || rep.Session == "" {
		v.t.Fatalf("checkout: %+v", rep.Error)
	}
	return rep.Session
}

func TestConnect(t *testing.T) {
	v := newEnv(t)
	open := &handler.WebSocket{Engine: v.e, Poster: v.ws.Poster, OpenProject: "p1", Log: quiet}
	tests := []struct {
		name    string
		h       *handler.WebSocket
		headers map[string]string
		query   map[string]string
		want    int
	}{
		{"key in header", v.ws, map[string]string{"x-api-key": "key-1"}, nil, 200},
		{"header in any case", v.ws, map[string]string{"X-API-Key": "key-2"}, nil, 200},
		{"key in query (browsers)", v.ws, nil, map[string]string{"api_key": "key-1"}, 200},
		{"no key", v.ws, nil, nil, 401},
		{"wrong key", v.ws, map[string]string{"x-api-key": "nope"}, nil, 401},
		{"no key, open project", open, nil, nil, 200},
		{"wrong key, open project", open, nil, map[string]string{"api_key": "nope"}, 401},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn := fmt.Sprintf("c%d", i)
			ev := wsEvent("$connect", conn, "")
			ev.Headers, ev.QueryStringParameters = tt.headers, tt.query
			resp, err := tt.h.Handle(context.Background(), ev)
			if err != nil || resp.StatusCode != tt.want {
				t.Fatalf("status %d (%s), %v; want %d", resp.StatusCode, resp.Body, err, tt.want)
			}
			// Only an accepted connection can run requests.
			rep := v.request(conn, protocol.Request{Op: protocol.OpSnapshots})
			if got := rep.Error == nil; got != (tt.want == 200) {
				t.Fatalf("request on the connection: %+v", rep.Error)
			}
			if tt.want != 200 && rep.Error.Kind != protocol.KindUnauthorized {
				t.Fatalf("refused with %s, want unauthorized", rep.Error.Kind)
			}
		})
	}
}

func TestMessageEventsThenReply(t *testing.T) {
	v := newEnv(t)
	v.connect("c1", "key-1")
	s := v.checkout("c1", false)
	req, _ := json.Marshal(protocol.Request{Op: protocol.OpFeed, ID: "f1", Session: s,
		Code: "for i in range(3):\n    print('line', i)\n6 * 7"})
	evs, rep := v.send("c1", string(req))
	if rep == nil || !rep.OK || rep.Progress != protocol.ProgressComplete || rep.Repr != "42" {
		t.Fatalf("reply %+v", rep)
	}
	var text strings.Builder
	for _, ev := range evs {
		if ev.ID != "f1" || ev.Event != "print" || ev.Stream != "stdout" {
			t.Fatalf("event %+v", ev)
		}
		text.WriteString(ev.Text)
	}
	if got := text.String(); got != "line 0\nline 1\nline 2\n" {
		t.Fatalf("printed %q", got)
	}
}

func TestMessageRefusals(t *testing.T) {
	v := newEnv(t)
	v.connect("c1", "key-1")
	tests := []struct {
		name, conn, msg string
		wantID, kind    string
	}{
		{"not JSON", "c1", `{"op": "feed", `, "", protocol.KindBadRequest},
		{"wrong field type keeps the id", "c1", `{"op": "feed", "id": "x1", "code": 5}`, "x1", protocol.KindBadRequest},
		{"no id", "c1", `{"op": "snapshots"}`, "", protocol.KindBadRequest},
		{"no op", "c1", `{"id": "x2"}`, "x2", protocol.KindBadRequest},
		{"unknown op", "c1", `{"op": "fly", "id": "x3"}`, "x3", protocol.KindBadRequest},
		{"id too long", "c1", `{"op": "snapshots", "id": "` + strings.Repeat("i", protocol.MaxPartID+1) + `"}`, strings.Repeat("i", protocol.MaxPartID), protocol.KindBadRequest},
		{"over the message limit", "c1", `{"op": "feed", "id": "x4", "code": "` + strings.Repeat("1", protocol.MaxMessage) + `"}`, "x4", protocol.KindTooLarge},
		{"unknown session", "c1", `{"op": "feed", "id": "x5", "session": "nope", "code": "1"}`, "x5", protocol.KindUnknownSession},
		{"connection never connected", "c9", `{"op": "snapshots", "id": "x6"}`, "x6", protocol.KindUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, rep := v.send(tt.conn, tt.msg)
			if rep == nil || rep.OK || rep.Error == nil {
				t.Fatalf("reply %+v", rep)
			}
			if rep.ID != tt.wantID || rep.Error.Kind != tt.kind {
				t.Fatalf("reply id %q kind %s (%s); want id %q kind %s", rep.ID, rep.Error.Kind, rep.Error.Message, tt.wantID, tt.kind)
			}
		})
	}
}

func TestLargeReplyInParts(t *testing.T) {
	v := newEnv(t)
	v.connect("c1", "key-1")
	s := v.checkout("c1", false)
	// A 300 KB repr and 200 KB printed at once: the event and the reply
	// are both over 128 KB.
	req := protocol.Request{Op: protocol.OpFeed, ID: "big", Session: s,
		Code: "print('p' * 200_000)\n'é\"<' * 100_000"}
	evs, rep := v.send("c1", mustJSON(req))
	if rep == nil || !rep.OK || rep.Progress != protocol.ProgressComplete {
		t.Fatalf("reply %+v", rep)
	}
	if len(evs) != 1 || evs[0].Text != strings.Repeat("p", 200_000)+"\n" {
		t.Fatalf("%d events", len(evs))
	}
	want := "'" + strings.Repeat("é\"<", 100_000) + "'"
	if rep.Repr != want {
		t.Fatalf("repr of %d bytes, want %d", len(rep.Repr), len(want))
	}
}

// TestClientGone: the client leaves mid-step; the step commits, and the
// same request id on a new connection returns the recorded reply without
// running again.
func TestClientGone(t *testing.T) {
	v := newEnv(t)
	v.connect("c1", "key-1")
	s := v.checkout("c1", false)
	v.request("c1", protocol.Request{Op: protocol.OpFeed, Session: s, Code: "n = 0"})

	v.conns.setGone("c1")
	feed := protocol.Request{Op: protocol.OpFeed, ID: "once", Session: s, Code: "n += 1\nprint('ran')\nn"}
	if evs, rep := v.send("c1", mustJSON(feed)); rep != nil || len(evs) != 0 {
		t.Fatalf("posted to a gone connection: %+v %+v", evs, rep)
	}

	v.connect("c2", "key-1")
	rep := v.request("c2", feed)
	if !rep.OK || rep.Repr != "1" {
		t.Fatalf("retry: %+v %+v", rep, rep.Error)
	}
	rep = v.request("c2", protocol.Request{Op: protocol.OpFeed, Session: s, Code: "n"})
	if rep.Repr != "1" {
		t.Fatalf("n = %s after a retry: the step ran twice", rep.Repr)
	}
}

// TestFailingPosts: a connection whose posts fail (not gone) gets a few
// of a step's printed events, not one failed post per print: the step
// still runs to its commit, and a retry on another connection gets the
// recorded reply.
func TestFailingPosts(t *testing.T) {
	v := newEnv(t)
	v.connect("c1", "key-1")
	s := v.checkout("c1", false)
	v.conns.mu.Lock()
	v.conns.failing["c1"] = 1 << 30
	v.conns.mu.Unlock()
	feed := protocol.Request{Op: protocol.OpFeed, ID: "prints", Session: s, Code: "for i in range(200):\n    print(i)\n'done'"}
	if evs, rep := v.send("c1", mustJSON(feed)); rep != nil || len(evs) != 0 {
		t.Fatalf("a failing connection got %d events and reply %+v", len(evs), rep)
	}
	v.conns.mu.Lock()
	failed := v.conns.failed["c1"]
	v.conns.mu.Unlock()
	// maxPostFailures (3) events, then the reply.
	if failed > 4 {
		t.Errorf("%d failed posts for one step of 200 prints", failed)
	}
	v.connect("c2", "key-1")
	if rep := v.request("c2", feed); !rep.OK || rep.Repr != "'done'" {
		t.Fatalf("retry: %+v %+v", rep, rep.Error)
	}
}

// TestFailingPostsKeepTheReply: a connection whose event posts fail
// maxPostFailures times in a row (a hiccup, not gone) loses the rest of
// the step's events but still gets the step's reply: a client waiting on
// its request id must not wait for ever.
func TestFailingPostsKeepTheReply(t *testing.T) {
	v := newEnv(t)
	v.connect("c1", "key-1")
	s := v.checkout("c1", false)
	v.conns.mu.Lock()
	v.conns.failing["c1"] = 3
	v.conns.mu.Unlock()
	feed := protocol.Request{Op: protocol.OpFeed, ID: "prints", Session: s, Code: "for i in range(200):\n    print(i)\n'done'"}
	evs, rep := v.send("c1", mustJSON(feed))
	if rep == nil || !rep.OK || rep.Repr != "'done'" {
		t.Fatalf("reply after 3 failed event posts: %+v", rep)
	}
	if len(evs) >= 200 {
		t.Errorf("%d events after 3 failed posts: the rest should be dropped", len(evs))
	}
	if len(rep.Printed) != 200 {
		t.Errorf("the reply holds %d printed events of 200", len(rep.Printed))
	}
}

func TestDisconnectDropsEphemeral(t *testing.T) {
	v := newEnv(t)
	v.connect("c1", "key-1")
	v.connect("c2", "key-1")
	eph := v.checkout("c1", true)
	kept := v.checkout("c1", false)
	resp, err := v.ws.Handle(context.Background(), wsEvent("$disconnect", "c1", ""))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("disconnect: %d %v", resp.StatusCode, err)
	}
	rep := v.request("c2", protocol.Request{Op: protocol.OpFeed, Session: eph, Code: "1"})
	if rep.Error == nil || rep.Error.Kind != protocol.KindUnknownSession {
		t.Fatalf("ephemeral session after disconnect: %+v", rep)
	}
	if rep := v.request("c2", protocol.Request{Op: protocol.OpFeed, Session: kept, Code: "1"}); !rep.OK {
		t.Fatalf("durable session after disconnect: %+v", rep.Error)
	}
	rep = v.request("c1", protocol.Request{Op: protocol.OpSnapshots})
	if rep.Error == nil || rep.Error.Kind != protocol.KindUnauthorized {
		t.Fatalf("request on a disconnected connection: %+v", rep)
	}
}

// TestProjectsApart: a session of one project is unknown to another.
func TestProjectsApart(t *testing.T) {
	v := newEnv(t)
	v.connect("a", "key-1")
	v.connect("b", "key-2")
	s := v.checkout("a", false)
	rep := v.request("b", protocol.Request{Op: protocol.OpFeed, Session: s, Code: "1"})
	if rep.Error == nil || rep.Error.Kind != protocol.KindUnknownSession {
		t.Fatalf("other project's session: %+v", rep)
	}
}

func TestPosterGone(t *testing.T) {
	conns := newConnections(t)
	conns.setGone("left")
	p, err := handler.NewManagementPoster(context.Background(), conns.srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := p.PostToConnection(ctx, "here", []byte("hi")); err != nil {
		t.Fatal(err)
	}
	if got := conns.take("here"); len(got) != 1 || string(got[0]) != "hi" {
		t.Fatalf("posted %q", got)
	}
	err = p.PostToConnection(ctx, "left", []byte("hi"))
	if !errorsIsGone(err) {
		t.Fatalf("post to a gone connection: %v", err)
	}
	if _, err := handler.NewManagementPoster(context.Background(), "not a url"); err == nil {
		t.Fatal("accepted a bad endpoint")
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestAnotherInstance: a message may reach a function instance that did
// not handle the connection's $connect (Lambda runs many): it finds the
// connection's project in the metadata store.
func TestAnotherInstance(t *testing.T) {
	v := newEnv(t)
	v.connect("c1", "key-2")
	s := v.checkout("c1", false)
	v.ws = &handler.WebSocket{Engine: v.e, Poster: v.ws.Poster, Log: quiet}
	if rep := v.request("c1", protocol.Request{Op: protocol.OpFeed, Session: s, Code: "1 + 1"}); !rep.OK || rep.Repr != "2" {
		t.Fatalf("on another instance: %+v", rep.Error)
	}
}

// FuzzWebSocketMessage: any message body on a connected connection gets
// exactly one reply (after its events), with the request's id when it
// has one, and never a panic.
func FuzzWebSocketMessage(f *testing.F) {
	f.Add(`{"op":"checkout","id":"a"}`)
	f.Add(`{"op":"feed","id":"b","session":"x","code":"print(1)"}`)
	f.Add(`{"op":"resume","id":"c","call_id":-1,"return_value":{"$bytes":"!!"}}`)
	f.Add(`{"op":"resume_futures","id":"d","results":{"x":{}}}`)
	f.Add(`[1,2,3]`)
	f.Add(`{"id":{"nested":true}}`)
	f.Add("\xff\xfe")
	v := newEnv(f)
	v.connect("c1", "key-1")
	f.Fuzz(func(t *testing.T, msg string) {
		v.t = t
		_, rep := v.send("c1", msg)
		if rep == nil {
			t.Fatalf("no reply to %q", msg)
		}
		if rep.OK == (rep.Error != nil) {
			t.Fatalf("reply ok=%v with error %+v", rep.OK, rep.Error)
		}
	})
}

// TestPosterFromEnv: without a Poster, replies go to the management API
// at $AMBER_CONNECTIONS_ENDPOINT (on AWS: https://{domainName}/{stage}).
func TestPosterFromEnv(t *testing.T) {
	v := newEnv(t)
	t.Setenv(handler.EnvConnectionsEndpoint, v.conns.srv.URL)
	v.ws = &handler.WebSocket{Engine: v.e, Log: quiet}
	v.connect("c1", "key-1")
	if rep := v.request("c1", protocol.Request{Op: protocol.OpSnapshots}); !rep.OK {
		t.Fatalf("reply %+v", rep.Error)
	}

	// No endpoint at all: the message cannot be answered, and says so.
	t.Setenv(handler.EnvConnectionsEndpoint, "")
	h := &handler.WebSocket{Engine: v.e, Log: quiet}
	ev := wsEvent("$default", "c1", `{"op":"snapshots","id":"x"}`)
	ev.RequestContext.DomainName = ""
	resp, err := h.Handle(context.Background(), ev)
	if err != nil || resp.StatusCode != http.StatusInternalServerError {
		t.Fatalf("without an endpoint: %d %v", resp.StatusCode, err)
	}
}
