package rie_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/rie"
	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/internal/dynalite"
	"github.com/amber-sandbox/amber/internal/fakes3"
)

// stack is the WebSocket function as it runs on AWS: the real bootstrap
// under the Runtime Interface Emulator, on DynamoDB (dynalite) and S3
// (gofakes3), behind amber serve's gateway in Lambda mode.
type stack struct {
	t         *testing.T
	bootstrap string
	env       []string
	rieAddr   string
	emu       *rie.Emulator
	srv       *serve.Server
}

// keys are the stack's API keys and their projects.
var keys = map[string]string{"key-1": "p1", "key-2": "p2"}

func newStack(t *testing.T) *stack { t.Helper(); return newStackEnv(t) }

// newStackEnv is newStack with extra environment for the function.
func newStackEnv(t *testing.T, extra ...string) *stack {
	t.Helper()
	needAll(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	bootstrap, err := rie.Build(ctx, "github.com/amber-sandbox/amber/functions/ws", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s3url := fakes3.Start(t, nil)
	table := tableName(t)
	rieAddr, err := rie.FreeAddr()
	if err != nil {
		t.Fatal(err)
	}
	// amber serve creates the table, the bucket and the projects, and
	// forwards every WebSocket event to the emulator.
	srv, err := serve.Start(ctx, serve.Options{
		Addr:             "127.0.0.1:0",
		Keys:             keys,
		DynamoDBEndpoint: dynalite.Shared().URL,
		S3Endpoint:       s3url,
		Table:            table,
		Bucket:           "amber",
		Region:           "us-east-1",
		LambdaURL:        "http://" + rieAddr,
		DataDir:          t.TempDir(),
	})
	if err != nil {
		t.Fatalf("serve: %v", err)
	}
	st := &stack{t: t, bootstrap: bootstrap, rieAddr: rieAddr, srv: srv, env: []string{
		"AMBER_TABLE=" + table,
		"AMBER_BUCKET=amber",
		"AMBER_DYNAMODB_ENDPOINT=" + dynalite.Shared().URL,
		"AMBER_S3_ENDPOINT=" + s3url,
		"AMBER_CONNECTIONS_ENDPOINT=" + srv.HTTPURL(),
		"AMBER_STEP_MARGIN_MS=1500",
		"AMBER_CACHE_BYTES=67108864",
		"AWS_REGION=us-east-1",
		"AWS_ACCESS_KEY_ID=local",
		"AWS_SECRET_ACCESS_KEY=local",
		"AMBER_DATA_DIR=",
	}}
	st.env = append(st.env, extra...)
	st.start()
	// The server goes first: its connections' $disconnect events still
	// reach the function.
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("serve shutdown: %v", err)
		}
		st.emu.Stop()
	})
	return st
}

// start (re)starts the emulator: a restart is a cold start, a new
// process with nothing warm.
func (s *stack) start() {
	s.t.Helper()
	if s.emu != nil {
		s.emu.Stop()
	}
	var out *os.File
	if testing.Verbose() {
		out = os.Stderr
	}
	opts := rie.Options{Bootstrap: s.bootstrap, Env: s.env, Addr: s.rieAddr}
	if out != nil {
		opts.Output = out
	}
	emu, err := rie.Start(context.Background(), opts)
	if err != nil {
		s.t.Fatal(err)
	}
	s.emu = emu
}

// client speaks the protocol on one WebSocket connection.
type client struct {
	t  *testing.T
	ws *websocket.Conn
	r  protocol.Reassembler
}

var (
	runID = strconv.FormatInt(time.Now().UnixNano(), 36)
	seq   atomic.Int64
)

func (s *stack) dial(key string) (*client, *http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	h := http.Header{}
	if key != "" {
		h.Set("x-api-key", key)
	}
	ws, resp, err := websocket.Dial(ctx, s.srv.URL(), &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, resp, err
	}
	ws.SetReadLimit(1 << 20)
	c := &client{t: s.t, ws: ws}
	s.t.Cleanup(func() { _ = ws.CloseNow() })
	return c, resp, nil
}

func (s *stack) connect(key string) *client {
	s.t.Helper()
	c, _, err := s.dial(key)
	if err != nil {
		s.t.Fatalf("connect: %v\n%s", err, s.emu.Logs())
	}
	return c
}

