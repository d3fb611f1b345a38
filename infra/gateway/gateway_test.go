package gateway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/infra/gateway"
	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi/types"
	"github.com/coder/websocket"
)

// echo is a Backend like Amber's handlers: it refuses connections
// without the key "k", answers each message by posting it back, upper
// cased, through the management API, and records every event.
type echo struct {
	client *apigatewaymanagementapi.Client

	mu     sync.Mutex
	events []events.APIGatewayWebsocketProxyRequest
	http   []events.APIGatewayV2HTTPRequest
	// block, if set, holds $default calls until it is closed.
	block chan struct{}
	fail  bool
}

func (e *echo) WebSocket(ctx context.Context, ev events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
	e.mu.Lock()
	e.events = append(e.events, ev)
	block, fail := e.block, e.fail
	e.mu.Unlock()
	switch ev.RequestContext.RouteKey {
	case "$connect":
		if ev.QueryStringParameters["api_key"] != "k" && ev.Headers["X-Api-Key"] != "k" {
			return events.APIGatewayProxyResponse{StatusCode: 401, Body: "unauthorized"}, nil
		}
	case "$default":
		if fail {
			return events.APIGatewayProxyResponse{}, errors.New("crashed")
		}
		if block != nil {
			select {
			case <-block:
			case <-ctx.Done():
				return events.APIGatewayProxyResponse{}, ctx.Err()
			}
		}
		_, err := e.client.PostToConnection(ctx, &apigatewaymanagementapi.PostToConnectionInput{
			ConnectionId: aws.String(ev.RequestContext.ConnectionID),
			Data:         []byte(strings.ToUpper(ev.Body)),
		})
		if err != nil {
			return events.APIGatewayProxyResponse{StatusCode: 500}, nil
		}
	}
	return events.APIGatewayProxyResponse{StatusCode: 200}, nil
}

func (e *echo) HTTP(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	e.mu.Lock()
	e.http = append(e.http, ev)
	e.mu.Unlock()
	return events.APIGatewayV2HTTPResponse{StatusCode: 200, Body: `{"op":"` + ev.PathParameters["op"] + `"}`}, nil
}

func (e *echo) routes() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []string
	for _, ev := range e.events {
		out = append(out, ev.RequestContext.RouteKey)
	}
	return out
}

func (e *echo) last(route string) (events.APIGatewayWebsocketProxyRequest, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := len(e.events) - 1; i >= 0; i-- {
		if e.events[i].RequestContext.RouteKey == route {
			return e.events[i], true
		}
	}
	return events.APIGatewayWebsocketProxyRequest{}, false
}

func managementClient(endpoint string) *apigatewaymanagementapi.Client {
	return apigatewaymanagementapi.New(apigatewaymanagementapi.Options{
		BaseEndpoint: aws.String(endpoint),
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
	})
}

// start runs a gateway over an echo backend on a loopback port.
func start(t *testing.T, opts gateway.Options) (*echo, *gateway.Gateway, *httptest.Server) {
	t.Helper()
	be := &echo{}
	opts.Backend = be
	g := gateway.New(opts)
	srv := httptest.NewServer(g)
	be.client = managementClient(srv.URL)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := g.Close(ctx); err != nil {
			t.Errorf("close: %v", err)
		}
		srv.Close()
	})
	return be, g, srv
}

func dial(t *testing.T, srv *httptest.Server, query string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/"+query, nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	c.SetReadLimit(1 << 20)
	t.Cleanup(func() { _ = c.CloseNow() })
	return c
}

func read(t *testing.T, c *websocket.Conn) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, data, err := c.Read(ctx)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	return string(data)
}

