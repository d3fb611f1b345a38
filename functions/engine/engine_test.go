package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// backend makes the stores an engine test runs on.
type backend struct {
	name string
	open func(t testing.TB) (meta.Store, cas.Store)
	// inline, if not zero, is the engines' Config.InlineBytes: -1 flushes
	// every step, a small value flushes often.
	inline int
}

// backends are the store pairs every engine test runs on: memory (fast),
// the embedded default (bbolt + cas.Dir) and the AWS stack (DynamoDB via
// dynalite + S3 via gofakes3), added by stores_test.go.
var backends = []backend{
	{"memory", openMemory, 0},
	{"memory-flush-always", openMemory, -1},
	{"memory-flush-often", openMemory, 300},
}

func openMemory(testing.TB) (meta.Store, cas.Store) { return newMemMeta(), cas.NewMemory() }

// clock is a settable test clock.
type clock struct{ ns atomic.Int64 }

func newClock() *clock {
	c := &clock{}
	c.ns.Store(time.Now().UnixNano())
	return c
}
func (c *clock) now() time.Time          { return time.Unix(0, c.ns.Load()) }
func (c *clock) advance(d time.Duration) { c.ns.Add(int64(d)) }

// harness drives one engine as one project.
type harness struct {
	t      testing.TB
	e      *Engine
	meta   meta.Store
	chunks cas.Store
	clock  *clock
	caller Caller
	n      atomic.Int64
	inline int
}

func newHarness(t testing.TB, b backend, tweak func(*Config)) *harness {
	t.Helper()
	m, c := b.open(t)
	h := &harness{t: t, meta: m, chunks: c, clock: newClock(), inline: b.inline}
	h.e = h.engine(tweak)
	if _, err := h.e.EnsureProject(context.Background(), "p1", "key-1"); err != nil {
		t.Fatal(err)
	}
	h.caller = Caller{Project: "p1"}
	return h
}

// engine opens another engine on the same stores (another process).
func (h *harness) engine(tweak func(*Config)) *Engine {
	cfg := Config{Meta: h.meta, Chunks: h.chunks, Now: h.clock.now, InlineBytes: h.inline}
	if tweak != nil {
		tweak(&cfg)
	}
	e, err := New(cfg)
	if err != nil {
		h.t.Fatal(err)
	}
	return e
}

func (h *harness) nextID() string { return fmt.Sprintf("req-%d", h.n.Add(1)) }

// on runs req on engine e (h.e when nil); an empty id gets a fresh one.
func (h *harness) on(e *Engine, req protocol.Request) *protocol.Reply {
	h.t.Helper()
	if e == nil {
		e = h.e
	}
	if req.ID == "" {
		req.ID = h.nextID()
	}
	rep := e.Handle(context.Background(), h.caller, &req, nil)
	if rep == nil || rep.ID != req.ID {
		h.t.Fatalf("%s: reply %+v does not answer %s", req.Op, rep, req.ID)
	}
	return rep
}

func (h *harness) ok(req protocol.Request) *protocol.Reply {
	h.t.Helper()
	rep := h.on(nil, req)
	if rep.Error != nil {
		h.t.Fatalf("%s %s: %v", req.Op, req.Code, rep.Error)
	}
	return rep
}

func (h *harness) fail(req protocol.Request, kind, contains string) *protocol.Reply {
	h.t.Helper()
	rep := h.on(nil, req)
	if rep.Error == nil || rep.Error.Kind != kind || !strings.Contains(rep.Error.Error(), contains) {
		h.t.Fatalf("%s: got %+v (error %v), want a %s error containing %q", req.Op, rep, rep.Error, kind, contains)
	}
	return rep
}

func (h *harness) checkout(ephemeral bool) string {
	h.t.Helper()
	return h.ok(protocol.Request{Op: protocol.OpCheckout, Ephemeral: ephemeral}).Session
}

func (h *harness) feed(session, code string) *protocol.Reply {
	h.t.Helper()
	return h.ok(protocol.Request{Op: protocol.OpFeed, Session: session, Code: code})
}

func (h *harness) value(session, expr string) string {
	h.t.Helper()
	rep := h.feed(session, expr)
	if rep.Progress != protocol.ProgressComplete {
		h.t.Fatalf("%s: progress %s", expr, rep.Progress)
	}
	return rep.Repr
}

func raw(v any) json.RawMessage {
	b, err := protocol.EncodeValue(v)
	if err != nil {
		panic(err)
	}
	return b
}

func i64(n int64) *int64 { return &n }

func forEachBackend(t *testing.T, f func(t *testing.T, b backend)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { f(t, b) })
	}
}

