package serve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/internal/jsonschema"
	"github.com/amber-sandbox/amber/internal/servetest"
)

// startServer starts amber serve on a free loopback port over a fresh
// embedded store (or opts.DataDir), and shuts it down at the end; its logs
// show with -v.
func startServer(t testing.TB, opts serve.Options) *serve.Server {
	t.Helper()
	if opts.Logger == nil && testing.Verbose() {
		opts.Logger = slog.Default()
	}
	srv := servetest.Open(t, opts)
	t.Cleanup(func() { shutdown(t, srv) })
	return srv
}

var shutdowns sync.Map // *serve.Server -> bool

func shutdown(t testing.TB, srv *serve.Server) {
	t.Helper()
	if _, done := shutdowns.LoadOrStore(srv, true); done {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Errorf("Shutdown: %v", err)
	}
}

// client is a WebSocket client of the protocol: it sends requests,
// matches replies to them by id, collects their print events, joins
// parts, and checks every message it receives against the schema.
type client struct {
	tMu    sync.Mutex
	t_     testing.TB
	ws     *websocket.Conn
	schema *jsonschema.Set

	mu      sync.Mutex
	waiting map[string]chan *protocol.Reply
	replies map[string]*protocol.Reply // replies nobody waited for
	events  map[string][]protocol.Event
	other   []string // messages that are not protocol messages (gateway errors)

	parts     atomic.Int64 // parts received
	maxFrame  atomic.Int64 // the largest message received
	done      chan struct{}
	closeCode websocket.StatusCode
	closeErr  error
}

var schemaOnce struct {
	sync.Once
	s *jsonschema.Set
}

// schemas is docs/protocol.schema.json and the values.schema.json it
// refers to, loaded once.
func schemas(t testing.TB) *jsonschema.Set {
	schemaOnce.Do(func() { schemaOnce.s = loadSchemas(t) })
	return schemaOnce.s
}

// loadSchemas loads docs/protocol.schema.json and values.schema.json, so
// that every message the end-to-end tests see is checked against the
// documented protocol.
func loadSchemas(t testing.TB) *jsonschema.Set {
	t.Helper()
	s, err := jsonschema.Load(filepath.Join("..", "..", "docs"), "protocol.schema.json", "values.schema.json")
	if err != nil {
		t.Fatalf("docs: %v", err)
	}
	return s
}

// dial connects to srv. query is appended to the URL (e.g. "?api_key=k").
func dial(t testing.TB, srv *serve.Server, query string, header http.Header) *client {
	t.Helper()
	c, err := tryDial(t, srv.URL()+query, header)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	return c
}

func tryDial(t testing.TB, url string, header http.Header) (*client, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("%w (HTTP %d)", err, resp.StatusCode)
		}
		return nil, err
	}
	ws.SetReadLimit(protocol.MaxMessage + 1024)
	c := &client{
		t_: t, ws: ws, schema: schemas(t),
		waiting: map[string]chan *protocol.Reply{},
		replies: map[string]*protocol.Reply{},
		events:  map[string][]protocol.Event{},
		done:    make(chan struct{}),
	}
	go c.read()
	t.Cleanup(c.close)
	return c, nil
}

// tb is the test the client reports to.
func (c *client) tb() testing.TB {
	c.tMu.Lock()
	defer c.tMu.Unlock()
	return c.t_
}

// use makes the client report to t (a subtest) until the returned
// function is called.
func (c *client) use(t testing.TB) func() {
	c.tMu.Lock()
	old := c.t_
	c.t_ = t
	c.tMu.Unlock()
	return func() {
		c.tMu.Lock()
		c.t_ = old
		c.tMu.Unlock()
	}
}

func (c *client) close() {
	_ = c.ws.Close(websocket.StatusNormalClosure, "")
	<-c.done
}

// read receives messages until the connection closes.
func (c *client) read() {
	defer close(c.done)
	var r protocol.Reassembler
	for {
		_, msg, err := c.ws.Read(context.Background())
		if err != nil {
			c.mu.Lock()
			c.closeCode, c.closeErr = websocket.CloseStatus(err), err
			for _, ch := range c.waiting {
				close(ch)
			}
			c.waiting = map[string]chan *protocol.Reply{}
			c.mu.Unlock()
			return
		}
		if n := int64(len(msg)); n > c.maxFrame.Load() {
			c.maxFrame.Store(n)
		}
		if strings.Contains(string(msg[:min(len(msg), 200)]), `"parts":`) {
			c.parts.Add(1)
			if len(msg) >= protocol.MaxFrame {
				c.tb().Errorf("part of %d bytes, not under the 32 KB frame size", len(msg))
			}
		}
		whole, done, err := r.Add(msg)
		if err != nil {
			c.tb().Errorf("reassemble: %v", err)
			continue
		}
		if !done {
			continue
		}
		c.handle(whole)
	}
}