// closeCode reads until the connection closes and returns its close code.
func closeCode(t *testing.T, c *websocket.Conn, within time.Duration) websocket.StatusCode {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	for {
		_, _, err := c.Read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				t.Fatalf("connection still open after %v", within)
			}
			return websocket.CloseStatus(err)
		}
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestConnectMessageDisconnect(t *testing.T) {
	be, g, srv := start(t, gateway.Options{Stage: "dev"})
	c := dial(t, srv, "?api_key=k&x=1")
	ctx := context.Background()
	if err := c.Write(ctx, websocket.MessageText, []byte("hello")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, c); got != "HELLO" {
		t.Fatalf("echo = %q, want HELLO", got)
	}
	if g.Connections() != 1 {
		t.Fatalf("Connections() = %d", g.Connections())
	}
	connect, _ := be.last("$connect")
	msg, _ := be.last("$default")
	rc := connect.RequestContext
	if rc.EventType != "CONNECT" || rc.Stage != "dev" || rc.ConnectionID == "" || rc.DomainName == "" ||
		rc.RequestTimeEpoch == 0 || rc.ConnectedAt == 0 || rc.Identity.SourceIP != "127.0.0.1" {
		t.Errorf("connect context = %+v", rc)
	}
	if connect.QueryStringParameters["x"] != "1" || connect.Headers["Host"] == "" {
		t.Errorf("connect query %v headers %v", connect.QueryStringParameters, connect.Headers)
	}
	if msg.RequestContext.EventType != "MESSAGE" || msg.Body != "hello" || msg.RequestContext.ConnectionID != rc.ConnectionID ||
		msg.RequestContext.MessageID == nil {
		t.Errorf("message event = %+v", msg)
	}

	// A binary message reaches the backend base64-encoded.
	if err := c.Write(ctx, websocket.MessageBinary, []byte{0xff, 0x00}); err != nil {
		t.Fatal(err)
	}
	read(t, c)
	bin, _ := be.last("$default")
	if !bin.IsBase64Encoded || bin.Body != "/wA=" {
		t.Errorf("binary message event: base64 %v body %q", bin.IsBase64Encoded, bin.Body)
	}

	if err := c.Close(websocket.StatusNormalClosure, "bye"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "$disconnect", func() bool { _, ok := be.last("$disconnect"); return ok })
	dis, _ := be.last("$disconnect")
	if dis.RequestContext.EventType != "DISCONNECT" || dis.RequestContext.DisconnectStatusCode != 1000 || dis.RequestContext.ConnectionID != rc.ConnectionID {
		t.Errorf("disconnect = %+v", dis.RequestContext)
	}
	if g.Connections() != 0 {
		t.Errorf("Connections() = %d after close", g.Connections())
	}
}

func TestConnectRefused(t *testing.T) {
	be, _, srv := start(t, gateway.Options{})
	_, resp, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http")+"/", nil)
	if err == nil {
		t.Fatal("dial without key succeeded")
	}
	if resp == nil || resp.StatusCode != 401 {
		t.Fatalf("response = %v, want 401", resp)
	}
	if got := be.routes(); len(got) != 1 || got[0] != "$connect" {
		t.Errorf("events = %v, want only $connect", got)
	}
}

func TestHeaderKey(t *testing.T) {
	_, _, srv := start(t, gateway.Options{})
	h := http.Header{}
	h.Set("x-api-key", "k")
	c, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http")+"/", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("dial with header key: %v", err)
	}
	c.CloseNow()
}