// do sends req and returns its print events and reply.
func (c *client) do(req protocol.Request) ([]protocol.Event, *protocol.Reply) {
	c.t.Helper()
	if req.ID == "" {
		// Request ids are idempotency keys in the project: unique per run.
		req.ID = fmt.Sprintf("%s-%s-%d", req.Op, runID, seq.Add(1))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b, _ := json.Marshal(req)
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatal(err)
	}
	var evs []protocol.Event
	for {
		_, msg, err := c.ws.Read(ctx)
		if err != nil {
			c.t.Fatalf("%s: read: %v", req.Op, err)
		}
		if len(msg) > protocol.MaxMessage {
			c.t.Fatalf("received %d bytes, over the message limit", len(msg))
		}
		whole, done, err := c.r.Add(msg)
		if err != nil {
			c.t.Fatal(err)
		}
		if !done {
			continue
		}
		var probe struct {
			ID    string `json:"id"`
			Event string `json:"event"`
		}
		if err := json.Unmarshal(whole, &probe); err != nil {
			c.t.Fatalf("message %q: %v", whole, err)
		}
		if probe.ID != req.ID {
			c.t.Fatalf("message for %q while waiting for %q: %s", probe.ID, req.ID, whole)
		}
		if probe.Event != "" {
			var ev protocol.Event
			_ = json.Unmarshal(whole, &ev)
			evs = append(evs, ev)
			continue
		}
		var rep protocol.Reply
		if err := json.Unmarshal(whole, &rep); err != nil {
			c.t.Fatal(err)
		}
		return evs, &rep
	}
}

func (c *client) ok(req protocol.Request) *protocol.Reply {
	c.t.Helper()
	_, rep := c.do(req)
	if !rep.OK {
		c.t.Fatalf("%s: %+v", req.Op, rep.Error)
	}
	return rep
}

func (c *client) fail(req protocol.Request, kind string) {
	c.t.Helper()
	_, rep := c.do(req)
	if rep.OK || rep.Error == nil || rep.Error.Kind != kind {
		c.t.Fatalf("%s: %+v, want an error of kind %s", req.Op, rep.Error, kind)
	}
}

// TestWebSocketUnderEmulator drives the real ws bootstrap under the
// emulator through amber serve --lambda: authentication at connect,
// steps with printed output, a session that survives the connection and
// a cold start, a reply in parts, ephemeral rules and projects apart.
func TestWebSocketUnderEmulator(t *testing.T) {
	s := newStack(t)

	// $connect refuses a missing or wrong key with 401.
	for _, key := range []string{"", "wrong"} {
		_, resp, err := s.dial(key)
		if err == nil || resp == nil || resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("connect with key %q: %v %v", key, resp, err)
		}
	}

	c := s.connect("key-1")
	sess := c.ok(protocol.Request{Op: protocol.OpCheckout}).Session
	evs, rep := c.do(protocol.Request{Op: protocol.OpFeed, Session: sess,
		Code: "import math\ndata = [i * i for i in range(10)]\nprint('sum', sum(data))\nmath.isqrt(sum(data))"})
	if !rep.OK || rep.Repr != "16" {
		t.Fatalf("feed: %+v %+v", rep, rep.Error)
	}
	if len(evs) != 1 || evs[0].Text != "sum 285\n" {
		t.Fatalf("events %+v", evs)
	}

	// A host function call, answered by the client.
	rep = c.ok(protocol.Request{Op: protocol.OpFeed, Session: sess, Code: "total = ask('n') + len(data)\ntotal", Functions: []string{"ask"}})
	if rep.Progress != protocol.ProgressFunctionCall || rep.Function != "ask" {
		t.Fatalf("function call: %+v", rep)
	}
	call := rep.CallID
	rep = c.ok(protocol.Request{Op: protocol.OpResume, Session: sess, CallID: &call, ReturnValue: json.RawMessage("32")})
	if rep.Repr != "42" {
		t.Fatalf("resumed: %+v", rep)
	}

	// A reply over 128 KB arrives in parts.
	rep = c.ok(protocol.Request{Op: protocol.OpFeed, Session: sess, Code: "'x' * 300_000"})
	if len(rep.Repr) != 300_002 {
		t.Fatalf("large repr of %d bytes", len(rep.Repr))
	}

	// Ephemeral sessions cannot be dumped; durable ones can.
	eph := c.ok(protocol.Request{Op: protocol.OpCheckout, Ephemeral: true}).Session
	c.fail(protocol.Request{Op: protocol.OpDump, Session: eph}, protocol.KindEphemeral)
	snap := c.ok(protocol.Request{Op: protocol.OpDump, Session: sess}).Snapshot
	if snap == "" {
		t.Fatal("dump gave no snapshot")
	}
	// The ephemeral session dies with its connection ($disconnect).
	watcher := s.connect("key-1")
	_ = c.ws.Close(websocket.StatusNormalClosure, "")
	for deadline := time.Now().Add(20 * time.Second); ; {
		_, rep := watcher.do(protocol.Request{Op: protocol.OpFeed, Session: eph, Code: "1"})
		if rep.Error != nil && rep.Error.Kind == protocol.KindUnknownSession {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("ephemeral session alive after its connection closed: %+v", rep)
		}
		time.Sleep(50 * time.Millisecond)
	}
	_ = watcher.ws.Close(websocket.StatusNormalClosure, "")
	// Let the last invocations return (a reply is posted before its
	// invocation ends) so that the restart kills no running one.
	for s.srv.Gateway().Connections() > 0 {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)

	// A cold start: a new function process, a new connection. The
	// session is in DynamoDB and S3.
	t0 := time.Now()
	s.start()
	c = s.connect("key-1")
	t1 := time.Now()
	rep = c.ok(protocol.Request{Op: protocol.OpFeed, Session: sess, Code: "total + data[-1]"})
	if rep.Repr != "123" {
		t.Fatalf("after a cold start: %+v", rep)
	}
	t.Logf("cold start: emulator and function up and connected in %v; first step (session loaded from dynalite + gofakes3) %v",
		t1.Sub(t0).Round(time.Millisecond), time.Since(t1).Round(time.Microsecond))
	// The snapshot loads into a fresh session.
	fork := c.ok(protocol.Request{Op: protocol.OpCheckout}).Session
	c.ok(protocol.Request{Op: protocol.OpLoadSession, Session: fork, Snapshot: snap})
	if rep := c.ok(protocol.Request{Op: protocol.OpFeed, Session: fork, Code: "total"}); rep.Repr != "42" {
		t.Fatalf("loaded snapshot: %+v", rep)
	}

	// Another project sees none of it.
	other := s.connect("key-2")
	other.fail(protocol.Request{Op: protocol.OpFeed, Session: sess, Code: "1"}, protocol.KindUnknownSession)
	other.fail(protocol.Request{Op: protocol.OpLoadSession, Session: other.ok(protocol.Request{Op: protocol.OpCheckout}).Session, Snapshot: snap}, protocol.KindUnknownSession)

	// A bad message is refused with bad_request, on the same connection.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, []byte(`{"op":"feed","id":"bad","code":`)); err != nil {
		t.Fatal(err)
	}
	_, msg, err := c.ws.Read(ctx)
	if err != nil || !strings.Contains(string(msg), `"bad_request"`) {
		t.Fatalf("bad message: %s %v", msg, err)
	}
}

