package serve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/handler"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
)

// invokeAPI stands in for the Lambda Runtime Interface Emulator's invoke
// endpoint: it decodes each event from JSON, runs the real handlers on
// their own engine, and encodes the response — the path events take in
// --lambda mode, without the emulator binary (infra/rie runs the real
// bootstrap under the real emulator).
type invokeAPI struct {
	ws   *handler.WebSocket
	http *handler.HTTP

	mu     sync.Mutex
	routes []string
	active int // invocations running at once
	peak   int
}

func (f *invokeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/2015-03-31/functions/function/invocations" {
		http.NotFound(w, r)
		return
	}
	f.mu.Lock()
	f.active++
	f.peak = max(f.peak, f.active)
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.active--
		f.mu.Unlock()
	}()
	var probe struct {
		Version        string `json:"version"`
		RequestContext struct {
			RouteKey string `json:"routeKey"`
		} `json:"requestContext"`
	}
	var raw json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&raw); err != nil || json.Unmarshal(raw, &probe) != nil {
		http.Error(w, "bad event", http.StatusBadRequest)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 29*time.Second)
	defer cancel()
	var resp any
	var err error
	if probe.Version == "2.0" {
		var ev events.APIGatewayV2HTTPRequest
		_ = json.Unmarshal(raw, &ev)
		resp, err = f.http.Handle(ctx, ev)
	} else {
		var ev events.APIGatewayWebsocketProxyRequest
		_ = json.Unmarshal(raw, &ev)
		f.mu.Lock()
		f.routes = append(f.routes, ev.RequestContext.RouteKey)
		f.mu.Unlock()
		resp, err = f.ws.Handle(ctx, ev)
	}
	if err != nil {
		_ = json.NewEncoder(w).Encode(map[string]string{"errorMessage": err.Error(), "errorType": fmt.Sprintf("%T", err)})
		return
	}
	_ = json.NewEncoder(w).Encode(resp)
}

// TestLambdaMode: with LambdaURL, every event goes to the function as
// JSON and the function posts replies back through the gateway's
// @connections endpoint; the server itself runs no step.
func TestLambdaMode(t *testing.T) {
	ctx := context.Background()
	eng, err := engine.OpenLocal(ctx, engine.LocalConfig{Dir: t.TempDir()}, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	if _, err := eng.EnsureProject(ctx, "lambda", "fn-key"); err != nil {
		t.Fatal(err)
	}
	fn := &invokeAPI{ws: &handler.WebSocket{Engine: eng}, http: &handler.HTTP{Engine: eng}}
	rie := httptest.NewServer(fn)
	defer rie.Close()

	srv := startServer(t, serve.Options{LambdaURL: rie.URL, Keys: map[string]string{"fn-key": "lambda"}})
	if srv.Engine() != nil {
		t.Error("a server in Lambda mode on the embedded store opened an engine")
	}
	poster, err := handler.NewManagementPoster(ctx, srv.HTTPURL())
	if err != nil {
		t.Fatal(err)
	}
	fn.ws.Poster = poster

	c := dial(t, srv, "?api_key=fn-key", nil)
	s := c.checkout(protocol.Request{})
	rep := c.ok(protocol.Request{Op: "feed", ID: "lam-1", Session: s, Code: "print('from the function')\n'x' * 200000"})
	if len(rep.Value) != 200002 || c.printed("lam-1") != "from the function\n" {
		t.Fatalf("feed: %d-byte value, printed %q", len(rep.Value), c.printed("lam-1"))
	}
	// Concurrent messages queue for the one function instance.
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := c.eval(c.checkout(protocol.Request{}), fmt.Sprintf("%d * 2", i)); got != fmt.Sprint(i*2) {
				t.Errorf("eval %d: %s", i, got)
			}
		}()
	}
	wg.Wait()
	status, hrep := postHTTP(t, srv, "feed", "fn-key", fmt.Sprintf(`{"id":"lam-h","session":%q,"code":"len('x' * 3)"}`, s))
	if status != 200 || string(hrep.Value) != "3" {
		t.Fatalf("HTTP through the function: %d %+v", status, hrep)
	}
	if _, err := tryDial(t, srv.URL()+"?api_key=nope", nil); err == nil {
		t.Error("the function accepted a wrong key")
	}
	c.close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		fn.mu.Lock()
		routes, peak := append([]string(nil), fn.routes...), fn.peak
		fn.mu.Unlock()
		if len(routes) > 0 && routes[len(routes)-1] == "$disconnect" {
			if routes[0] != "$connect" || peak != 1 {
				t.Errorf("invocations %v, at most %d at once; want $connect first and one at a time", routes, peak)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no $disconnect reached the function: %v", routes)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