func TestFeedAndProgressKinds(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		s := h.checkout(false)
		var events []protocol.Event
		req := protocol.Request{Op: protocol.OpFeed, ID: "f1", Session: s, Code: "x = 40\nprint('hi', x)\nx + n", Inputs: map[string]json.RawMessage{"n": raw(2)}}
		rep := h.e.Handle(context.Background(), h.caller, &req, func(ev protocol.Event) { events = append(events, ev) })
		if rep.Error != nil || rep.Progress != protocol.ProgressComplete || string(rep.Value) != "42" || rep.Repr != "42" {
			t.Fatalf("feed: %+v %v", rep, rep.Error)
		}
		if len(events) != 1 || events[0].Text != "hi 40\n" || events[0].Stream != "stdout" || len(rep.Printed) != 1 || rep.Printed[0] != events[0] {
			t.Errorf("events %+v, printed %+v", events, rep.Printed)
		}

		// A host function call, resumed with a value, an exception, a future.
		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "r = ask('q', k=1)\nr * 2", Functions: []string{"ask"}})
		if rep.Progress != protocol.ProgressFunctionCall || rep.Function != "ask" || string(rep.Args[0]) != `"q"` || string(rep.Kwargs["k"]) != "1" {
			t.Fatalf("function call: %+v", rep)
		}
		call := rep.CallID
		h.fail(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(call + 7), ReturnValue: raw(1)}, protocol.KindAlreadyResumed, "not the pending call")
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "1"}, protocol.KindBadRequest, "paused")
		rep = h.ok(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(call), ReturnValue: raw(21)})
		if rep.Progress != protocol.ProgressComplete || rep.Repr != "42" {
			t.Fatalf("resume: %+v", rep)
		}
		h.fail(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(call), ReturnValue: raw(21)}, protocol.KindAlreadyResumed, "nothing to resume")

		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "ask()", Functions: []string{"ask"}})
		rep = h.on(nil, protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), Exception: &protocol.Exception{Type: "ValueError", Message: "no"}})
		if rep.Error == nil || rep.Error.Kind != protocol.KindPython || rep.Error.Type != "ValueError" || !strings.Contains(rep.Error.Traceback, "ValueError: no") {
			t.Fatalf("resume with exception: %+v", rep.Error)
		}
		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "ask()", Functions: []string{"ask"}})
		rep = h.on(nil, protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), NotHandled: true})
		if rep.Error == nil || rep.Error.Type != "NameError" {
			t.Fatalf("not handled: %+v", rep.Error)
		}

		// Name lookups: a value binds it, not_handled raises NameError.
		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "y + 1", Lookup: true})
		if rep.Progress != protocol.ProgressNameLookup || rep.Name != "y" {
			t.Fatalf("lookup: %+v", rep)
		}
		rep = h.ok(protocol.Request{Op: protocol.OpResume, Session: s, ReturnValue: raw(5)})
		if rep.Repr != "6" {
			t.Fatalf("lookup answered: %+v", rep)
		}
		h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "zz", Lookup: true})
		rep = h.on(nil, protocol.Request{Op: protocol.OpResume, Session: s, NotHandled: true})
		if rep.Error == nil || rep.Error.Type != "NameError" {
			t.Fatalf("lookup not handled: %+v", rep.Error)
		}

		// Futures.
		code := "import asyncio\nasync def one(i):\n    return await fetch(i)\nasync def main():\n    return await asyncio.gather(one(1), one(2))\nasyncio.run(main())"
		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: code, Functions: []string{"fetch"}})
		var ids []int64
		for rep.Progress == protocol.ProgressFunctionCall {
			ids = append(ids, rep.CallID)
			rep = h.ok(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), Future: true})
		}
		if rep.Progress != protocol.ProgressFutures || len(rep.Pending) != 2 {
			t.Fatalf("futures: %+v", rep)
		}
		rep = h.ok(protocol.Request{Op: protocol.OpResumeFutures, Session: s, Results: map[string]protocol.FutureResult{
			fmt.Sprint(ids[0]): {ReturnValue: raw("a")}, fmt.Sprint(ids[1]): {ReturnValue: raw("b")},
		}})
		if rep.Repr != "['a', 'b']" {
			t.Fatalf("futures settled: %+v", rep)
		}

		// Errors that end a feed are recorded and leave the session usable.
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "1/0"}, protocol.KindPython, "ZeroDivisionError")
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "def ("}, protocol.KindSyntax, "")
		if got := h.value(s, "x"); got != "40" {
			t.Errorf("x after errors = %s", got)
		}
		rep = h.ok(protocol.Request{Op: protocol.OpHistory, Session: s})
		if len(rep.Steps) == 0 || rep.Steps[len(rep.Steps)-1].Op != protocol.OpFeed {
			t.Errorf("history %+v", rep.Steps)
		}
	})
}

// TestColdSteps: every step runs on another engine (another process), so
// each one loads the session from the stores.
func TestColdSteps(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		engines := []*Engine{h.e, h.engine(nil), h.engine(nil)}
		s := h.checkout(false)
		h.on(engines[1], protocol.Request{Op: protocol.OpFeed, Session: s, Code: "big = list(range(5000))\nd = {}"})
		for i := 0; i < 6; i++ {
			rep := h.on(engines[i%3], protocol.Request{Op: protocol.OpFeed, Session: s, Code: fmt.Sprintf("d[%d] = ask(%d)", i, i), Functions: []string{"ask"}})
			if rep.Progress != protocol.ProgressFunctionCall {
				t.Fatalf("step %d: %+v %v", i, rep, rep.Error)
			}
			rep = h.on(engines[(i+1)%3], protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), ReturnValue: raw(i * i)})
			if rep.Error != nil {
				t.Fatalf("resume %d: %v", i, rep.Error)
			}
			if rep.Stats == nil || rep.Stats.DirtyPages == 0 || rep.Stats.DirtyPages > 6 {
				t.Errorf("step %d wrote %+v dirty pages", i, rep.Stats)
			}
		}
		rep := h.on(engines[2], protocol.Request{Op: protocol.OpFeed, Session: s, Code: "(sum(big), d)"})
		if rep.Repr != "(12497500, {0: 0, 1: 1, 2: 4, 3: 9, 4: 16, 5: 25})" {
			t.Errorf("state %s %v", rep.Repr, rep.Error)
		}
	})
}