func TestLimits(t *testing.T) {
	tests := []struct {
		name string
		opts gateway.Options
		act  func(t *testing.T, c *websocket.Conn)
		want websocket.StatusCode
	}{
		{"oversized message", gateway.Options{}, func(t *testing.T, c *websocket.Conn) {
			_ = c.Write(context.Background(), websocket.MessageText, []byte(strings.Repeat("x", gateway.MaxMessage+1)))
		}, websocket.StatusMessageTooBig},
		{"idle timeout", gateway.Options{IdleTimeout: 150 * time.Millisecond}, func(t *testing.T, c *websocket.Conn) {}, websocket.StatusGoingAway},
		{"connection limit", gateway.Options{MaxConnection: 300 * time.Millisecond, IdleTimeout: time.Hour}, func(t *testing.T, c *websocket.Conn) {
			// Activity does not extend the connection's life.
			for range 3 {
				_ = c.Write(context.Background(), websocket.MessageText, []byte("x"))
				time.Sleep(50 * time.Millisecond)
			}
		}, websocket.StatusGoingAway},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			be, _, srv := start(t, tt.opts)
			c := dial(t, srv, "?api_key=k")
			tt.act(t, c)
			if got := closeCode(t, c, 5*time.Second); got != tt.want {
				t.Fatalf("close code = %d, want %d", got, tt.want)
			}
			waitFor(t, "$disconnect", func() bool { _, ok := be.last("$disconnect"); return ok })
			dis, _ := be.last("$disconnect")
			if got := websocket.StatusCode(dis.RequestContext.DisconnectStatusCode); got != tt.want {
				t.Errorf("disconnect status = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestManagementAPI(t *testing.T) {
	be, _, srv := start(t, gateway.Options{})
	c := dial(t, srv, "?api_key=k")
	ctx := context.Background()
	if err := c.Write(ctx, websocket.MessageText, []byte("hi")); err != nil {
		t.Fatal(err)
	}
	read(t, c)
	ev, _ := be.last("$connect")
	id := ev.RequestContext.ConnectionID
	mc := be.client

	info, err := mc.GetConnection(ctx, &apigatewaymanagementapi.GetConnectionInput{ConnectionId: aws.String(id)})
	if err != nil {
		t.Fatalf("GetConnection: %v", err)
	}
	if info.ConnectedAt == nil || info.LastActiveAt == nil || info.Identity == nil || aws.ToString(info.Identity.SourceIp) != "127.0.0.1" {
		t.Errorf("GetConnection = %+v", info)
	}
	_, err = mc.PostToConnection(ctx, &apigatewaymanagementapi.PostToConnectionInput{ConnectionId: aws.String(id), Data: make([]byte, gateway.MaxMessage+1)})
	var tooLarge *types.PayloadTooLargeException
	if !errors.As(err, &tooLarge) {
		t.Errorf("post over 128 KB: err = %v, want PayloadTooLargeException", err)
	}
	if _, err := mc.DeleteConnection(ctx, &apigatewaymanagementapi.DeleteConnectionInput{ConnectionId: aws.String(id)}); err != nil {
		t.Fatalf("DeleteConnection: %v", err)
	}
	if got := closeCode(t, c, 5*time.Second); got != websocket.StatusNormalClosure {
		t.Errorf("close code after DELETE = %d", got)
	}
	waitFor(t, "$disconnect", func() bool { _, ok := be.last("$disconnect"); return ok })
	_, err = mc.PostToConnection(ctx, &apigatewaymanagementapi.PostToConnectionInput{ConnectionId: aws.String(id), Data: []byte("late")})
	var gone *types.GoneException
	if !errors.As(err, &gone) {
		t.Errorf("post to a closed connection: err = %v, want GoneException", err)
	}
	_, err = mc.GetConnection(ctx, &apigatewaymanagementapi.GetConnectionInput{ConnectionId: aws.String("nope=")})
	if !errors.As(err, &gone) {
		t.Errorf("GetConnection of an unknown id: err = %v, want GoneException", err)
	}
}

func TestBackendFailure(t *testing.T) {
	tests := []struct {
		name    string
		opts    gateway.Options
		set     func(*echo)
		message string
	}{
		{"crash", gateway.Options{}, func(e *echo) { e.fail = true }, "Internal server error"},
		{"timeout", gateway.Options{IntegrationTimeout: 100 * time.Millisecond}, func(e *echo) { e.block = make(chan struct{}) }, "Endpoint request timed out"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			be, _, srv := start(t, tt.opts)
			c := dial(t, srv, "?api_key=k")
			be.mu.Lock()
			tt.set(be)
			be.mu.Unlock()
			if err := c.Write(context.Background(), websocket.MessageText, []byte("x")); err != nil {
				t.Fatal(err)
			}
			var got map[string]string
			if err := json.Unmarshal([]byte(read(t, c)), &got); err != nil {
				t.Fatal(err)
			}
			if got["message"] != tt.message || got["connectionId"] == "" || got["requestId"] == "" {
				t.Errorf("error message = %v, want %q", got, tt.message)
			}
		})
	}
}

func TestHTTPAPI(t *testing.T) {
	be, _, srv := start(t, gateway.Options{})
	req, _ := http.NewRequest("POST", srv.URL+"/v1/feed?a=1", strings.NewReader(`{"id":"r1"}`))
	req.Header.Set("X-Api-Key", "k")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != `{"op":"feed"}` || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("response %d %q %v", resp.StatusCode, body, resp.Header)
	}
	ev := be.http[0]
	if ev.Version != "2.0" || ev.RouteKey != "POST /v1/{op}" || ev.RawPath != "/v1/feed" || ev.RawQueryString != "a=1" ||
		ev.Headers["x-api-key"] != "k" || ev.Body != `{"id":"r1"}` || ev.RequestContext.HTTP.Method != "POST" ||
		ev.RequestContext.HTTP.SourceIP != "127.0.0.1" || ev.QueryStringParameters["a"] != "1" {
		t.Errorf("event = %+v", ev)
	}
	for _, tc := range []struct{ method, path string }{{"GET", "/v1/feed"}, {"POST", "/v1/"}, {"POST", "/nothing"}} {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 404 {
			t.Errorf("%s %s = %d, want 404", tc.method, tc.path, resp.StatusCode)
		}
	}
}

// TestCloseFinishesCalls: a graceful close lets the call in flight finish
// and deliver its reply before the connection is closed with 1001.
func TestCloseFinishesCalls(t *testing.T) {
	be := &echo{block: make(chan struct{})}
	g := gateway.New(gateway.Options{Backend: be})
	srv := httptest.NewServer(g)
	defer srv.Close()
	be.client = managementClient(srv.URL)
	c := dial(t, srv, "?api_key=k")
	if err := c.Write(context.Background(), websocket.MessageText, []byte("late")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "$default", func() bool { _, ok := be.last("$default"); return ok })
	closed := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		closed <- g.Close(ctx)
	}()
	time.Sleep(50 * time.Millisecond)
	close(be.block)
	if got := read(t, c); got != "LATE" {
		t.Fatalf("reply = %q", got)
	}
	if got := closeCode(t, c, 5*time.Second); got != websocket.StatusGoingAway {
		t.Errorf("close code = %d, want 1001", got)
	}
	if err := <-closed; err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, ok := be.last("$disconnect"); !ok {
		t.Error("no $disconnect after Close")
	}
	_, resp, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http")+"/?api_key=k", nil)
	if err == nil || resp == nil || resp.StatusCode != 503 {
		t.Errorf("dial after Close: %v %v, want 503", err, resp)
	}
}