func (c *client) handle(msg []byte) {
	var probe struct {
		ID    string `json:"id"`
		Event string `json:"event"`
		OK    *bool  `json:"ok"`
	}
	if err := json.Unmarshal(msg, &probe); err != nil {
		c.tb().Errorf("message is not JSON: %q", msg)
		return
	}
	switch {
	case probe.Event != "":
		if err := c.schema.Validate(msg, "protocol.schema.json#/$defs/event"); err != nil {
			c.tb().Errorf("event does not match the schema: %v\n%s", err, trunc(msg))
		}
		var ev protocol.Event
		_ = json.Unmarshal(msg, &ev)
		c.mu.Lock()
		c.events[ev.ID] = append(c.events[ev.ID], ev)
		c.mu.Unlock()
	case probe.OK != nil:
		if err := c.schema.Validate(msg, "protocol.schema.json#/$defs/reply"); err != nil {
			c.tb().Errorf("reply does not match the schema: %v\n%s", err, trunc(msg))
		}
		var rep protocol.Reply
		if err := json.Unmarshal(msg, &rep); err != nil {
			c.tb().Errorf("reply: %v", err)
			return
		}
		c.mu.Lock()
		if ch, ok := c.waiting[rep.ID]; ok {
			delete(c.waiting, rep.ID)
			ch <- &rep
		} else {
			c.replies[rep.ID] = &rep
		}
		c.mu.Unlock()
	default:
		c.mu.Lock()
		c.other = append(c.other, string(msg))
		c.mu.Unlock()
	}
}

func trunc(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}

// send sends a request without waiting; wait collects its reply.
func (c *client) send(req protocol.Request) chan *protocol.Reply {
	c.tb().Helper()
	ch := make(chan *protocol.Reply, 1)
	c.mu.Lock()
	if rep, ok := c.replies[req.ID]; ok {
		delete(c.replies, req.ID)
		ch <- rep
	} else {
		c.waiting[req.ID] = ch
	}
	c.mu.Unlock()
	b, err := json.Marshal(req)
	if err != nil {
		c.tb().Fatal(err)
	}
	if err := c.schema.Validate(b, "protocol.schema.json#/$defs/request"); err != nil && req.Op != "" && req.ID != "" {
		c.tb().Logf("note: request does not match the schema (sent anyway): %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		c.tb().Fatalf("write %s: %v", req.Op, err)
	}
	return ch
}

func (c *client) wait(ch chan *protocol.Reply, id string) *protocol.Reply {
	c.tb().Helper()
	select {
	case rep, ok := <-ch:
		if !ok {
			c.tb().Fatalf("connection closed before the reply to %s (%v)", id, c.closeErr)
		}
		return rep
	case <-time.After(60 * time.Second):
		dumpGoroutines(c.tb())
		c.mu.Lock()
		var waiting []string
		for id := range c.waiting {
			waiting = append(waiting, id)
		}
		c.tb().Logf("still waiting for %v; other messages: %q", waiting, c.other)
		c.mu.Unlock()
		c.tb().Fatalf("no reply to %s in 60s", id)
	}
	return nil
}

// do sends a request and returns its reply.
func (c *client) do(req protocol.Request) *protocol.Reply {
	c.tb().Helper()
	return c.wait(c.send(req), req.ID)
}

// ok sends a request and fails the test unless it succeeds.
func (c *client) ok(req protocol.Request) *protocol.Reply {
	c.tb().Helper()
	rep := c.do(req)
	if !rep.OK || rep.Error != nil {
		c.tb().Fatalf("%s %s: %v", req.Op, req.ID, rep.Error)
	}
	return rep
}

// fail sends a request and fails the test unless it fails with kind.
func (c *client) fail(req protocol.Request, kind string) *protocol.Reply {
	c.tb().Helper()
	rep := c.do(req)
	if rep.OK || rep.Error == nil || rep.Error.Kind != kind {
		c.tb().Fatalf("%s %s: ok=%v error=%v, want kind %s", req.Op, req.ID, rep.OK, rep.Error, kind)
	}
	return rep
}

func (c *client) printed(id string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var b strings.Builder
	for _, ev := range c.events[id] {
		b.WriteString(ev.Text)
	}
	return b.String()
}

// dump dumps session and returns the snapshot's id.
func (c *client) dump(session string) string {
	c.tb().Helper()
	return c.ok(protocol.Request{Op: "dump", ID: newID("dump"), Session: session}).Snapshot
}

// loadFresh checks out a fresh session, loads snapshot (a snapshot's or
// a session's id) into it and returns its id.
func (c *client) loadFresh(snapshot string) string {
	c.tb().Helper()
	s := c.checkout(protocol.Request{})
	c.ok(protocol.Request{Op: "load_session", ID: newID("load"), Session: s, Snapshot: snapshot})
	return s
}

// started waits (up to 10s) for the first print of request id: its step
// has started.
func (c *client) started(id string) {
	c.tb().Helper()
	for deadline := time.Now().Add(10 * time.Second); c.printed(id) == ""; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			c.tb().Fatal("the step did not start")
		}
	}
}

