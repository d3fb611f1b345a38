package rie_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/coder/websocket"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/handler"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/gateway"
	"github.com/amber-sandbox/amber/infra/rie"
)

var update = flag.Bool("update", false, "rewrite infra/events/*.json from the events the gateway makes")

// eventsDir holds the sample events for sam local invoke.
var eventsDir = filepath.Join(root, "infra", "events")

// sampleKey is the API key in the sample events.
const sampleKey = "example-key"

// sampleDomain and sampleStage make the samples look as on AWS.
const (
	sampleDomain = "abcdef1234.execute-api.us-east-1.amazonaws.com"
	sampleStage  = "prod"
)

// recorder is a gateway Backend that keeps every event it passes to the
// real handlers.
type recorder struct {
	ws   *handler.WebSocket
	http *handler.HTTP

	mu     sync.Mutex
	wsEvs  []events.APIGatewayWebsocketProxyRequest
	httpEv []events.APIGatewayV2HTTPRequest
}

func (r *recorder) WebSocket(ctx context.Context, ev events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
	r.mu.Lock()
	r.wsEvs = append(r.wsEvs, ev)
	r.mu.Unlock()
	return r.ws.Handle(ctx, ev)
}

func (r *recorder) HTTP(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	r.mu.Lock()
	r.httpEv = append(r.httpEv, ev)
	r.mu.Unlock()
	return r.http.Handle(ctx, ev)
}