func TestStepBudgetRunsInSlices(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, func(c *Config) { c.MaxStep = 20 * time.Millisecond })
		other := h.engine(func(c *Config) { c.MaxStep = 20 * time.Millisecond })
		s := h.checkout(false)
		rep := h.feed(s, "t = 0\nfor i in range(3000000):\n    t += i\nt")
		slices := 0
		for rep.Progress == protocol.ProgressRunning {
			slices++
			e := h.e
			if slices%2 == 0 {
				e = other // a slice may run anywhere
			}
			rep = h.on(e, protocol.Request{Op: protocol.OpContinue, Session: s})
			if rep.Error != nil {
				t.Fatal(rep.Error)
			}
		}
		if slices < 2 || rep.Repr != "4499998500000" {
			t.Fatalf("after %d slices: %+v", slices, rep)
		}
		h.fail(protocol.Request{Op: protocol.OpContinue, Session: s}, protocol.KindAlreadyResumed, "nothing to resume")

		// A running session dumps as a paused snapshot and runs on elsewhere.
		rs := h.checkout(false)
		if rep = h.feed(rs, "u = 0\nfor i in range(2000000):\n    u += 1\nu"); rep.Progress != protocol.ProgressRunning {
			t.Fatalf("long feed: %+v", rep)
		}
		rsnap := h.ok(protocol.Request{Op: protocol.OpDump, Session: rs}).Snapshot
		h.fail(protocol.Request{Op: protocol.OpLoadSession, Session: h.checkout(false), Snapshot: rsnap}, protocol.KindWrongLoader, "load_snapshot")
		moved := h.checkout(false)
		rep = h.on(other, protocol.Request{Op: protocol.OpLoadSnapshot, Session: moved, Snapshot: rsnap})
		for rep.Error == nil && rep.Progress == protocol.ProgressRunning {
			rep = h.on(other, protocol.Request{Op: protocol.OpContinue, Session: moved})
		}
		if rep.Error != nil || rep.Repr != "2000000" {
			t.Fatalf("moved run: %+v %v", rep.Repr, rep.Error)
		}

		// The duration limit holds across slices.
		ls := h.ok(protocol.Request{Op: protocol.OpCheckout, Limits: &protocol.Limits{MaxDurationMs: 100}}).Session
		rep = h.feed(ls, "while True:\n    pass")
		for i := 0; rep.Error == nil && rep.Progress == protocol.ProgressRunning; i++ {
			if i > 100 {
				t.Fatal("the duration limit never fired")
			}
			rep = h.on(nil, protocol.Request{Op: protocol.OpContinue, Session: ls})
		}
		if rep.Error == nil || rep.Error.Kind != protocol.KindLimit || rep.Error.Type != "duration" {
			t.Fatalf("limit: %+v", rep.Error)
		}
		// Deadline from the context.
		ctx, cancel := context.WithTimeout(context.Background(), 1100*time.Millisecond)
		defer cancel()
		r := h.e.Handle(ctx, h.caller, &protocol.Request{Op: protocol.OpFeed, ID: h.nextID(), Session: s, Code: "while True:\n    pass"}, nil)
		if r.Progress != protocol.ProgressRunning {
			t.Fatalf("deadline step: %+v %v", r, r.Error)
		}
	})
}