// TestLambdaBackend drives the Lambda backend against a stand-in for the
// emulator's invoke endpoint: events go out as JSON, responses and
// function errors come back.
func TestLambdaBackend(t *testing.T) {
	var mu sync.Mutex
	var got []string
	rie := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/2015-03-31/functions/function/invocations" || r.Method != "POST" {
			http.NotFound(w, r)
			return
		}
		var ev map[string]any
		if err := json.NewDecoder(r.Body).Decode(&ev); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		rc, _ := ev["requestContext"].(map[string]any)
		route, _ := rc["routeKey"].(string)
		if route == "" {
			route, _ = ev["routeKey"].(string)
		}
		mu.Lock()
		got = append(got, route)
		mu.Unlock()
		switch {
		case route == "$default" && ev["body"] == "boom":
			fmt.Fprint(w, `{"errorMessage":"boom","errorType":"errorString"}`)
		case route == "POST /v1/{op}":
			fmt.Fprint(w, `{"statusCode":200,"body":"{\"ok\":true}"}`)
		default:
			fmt.Fprint(w, `{"statusCode":200}`)
		}
	}))
	defer rie.Close()
	l := gateway.NewLambda(rie.URL + "/")
	ctx := context.Background()
	ev := events.APIGatewayWebsocketProxyRequest{RequestContext: events.APIGatewayWebsocketProxyRequestContext{RouteKey: "$connect"}}
	if resp, err := l.WebSocket(ctx, ev); err != nil || resp.StatusCode != 200 {
		t.Fatalf("$connect: %v %v", resp, err)
	}
	ev.RequestContext.RouteKey, ev.Body = "$default", "boom"
	var fe *gateway.FunctionError
	if _, err := l.WebSocket(ctx, ev); !errors.As(err, &fe) || fe.Message != "boom" {
		t.Fatalf("function error = %v", err)
	}
	resp, err := l.HTTP(ctx, events.APIGatewayV2HTTPRequest{RouteKey: "POST /v1/{op}"})
	if err != nil || resp.Body != `{"ok":true}` {
		t.Fatalf("HTTP: %v %v", resp, err)
	}
	if want := "$connect $default POST /v1/{op}"; strings.Join(got, " ") != want {
		t.Errorf("invocations = %v, want %s", got, want)
	}
}

// inspectConn is a client connection a connection whose reads go through a frame
// inspector, to see the sizes of the server's frames.
type inspectConn struct {
	net.Conn
	f interface{ Feed([]byte) }
}

func (c *inspectConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.f.Feed(p[:n])
	return n, err
}

