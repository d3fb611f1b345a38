package serve_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
)

// ceilingsFile is a projects file of the richer form: ceilings for every
// project, and tighter ones for project "small".
const ceilingsFile = `{
  "ceilings": {"max_memory": 67108864, "max_step_ms": 400, "max_session_ms": 2500,
               "max_output": 65536, "max_reply": 262144, "max_suspensions": 3},
  "projects": {
    "big":   {"keys": ["key-big"]},
    "small": {"keys": ["key-small", "key-small-2"], "ceilings": {"max_memory": 16777216, "max_sessions": 4}}
  }
}`

// startCeilings starts amber serve with ceilingsFile's projects.
func startCeilings(t *testing.T) *serve.Server {
	t.Helper()
	p, err := serve.ParseProjects([]byte(ceilingsFile))
	if err != nil {
		t.Fatal(err)
	}
	return startServer(t, serve.Options{Keys: p.Keys, Ceilings: p.Ceilings, ProjectCeilings: p.Projects})
}

func keyHeader(key string) http.Header { return http.Header{"X-Api-Key": []string{key}} }

// counter is a session that counts its committed steps: the check that
// nothing is lost after a scenario.
type counter struct {
	c       *client
	session string
	n       int
}

func newCounter(c *client) *counter {
	k := &counter{c: c, session: c.checkout(protocol.Request{})}
	c.expect(k.session, "n = 0\nn", "0", "the counter")
	return k
}

// step increments the counter and checks it went on from its last
// committed step.
func (k *counter) step(t *testing.T) {
	t.Helper()
	k.n++
	k.c.expect(k.session, "n += 1\nn", fmt.Sprint(k.n), "the counter")
}