func TestSnapshotRules(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		s := h.checkout(false)
		h.feed(s, "x = [1, 2, 3]")
		snap := h.ok(protocol.Request{Op: protocol.OpDump, Session: s}).Snapshot
		h.feed(s, "x.append(4)") // a snapshot never changes

		// Loading gives new, independent sessions; loading twice forks.
		f1, f2 := h.checkout(false), h.checkout(false)
		h.ok(protocol.Request{Op: protocol.OpLoadSession, Session: f1, Snapshot: snap})
		h.ok(protocol.Request{Op: protocol.OpLoadSession, Session: f2, Snapshot: snap})
		h.feed(f1, "x.append('f1')")
		if a, b, c := h.value(f1, "x"), h.value(f2, "x"), h.value(s, "x"); a != "[1, 2, 3, 'f1']" || b != "[1, 2, 3]" || c != "[1, 2, 3, 4]" {
			t.Errorf("forks: %s %s %s", a, b, c)
		}
		// A session id loads its last committed state, even closed at once.
		h.ok(protocol.Request{Op: protocol.OpClose, Session: s})
		f3 := h.checkout(false)
		h.ok(protocol.Request{Op: protocol.OpLoadSession, Session: f3, Snapshot: s})
		if got := h.value(f3, "x"); got != "[1, 2, 3, 4]" {
			t.Errorf("loaded from a closed session: %s", got)
		}
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "1"}, protocol.KindUnknownSession, "unknown session")

		// Loaders work only on a fresh session.
		h.fail(protocol.Request{Op: protocol.OpLoadSession, Session: f1, Snapshot: snap}, protocol.KindNotFresh, "fresh")

		// A suspended snapshot: load_snapshot only, and it resumes.
		ps := h.checkout(false)
		call := h.ok(protocol.Request{Op: protocol.OpFeed, Session: ps, Code: "v = ask()\nv + 1", Functions: []string{"ask"}})
		psnap := h.ok(protocol.Request{Op: protocol.OpDump, Session: ps}).Snapshot
		h.fail(protocol.Request{Op: protocol.OpLoadSession, Session: h.checkout(false), Snapshot: psnap}, protocol.KindWrongLoader, "load_snapshot")
		h.fail(protocol.Request{Op: protocol.OpLoadSnapshot, Session: h.checkout(false), Snapshot: snap}, protocol.KindWrongLoader, "load_session")
		for i := 0; i < 2; i++ {
			l := h.checkout(false)
			rep := h.ok(protocol.Request{Op: protocol.OpLoadSnapshot, Session: l, Snapshot: psnap})
			if rep.Progress != protocol.ProgressFunctionCall || rep.CallID != call.CallID || rep.Function != "ask" {
				t.Fatalf("load_snapshot: %+v", rep)
			}
			rep = h.ok(protocol.Request{Op: protocol.OpResume, Session: l, CallID: i64(rep.CallID), ReturnValue: raw(i)})
			if rep.Repr != fmt.Sprint(i+1) {
				t.Errorf("fork %d: %+v", i, rep)
			}
		}
		// A paused session id works with load_snapshot too.
		l := h.checkout(false)
		if rep := h.ok(protocol.Request{Op: protocol.OpLoadSnapshot, Session: l, Snapshot: ps}); rep.Function != "ask" {
			t.Errorf("load_snapshot of a session id: %+v", rep)
		}

		// Ephemeral sessions cannot be dumped and are never listed.
		eph := h.checkout(true)
		h.feed(eph, "e = 1")
		h.fail(protocol.Request{Op: protocol.OpDump, Session: eph}, protocol.KindEphemeral, "this session is ephemeral, so it cannot be dumped")
		list := h.ok(protocol.Request{Op: protocol.OpSnapshots})
		kinds := map[string]string{}
		for _, in := range list.Snapshots {
			kinds[in.ID] = in.Kind
		}
		if _, ok := kinds[eph]; ok {
			t.Error("an ephemeral session is listed")
		}
		if kinds[snap] != meta.KindSessionDump || kinds[psnap] != meta.KindSuspendedSnapshot || kinds[f1] != "session" {
			t.Errorf("listing %v", kinds)
		}
		if list.Quota == nil || list.Quota.Used <= 0 {
			t.Errorf("quota %+v", list.Quota)
		}

		// Unknown ids, other projects' ids, deleted and expired ids.
		h.fail(protocol.Request{Op: protocol.OpLoadSession, Session: h.checkout(false), Snapshot: "nope"}, protocol.KindUnknownSession, "unknown session")
		if _, err := h.e.EnsureProject(context.Background(), "p2", "key-2"); err != nil {
			t.Fatal(err)
		}
		other := Caller{Project: "p2"}
		for _, req := range []protocol.Request{
			{Op: protocol.OpFeed, Session: f1, Code: "1"},
			{Op: protocol.OpDump, Session: f1},
			{Op: protocol.OpDeleteSnapshot, Snapshot: snap},
		} {
			req.ID = h.nextID()
			if rep := h.e.Handle(context.Background(), other, &req, nil); rep.Error == nil || rep.Error.Kind != protocol.KindUnknownSession {
				t.Errorf("%s from another project: %+v", req.Op, rep.Error)
			}
		}
		h.ok(protocol.Request{Op: protocol.OpDeleteSnapshot, Snapshot: snap})
		h.fail(protocol.Request{Op: protocol.OpLoadSession, Session: h.checkout(false), Snapshot: snap}, protocol.KindUnknownSession, "unknown session")
		fresh := h.checkout(false)
		h.clock.advance(7*24*time.Hour + time.Minute)
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: f2, Code: "1"}, protocol.KindUnknownSession, "unknown session")
		h.fail(protocol.Request{Op: protocol.OpLoadSnapshot, Session: fresh, Snapshot: psnap}, protocol.KindUnknownSession, "unknown session")
	})
}

func TestEphemeralDiesWithConnection(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		ctx := context.Background()
		if err := h.e.Connect(ctx, "conn-1", "p1"); err != nil {
			t.Fatal(err)
		}
		if p, err := h.e.ConnectionProject(ctx, "conn-1"); err != nil || p != "p1" {
			t.Fatalf("connection project %q %v", p, err)
		}
		h.caller.Connection = "conn-1"
		eph := h.checkout(true)
		keep := h.checkout(false)
		h.feed(eph, "a = 1")
		h.feed(keep, "a = 2")
		if err := h.e.Disconnect(ctx, "conn-1"); err != nil {
			t.Fatal(err)
		}
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: eph, Code: "a"}, protocol.KindUnknownSession, "unknown session")
		if got := h.value(keep, "a"); got != "2" {
			t.Errorf("durable session after disconnect: %s", got)
		}
		if _, err := h.e.ConnectionProject(ctx, "conn-1"); err == nil {
			t.Error("connection survived Disconnect")
		}
		if p, err := h.e.Authenticate(ctx, "key-1"); err != nil || p != "p1" {
			t.Errorf("authenticate: %q %v", p, err)
		}
		if _, err := h.e.Authenticate(ctx, "wrong"); asProtocolError(err).Kind != protocol.KindUnauthorized {
			t.Errorf("wrong key: %v", err)
		}
	})
}

