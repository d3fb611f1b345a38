package serve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
)

func i64(v int64) *int64 { return &v }

// TestOperations runs every operation of the protocol over a real
// WebSocket against amber serve, checking each message against the
// schema.
func TestOperations(t *testing.T) {
	srv := startServer(t, serve.Options{})
	c := dial(t, srv, "", nil)
	s := c.checkout(protocol.Request{ScriptName: "agent.py", Limits: &protocol.Limits{MaxRecursion: 200}})

	t.Run("feed complete with print", func(t *testing.T) {
		defer c.use(t)()
		rep := c.ok(protocol.Request{Op: "feed", ID: "op-feed", Session: s, Code: "x = 41\nprint('hi')\nx + 1"})
		if rep.Progress != "complete" || string(rep.Value) != "42" || rep.Repr != "42" {
			t.Fatalf("reply %+v", rep)
		}
		if got := c.printed("op-feed"); got != "hi\n" {
			t.Errorf("print events = %q", got)
		}
		if len(rep.Printed) != 1 || rep.Printed[0].Text != "hi\n" || rep.Printed[0].Stream != "stdout" {
			t.Errorf("printed = %+v", rep.Printed)
		}
	})
	t.Run("inputs", func(t *testing.T) {
		defer c.use(t)()
		rep := c.ok(protocol.Request{Op: "feed", ID: "op-inputs", Session: s, Code: "(a, b)",
			Inputs: map[string]json.RawMessage{"a": json.RawMessage(`{"$tuple":[1,"x"]}`), "b": json.RawMessage(`{"$bytes":"AAE="}`)}})
		if want := `{"$tuple":[{"$tuple":[1,"x"]},{"$bytes":"AAE="}]}`; string(rep.Value) != want {
			t.Errorf("value = %s, want %s", rep.Value, want)
		}
	})
	t.Run("function call and resume", func(t *testing.T) {
		defer c.use(t)()
		rep := c.ok(protocol.Request{Op: "feed", ID: "op-fc", Session: s, Code: "fetch(1, k='v') * 2", Functions: []string{"fetch"}})
		if rep.Progress != "function_call" || rep.Function != "fetch" || len(rep.Args) != 1 || string(rep.Args[0]) != "1" || string(rep.Kwargs["k"]) != `"v"` {
			t.Fatalf("reply %+v", rep)
		}
		done := c.ok(protocol.Request{Op: "resume", ID: "op-fc-resume", Session: s, CallID: i64(rep.CallID), ReturnValue: json.RawMessage("21")})
		if done.Progress != "complete" || string(done.Value) != "42" {
			t.Fatalf("resume reply %+v", done)
		}
		c.fail(protocol.Request{Op: "resume", ID: "op-fc-resume-again", Session: s, CallID: i64(rep.CallID), ReturnValue: json.RawMessage("1")}, protocol.KindAlreadyResumed)
	})
	t.Run("resume with an exception", func(t *testing.T) {
		defer c.use(t)()
		rep := c.ok(protocol.Request{Op: "feed", ID: "op-exc", Session: s, Code: "try:\n    fetch()\nexcept KeyError as e:\n    r = 'caught ' + str(e)\nr", Functions: []string{"fetch"}})
		done := c.ok(protocol.Request{Op: "resume", ID: "op-exc-resume", Session: s, CallID: i64(rep.CallID), Exception: &protocol.Exception{Type: "KeyError", Message: "k"}})
		if string(done.Value) != `"caught 'k'"` {
			t.Fatalf("value = %s", done.Value)
		}
	})
	t.Run("name lookup", func(t *testing.T) {
		defer c.use(t)()
		rep := c.ok(protocol.Request{Op: "feed", ID: "op-lookup", Session: s, Code: "missing + 1", Lookup: true})
		if rep.Progress != "name_lookup" || rep.Name != "missing" {
			t.Fatalf("reply %+v", rep)
		}
		done := c.ok(protocol.Request{Op: "resume", ID: "op-lookup-resume", Session: s, ReturnValue: json.RawMessage("9")})
		if string(done.Value) != "10" {
			t.Fatalf("value = %s", done.Value)
		}
		rep = c.ok(protocol.Request{Op: "feed", ID: "op-lookup2", Session: s, Code: "other", Lookup: true})
		nf := c.fail(protocol.Request{Op: "resume", ID: "op-lookup2-resume", Session: s, NotHandled: true}, protocol.KindPython)
		if nf.Error.Type != "NameError" {
			t.Errorf("not_handled: %v, want NameError", nf.Error)
		}
	})
	t.Run("futures", func(t *testing.T) {
		defer c.use(t)()
		code := "import asyncio\nasync def main():\n    a, b = await asyncio.gather(fetch(1), fetch(2))\n    return a + b\nasyncio.run(main())"
		rep := c.ok(protocol.Request{Op: "feed", ID: "op-fut", Session: s, Code: code, Functions: []string{"fetch"}})
		var calls []int64
		for n := 0; rep.Progress == "function_call"; n++ {
			calls = append(calls, rep.CallID)
			rep = c.ok(protocol.Request{Op: "resume", ID: fmt.Sprintf("op-fut-%d", n), Session: s, CallID: i64(rep.CallID), Future: true})
		}
		if rep.Progress != "futures" || len(rep.Pending) != 2 || len(calls) != 2 {
			t.Fatalf("reply %+v after calls %v", rep, calls)
		}
		rep = c.ok(protocol.Request{Op: "resume_futures", ID: "op-fut-r1", Session: s, Results: map[string]protocol.FutureResult{
			fmt.Sprint(calls[1]): {ReturnValue: json.RawMessage("30")}}})
		if rep.Progress != "futures" || len(rep.Pending) != 1 {
			t.Fatalf("after one result: %+v", rep)
		}
		rep = c.ok(protocol.Request{Op: "resume_futures", ID: "op-fut-r2", Session: s, Results: map[string]protocol.FutureResult{
			fmt.Sprint(calls[0]): {ReturnValue: json.RawMessage("12")}}})
		if rep.Progress != "complete" || string(rep.Value) != "42" {
			t.Fatalf("after both results: %+v", rep)
		}
	})

	var dumped string
	t.Run("dump and load_session", func(t *testing.T) {
		defer c.use(t)()
		dumped = c.ok(protocol.Request{Op: "dump", ID: "op-dump", Session: s}).Snapshot
		if dumped == "" {
			t.Fatal("dump: no snapshot id")
		}
		s2 := c.checkout(protocol.Request{})
		c.ok(protocol.Request{Op: "load_session", ID: "op-load", Session: s2, Snapshot: dumped})
		c.expect(s2, "x", "41", "x in the loaded session")
		c.fail(protocol.Request{Op: "load_session", ID: "op-load-again", Session: s2, Snapshot: dumped}, protocol.KindNotFresh)
		s3 := c.checkout(protocol.Request{})
		c.fail(protocol.Request{Op: "load_snapshot", ID: "op-wrong-loader", Session: s3, Snapshot: dumped}, protocol.KindWrongLoader)
	})
	t.Run("load_snapshot of a suspension", func(t *testing.T) {
		defer c.use(t)()
		rep := c.ok(protocol.Request{Op: "feed", ID: "op-susp", Session: s, Code: "x + ask()", Functions: []string{"ask"}})
		snap := c.ok(protocol.Request{Op: "dump", ID: "op-susp-dump", Session: s}).Snapshot
		s4 := c.checkout(protocol.Request{})
		again := c.ok(protocol.Request{Op: "load_snapshot", ID: "op-load-snap", Session: s4, Snapshot: snap})
		if again.Progress != "function_call" || again.Function != "ask" || again.CallID != rep.CallID {
			t.Fatalf("load_snapshot = %+v, want the same function call", again)
		}
		done := c.ok(protocol.Request{Op: "resume", ID: "op-load-snap-resume", Session: s4, CallID: i64(again.CallID), ReturnValue: json.RawMessage("1")})
		if string(done.Value) != "42" {
			t.Fatalf("value = %s", done.Value)
		}
		s5 := c.checkout(protocol.Request{})
		c.fail(protocol.Request{Op: "load_session", ID: "op-wrong-loader-2", Session: s5, Snapshot: snap}, protocol.KindWrongLoader)
		c.ok(protocol.Request{Op: "resume", ID: "op-susp-resume", Session: s, CallID: i64(rep.CallID), ReturnValue: json.RawMessage("0")})
	})
	t.Run("snapshots and delete_snapshot", func(t *testing.T) {
		defer c.use(t)()
		rep := c.ok(protocol.Request{Op: "snapshots", ID: "op-snaps"})
		if rep.Quota == nil {
			t.Error("snapshots: no quota")
		}
		kinds := map[string]string{}
		for _, si := range rep.Snapshots {
			kinds[si.ID] = si.Kind
		}
		if kinds[s] != "session" || kinds[dumped] != "session_dump" {
			t.Fatalf("snapshots lists %v; want %s as session and %s as session_dump", kinds, s, dumped)
		}
		c.ok(protocol.Request{Op: "delete_snapshot", ID: "op-delete", Snapshot: dumped})
		s6 := c.checkout(protocol.Request{})
		c.fail(protocol.Request{Op: "load_session", ID: "op-load-deleted", Session: s6, Snapshot: dumped}, protocol.KindUnknownSession)
	})
	t.Run("history", func(t *testing.T) {
		defer c.use(t)()
		rep := c.ok(protocol.Request{Op: "history", ID: "op-history", Session: s})
		if len(rep.Steps) == 0 {
			t.Fatal("history: no steps")
		}
		last := rep.Steps[len(rep.Steps)-1]
		if last.RequestID != "op-susp-resume" || last.Op != "resume" {
			t.Errorf("last step in history = %+v, want the resume op-susp-resume", last)
		}
		for i := 1; i < len(rep.Steps); i++ {
			if rep.Steps[i].Version <= rep.Steps[i-1].Version {
				t.Errorf("history versions out of order: %+v", rep.Steps)
			}
		}
	})
	t.Run("close", func(t *testing.T) {
		defer c.use(t)()
		s7 := c.checkout(protocol.Request{})
		c.eval(s7, "y = 7")
		c.ok(protocol.Request{Op: "close", ID: "op-close", Session: s7})
		if rep := c.feed(s7, "y"); rep.OK || rep.Error.Kind != protocol.KindUnknownSession {
			t.Fatalf("feed of a closed session: %+v", rep)
		}
	})
}