// TestServerCeilings: the server's ceilings cap every request's limits,
// per project; each ceiling ends a step with its documented error, which
// is committed (the retry gets the same reply), and the session stays
// usable. Nothing else is lost.
func TestServerCeilings(t *testing.T) {
	srv := startCeilings(t)
	big := dial(t, srv, "", keyHeader("key-big"))
	small := dial(t, srv, "", keyHeader("key-small"))
	witnesses := []*counter{newCounter(big), newCounter(small)}
	defer func() {
		for _, w := range witnesses {
			w.step(t)
		}
	}()

	t.Run("checkout without limits gets the ceilings", func(t *testing.T) {
		defer big.use(t)()
		defer small.use(t)()
		for _, tc := range []struct {
			c    *client
			want protocol.Limits
		}{
			{big, protocol.Limits{MaxMemory: 64 << 20, MaxDurationMs: 2500, MaxAllocations: 1 << 34, MaxRecursion: 1000, MaxSuspensions: 3}},
			{small, protocol.Limits{MaxMemory: 16 << 20, MaxDurationMs: 2500, MaxAllocations: 1 << 34, MaxRecursion: 1000, MaxSuspensions: 3}},
		} {
			rep := tc.c.ok(protocol.Request{Op: "checkout", ID: newID("checkout")})
			if rep.Limits == nil || *rep.Limits != tc.want {
				t.Errorf("effective limits %+v, want %+v", rep.Limits, tc.want)
			}
			tc.c.ok(protocol.Request{Op: "close", ID: newID("close"), Session: rep.Session})
		}
	})

	t.Run("limits over a ceiling are capped, under it kept", func(t *testing.T) {
		defer big.use(t)()
		defer small.use(t)()
		rep := big.ok(protocol.Request{Op: "checkout", ID: newID("checkout"), Limits: &protocol.Limits{
			MaxMemory: 1 << 40, MaxDurationMs: 1 << 40, MaxRecursion: 1 << 20, MaxSuspensions: 2, MaxOutput: 100}})
		want := protocol.Limits{MaxMemory: 64 << 20, MaxDurationMs: 2500, MaxAllocations: 1 << 34, MaxRecursion: 5000, MaxSuspensions: 2, MaxOutput: 100}
		if rep.Limits == nil || *rep.Limits != want {
			t.Errorf("effective limits %+v, want %+v", rep.Limits, want)
		}
	})

	// committed runs req twice with the same id: the step's error is
	// recorded, so the retry returns it again and runs nothing.
	committed := func(t *testing.T, c *client, req protocol.Request, kind, typ string) *protocol.Reply {
		t.Helper()
		rep := c.fail(req, kind)
		if typ != "" && rep.Error.Type != typ {
			t.Fatalf("%s: error %+v, want type %s", req.Op, rep.Error, typ)
		}
		again := c.fail(req, kind)
		if again.Error.Message != rep.Error.Message {
			t.Errorf("the retry got %q, not the recorded %q", again.Error.Message, rep.Error.Message)
		}
		return rep
	}

	t.Run("memory", func(t *testing.T) {
		defer big.use(t)()
		defer small.use(t)()
		for _, tc := range []struct {
			c    *client
			size int
		}{{small, 20 << 20}, {big, 80 << 20}} {
			s := tc.c.checkout(protocol.Request{})
			tc.c.expect(s, "keep = [1, 2]\nlen(keep)", "2", "keep")
			committed(t, tc.c, feedReq(s, fmt.Sprintf("x = 'a' * %d", tc.size)), protocol.KindLimit, "memory")
			tc.c.expect(s, "len(keep)", "2", "keep after the memory limit")
		}
		// Under the ceiling, a session gets what it asked for.
		s := big.checkout(protocol.Request{})
		big.expect(s, "x = 'a' * (40 * 2**20)\nlen(x)", fmt.Sprint(40<<20), "len(x)")
	})

	t.Run("step time and session time", func(t *testing.T) {
		defer big.use(t)()
		defer small.use(t)()
		s := big.checkout(protocol.Request{})
		rep := big.do(feedReq(s, "i = 0\nwhile True:\n    i += 1"))
		slices := 0
		for rep.OK && rep.Progress == protocol.ProgressRunning && slices < 20 {
			slices++
			rep = big.do(protocol.Request{Op: "continue", ID: newID("continue"), Session: s})
		}
		if rep.OK || rep.Error.Kind != protocol.KindLimit || rep.Error.Type != "duration" {
			t.Fatalf("after %d slices: %+v %v", slices, rep.Progress, rep.Error)
		}
		// 2.5 s of session time in slices of at most 0.4 s.
		if slices < 5 {
			t.Errorf("the session's 2.5 s ran in %d slices: the 400 ms step ceiling did not hold", slices)
		}
		// The session's run time is spent: it says so again, and runs nothing.
		if rep := big.fail(feedReq(s, "i"), protocol.KindLimit); rep.Error.Type != "duration" {
			t.Errorf("a feed after the session's time: %+v", rep.Error)
		}
	})

	t.Run("output per step", func(t *testing.T) {
		defer big.use(t)()
		defer small.use(t)()
		s := big.checkout(protocol.Request{})
		req := feedReq(s, "for i in range(100000):\n    print('y' * 99)")
		rep := committed(t, big, req, protocol.KindLimit, "output")
		if n := len(big.printed(req.ID)); n > 2*65536 {
			t.Errorf("the step streamed %d bytes of output past its 64 KB ceiling", n)
		}
		if !strings.Contains(rep.Error.Message, "per step") {
			t.Errorf("message %q does not say the ceiling is per step", rep.Error.Message)
		}
		// The next step may print again.
		big.expect(s, "print('ok')\n1", "1", "a step after the output limit")
	})

	t.Run("reply size", func(t *testing.T) {
		defer big.use(t)()
		defer small.use(t)()
		s := big.checkout(protocol.Request{})
		rep := committed(t, big, feedReq(s, "x = 'x' * 300000\nx"), protocol.KindTooLarge, "")
		if !strings.Contains(rep.Error.Message, "committed") {
			t.Errorf("message %q", rep.Error.Message)
		}
		// The step committed: x is bound. A reply under the ceiling but
		// over the message size (the value and its repr: 200 KB) comes in
		// parts.
		big.expect(s, "len(x)", "300000", "len(x)")
		if got := big.eval(s, "x[:100000]"); len(got) != 100002 {
			t.Errorf("a 200 KB reply: a value of %d bytes", len(got))
		}
		// A call whose arguments are too large: the pause is dropped, so
		// the session is idle, not stuck at a call its client never saw.
		req := feedReq(s, "f(x)")
		req.Functions = []string{"f"}
		committed(t, big, req, protocol.KindTooLarge, "")
		big.expect(s, "1 + 1", "2", "a feed after the too-large call")
	})

	t.Run("suspensions", func(t *testing.T) {
		defer big.use(t)()
		defer small.use(t)()
		s := big.checkout(protocol.Request{})
		req := feedReq(s, "for i in range(10):\n    f(i)")
		req.Functions = []string{"f"}
		rep := big.ok(req)
		for i := 0; rep.OK && i < 10; i++ {
			rep = big.do(protocol.Request{Op: "resume", ID: newID("resume"), Session: s, CallID: &rep.CallID, ReturnValue: json.RawMessage("null")})
		}
		if rep.OK || rep.Error.Kind != protocol.KindLimit || rep.Error.Type != "suspensions" {
			t.Fatalf("the fourth pause: %+v %v", rep.Progress, rep.Error)
		}
	})

	t.Run("open sessions", func(t *testing.T) {
		defer big.use(t)()
		defer small.use(t)()
		other := dial(t, srv, "", keyHeader("key-small-2"))
		// The witness and the sessions above are open: fill to 4.
		var ids []string
		for {
			rep := other.do(protocol.Request{Op: "checkout", ID: newID("checkout")})
			if !rep.OK {
				if rep.Error.Kind != protocol.KindQuota || rep.Error.Type != "sessions" {
					t.Fatalf("checkout past the ceiling: %v", rep.Error)
				}
				break
			}
			ids = append(ids, rep.Session)
			if len(ids) > 4 {
				t.Fatal("more than 4 open sessions")
			}
		}
		// A retried checkout still finds its session; closing one makes room.
		first := protocol.Request{Op: "checkout", ID: "small-retry"}
		other.ok(protocol.Request{Op: "close", ID: newID("close"), Session: ids[0]})
		s := other.ok(first).Session
		if again := other.ok(first).Session; again != s {
			t.Errorf("a retried checkout at the ceiling made %s, not %s", again, s)
		}
		other.fail(protocol.Request{Op: "checkout", ID: newID("checkout")}, protocol.KindQuota)
		// Another project's sessions are not counted.
		big.checkout(protocol.Request{})
		for _, id := range append(ids[1:], s) {
			other.ok(protocol.Request{Op: "close", ID: newID("close"), Session: id})
		}
	})

	t.Run("a restored session's limits are capped by the loading checkout's", func(t *testing.T) {
		defer big.use(t)()
		defer small.use(t)()
		src := big.checkout(protocol.Request{})
		big.expect(src, "x = 'a' * (30 * 2**20)\nlen(x) > 0", "true", "x")
		snap := big.dump(src)
		// Loaded under the same ceiling, it can grow as before...
		wide := big.loadFresh(snap)
		big.expect(wide, "y = 'b' * (20 * 2**20)\nlen(y)", fmt.Sprint(20<<20), "len(y)")
		// ...but a checkout that asked for 40 MB caps it there.
		narrow := big.checkout(protocol.Request{Limits: &protocol.Limits{MaxMemory: 40 << 20}})
		big.ok(protocol.Request{Op: "load_session", ID: newID("load"), Session: narrow, Snapshot: snap})
		rep := big.fail(feedReq(narrow, "y = 'b' * (20 * 2**20)"), protocol.KindLimit)
		if rep.Error.Type != "memory" {
			t.Errorf("error %+v", rep.Error)
		}
		big.expect(narrow, "len(x)", fmt.Sprint(30<<20), "len(x) in the capped session")
	})

	t.Run("HTTP replies are bounded", func(t *testing.T) {
		defer big.use(t)()
		defer small.use(t)()
		s := big.checkout(protocol.Request{})
		body := func(code string) string {
			b, _ := json.Marshal(feedReq(s, code))
			return string(b)
		}
		code, rep := postHTTP(t, srv, "feed", "key-big", body("for i in range(10**6):\n    print(i)"))
		if code != http.StatusOK || rep.Error == nil || rep.Error.Kind != protocol.KindLimit || rep.Error.Type != "output" {
			t.Fatalf("HTTP %d %+v", code, rep.Error)
		}
		if n := len(rep.Printed); n == 0 || n > 20000 {
			t.Errorf("%d printed events in the reply", n)
		}
		code, rep = postHTTP(t, srv, "feed", "key-big", body("'x' * 50_000_000"))
		if code != http.StatusRequestEntityTooLarge || rep.Error == nil || rep.Error.Kind != protocol.KindTooLarge {
			t.Fatalf("HTTP %d %+v", code, rep.Error)
		}
	})
}