func TestCheckoutAndDumpAreIdempotent(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		a := h.ok(protocol.Request{Op: protocol.OpCheckout, ID: "co"}).Session
		if again := h.ok(protocol.Request{Op: protocol.OpCheckout, ID: "co"}).Session; again != a {
			t.Errorf("retried checkout made %s, then %s", a, again)
		}
		h.feed(a, "q = 1")
		d := h.ok(protocol.Request{Op: protocol.OpDump, ID: "dump", Session: a}).Snapshot
		if again := h.ok(protocol.Request{Op: protocol.OpDump, ID: "dump", Session: a}).Snapshot; again != d {
			t.Errorf("retried dump made %s, then %s", d, again)
		}
		// A fresh session can be dumped and loaded too.
		fd := h.ok(protocol.Request{Op: protocol.OpDump, Session: h.checkout(false)}).Snapshot
		l := h.checkout(false)
		h.ok(protocol.Request{Op: protocol.OpLoadSession, Session: l, Snapshot: fd})
		if got := h.value(l, "1 + 1"); got != "2" {
			t.Errorf("loaded fresh dump: %s", got)
		}
	})
}

// faultMeta injects failures around the commit point.
type faultMeta struct {
	meta.Store
	mu sync.Mutex
	// before: fail CommitSession without writing (the process died
	// between the chunk puts and the head update). after: write, then
	// fail (it died between the head update and the reply).
	before, after int
	// hook runs inside CommitSession before the write.
	hook func()
}

func (f *faultMeta) CommitSession(ctx context.Context, s *meta.Session, expect int64) error {
	f.mu.Lock()
	hook := f.hook
	f.hook = nil
	before := f.before > 0
	if before {
		f.before--
	}
	after := !before && f.after > 0
	if after {
		f.after--
	}
	f.mu.Unlock()
	if hook != nil {
		hook()
	}
	if before {
		return fmt.Errorf("injected: died before the head update")
	}
	if err := f.Store.CommitSession(ctx, s, expect); err != nil {
		return err
	}
	if after {
		return fmt.Errorf("injected: died after the head update")
	}
	return nil
}

// faultChunks fails chunk puts on demand.
type faultChunks struct {
	cas.Store
	fail atomic.Int32
}

func (f *faultChunks) Put(ctx context.Context, a cas.Addr, data []byte) error {
	if f.fail.Load() > 0 && f.fail.Add(-1) >= 0 {
		return fmt.Errorf("injected: chunk put failed")
	}
	return f.Store.Put(ctx, a, data)
}

// newFaultHarness is newHarness on b's stores behind faultMeta and
// faultChunks, with b's overlay budget replaced by inline, and the two
// fault injectors.
func newFaultHarness(t *testing.T, b backend, inline int) (*harness, *faultMeta, *faultChunks) {
	var fm *faultMeta
	var fc *faultChunks
	h := newHarness(t, backend{b.name, func(t testing.TB) (meta.Store, cas.Store) {
		m, c := b.open(t)
		fm, fc = &faultMeta{Store: m}, &faultChunks{Store: c}
		return fm, fc
	}, inline}, nil)
	return h, fm, fc
}

func TestExactlyOnce(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h, fm, fc := newFaultHarness(t, b, b.inline)
		s := h.checkout(false)
		h.feed(s, "n = 0")
		step := func(id string) *protocol.Reply {
			return h.on(nil, protocol.Request{Op: protocol.OpFeed, ID: id, Session: s, Code: "n += 1\nprint('ran', n)\nn"})
		}
		cases := []struct {
			name   string
			inject func()
		}{
			{"chunk put fails", func() { fc.fail.Store(1) }},
			{"dies before the head update", func() { fm.mu.Lock(); fm.before = 1; fm.mu.Unlock() }},
			{"dies after the head update", func() { fm.mu.Lock(); fm.after = 1; fm.mu.Unlock() }},
			{"no fault", func() {}},
		}
		want := 0
		for i, tc := range cases {
			id := fmt.Sprintf("once-%d", i)
			tc.inject()
			first := step(id)
			want++
			var got *protocol.Reply
			for try := 0; try < 3; try++ { // the client retries with the same id
				got = step(id)
				if got.Error == nil {
					break
				}
			}
			if got.Error != nil || got.Repr != fmt.Sprint(want) {
				t.Fatalf("%s: retry %+v %v (first %v)", tc.name, got, got.Error, first.Error)
			}
			if first.Error == nil && (first.Repr != got.Repr || first.Stats.Version != got.Stats.Version) {
				t.Errorf("%s: retry answered %+v, first %+v", tc.name, got, first)
			}
			if len(got.Printed) != 1 || got.Printed[0].Text != fmt.Sprintf("ran %d\n", want) {
				t.Errorf("%s: printed %+v", tc.name, got.Printed)
			}
		}
		if got := h.value(s, "n"); got != fmt.Sprint(want) {
			t.Errorf("n = %s after %d steps: a step ran twice or was lost", got, want)
		}
	})
}