// TestErrorKinds provokes every error kind a client can meet and checks
// the reply (or, for an oversized request, the close code).
func TestErrorKinds(t *testing.T) {
	srv := startServer(t, serve.Options{})
	c := dial(t, srv, "", nil)
	s := c.checkout(protocol.Request{})

	tests := []struct {
		name string
		req  func() protocol.Request
		kind string
		typ  string
	}{
		{"python", func() protocol.Request { return feedReq(s, "def f():\n    return 1/0\nf()") }, protocol.KindPython, "ZeroDivisionError"},
		{"syntax", func() protocol.Request { return feedReq(s, "def f(:\n") }, protocol.KindSyntax, ""},
		{"limit", func() protocol.Request {
			ls := c.checkout(protocol.Request{Limits: &protocol.Limits{MaxDurationMs: 50}})
			return feedReq(ls, "while True:\n    pass")
		}, protocol.KindLimit, ""},
		{"unknown session", func() protocol.Request { return feedReq("no-such-session", "1") }, protocol.KindUnknownSession, ""},
		{"ephemeral", func() protocol.Request {
			es := c.checkout(protocol.Request{Ephemeral: true})
			return protocol.Request{Op: "dump", ID: newID("dump"), Session: es}
		}, protocol.KindEphemeral, ""},
		{"wrong loader", func() protocol.Request {
			c.eval(s, "z = 1")
			snap := c.dump(s)
			return protocol.Request{Op: "load_snapshot", ID: newID("load"), Session: c.checkout(protocol.Request{}), Snapshot: snap}
		}, protocol.KindWrongLoader, ""},
		{"not fresh", func() protocol.Request {
			return protocol.Request{Op: "load_session", ID: newID("load"), Session: s, Snapshot: s}
		}, protocol.KindNotFresh, ""},
		{"already resumed", func() protocol.Request {
			rep := c.ok(protocol.Request{Op: "feed", ID: newID("feed"), Session: s, Code: "approve()", Functions: []string{"approve"}})
			c.ok(protocol.Request{Op: "resume", ID: newID("resume"), Session: s, CallID: i64(rep.CallID), ReturnValue: json.RawMessage("1")})
			return protocol.Request{Op: "resume", ID: newID("resume"), Session: s, CallID: i64(rep.CallID), ReturnValue: json.RawMessage("2")}
		}, protocol.KindAlreadyResumed, ""},
		{"bad request: unknown op", func() protocol.Request { return protocol.Request{Op: "launch", ID: newID("bad")} }, protocol.KindBadRequest, ""},
		{"bad request: resume without a value", func() protocol.Request {
			return protocol.Request{Op: "resume", ID: newID("bad"), Session: s, CallID: i64(1)}
		}, protocol.KindBadRequest, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer c.use(t)()
			rep := c.fail(tt.req(), tt.kind)
			if tt.typ != "" && rep.Error.Type != tt.typ {
				t.Errorf("error type = %q, want %q (%v)", rep.Error.Type, tt.typ, rep.Error)
			}
			if rep.Error.Message == "" {
				t.Error("error without a message")
			}
		})
	}
	t.Run("python traceback", func(t *testing.T) {
		defer c.use(t)()
		rep := c.fail(feedReq(s, "def g():\n    raise ValueError('bad')\ng()"), protocol.KindPython)
		if rep.Error.Type != "ValueError" || !strings.Contains(rep.Error.Message, "bad") || !strings.Contains(rep.Error.Traceback, "g()") {
			t.Errorf("error = %+v", rep.Error)
		}
	})
	t.Run("ephemeral message", func(t *testing.T) {
		defer c.use(t)()
		es := c.checkout(protocol.Request{Ephemeral: true})
		rep := c.fail(protocol.Request{Op: "dump", ID: newID("dump"), Session: es}, protocol.KindEphemeral)
		if !strings.Contains(rep.Error.Message, "this session is ephemeral, so it cannot be dumped") {
			t.Errorf("message = %q", rep.Error.Message)
		}
	})
	t.Run("bad request: not JSON", func(t *testing.T) {
		defer c.use(t)()
		rep := c.wait(c.sendRaw("", []byte("{not json")), "")
		if rep.OK || rep.Error.Kind != protocol.KindBadRequest {
			t.Fatalf("reply %+v", rep)
		}
	})
	t.Run("conflict", func(t *testing.T) {
		defer c.use(t)()
		// Two steps on one session at once: one commits, the other
		// either waits its turn or fails with conflict, never both run
		// on the same state.
		cs := c.checkout(protocol.Request{})
		c.eval(cs, "n = 0")
		const N = 6
		chans := make([]chan *protocol.Reply, N)
		for i := range chans {
			chans[i] = c.send(protocol.Request{Op: "feed", ID: newID("race"), Session: cs, Code: "for _ in range(20000): pass\nn += 1\nn"})
		}
		reps := make([]*protocol.Reply, N)
		for i, ch := range chans {
			reps[i] = c.wait(ch, fmt.Sprint("race ", i))
		}
		okN, conflicts := raceOutcome(t, reps)
		if got := c.eval(cs, "n"); got != fmt.Sprint(okN) {
			t.Fatalf("n = %s after %d committed steps (%d conflicts)", got, okN, conflicts)
		}
		t.Logf("%d concurrent feeds: %d committed, %d conflict", N, okN, conflicts)
		if conflicts == 0 {
			t.Log("no conflict arose: the engine serialized the steps")
		}
	})
	t.Run("too large (HTTP)", func(t *testing.T) {
		defer c.use(t)()
		body := fmt.Sprintf(`{"id":"big","session":%q,"code":"%s"}`, s, strings.Repeat("x", protocol.MaxMessage))
		status, rep := postHTTP(t, srv, "feed", "", body)
		if status != http.StatusRequestEntityTooLarge || rep.Error == nil || rep.Error.Kind != protocol.KindTooLarge {
			t.Fatalf("HTTP %d %+v", status, rep)
		}
	})
	t.Run("too large (WebSocket): close 1009", func(t *testing.T) {
		defer c.use(t)()
		big := dial(t, srv, "", nil)
		req := feedReq(s, strings.Repeat("x", protocol.MaxMessage))
		b, _ := json.Marshal(req)
		_ = big.ws.Write(context.Background(), websocket.MessageText, b)
		if code := big.closed(10 * time.Second); code != websocket.StatusMessageTooBig {
			t.Fatalf("close code %d, want 1009", code)
		}
	})
}

