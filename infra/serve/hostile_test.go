package serve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
)

// TestOpenModeHost: without keys, every request whose Host header does not
// name the loopback interface is refused with 403 — WebSocket, HTTP API,
// @connections and the Workbench — even with an Origin that matches it
// (a DNS-rebinding page); loopback names and addresses, with any port,
// pass. With keys, the Host is not checked.
func TestOpenModeHost(t *testing.T) {
	open := startServer(t, serve.Options{Static: http.NotFoundHandler()})
	keyed := startServer(t, serve.Options{Keys: map[string]string{"k": "p"}})
	_, port, _ := net.SplitHostPort(open.Addr())
	tests := []struct {
		srv  *serve.Server
		host string
		ok   bool
	}{
		{open, "attacker.example", false},
		{open, "attacker.example:" + port, false},
		{open, "localhost.attacker.example", false},
		{open, "10.0.0.1", false},
		{open, "[::ffff:10.0.0.1]", false},
		{open, "localhost", true},
		{open, "LOCALHOST:" + port, true},
		{open, "127.0.0.1:" + port, true},
		{open, "127.45.0.3", true},
		{open, "[::1]:" + port, true},
		{open, "[::1]", true},
		{keyed, "attacker.example", true},
	}
	for _, tt := range tests {
		// The HTTP API and the Workbench.
		for _, path := range []string{"/v1/snapshots", "/"} {
			req, _ := http.NewRequest("POST", tt.srv.HTTPURL()+path, strings.NewReader(`{"id":"h1"}`))
			if path == "/" {
				req.Method = "GET"
			}
			req.Host = tt.host
			req.Header.Set("Origin", "http://"+tt.host)
			if tt.srv == keyed {
				req.Header.Set("x-api-key", "k")
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if refused := resp.StatusCode == http.StatusForbidden; refused == tt.ok {
				t.Errorf("Host %q, %s: HTTP %d", tt.host, path, resp.StatusCode)
			}
		}
		// A WebSocket handshake.
		h := http.Header{"Origin": []string{"http://" + tt.host}}
		if tt.srv == keyed {
			h.Set("X-Api-Key", "k")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		ws, resp, err := websocket.Dial(ctx, tt.srv.URL(), &websocket.DialOptions{HTTPHeader: h, Host: tt.host})
		cancel()
		if err == nil {
			ws.CloseNow()
		}
		if (err == nil) != tt.ok {
			t.Errorf("Host %q, WebSocket: %v", tt.host, err)
		}
		if err != nil && resp != nil && resp.StatusCode != http.StatusForbidden && !tt.ok {
			t.Errorf("Host %q, WebSocket: HTTP %d, want 403", tt.host, resp.StatusCode)
		}
	}
	// A real client of the open server still works.
	c := dial(t, open, "", nil)
	s := c.checkout(protocol.Request{})
	c.expect(s, "1 + 1", "2", "1 + 1")
}

// TestHugeFrameHeader: a client frame header declaring a payload over the
// frame limit (2^63 bytes, or 2^63-1, or just over 32 KB) closes the
// connection at once with 1009, without waiting for the payload.
func TestHugeFrameHeader(t *testing.T) {
	srv := startServer(t, serve.Options{})
	for _, length := range []uint64{1 << 63, 1<<63 - 1, 1<<32 + 5, 32<<10 + 1} {
		conn, br := rawUpgrade(t, srv)
		hdr := []byte{0x81, 0xff}
		for i := 7; i >= 0; i-- {
			hdr = append(hdr, byte(length>>(8*i)))
		}
		hdr = append(hdr, 1, 2, 3, 4)                           // the mask
		if _, err := conn.Write(append(hdr, 'x')); err != nil { // one byte of the payload, no more
			t.Fatal(err)
		}
		start := time.Now()
		_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		frame, err := io.ReadAll(br)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Fatalf("length %d: the connection is still open after 5s", length)
		}
		if len(frame) < 4 || frame[0] != 0x88 || int(frame[2])<<8|int(frame[3]) != 1009 {
			t.Errorf("length %d: the server sent %q, not a close frame with 1009", length, frame)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("length %d: closed after %v", length, d)
		}
		conn.Close()
	}
	// The server goes on.
	c := dial(t, srv, "", nil)
	c.expect(c.checkout(protocol.Request{}), "6 * 7", "42", "6 * 7")
}

// rawUpgrade opens a WebSocket connection by hand and returns it after
// the handshake.
func rawUpgrade(t *testing.T, srv *serve.Server) (net.Conn, *bufio.Reader) {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", srv.Addr())
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("handshake: HTTP %d", resp.StatusCode)
	}
	return conn, br
}