func TestConcurrentStepConflicts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		var fm *faultMeta
		h := newHarness(t, backend{b.name, func(t testing.TB) (meta.Store, cas.Store) {
			m, c := b.open(t)
			fm = &faultMeta{Store: m}
			return fm, c
		}, b.inline}, nil)
		other := h.engine(nil) // another process on the same stores
		s := h.checkout(false)
		h.feed(s, "log = []")
		// While h.e's step is about to commit, the other process commits a
		// step on the same session: h.e's commit must fail and write nothing.
		fm.hook = func() {
			if rep := h.on(other, protocol.Request{Op: protocol.OpFeed, Session: s, Code: "log.append('other')"}); rep.Error != nil {
				t.Errorf("other: %v", rep.Error)
			}
		}
		rep := h.on(nil, protocol.Request{Op: protocol.OpFeed, ID: "mine", Session: s, Code: "log.append('mine')"})
		if rep.Error == nil || rep.Error.Kind != protocol.KindConflict {
			t.Fatalf("want a conflict, got %+v", rep.Error)
		}
		if got := h.value(s, "log"); got != "['other']" {
			t.Fatalf("log %s", got)
		}
		h.ok(protocol.Request{Op: protocol.OpFeed, ID: "mine", Session: s, Code: "log.append('mine')"}) // the retry
		if got := h.value(s, "log"); got != "['other', 'mine']" {
			t.Fatalf("log after retry %s", got)
		}
	})
}

func TestQuota(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		ctx := context.Background()
		s := h.checkout(false)
		h.feed(s, "x = 1")
		p, err := h.meta.GetProject(ctx, "p1")
		if err != nil {
			t.Fatal(err)
		}
		used := p.Used // the one session's charge: its logical bytes, rounded up to 64 KB
		p.Quota = used*2 + used/2
		if err := h.meta.PutProject(ctx, p); err != nil {
			t.Fatal(err)
		}
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "x = 2\nbig = list(range(300000))"}, protocol.KindQuota, "quota")
		h.feed(s, "small = list(range(100))") // grows the state within its 64 KB charge
		if got := h.value(s, "x"); got != "1" {
			t.Errorf("a step over quota committed: x = %s", got)
		}
		h.ok(protocol.Request{Op: protocol.OpDump, Session: s})
		h.fail(protocol.Request{Op: protocol.OpDump, Session: s}, protocol.KindQuota, "quota")
		list := h.ok(protocol.Request{Op: protocol.OpSnapshots})
		if list.Quota.Limit != p.Quota || list.Quota.Used < 2*used || list.Quota.Used > list.Quota.Limit {
			t.Errorf("quota %+v, one session %d bytes", list.Quota, used)
		}
		t.Logf("one session is charged %d bytes", used)
	})
}

// TestGCUnderLoad runs steps, forks and dumps on many goroutines while GC
// runs over and over with a short grace period; afterwards every live id
// loads cold and nothing reachable is missing.
func TestGCUnderLoad(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, func(c *Config) { c.GCGrace = 300 * time.Millisecond; c.Now = time.Now })
		h.e.cfg.Now = time.Now
		ctx := context.Background()
		const workers = 4
		var wg sync.WaitGroup
		stop := make(chan struct{})
		var steps atomic.Int64
		sessions := make([]string, workers)
		for w := range sessions {
			sessions[w] = h.checkout(false)
			h.feed(sessions[w], "items = list(range(3000))\nk = 0")
		}
		var snapMu sync.Mutex
		var snaps []string
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				s := sessions[w]
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					rep := h.on(nil, protocol.Request{Op: protocol.OpFeed, Session: s, Code: fmt.Sprintf("k += 1\nitems[%d] = k", (i*37)%3000)})
					if rep.Error != nil {
						t.Errorf("worker %d step %d: %v", w, i, rep.Error)
						return
					}
					steps.Add(1)
					if i%5 == 4 {
						d := h.on(nil, protocol.Request{Op: protocol.OpDump, Session: s})
						f := h.checkout(false)
						h.on(nil, protocol.Request{Op: protocol.OpLoadSession, Session: f, Snapshot: d.Snapshot})
						h.on(nil, protocol.Request{Op: protocol.OpFeed, Session: f, Code: "items.append('fork')"})
						snapMu.Lock()
						snaps = append(snaps, d.Snapshot, f)
						snapMu.Unlock()
					}
				}
			}(w)
		}
		var deleted int64
		// GC runs alongside the steps for 1.5 s, and longer (up to 15 s)
		// until it has deleted something: a slow machine (the race
		// detector, dynalite) makes few steps, and garbage must outlive
		// the grace period before GC may take it.
		start := time.Now()
		for since := time.Duration(0); since < 1500*time.Millisecond || (deleted == 0 && since < 15*time.Second); since = time.Since(start) {
			rep, err := h.e.GC(ctx)
			if err != nil {
				t.Fatal(err)
			}
			deleted += rep.Chunks.Deleted
			time.Sleep(50 * time.Millisecond)
		}
		close(stop)
		wg.Wait()
		if _, err := h.e.GC(ctx); err != nil {
			t.Fatal(err)
		}
		if deleted == 0 {
			t.Errorf("GC deleted nothing in %d steps", steps.Load())
		}
		cold := h.engine(nil)
		for _, s := range sessions {
			if rep := h.on(cold, protocol.Request{Op: protocol.OpFeed, Session: s, Code: "len(items)"}); rep.Repr != "3000" {
				t.Errorf("session %s after GC: %+v %v", s, rep.Repr, rep.Error)
			}
		}
		for _, id := range snaps {
			f := h.on(cold, protocol.Request{Op: protocol.OpCheckout}).Session
			if rep := h.on(cold, protocol.Request{Op: protocol.OpLoadSession, Session: f, Snapshot: id}); rep.Error != nil {
				t.Fatalf("load %s: %v", id, rep.Error)
			}
			if rep := h.on(cold, protocol.Request{Op: protocol.OpFeed, Session: f, Code: "len(items) >= 3000"}); rep.Repr != "True" {
				t.Errorf("fork %s after GC: %+v %v", id, rep.Repr, rep.Error)
			}
		}
		t.Logf("%d steps, %d forks, GC deleted %d chunks", steps.Load(), len(snaps)/2, deleted)
	})
}