// closed waits for the server to close the connection and returns the
// close code.
func (c *client) closed(within time.Duration) websocket.StatusCode {
	c.tb().Helper()
	select {
	case <-c.done:
		return c.closeCode
	case <-time.After(within):
		c.tb().Fatalf("connection still open after %v", within)
	}
	return 0
}

var ids atomic.Int64

// newID returns a fresh request id.
func newID(prefix string) string { return fmt.Sprintf("%s-%d", prefix, ids.Add(1)) }

// checkout checks out a session and returns its id.
func (c *client) checkout(req protocol.Request) string {
	c.tb().Helper()
	req.Op = protocol.OpCheckout
	if req.ID == "" {
		req.ID = newID("checkout")
	}
	rep := c.ok(req)
	if rep.Session == "" {
		c.tb().Fatalf("checkout: no session in %+v", rep)
	}
	return rep.Session
}

// feed runs code in a session and returns the reply.
func (c *client) feed(session, code string) *protocol.Reply {
	c.tb().Helper()
	return c.do(protocol.Request{Op: protocol.OpFeed, ID: newID("feed"), Session: session, Code: code})
}

// eval runs code that must complete and returns its value's JSON.
func (c *client) eval(session, code string) string {
	c.tb().Helper()
	rep := c.feed(session, code)
	if !rep.OK || rep.Progress != protocol.ProgressComplete {
		c.tb().Fatalf("feed %q: progress %q error %v", code, rep.Progress, rep.Error)
	}
	return string(rep.Value)
}

// raceOutcome counts the replies of steps that raced on one session: each
// either committed or lost with conflict; anything else ends the test.
func raceOutcome(t testing.TB, reps []*protocol.Reply) (committed, conflicts int) {
	t.Helper()
	for _, rep := range reps {
		switch {
		case rep.OK:
			committed++
		case rep.Error.Kind == protocol.KindConflict:
			conflicts++
		default:
			t.Fatalf("racing feed: %v", rep.Error)
		}
	}
	return committed, conflicts
}

// expect evals code and ends the test unless its value's JSON is want;
// what names the value in the failure.
func (c *client) expect(session, code, want, what string) {
	c.tb().Helper()
	if got := c.eval(session, code); got != want {
		c.tb().Fatalf("%s = %s, want %s", what, got, want)
	}
}

var dumpOnce sync.Once

// dumpGoroutines logs, once per test binary, the stacks of the goroutines
// that are inside the engine or the interpreter (at most 16 KB), so that a
// stalled step can be diagnosed from a CI log; an idle engine logs none.
func dumpGoroutines(t testing.TB) {
	dumpOnce.Do(func() {
		var b bytes.Buffer
		_ = pprof.Lookup("goroutine").WriteTo(&b, 2)
		var busy []string
		for _, g := range strings.Split(b.String(), "\n\n") {
			if strings.Contains(g, "amber/functions/") || strings.Contains(g, "amber/core") {
				busy = append(busy, g)
			}
		}
		out := strings.Join(busy, "\n\n")
		if len(out) > 16<<10 {
			out = out[:16<<10] + "\n..."
		}
		t.Logf("%d goroutines in the engine or the interpreter at the stall:\n%s", len(busy), out)
	})
}