// TestProjectsFile: the projects file's two forms, and its refusals.
func TestProjectsFile(t *testing.T) {
	p, err := serve.ParseProjects([]byte(`{"k1": "a", "k2": "a", "k3": "b"}`))
	if err != nil || len(p.Keys) != 3 || p.Keys["k3"] != "b" || p.Projects != nil {
		t.Errorf("key -> project form: %+v %v", p, err)
	}
	p, err = serve.ParseProjects([]byte(ceilingsFile))
	if err != nil {
		t.Fatal(err)
	}
	if p.Keys["key-small-2"] != "small" || p.Projects["small"].MaxSessions != 4 || p.Ceilings.MaxReply != 262144 {
		t.Errorf("rich form: %+v", p)
	}
	if (p.Projects["big"] != engine.Ceilings{}) {
		t.Errorf("project big sets no ceilings: %+v", p.Projects["big"])
	}
	for _, bad := range []string{
		`{}`,
		`[]`,
		`{"projects": {"a": {"keys": []}}}`,
		`{"projects": {"a": {"keys": ["k"]}, "b": {"keys": ["k"]}}}`,
		`{"projects": {"a": {"keys": ["k"], "ceilings": {"max_memory": -1}}}}`,
		`{"projects": {"a": {"keys": ["k"], "ceilings": {"max_memry": 5}}}}`,
		`{"ceilings": {"max_reply": -5}, "projects": {"a": {"keys": ["k"]}}}`,
	} {
		if _, err := serve.ParseProjects([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