// TestGCRootMovedWhileListing: GC reads a project's snapshots, then a
// dump copies a session's head (older than the grace period) into a new
// snapshot and a step moves the head on, then GC reads the sessions. The
// first listing saw the root in neither; GC must not sweep what it
// reaches.
func TestGCRootMovedWhileListing(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, func(c *Config) { c.GCGrace = 50 * time.Millisecond; c.Now = time.Now })
		ctx := context.Background()
		s := h.checkout(false)
		h.feed(s, "items = list(range(3000))")
		time.Sleep(100 * time.Millisecond) // all chunks so far are past the grace period
		var snap string
		var once sync.Once
		h.e.gcListedSnapshots = func(string) {
			once.Do(func() {
				snap = h.ok(protocol.Request{Op: protocol.OpDump, Session: s}).Snapshot
				h.feed(s, "items[0] = -1")
			})
		}
		if _, err := h.e.GC(ctx); err != nil {
			t.Fatal(err)
		}
		h.e.gcListedSnapshots = nil
		if snap == "" {
			t.Fatal("the hook did not run")
		}
		if _, err := h.e.GC(ctx); err != nil {
			t.Fatalf("second GC: %v", err)
		}
		cold := h.engine(nil)
		f := h.on(cold, protocol.Request{Op: protocol.OpCheckout}).Session
		if rep := h.on(cold, protocol.Request{Op: protocol.OpLoadSession, Session: f, Snapshot: snap}); rep.Error != nil {
			t.Fatalf("load %s: %v", snap, rep.Error)
		}
		if rep := h.on(cold, protocol.Request{Op: protocol.OpFeed, Session: f, Code: "(len(items), items[0])"}); rep.Repr != "(3000, 0)" {
			t.Errorf("snapshot after GC: %+v %v", rep.Repr, rep.Error)
		}
	})
}

func TestGCExpires(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, func(c *Config) { c.GCGrace = time.Millisecond })
		s := h.checkout(false)
		h.feed(s, "x = list(range(1000))")
		h.ok(protocol.Request{Op: protocol.OpDump, Session: s})
		h.clock.advance(8 * 24 * time.Hour)
		keep := h.checkout(false)
		h.feed(keep, "y = 1")
		rep, err := h.e.GC(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if rep.ExpiredSessions != 1 || rep.ExpiredSnapshots != 1 || rep.Chunks.Deleted == 0 {
			t.Errorf("gc: %+v", rep)
		}
		if got := h.value(keep, "y"); got != "1" {
			t.Errorf("live session after GC: %s", got)
		}
		p, _ := h.meta.GetProject(context.Background(), "p1")
		var live int64
		ss, _ := h.meta.ListSessions(context.Background(), "p1")
		for _, s := range ss {
			live += charged(s.Bytes)
		}
		if p.Used != live {
			t.Errorf("usage %d after GC, live bytes %d", p.Used, live)
		}
	})
}

// TestConcurrentSameSession: goroutines on two engines (two processes)
// step one session at once. Some steps lose with conflict; every step that
// succeeded ran exactly once and none was lost.
func TestConcurrentSameSession(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		engines := []*Engine{h.e, h.engine(nil)}
		s := h.checkout(false)
		h.feed(s, "n = 0")
		var ok, conflicts atomic.Int64
		var wg sync.WaitGroup
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func(g int) {
				defer wg.Done()
				for i := 0; i < 8; i++ {
					rep := h.on(engines[g%2], protocol.Request{Op: protocol.OpFeed, Session: s, Code: "n += 1"})
					switch {
					case rep.Error == nil:
						ok.Add(1)
					case rep.Error.Kind == protocol.KindConflict:
						conflicts.Add(1)
					default:
						t.Errorf("step: %v", rep.Error)
					}
				}
			}(g)
		}
		wg.Wait()
		if got := h.value(s, "n"); got != fmt.Sprint(ok.Load()) {
			t.Errorf("n = %s after %d successful steps (%d conflicts)", got, ok.Load(), conflicts.Load())
		}
		t.Logf("%d steps committed, %d conflicts", ok.Load(), conflicts.Load())
	})
}