// TestMalformedValues: values of the wrong shape are bad_request, over
// WebSocket (inputs, return values, future results) and HTTP (400), never
// internal, and the session is untouched.
func TestMalformedValues(t *testing.T) {
	srv := startServer(t, serve.Options{})
	c := dial(t, srv, "", nil)
	s := c.checkout(protocol.Request{})
	c.expect(s, "n = 1\nn", "1", "n")
	bad := []string{
		`{"$set": [[1]]}`, `{"$set": [{"a": 1}]}`, `{"$frozenset": [{"$set": []}]}`,
		`{"$dict": [[[1], 2]]}`, `{"$dict": [[{"$tuple": [[1]]}, 2]]}`, `{"$dict": [[1]]}`,
		`{"$tuple": 5}`, `{"$tuple": {"a": 1}}`, `{"$int": "12x"}`, `{"$int": 5}`, `{"$float": "pi"}`,
		`{"$bytes": "!!"}`, `{"$exception": 3}`, `{"$repr": 1}`, `{"$nope": 1}`, `{"$int": "1", "x": 2}`,
	}
	for _, v := range bad {
		req := feedReq(s, "x")
		req.Inputs = map[string]json.RawMessage{"x": json.RawMessage(v)}
		c.fail(req, protocol.KindBadRequest)
		b, _ := json.Marshal(req)
		code, rep := postHTTP(t, srv, "feed", "", string(b))
		if code != http.StatusBadRequest || rep.Error == nil || rep.Error.Kind != protocol.KindBadRequest {
			t.Errorf("HTTP input %s: %d %+v", v, code, rep.Error)
		}
	}
	// A pending call answered with a malformed value stays pending.
	req := feedReq(s, "n = f()\nn")
	req.Functions = []string{"f"}
	call := c.ok(req)
	for _, v := range bad[:6] {
		c.fail(protocol.Request{Op: "resume", ID: newID("resume"), Session: s, CallID: &call.CallID, ReturnValue: json.RawMessage(v)}, protocol.KindBadRequest)
	}
	rep := c.ok(protocol.Request{Op: "resume", ID: newID("resume"), Session: s, CallID: &call.CallID, ReturnValue: json.RawMessage(`{"$set": [1, 2]}`)})
	if rep.Repr != "{1, 2}" {
		t.Errorf("resume with a good set: %+v", rep)
	}
}