// TestRetryAfterLeavingUnderEmulator: a client leaves while its step
// runs in the function (after its first print event); the step goes on
// and commits, whether its reply post still reached the closing
// connection or met the gateway's 410 (GoneException, tested in
// functions/handler). The same request id on a new connection gets the
// recorded reply, with the recorded output, and the step ran once.
func TestRetryAfterLeavingUnderEmulator(t *testing.T) {
	s := newStack(t)
	c := s.connect("key-1")
	sess := c.ok(protocol.Request{Op: protocol.OpCheckout}).Session
	c.ok(protocol.Request{Op: protocol.OpFeed, Session: sess, Code: "runs = 0"})

	slow := protocol.Request{Op: protocol.OpFeed, ID: "slow-" + runID, Session: sess,
		Code: "runs += 1\nprint('working')\nt = 0\nfor i in range(1_000_000):\n    t += i\nt"}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b, _ := json.Marshal(slow)
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
	// The print event says the step is running: leave now, before the
	// reply.
	if _, msg, err := c.ws.Read(ctx); err != nil || !strings.Contains(string(msg), `"event":"print"`) {
		t.Fatalf("first message %s, %v", msg, err)
	}
	_ = c.ws.CloseNow()

	c2 := s.connect("key-1")
	evs, rep := c2.do(slow)
	if !rep.OK || rep.Repr != "499999500000" {
		t.Fatalf("retry: %+v %+v", rep, rep.Error)
	}
	if len(evs) != 0 {
		// A recorded reply is not run again, so nothing is printed anew;
		// its output is in printed.
		t.Fatalf("the retry printed again: %+v", evs)
	}
	if len(rep.Printed) != 1 || rep.Printed[0].Text != "working\n" {
		t.Fatalf("recorded output %+v", rep.Printed)
	}
	if rep := c2.ok(protocol.Request{Op: protocol.OpFeed, Session: sess, Code: "runs"}); rep.Repr != "1" {
		t.Fatalf("the step ran %s times", rep.Repr)
	}
}

// TestStepLatencyUnderEmulator measures steps end to end through the
// emulated function — client, gateway, emulator, bootstrap, dynalite and
// gofakes3, @connections, client — and logs p50/p99 (go test -v).
func TestStepLatencyUnderEmulator(t *testing.T) {
	s := newStack(t)
	c := s.connect("key-1")
	sess := c.ok(protocol.Request{Op: protocol.OpCheckout}).Session
	c.ok(protocol.Request{Op: protocol.OpFeed, Session: sess, Code: "acc = []"})
	const steps = 50
	lat := make([]time.Duration, 0, steps)
	start := time.Now()
	for i := range steps {
		t0 := time.Now()
		rep := c.ok(protocol.Request{Op: protocol.OpFeed, Session: sess, Code: fmt.Sprintf("acc.append(%d)\nlen(acc)", i)})
		lat = append(lat, time.Since(t0))
		if rep.Repr != strconv.Itoa(i+1) {
			t.Fatalf("step %d: %+v", i, rep)
		}
	}
	total := time.Since(start)
	slices.Sort(lat)
	t.Logf("%d steps under the emulator on dynalite + gofakes3: %.0f steps/s, p50 %v, p99 %v, max %v",
		steps, float64(steps)/total.Seconds(), lat[steps/2].Round(time.Microsecond),
		lat[steps*99/100].Round(time.Microsecond), lat[steps-1].Round(time.Microsecond))
}