// recordSamples runs one session through every operation on the local
// gateway (infra/gateway, as amber serve and the emulator tests use it)
// and returns the sample events by file name, normalized so that they do
// not change from run to run.
func recordSamples(t *testing.T) map[string][]byte {
	t.Helper()
	ctx := context.Background()
	eng, err := engine.OpenLocal(ctx, engine.LocalConfig{Dir: t.TempDir()}, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	if _, err := eng.EnsureProject(ctx, "p1", sampleKey); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	gw := gateway.New(gateway.Options{Backend: rec, DomainName: sampleDomain, Stage: sampleStage})
	ts := httptest.NewServer(gw)
	defer ts.Close()
	poster, err := handler.NewManagementPoster(ctx, ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	rec.ws = &handler.WebSocket{Engine: eng, Poster: poster}
	rec.http = &handler.HTTP{Engine: eng}

	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(dctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/",
		&websocket.DialOptions{HTTPHeader: http.Header{"X-Api-Key": {sampleKey}}})
	if err != nil {
		t.Fatal(err)
	}
	c := &client{t: t, ws: ws}
	ids := map[string]string{} // real id -> placeholder
	name := func(real, placeholder string) string { ids[real] = placeholder; return real }

	limits := &protocol.Limits{MaxDurationMs: 5000, MaxMemory: 64 << 20}
	s1 := name(c.ok(protocol.Request{Op: protocol.OpCheckout, ID: "checkout-1", ScriptName: "agent.py", Limits: limits}).Session, "sess-example-1")
	rep := c.ok(protocol.Request{Op: protocol.OpFeed, ID: "feed-1", Session: s1,
		Code:      "n = ask('how many?')\nprint('got', n)\nn * 2",
		Functions: []string{"ask"}})
	call := rep.CallID
	susp := name(c.ok(protocol.Request{Op: protocol.OpDump, ID: "dump-1", Session: s1}).Snapshot, "snap-example-1")
	c.ok(protocol.Request{Op: protocol.OpResume, ID: "resume-1", Session: s1, CallID: &call, ReturnValue: json.RawMessage("21")})
	c.do(protocol.Request{Op: protocol.OpResumeFutures, ID: "resume-futures-1", Session: s1,
		Results: map[string]protocol.FutureResult{"3": {ReturnValue: json.RawMessage(`"done"`)}, "4": {Exception: &protocol.Exception{Type: "ValueError", Message: "no"}}}})
	c.do(protocol.Request{Op: protocol.OpContinue, ID: "continue-1", Session: s1})
	s2 := name(c.ok(protocol.Request{Op: protocol.OpCheckout, ID: "checkout-2"}).Session, "sess-example-2")
	c.ok(protocol.Request{Op: protocol.OpLoadSnapshot, ID: "load-snapshot-1", Session: s2, Snapshot: susp})
	dump := name(c.ok(protocol.Request{Op: protocol.OpDump, ID: "dump-2", Session: s1}).Snapshot, "snap-example-2")
	s3 := name(c.ok(protocol.Request{Op: protocol.OpCheckout, ID: "checkout-3"}).Session, "sess-example-3")
	c.ok(protocol.Request{Op: protocol.OpLoadSession, ID: "load-session-1", Session: s3, Snapshot: dump})
	c.ok(protocol.Request{Op: protocol.OpHistory, ID: "history-1", Session: s1})
	c.ok(protocol.Request{Op: protocol.OpSnapshots, ID: "snapshots-1"})
	c.ok(protocol.Request{Op: protocol.OpUsage, ID: "usage-1", Days: 7})
	c.ok(protocol.Request{Op: protocol.OpDeleteSnapshot, ID: "delete-snapshot-1", Snapshot: dump})
	c.ok(protocol.Request{Op: protocol.OpClose, ID: "close-1", Session: s3})
	_ = ws.Close(websocket.StatusNormalClosure, "")

	// The HTTP API: a checkout and a feed.
	for _, body := range []string{`{"id":"http-checkout-1"}`,
		`{"id":"http-feed-1","session":"` + s1 + `","code":"print('hello')\nn + 1"}`} {
		var req protocol.Request
		_ = json.Unmarshal([]byte(body), &req)
		op := protocol.OpCheckout
		if req.Session != "" {
			op = protocol.OpFeed
		}
		hreq, _ := http.NewRequest(http.MethodPost, ts.URL+"/v1/"+op, strings.NewReader(body))
		hreq.Header.Set("x-api-key", sampleKey)
		hreq.Header.Set("content-type", "application/json")
		resp, err := http.DefaultClient.Do(hreq)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("POST /v1/%s: %s", op, resp.Status)
		}
	}
	// $disconnect is sent after the connection closed.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		rec.mu.Lock()
		n := len(rec.wsEvs)
		last := rec.wsEvs[n-1].RequestContext.RouteKey
		rec.mu.Unlock()
		if last == "$disconnect" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no $disconnect event")
		}
	}

	out := map[string][]byte{}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	for _, ev := range rec.wsEvs {
		file := ""
		switch ev.RequestContext.RouteKey {
		case "$connect":
			file = "connect"
		case "$disconnect":
			file = "disconnect"
		default:
			var req protocol.Request
			if err := json.Unmarshal([]byte(ev.Body), &req); err != nil {
				t.Fatal(err)
			}
			file = req.Op
		}
		if _, seen := out[file+".json"]; !seen {
			out[file+".json"] = normalize(t, ev, ids)
		}
	}
	for _, ev := range rec.httpEv {
		out["http-"+ev.PathParameters["op"]+".json"] = normalize(t, ev, ids)
	}
	out["gc.json"] = normalize(t, scheduledEvent(), nil)
	return out
}

// scheduledEvent is what EventBridge Scheduler sends the GC function.
func scheduledEvent() events.EventBridgeEvent {
	return events.EventBridgeEvent{
		Version:    "0",
		ID:         "00000000-0000-4000-8000-000000000000",
		DetailType: "Scheduled Event",
		Source:     "aws.scheduler",
		AccountID:  "123456789012",
		Time:       time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC),
		Region:     "us-east-1",
		Resources:  []string{"arn:aws:scheduler:us-east-1:123456789012:schedule/default/amber-GcFunctionSchedule"},
		Detail:     json.RawMessage("{}"),
	}
}

// fixed are the values of fields that differ from run to run.
var fixed = map[string]any{
	"connectionId":      "ExAmPlEcOnNiD=",
	"requestId":         "ExAmPlErEqId=",
	"extendedRequestId": "ExAmPlErEqId=",
	"messageId":         "ExAmPlEmSgId=",
	"requestTime":       "01/Dec/2026:00:00:00 +0000",
	"time":              "01/Dec/2026:00:00:00 +0000",
	"requestTimeEpoch":  1796083200000,
	"timeEpoch":         1796083200000,
	"connectedAt":       1796083200000,
	"sourceIp":          "203.0.113.7",
	"apiId":             "abcdef1234",
	"accountId":         "123456789012",
	"sec-websocket-key": "ZXhhbXBsZSBub25jZSAxMjM0NQ==",
	"x-forwarded-for":   "203.0.113.7",
	"host":              sampleDomain,
}

