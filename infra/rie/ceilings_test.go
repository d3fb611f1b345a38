package rie_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// TestCeilingsUnderEmulator: the server's ceilings, set as the template
// sets them (AMBER_MAX_* and AMBER_PROJECT_CEILINGS, here in the real ws
// bootstrap's environment under the emulator, on dynalite + gofakes3),
// cap every checkout's limits and end steps with their documented,
// committed errors; after each, the other sessions of both projects
// continue from their last committed step, also after a cold start.
func TestCeilingsUnderEmulator(t *testing.T) {
	st := newStackEnv(t,
		"AMBER_MAX_MEMORY=33554432",
		"AMBER_MAX_OUTPUT=65536",
		"AMBER_MAX_REPLY=262144",
		"AMBER_MAX_SUSPENSIONS=2",
		`AMBER_PROJECT_CEILINGS={"p2": {"max_memory": 16777216, "max_sessions": 3}}`,
		"AWS_LAMBDA_FUNCTION_MEMORY_SIZE=1024",
	)
	c1, c2 := st.connect("key-1"), st.connect("key-2")
	type counter struct {
		c       *client
		session string
		n       int
	}
	var witnesses []*counter
	for _, c := range []*client{c1, c2} {
		rep := c.ok(protocol.Request{Op: "checkout"})
		witnesses = append(witnesses, &counter{c: c, session: rep.Session})
		c.ok(protocol.Request{Op: "feed", Session: rep.Session, Code: "n = 0"})
	}
	check := func(what string) {
		t.Helper()
		for _, w := range witnesses {
			w.n++
			rep := w.c.ok(protocol.Request{Op: "feed", Session: w.session, Code: "n += 1\nn"})
			if string(rep.Value) != fmt.Sprint(w.n) {
				t.Fatalf("after %s: the counter is %s, want %d", what, rep.Value, w.n)
			}
		}
	}

	// Effective limits, per project.
	for _, tc := range []struct {
		c   *client
		mem int64
	}{{c1, 32 << 20}, {c2, 16 << 20}} {
		rep := tc.c.ok(protocol.Request{Op: "checkout", Limits: &protocol.Limits{MaxMemory: 1 << 40}})
		if rep.Limits == nil || rep.Limits.MaxMemory != tc.mem || rep.Limits.MaxSuspensions != 2 || rep.Limits.MaxDurationMs == 0 {
			t.Errorf("effective limits %+v, want max_memory %d", rep.Limits, tc.mem)
		}
	}
	check("checkouts")

	// committed runs req twice: the same error both times.
	committed := func(c *client, req protocol.Request, kind, typ string) {
		t.Helper()
		req.ID = fmt.Sprintf("ceil-%s-%d", runID, seq.Add(1))
		var first string
		for i := range 2 {
			_, rep := c.do(req)
			if rep.OK || rep.Error.Kind != kind || (typ != "" && rep.Error.Type != typ) {
				t.Fatalf("%s: %+v, want %s %s", req.Code, rep.Error, kind, typ)
			}
			if i == 0 {
				first = rep.Error.Message
			} else if rep.Error.Message != first {
				t.Errorf("the retry got %q, not %q", rep.Error.Message, first)
			}
		}
	}
	s2 := c2.ok(protocol.Request{Op: "checkout"}).Session
	committed(c2, protocol.Request{Op: "feed", Session: s2, Code: "x = 'a' * (20 * 2**20)"}, protocol.KindLimit, "memory")
	s1 := c1.ok(protocol.Request{Op: "checkout"}).Session
	c1.ok(protocol.Request{Op: "feed", Session: s1, Code: "x = 'a' * (20 * 2**20)"})
	check("the memory ceiling")
	committed(c1, protocol.Request{Op: "feed", Session: s1, Code: "for i in range(10**5):\n    print('y' * 99)"}, protocol.KindLimit, "output")
	committed(c1, protocol.Request{Op: "feed", Session: s1, Code: "x[:300000]"}, protocol.KindTooLarge, "")
	check("the output and reply ceilings")
	_, rep := c1.do(protocol.Request{Op: "feed", Session: s1, Code: "[f(), f(), f()]", Functions: []string{"f"}})
	for i := 0; rep.OK && i < 5; i++ {
		_, rep = c1.do(protocol.Request{Op: "resume", Session: s1, CallID: &rep.CallID, ReturnValue: json.RawMessage("1")})
	}
	if rep.OK || rep.Error.Kind != protocol.KindLimit || rep.Error.Type != "suspensions" {
		t.Errorf("the third pause under a ceiling of 2: %+v", rep.Error)
	}
	check("the suspensions ceiling")

	// The open-session ceiling of p2 (the witness, the checkout of the
	// limits and s2 are open).
	c2.fail(protocol.Request{Op: "checkout"}, protocol.KindQuota)

	// A cold start: every session loads and goes on.
	st.start()
	c1, c2 = st.connect("key-1"), st.connect("key-2")
	witnesses[0].c, witnesses[1].c = c1, c2
	check("a cold start")
	rep = c1.ok(protocol.Request{Op: "feed", Session: s1, Code: "len(x)"})
	if string(rep.Value) != fmt.Sprint(20<<20) {
		t.Errorf("len(x) after the cold start: %s", rep.Value)
	}
	if logs := st.emu.Logs(); strings.Contains(logs, "goroutine ") {
		b, _ := json.Marshal(logs[max(0, len(logs)-2000):])
		t.Errorf("the function logged a Go stack: %s", b)
	}
}