// TestFrames: a client frame over 32 KB closes the connection with 1009
// even in a message under 128 KB, as API Gateway does; the same message
// in 32 KB frames goes through, and the gateway's own messages come in
// frames of at most 32 KB.
func TestFrames(t *testing.T) {
	be, _, srv := start(t, gateway.Options{})
	msg := []byte(strings.Repeat("f", 100<<10))

	c := dial(t, srv, "?api_key=k")
	_ = c.Write(context.Background(), websocket.MessageText, msg)
	if code := closeCode(t, c, 5*time.Second); code != websocket.StatusMessageTooBig {
		t.Fatalf("a 100 KB frame: close code %d, want 1009", code)
	}
	if _, ok := be.last("$default"); ok {
		t.Fatal("the message in an oversized frame reached the backend")
	}

	seen := gateway.NewFrameInspector(gateway.MaxFrame)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	hc := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		nc, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &inspectConn{Conn: nc, f: seen}, nil
	}}}
	c2, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/?api_key=k", &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		t.Fatal(err)
	}
	defer c2.CloseNow()
	c2.SetReadLimit(1 << 20)
	w, err := c2.Writer(ctx, websocket.MessageText)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(msg); i += gateway.MaxFrame {
		if _, err := w.Write(msg[i:min(i+gateway.MaxFrame, len(msg))]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got := read(t, c2); got != strings.ToUpper(string(msg)) {
		t.Fatalf("echo of %d bytes in 32 KB frames came back as %d bytes", len(msg), len(got))
	}
	if seen.TooBig() {
		t.Error("the gateway sent a frame over 32 KB")
	}
}

// TestOriginPatterns: with OriginPatterns, browser requests from other
// sites are refused on every endpoint; clients without an Origin are not.
func TestOriginPatterns(t *testing.T) {
	_, _, srv := start(t, gateway.Options{OriginPatterns: []string{"localhost:*"}})
	tests := []struct {
		method, path, origin string
		want                 int
	}{
		{"POST", "/v1/feed", "", 200},
		{"POST", "/v1/feed", "http://localhost:3000", 200},
		{"POST", "/v1/feed", srv.URL, 200},
		{"POST", "/v1/feed", "https://evil.example", 403},
		{"POST", "/@connections/abc=", "https://evil.example", 403},
		{"POST", "/@connections/abc=", "", 410},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest(tt.method, srv.URL+tt.path, strings.NewReader("x"))
		if tt.origin != "" {
			req.Header.Set("Origin", tt.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("%s %s from %q = %d, want %d", tt.method, tt.path, tt.origin, resp.StatusCode, tt.want)
		}
	}
	h := http.Header{}
	h.Set("Origin", "https://evil.example")
	if _, resp, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http")+"/?api_key=k", &websocket.DialOptions{HTTPHeader: h}); err == nil || resp == nil || resp.StatusCode != 403 {
		t.Errorf("WebSocket from another site: %v", err)
	}
}

// TestConcurrentPostsReachASlowReader: many posts at once to a client that
// reads slowly but steadily. Each write progresses well within
// PostTimeout, though the last post waits behind the others far longer;
// every post must succeed and arrive. A post that answers 410 Gone while
// the connection stays open loses a message (a step's reply) for good.
func TestConcurrentPostsReachASlowReader(t *testing.T) {
	// Each message is read within about 20 ms, fifty times less than the
	// timeout (300 ms was too little under the race detector on a loaded
	// CI machine: a stalled reader got the connection closed); the last
	// of the 150 posts waits about 3 s, three timeouts.
	be, _, srv := start(t, gateway.Options{PostTimeout: time.Second})
	c := dial(t, srv, "?api_key=k")
	ctx := context.Background()
	if err := c.Write(ctx, websocket.MessageText, []byte("hi")); err != nil {
		t.Fatal(err)
	}
	read(t, c)
	ev, _ := be.last("$connect")
	id := ev.RequestContext.ConnectionID

	const posts, size = 150, 100 << 10
	got := make(chan string, posts)
	go func() {
		for range posts {
			_, data, err := c.Read(ctx)
			if err != nil {
				close(got)
				return
			}
			got <- string(data[:8])
			time.Sleep(20 * time.Millisecond) // about 5 MB/s
		}
	}()
	var wg sync.WaitGroup
	errs := make(chan error, posts)
	for i := range posts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			data := bytes.Repeat([]byte{'x'}, size)
			copy(data, fmt.Sprintf("%08d", i))
			_, err := be.client.PostToConnection(ctx, &apigatewaymanagementapi.PostToConnectionInput{ConnectionId: aws.String(id), Data: data})
			if err != nil {
				errs <- fmt.Errorf("post %d: %w", i, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	seen := map[string]bool{}
	for range posts {
		select {
		case m, ok := <-got:
			if !ok {
				t.Fatalf("connection closed after %d of %d messages", len(seen), posts)
			}
			seen[m] = true
		case <-time.After(10 * time.Second):
			t.Fatalf("%d of %d messages arrived", len(seen), posts)
		}
	}
	if len(seen) != posts {
		t.Errorf("%d distinct messages of %d", len(seen), posts)
	}
}