// TestRequestIDScope: a request id is bound to its (project, operation,
// session). Reusing it for another operation or session is conflict, and
// never returns the other one's recorded reply; reusing it in another
// project is a request of that project. Every operation is tried.
func TestRequestIDScope(t *testing.T) {
	srv := startServer(t, serve.Options{Keys: map[string]string{"ka": "a", "kb": "b"}})
	a := dial(t, srv, "", keyHeader("ka"))
	b := dial(t, srv, "", keyHeader("kb"))
	s1 := a.checkout(protocol.Request{})
	s2 := a.checkout(protocol.Request{})
	a.expect(s1, "v = 1\nv", "1", "v in s1")
	a.expect(s2, "v = 2\nv", "2", "v in s2")

	// The case: dump of session 1 with id R, then of session 2.
	snap1 := a.ok(protocol.Request{Op: "dump", ID: "R-dump", Session: s1}).Snapshot
	a.fail(protocol.Request{Op: "dump", ID: "R-dump", Session: s2}, protocol.KindConflict)
	if again := a.ok(protocol.Request{Op: "dump", ID: "R-dump", Session: s1}).Snapshot; again != snap1 {
		t.Errorf("the retried dump made %s, not %s", again, snap1)
	}
	// Session 2's own dump, with its own id, holds session 2's state.
	snap2 := a.dump(s2)
	l := a.loadFresh(snap2)
	a.expect(l, "v", "2", "v in session 2's snapshot")

	// Every operation's id, reused for each other operation on the same
	// session: conflict (or, where the other op has no record of it, a
	// new request that runs as itself), never the first one's reply.
	ops := []struct {
		name string
		req  func(id, s string) protocol.Request
	}{
		{"feed", func(id, s string) protocol.Request {
			return protocol.Request{Op: "feed", ID: id, Session: s, Code: "v = v + 10\nv"}
		}},
		{"dump", func(id, s string) protocol.Request { return protocol.Request{Op: "dump", ID: id, Session: s} }},
		{"close", func(id, s string) protocol.Request { return protocol.Request{Op: "close", ID: id, Session: s} }},
		{"history", func(id, s string) protocol.Request { return protocol.Request{Op: "history", ID: id, Session: s} }},
		{"continue", func(id, s string) protocol.Request { return protocol.Request{Op: "continue", ID: id, Session: s} }},
		{"resume", func(id, s string) protocol.Request {
			return protocol.Request{Op: "resume", ID: id, Session: s, NotHandled: true}
		}},
		{"resume_futures", func(id, s string) protocol.Request {
			return protocol.Request{Op: "resume_futures", ID: id, Session: s, Results: map[string]protocol.FutureResult{"1": {ReturnValue: json.RawMessage("1")}}}
		}},
		{"load_session", func(id, s string) protocol.Request {
			return protocol.Request{Op: "load_session", ID: id, Session: s, Snapshot: snap1}
		}},
		{"load_snapshot", func(id, s string) protocol.Request {
			return protocol.Request{Op: "load_snapshot", ID: id, Session: s, Snapshot: snap1}
		}},
	}
	recorded := map[string]bool{"feed": true, "close": true, "continue": true, "resume": true, "resume_futures": true, "load_session": true, "load_snapshot": true}
	checks := map[string]bool{"feed": true, "close": true, "continue": true, "resume": true, "resume_futures": true, "load_session": true, "load_snapshot": true, "dump": true}
	conflicts := 0
	for _, first := range ops {
		for _, second := range ops {
			if first.name == second.name {
				continue
			}
			s := a.checkout(protocol.Request{})
			if first.name != "load_session" && first.name != "load_snapshot" {
				a.expect(s, "v = 1\nv", "1", "v")
			}
			id := newID("R-" + first.name)
			r1 := a.do(first.req(id, s))
			r2 := a.do(second.req(id, s))
			if r1.OK && r2.OK && sameReply(r1, r2) {
				t.Errorf("%s then %s with one id: the second got the first's reply %+v", first.name, second.name, r2)
			}
			if !r1.OK || r2.OK {
				continue
			}
			if r2.Error.Kind == protocol.KindConflict {
				conflicts++
			}
			// A step the first committed (the session's last request): an
			// operation that checks it refuses the id as a conflict.
			if recorded[first.name] && checks[second.name] && r2.Error.Kind != protocol.KindConflict {
				t.Errorf("%s then %s with one id: %v, want conflict", first.name, second.name, r2.Error)
			}
			if r2.Error.Kind == protocol.KindInternal {
				t.Errorf("%s then %s: internal %v", first.name, second.name, r2.Error)
			}
		}
	}
	if conflicts < 10 {
		t.Errorf("only %d conflicts over every pair of operations", conflicts)
	}
	// Steps: the same id on another session runs there as its own step.
	id := newID("R-feed")
	if got := a.ok(protocol.Request{Op: "feed", ID: id, Session: s1, Code: "v"}).Repr; got != "1" {
		t.Errorf("s1: %s", got)
	}
	if got := a.ok(protocol.Request{Op: "feed", ID: id, Session: s2, Code: "v"}).Repr; got != "2" {
		t.Errorf("the same id on s2 returned %s, not s2's v", got)
	}
	// The same id in another project is that project's own request.
	sb := b.checkout(protocol.Request{ID: "R-dump"})
	b.expect(sb, "v = 3\nv", "3", "v in b")
	b.ok(protocol.Request{Op: "dump", ID: "R-dump", Session: sb})
	// Nothing lost.
	a.expect(s1, "v", "1", "s1 at the end")
	a.expect(s2, "v", "2", "s2 at the end")
}

// sameReply reports whether two replies carry the same result (their
// ids, stats and output aside).
func sameReply(a, b *protocol.Reply) bool {
	strip := func(r *protocol.Reply) string {
		c := *r
		c.ID, c.Stats, c.Printed = "", nil, nil
		j, _ := json.Marshal(c)
		return string(j)
	}
	return strip(a) == strip(b)
}