// normalize encodes ev with the run's random values replaced: fields by
// name, and session and snapshot ids in bodies by placeholders.
//
// With ids nil, ev is encoded as it is (it has no random values).
func normalize(t *testing.T, ev any, ids map[string]string) []byte {
	t.Helper()
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	if err := json.Unmarshal(b, &tree); err != nil {
		t.Fatal(err)
	}
	var walk func(v any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case map[string]any:
			// HTTP API events carry an empty client certificate.
			delete(v, "authentication")
			for k, x := range v {
				if f, ok := fixed[strings.ToLower(k)]; ok {
					if _, multi := x.([]any); multi {
						v[k] = []any{f}
					} else {
						v[k] = f
					}
					continue
				}
				if f, ok := fixed[k]; ok {
					v[k] = f
					continue
				}
				v[k] = walk(x)
			}
			if body, ok := v["body"].(string); ok {
				real := make([]string, 0, len(ids))
				for id := range ids {
					real = append(real, id)
				}
				sort.Slice(real, func(i, j int) bool { return len(real[i]) > len(real[j]) })
				for _, id := range real {
					body = strings.ReplaceAll(body, id, ids[id])
				}
				v["body"] = body
				for _, hk := range []string{"headers"} {
					if h, ok := v[hk].(map[string]any); ok {
						if _, ok := h["content-length"]; ok {
							h["content-length"] = strconv.Itoa(len(body))
						}
					}
				}
			}
			return v
		case []any:
			for i := range v {
				v[i] = walk(v[i])
			}
		}
		return v
	}
	if ids != nil {
		tree = walk(tree)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(tree); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestSampleEvents: infra/events holds exactly the events the gateway
// makes (regenerate with go test ./infra/rie -run TestSampleEvents -update).
func TestSampleEvents(t *testing.T) {
	got := recordSamples(t)
	var want []string
	for _, op := range []string{protocol.OpCheckout, protocol.OpFeed, protocol.OpResume, protocol.OpResumeFutures,
		protocol.OpContinue, protocol.OpDump, protocol.OpLoadSession, protocol.OpLoadSnapshot, protocol.OpClose,
		protocol.OpSnapshots, protocol.OpDeleteSnapshot, protocol.OpHistory, protocol.OpUsage} {
		want = append(want, op+".json")
	}
	want = append(want, "connect.json", "disconnect.json", "http-checkout.json", "http-feed.json", "gc.json")
	for _, f := range want {
		if got[f] == nil {
			t.Errorf("no sample %s", f)
		}
	}
	if *update {
		if err := os.MkdirAll(eventsDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for f, b := range got {
			if err := os.WriteFile(filepath.Join(eventsDir, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(eventsDir, "*.json"))
	var have []string
	for _, f := range files {
		have = append(have, filepath.Base(f))
		if got[filepath.Base(f)] == nil {
			t.Errorf("%s is not made by the gateway any more (delete it, or run with -update)", f)
		}
	}
	for f, b := range got {
		old, err := os.ReadFile(filepath.Join(eventsDir, f))
		if err != nil {
			t.Errorf("%s: %v (run go test ./infra/rie -run TestSampleEvents -update)", f, err)
			continue
		}
		if !bytes.Equal(old, b) {
			t.Errorf("infra/events/%s differs from what the gateway makes (run with -update):\n%s", f, b)
		}
	}
	if !slices.IsSorted(have) {
		t.Fatal("glob not sorted")
	}
	if testing.Verbose() {
		fmt.Fprintf(os.Stderr, "%d sample events\n", len(got))
	}
}

// TestSampleEventsUnderEmulator: the sample events drive the real
// bootstraps under the emulator, as sam local invoke -e would: the
// WebSocket function takes connect, every operation and disconnect (its
// replies posted to a local @connections endpoint), the HTTP function
// its requests, the GC function the schedule's event.
func TestSampleEventsUnderEmulator(t *testing.T) {
	_, err := rie.Binary()
	need(t, err == nil, fmt.Sprint(err))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	var mu sync.Mutex
	posted := map[string][]string{} // connection -> messages
	conns := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, ok := strings.CutPrefix(r.URL.Path, "/@connections/")
		b, _ := io.ReadAll(r.Body)
		if !ok || r.Method != http.MethodPost {
			http.NotFound(w, r)
			return
		}
		mu.Lock()
		posted[id] = append(posted[id], string(b))
		mu.Unlock()
	}))
	defer conns.Close()
	data := t.TempDir() // one embedded store shared by the three functions

	start := func(t *testing.T, fn string) *rie.Emulator {
		bin, err := rie.Build(ctx, "github.com/amber-sandbox/amber/functions/"+fn, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		emu, err := rie.Start(ctx, rie.Options{Bootstrap: bin, Env: []string{
			"AMBER_DATA_DIR=" + data,
			"AMBER_API_KEYS=" + sampleKey,
			"AMBER_CONNECTIONS_ENDPOINT=" + conns.URL,
			"AMBER_TABLE=", "AMBER_BUCKET=",
		}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(emu.Stop)
		return emu
	}
	load := func(t *testing.T, name string) json.RawMessage {
		b, err := os.ReadFile(filepath.Join(eventsDir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}

	t.Run("ws", func(t *testing.T) {
		emu := start(t, "ws")
		order := []string{"connect", "checkout", "feed", "dump", "resume", "resume_futures", "continue",
			"load_snapshot", "load_session", "history", "snapshots", "usage", "delete_snapshot", "close"}
		for _, name := range order {
			var resp events.APIGatewayProxyResponse
			if err := emu.Invoke(ctx, load(t, name+".json"), &resp); err != nil {
				t.Fatalf("%s: %v\n%s", name, err, emu.Logs())
			}
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("%s: status %d %s", name, resp.StatusCode, resp.Body)
			}
		}
		mu.Lock()
		msgs := posted["ExAmPlEcOnNiD="]
		mu.Unlock()
		replies := map[string]protocol.Reply{}
		for _, m := range msgs {
			var rep protocol.Reply
			if err := json.Unmarshal([]byte(m), &rep); err != nil {
				t.Fatal(err)
			}
			replies[rep.ID] = rep
		}
		// The checkout works as it is; the other requests name the
		// placeholder ids of the samples and get replies all the same.
		if rep := replies["checkout-1"]; !rep.OK || rep.Session == "" {
			t.Fatalf("checkout: %+v", rep)
		}
		for _, name := range order[1:] {
			var ev events.APIGatewayWebsocketProxyRequest
			_ = json.Unmarshal(load(t, name+".json"), &ev)
			var req protocol.Request
			_ = json.Unmarshal([]byte(ev.Body), &req)
			if _, ok := replies[req.ID]; !ok {
				t.Errorf("no reply to %s (%s)", req.ID, name)
			}
		}
		var resp events.APIGatewayProxyResponse
		if err := emu.Invoke(ctx, load(t, "disconnect.json"), &resp); err != nil || resp.StatusCode != 200 {
			t.Fatalf("disconnect: %d %v", resp.StatusCode, err)
		}
	})
	t.Run("http", func(t *testing.T) {
		emu := start(t, "http")
		for name, check := range map[string]func(protocol.Reply) bool{
			"http-checkout.json": func(r protocol.Reply) bool { return r.OK && r.Session != "" },
			"http-feed.json":     func(r protocol.Reply) bool { return r.Error != nil && r.Error.Kind == protocol.KindUnknownSession },
		} {
			var resp events.APIGatewayV2HTTPResponse
			if err := emu.Invoke(ctx, load(t, name), &resp); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var rep protocol.Reply
			if err := json.Unmarshal([]byte(resp.Body), &rep); err != nil || resp.StatusCode != 200 || !check(rep) {
				t.Fatalf("%s: %d %s", name, resp.StatusCode, resp.Body)
			}
		}
	})
	t.Run("gc", func(t *testing.T) {
		emu := start(t, "gc")
		var report engine.GCReport
		if err := emu.Invoke(ctx, load(t, "gc.json"), &report); err != nil {
			t.Fatalf("gc: %v\n%s", err, emu.Logs())
		}
	})
}