// TestLargeReplyIsRecorded: a reply too big for the head is recorded as a
// chunk, and a retry returns it.
func TestLargeReplyIsRecorded(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, func(c *Config) { c.GCGrace = time.Millisecond })
		s := h.checkout(false)
		req := protocol.Request{Op: protocol.OpFeed, ID: "big", Session: s, Code: "for i in range(400):\n    print('x' * 100)\n'done'"}
		first := h.on(nil, req)
		again := h.on(nil, req)
		if first.Error != nil || len(first.Printed) != 400 || len(again.Printed) != 400 || again.Repr != "'done'" {
			t.Fatalf("first %d events %v, retry %d events %q", len(first.Printed), first.Error, len(again.Printed), again.Repr)
		}
		head, err := h.meta.GetSession(context.Background(), "p1", s)
		if err != nil || head.LastReply == "" || head.ReplyInline != nil {
			t.Errorf("the large reply was not stored as a chunk: %v %q", err, head.LastReply)
		}
		// GC keeps it.
		h.clock.advance(time.Hour)
		if _, err := h.e.GC(context.Background()); err != nil {
			t.Fatal(err)
		}
		if again := h.on(h.engine(nil), req); len(again.Printed) != 400 {
			t.Errorf("after GC, the retry has %d events: %v", len(again.Printed), again.Error)
		}
	})
}

// TestProjectsNeverShareChunks: two projects that build the same state
// store it under unrelated addresses (each project's cas key).
func TestProjectsNeverShareChunks(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		ctx := context.Background()
		if _, err := h.e.EnsureProject(ctx, "p2"); err != nil {
			t.Fatal(err)
		}
		reach := map[string]map[cas.Addr]bool{}
		for _, p := range []string{"p1", "p2"} {
			h.caller = Caller{Project: p}
			s := h.checkout(false)
			h.feed(s, "data = list(range(5000))")
			snap := h.ok(protocol.Request{Op: protocol.OpDump, Session: s}).Snapshot
			rec, err := h.meta.GetSnapshot(ctx, p, snap)
			if err != nil {
				t.Fatal(err)
			}
			repo, err := h.e.repo(ctx, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			root, _ := cas.ParseAddr(rec.Root)
			reach[p] = map[cas.Addr]bool{}
			if err := repo.References(ctx, []cas.Addr{root}, func(r cas.Ref) error {
				reach[p][r.Addr] = true
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		for a := range reach["p1"] {
			if reach["p2"][a] {
				t.Fatalf("chunk %s is shared by two projects", a)
			}
		}
		if len(reach["p1"]) == 0 {
			t.Fatal("nothing stored")
		}
	})
}

// TestMaxSuspensionsAcrossColdSteps: the suspension limit counts pauses
// over the session's life, even when every step runs in a new process.
func TestMaxSuspensionsAcrossColdSteps(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		s := h.ok(protocol.Request{Op: protocol.OpCheckout, Limits: &protocol.Limits{MaxSuspensions: 3}}).Session
		var rep *protocol.Reply
		for i := 0; i < 4; i++ {
			rep = h.on(h.engine(nil), protocol.Request{Op: protocol.OpFeed, Session: s, Code: "ask()", Functions: []string{"ask"}})
			if rep.Error != nil {
				break
			}
			rep = h.on(h.engine(nil), protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), ReturnValue: raw(i)})
		}
		if rep.Error == nil || rep.Error.Kind != protocol.KindLimit || rep.Error.Type != "suspensions" {
			t.Fatalf("the fourth pause: %+v %v", rep, rep.Error)
		}
	})
}

// TestPanicIsAnInternalError: a panic inside a step (here, in the caller's
// emit) becomes an internal error, commits nothing, and the retry runs.
// The reply carries a correlation id and a short message; the panic and
// its Go stack go to the log (JSON), under the same id.
func TestPanicIsAnInternalError(t *testing.T) {
	var log syncBuffer
	h := newHarness(t, backends[0], func(c *Config) { c.Logger = slog.New(slog.NewJSONHandler(&log, nil)) })
	s := h.checkout(false)
	h.feed(s, "n = 0")
	req := protocol.Request{Op: protocol.OpFeed, ID: "p", Session: s, Code: "n += 1\nprint(n)\nn"}
	rep := h.e.Handle(context.Background(), h.caller, &req, func(protocol.Event) { panic("emit failed") })
	if rep.Error == nil || rep.Error.Kind != protocol.KindInternal || rep.Error.CorrelationID == "" {
		t.Fatalf("reply %+v", rep.Error)
	}
	for _, leak := range []string{"emit failed", "goroutine", ".go:", "/work/", "panic"} {
		if strings.Contains(rep.Error.Message, leak) || strings.Contains(rep.Error.Traceback, leak) {
			t.Errorf("the reply's error shows %q: %+v", leak, rep.Error)
		}
	}
	var entry struct {
		Msg, CorrelationID, Err, Stack string
	}
	for _, line := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line is not JSON: %q", line)
		}
		if m["correlation_id"] == rep.Error.CorrelationID {
			entry.Msg, entry.CorrelationID = fmt.Sprint(m["msg"]), rep.Error.CorrelationID
			entry.Err, entry.Stack = fmt.Sprint(m["err"]), fmt.Sprint(m["stack"])
		}
	}
	if entry.CorrelationID == "" || !strings.Contains(entry.Err, "emit failed") || !strings.Contains(entry.Err+entry.Stack, "engine_test.go") {
		t.Errorf("the log has no entry with the panic and its stack under %s: %+v\n%s", rep.Error.CorrelationID, entry, log.String())
	}
	if rep := h.on(nil, req); rep.Repr != "1" {
		t.Errorf("retry: %+v %v", rep.Repr, rep.Error)
	}
}