// TestQuota: a project over its storage quota cannot commit.
func TestQuota(t *testing.T) {
	srv := startServer(t, serve.Options{Quota: 1})
	c := dial(t, srv, "", nil)
	s := c.checkout(protocol.Request{})
	var rep *protocol.Reply
	for i := 0; i < 3; i++ {
		rep = c.feed(s, fmt.Sprintf("data%d = list(range(%d))", i, 10000*(i+1)))
		if !rep.OK {
			break
		}
		rep = c.do(protocol.Request{Op: "dump", ID: newID("dump"), Session: s})
		if !rep.OK {
			break
		}
	}
	if rep.OK || rep.Error.Kind != protocol.KindQuota {
		t.Fatalf("over a 1-byte quota: %+v", rep)
	}
}

func feedReq(session, code string) protocol.Request {
	return protocol.Request{Op: "feed", ID: newID("feed"), Session: session, Code: code}
}

// postHTTP sends POST /v1/{op} and decodes the reply.
func postHTTP(t testing.TB, srv *serve.Server, op, key, body string) (int, *protocol.Reply) {
	t.Helper()
	req, err := http.NewRequest("POST", srv.HTTPURL()+"/v1/"+op, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("x-api-key", key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if err := schemas(t).Validate(b, "protocol.schema.json#/$defs/reply"); err != nil {
		t.Errorf("HTTP reply does not match the schema: %v\n%s", err, trunc(b))
	}
	var rep protocol.Reply
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatalf("HTTP %d: %q: %v", resp.StatusCode, b, err)
	}
	return resp.StatusCode, &rep
}

// TestHTTP: the HTTP API carries the same operations, with the output in
// printed.
func TestHTTP(t *testing.T) {
	srv := startServer(t, serve.Options{})
	status, rep := postHTTP(t, srv, "checkout", "", `{"id":"h1"}`)
	if status != 200 || !rep.OK || rep.Session == "" {
		t.Fatalf("checkout: %d %+v", status, rep)
	}
	s := rep.Session
	status, rep = postHTTP(t, srv, "feed", "", fmt.Sprintf(`{"id":"h2","session":%q,"code":"print('out')\n6*7"}`, s))
	if status != 200 || !rep.OK || string(rep.Value) != "42" || len(rep.Printed) != 1 || rep.Printed[0].Text != "out\n" {
		t.Fatalf("feed: %d %+v", status, rep)
	}
	// The same session over WebSocket.
	c := dial(t, srv, "", nil)
	c.expect(s, "6*7 + 1", "43", "over WebSocket")
	status, rep = postHTTP(t, srv, "feed", "", `{not json`)
	if status != 400 || rep.Error == nil || rep.Error.Kind != protocol.KindBadRequest {
		t.Fatalf("bad JSON: %d %+v", status, rep)
	}
}

// TestSeedScenarios are the seed documents' scenarios, over WebSocket.
func TestSeedScenarios(t *testing.T) {
	srv := startServer(t, serve.Options{})

	t.Run("persist and resume on a new connection", func(t *testing.T) {
		a := dial(t, srv, "", nil)
		s := a.checkout(protocol.Request{})
		a.eval(s, "notes = ['first']")
		a.close()
		b := dial(t, srv, "", nil)
		b.expect(s, "notes.append('second')\nnotes", `["first","second"]`, "notes")
		// And as a new session loaded from the first one's id.
		s2 := b.loadFresh(s)
		b.expect(s2, "len(notes)", "2", "len(notes)")
	})
	t.Run("checkpoint and roll back", func(t *testing.T) {
		c := dial(t, srv, "", nil)
		s := c.checkout(protocol.Request{})
		c.eval(s, "balance = 100")
		cp := c.dump(s)
		c.eval(s, "balance -= 250")
		c.expect(s, "balance", "-150", "balance")
		back := c.loadFresh(cp)
		c.expect(back, "balance", "100", "rolled back balance")
	})
	t.Run("fork into two branches, concurrently", func(t *testing.T) {
		c := dial(t, srv, "", nil)
		s := c.checkout(protocol.Request{})
		rep := c.ok(protocol.Request{Op: "feed", ID: newID("feed"), Session: s, Functions: []string{"choose"},
			Code: "path = ['start']\nchoice = choose()\npath.append(choice)\n'-'.join(path)"})
		snap := c.dump(s)
		var wg sync.WaitGroup
		results := make([]string, 2)
		for i, choice := range []string{"left", "right"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				bc, err := tryDial(t, srv.URL(), nil)
				if err != nil {
					t.Error(err)
					return
				}
				branch := bc.checkout(protocol.Request{})
				p := bc.ok(protocol.Request{Op: "load_snapshot", ID: newID("load"), Session: branch, Snapshot: snap})
				done := bc.ok(protocol.Request{Op: "resume", ID: newID("resume"), Session: branch, CallID: i64(p.CallID), ReturnValue: json.RawMessage(fmt.Sprintf("%q", choice))})
				results[i] = string(done.Value)
			}()
		}
		wg.Wait()
		if results[0] != `"start-left"` || results[1] != `"start-right"` {
			t.Fatalf("branches = %v", results)
		}
		// The original is still suspended, untouched by its forks.
		done := c.ok(protocol.Request{Op: "resume", ID: newID("resume"), Session: s, CallID: i64(rep.CallID), ReturnValue: json.RawMessage(`"middle"`)})
		if string(done.Value) != `"start-middle"` {
			t.Fatalf("original = %s", done.Value)
		}
	})
	t.Run("ephemeral dump refused", func(t *testing.T) {
		c := dial(t, srv, "", nil)
		s := c.checkout(protocol.Request{Ephemeral: true})
		c.eval(s, "secret = 1")
		rep := c.fail(protocol.Request{Op: "dump", ID: newID("dump"), Session: s}, protocol.KindEphemeral)
		if !strings.Contains(rep.Error.Message, "this session is ephemeral, so it cannot be dumped") {
			t.Errorf("message %q", rep.Error.Message)
		}
		// Ephemeral state dies with its connection.
		c.close()
		d := dial(t, srv, "", nil)
		deadline := time.Now().Add(5 * time.Second)
		for {
			rep := d.feed(s, "secret")
			if !rep.OK && rep.Error.Kind == protocol.KindUnknownSession {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("ephemeral session alive after its connection closed: %+v", rep)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	t.Run("unknown session", func(t *testing.T) {
		c := dial(t, srv, "", nil)
		rep := c.fail(feedReq("s-does-not-exist", "1"), protocol.KindUnknownSession)
		if !strings.Contains(rep.Error.Message, "unknown session") {
			t.Errorf("message %q", rep.Error.Message)
		}
		fresh := c.checkout(protocol.Request{})
		c.fail(protocol.Request{Op: "load_session", ID: newID("load"), Session: fresh, Snapshot: "nope"}, protocol.KindUnknownSession)
	})
	t.Run("a loaded closed session", func(t *testing.T) {
		c := dial(t, srv, "", nil)
		s := c.checkout(protocol.Request{})
		c.eval(s, "result = 'kept'")
		c.ok(protocol.Request{Op: "close", ID: newID("close"), Session: s})
		s2 := c.loadFresh(s)
		c.expect(s2, "result", `"kept"`, "result")
	})
}

// TestParts: messages over 128 KB arrive in parts under 32 KB that join
// into the whole message.
func TestParts(t *testing.T) {
	srv := startServer(t, serve.Options{})
	c := dial(t, srv, "", nil)
	s := c.checkout(protocol.Request{})
	rep := c.ok(protocol.Request{Op: "feed", ID: "big", Session: s, Code: "print('é' * 150000)\n'ab' * 100000"})
	var v string
	if err := json.Unmarshal(rep.Value, &v); err != nil || v != strings.Repeat("ab", 100000) {
		t.Fatalf("value of %d bytes does not round-trip (%v)", len(rep.Value), err)
	}
	if got := c.printed("big"); got != strings.Repeat("é", 150000)+"\n" {
		t.Fatalf("printed %d bytes", len(got))
	}
	if c.parts.Load() < 2 {
		t.Fatalf("%d parts received", c.parts.Load())
	}
	if m := c.maxFrame.Load(); m > protocol.MaxMessage {
		t.Fatalf("a message of %d bytes, over 128 KB", m)
	}
	t.Logf("%d parts, largest message %d bytes", c.parts.Load(), c.maxFrame.Load())
}

// TestIdleTimeout: a connection that sends nothing is closed with 1001,
// and its sessions (not ephemeral) stay.
func TestIdleTimeout(t *testing.T) {
	srv := startServer(t, serve.Options{IdleTimeout: time.Second})
	c := dial(t, srv, "", nil)
	s := c.checkout(protocol.Request{})
	c.eval(s, "v = 3")
	if code := c.closed(10 * time.Second); code != websocket.StatusGoingAway {
		t.Fatalf("close code %d, want 1001", code)
	}
	d := dial(t, srv, "", nil)
	d.expect(s, "v", "3", "v after reconnect")
}

// TestProjects: two projects, each with its key, cannot see each other's
// ids; a missing or wrong key is refused.
func TestProjects(t *testing.T) {
	srv := startServer(t, serve.Options{Keys: map[string]string{"key-a": "alpha", "key-b": "beta", "key-b2": "beta"}})
	a := dial(t, srv, "?api_key=key-a", nil)
	h := http.Header{}
	h.Set("x-api-key", "key-b")
	b := dial(t, srv, "", h)
	sa := a.checkout(protocol.Request{})
	a.eval(sa, "mine = 'alpha'")
	snapA := a.dump(sa)

	b.fail(feedReq(sa, "mine"), protocol.KindUnknownSession)
	sb := b.checkout(protocol.Request{})
	b.fail(protocol.Request{Op: "load_session", ID: newID("load"), Session: sb, Snapshot: snapA}, protocol.KindUnknownSession)
	b.fail(protocol.Request{Op: "load_session", ID: newID("load"), Session: sb, Snapshot: sa}, protocol.KindUnknownSession)
	b.fail(protocol.Request{Op: "delete_snapshot", ID: newID("del"), Snapshot: snapA}, protocol.KindUnknownSession)
	for _, si := range b.ok(protocol.Request{Op: "snapshots", ID: newID("snaps")}).Snapshots {
		if si.ID == sa || si.ID == snapA {
			t.Fatalf("beta lists alpha's %s", si.ID)
		}
	}
	// Another key of the same project sees its ids.
	b2 := dial(t, srv, "?api_key=key-b2", nil)
	b2.eval(sb, "1")
	// And alpha still has its own.
	a.expect(sa, "mine", `"alpha"`, "mine")

	for _, q := range []string{"", "?api_key=wrong"} {
		if _, err := tryDial(t, srv.URL()+q, nil); err == nil || !strings.Contains(err.Error(), "401") {
			t.Errorf("dial with %q: %v, want HTTP 401", q, err)
		}
	}
	status, rep := postHTTP(t, srv, "snapshots", "", `{"id":"x"}`)
	if status != 401 || rep.Error == nil || rep.Error.Kind != protocol.KindUnauthorized {
		t.Errorf("HTTP without a key: %d %+v", status, rep)
	}
	status, rep = postHTTP(t, srv, "feed", "key-b", fmt.Sprintf(`{"id":"y","session":%q,"code":"mine"}`, sa))
	if status != 200 || rep.Error == nil || rep.Error.Kind != protocol.KindUnknownSession {
		t.Errorf("HTTP with beta's key on alpha's session: %d %+v", status, rep)
	}
}

// TestOpenProjectLoopbackOnly: without keys, amber serve refuses to
// listen beyond loopback.
func TestOpenProjectLoopbackOnly(t *testing.T) {
	tests := []struct {
		name string
		opts serve.Options
		msg  string
	}{
		{"all interfaces", serve.Options{Addr: "0.0.0.0:0"}, "loopback"},
		{"no host", serve.Options{Addr: ":0"}, "loopback"},
		{"empty keys", serve.Options{Addr: "127.0.0.1:0", Keys: map[string]string{}}, "none given"},
		{"empty project", serve.Options{Addr: "127.0.0.1:0", Keys: map[string]string{"k": ""}}, "empty"},
	}
	for _, tt := range tests {
		tt.opts.DataDir = t.TempDir()
		if _, err := serve.Start(context.Background(), tt.opts); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: Start = %v, want an error about %q", tt.name, err, tt.msg)
		}
	}
}

// TestDisconnectMidStep: a client that leaves during a step and retries
// the same request id on a new connection gets the reply of the one
// execution.
func TestDisconnectMidStep(t *testing.T) {
	srv := startServer(t, serve.Options{})
	c := dial(t, srv, "", nil)
	s := c.checkout(protocol.Request{})
	c.eval(s, "runs = 0")
	c.close()

	a := dial(t, srv, "", nil)
	req := protocol.Request{Op: "feed", ID: "once", Session: s, Code: "print('started')\nruns += 1\nfor _ in range(10000000): pass\nruns"}
	a.send(req)
	// Leave as soon as the step has started (its first print arrived):
	// the loop keeps it running for a few hundred milliseconds more.
	a.started("once")
	left := time.Now()
	_ = a.ws.CloseNow()
	<-a.done

	b := dial(t, srv, "", nil)
	var rep *protocol.Reply
	deadline := time.Now().Add(30 * time.Second)
	for {
		rep = b.do(req)
		// While the first execution runs, a retry may meet it as a
		// conflict, or wait behind it in the project's queue (one step
		// in flight on a 2-core machine) past its deadline: both say to
		// retry later with the same id, which the client does.
		retryable := !rep.OK && (rep.Error.Kind == protocol.KindConflict ||
			rep.Error.Kind == protocol.KindLimit && rep.Error.Type == "steps_in_flight")
		if !retryable || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !rep.OK || string(rep.Value) != "1" {
		t.Fatalf("retry: %+v", rep)
	}
	// The client left within moments of the step's start; the step ran
	// far longer, so it was cut off mid-step.
	if rep.Stats != nil && time.Duration(rep.Stats.DurationUs)*time.Microsecond < 50*time.Millisecond {
		t.Errorf("the step took only %dus: the test did not leave mid-step", rep.Stats.DurationUs)
	}
	t.Logf("retry answered %v after the client left", time.Since(left).Round(time.Millisecond))
	b.expect(s, "runs", "1", "runs of the step")
}

// startCountStep starts a server on dir and a session with count = 1, and
// sends it a feed (request id) that prints, loops loops times and then
// adds 1 to count; it returns once the step has started.
func startCountStep(t *testing.T, dir, id string, loops int) (*serve.Server, *client, string, chan *protocol.Reply) {
	t.Helper()
	srv := startServer(t, serve.Options{DataDir: dir})
	c := dial(t, srv, "", nil)
	s := c.checkout(protocol.Request{})
	c.eval(s, "count = 1")
	code := fmt.Sprintf("print('started')\nfor _ in range(%d): pass\ncount += 1\ncount", loops)
	ch := c.send(protocol.Request{Op: "feed", ID: id, Session: s, Code: code})
	c.started(id)
	return srv, c, s, ch
}

// TestShutdownKeepsState: a graceful shutdown lets a step in flight
// finish and deliver its reply; a restart on the same data continues.
func TestShutdownKeepsState(t *testing.T) {
	dir := t.TempDir()
	srv, c, s, ch := startCountStep(t, dir, "during-shutdown", 10000000)
	shutdown(t, srv)
	rep := c.wait(ch, "during-shutdown")
	// On a loaded machine the loop can outlast the step's budget: the
	// step then commits its slice and answers running, which keeps the
	// state just as well; the restarted server continues it.
	sliced := rep.OK && rep.Progress == protocol.ProgressRunning
	if !sliced && (!rep.OK || string(rep.Value) != "2") {
		t.Fatalf("step in flight at shutdown: %+v", rep)
	}
	if code := c.closed(5 * time.Second); code != websocket.StatusGoingAway {
		t.Errorf("close code at shutdown %d, want 1001", code)
	}

	srv2 := startServer(t, serve.Options{DataDir: dir})
	d := dial(t, srv2, "", nil)
	for sliced {
		rep = d.do(protocol.Request{Op: "continue", ID: newID("continue"), Session: s})
		if !rep.OK {
			t.Fatalf("continue after restart: %+v", rep)
		}
		sliced = rep.Progress == protocol.ProgressRunning
	}
	d.expect(s, "count", "2", "count after restart")
}

// TestShutdownDeadline: when the shutdown's deadline passes before a step
// finishes, the step is cut off; a restart finds the session either
// before the step or at a committed slice of it, never half-written.
func TestShutdownDeadline(t *testing.T) {
	dir := t.TempDir()
	srv, _, s, _ := startCountStep(t, dir, "cut", 20000000)
	shutdowns.Store(srv, true)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	err := srv.Shutdown(ctx)
	cancel()
	t.Logf("shutdown with a step running: %v", err)

	srv2 := startServer(t, serve.Options{DataDir: dir})
	d := dial(t, srv2, "", nil)
	rep := d.feed(s, "count")
	if !rep.OK {
		// A slice of the step was committed as running: continue it.
		t.Logf("feed after restart: %v; continuing the step", rep.Error)
		for i := 0; i < 100; i++ {
			r := d.do(protocol.Request{Op: "continue", ID: newID("continue"), Session: s})
			if !r.OK || r.Progress != protocol.ProgressRunning {
				break
			}
		}
		rep = d.feed(s, "count")
	}
	if !rep.OK || (string(rep.Value) != "1" && string(rep.Value) != "2") {
		t.Fatalf("after a cut shutdown: %+v", rep)
	}
	t.Logf("count after restart: %s", rep.Value)
}

// TestOpenProjectOrigins: without keys, browsers may connect only from
// pages served on this machine (no other site can drive the open project
// from a visitor's browser); with keys, any origin, as API Gateway.
func TestOpenProjectOrigins(t *testing.T) {
	open := startServer(t, serve.Options{})
	keyed := startServer(t, serve.Options{Keys: map[string]string{"k": "p"}})
	tests := []struct {
		srv    *serve.Server
		query  string
		origin string
		ok     bool
	}{
		{open, "", "", true},
		{open, "", "http://localhost:3000", true},
		{open, "", "http://localhost", true},
		{open, "", "http://127.0.0.1:5173", true},
		{open, "", "http://[::1]:8080", true},
		{open, "", open.HTTPURL(), true},
		{open, "", "https://evil.example", false},
		{open, "", "http://localhost.evil.example", false},
		{keyed, "?api_key=k", "https://app.example", true},
	}
	for _, tt := range tests {
		h := http.Header{}
		if tt.origin != "" {
			h.Set("Origin", tt.origin)
		}
		c, err := tryDial(t, tt.srv.URL()+tt.query, h)
		if (err == nil) != tt.ok {
			t.Errorf("origin %q: dial error %v, want ok=%v", tt.origin, err, tt.ok)
		}
		if c != nil {
			c.close()
		}
	}
}
