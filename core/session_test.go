package core_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

func TestFeedsShareNamespace(t *testing.T) {
	s := core.NewSession(core.Config{})
	feeds := []struct {
		code string
		want any
		repr string
	}{
		{"x = 40", nil, "None"},
		{"x + 2", int64(42), "42"},
		{"def f(n):\n    return n * x\n", nil, "None"},
		{"f(2)", int64(80), "80"},
		{"[x, 'a', (1.5, None)]", []any{int64(40), "a", core.Tuple{1.5, nil}}, "[40, 'a', (1.5, None)]"},
		{"{'k': b'v'}", core.Dict{{"k", []byte("v")}}, "{'k': b'v'}"},
		{"class P:\n    def __repr__(self): return 'P!'\nP()", core.Opaque{Type: "P", Repr: "P!"}, "P!"},
	}
	for _, f := range feeds {
		out := feed(t, s, f.code, nil)
		if !reflect.DeepEqual(out.Go, f.want) || out.Repr != f.repr {
			t.Errorf("%q = %#v (%s), want %#v (%s)", f.code, out.Go, out.Repr, f.want, f.repr)
		}
	}
}

func TestFeedInputsAndPrint(t *testing.T) {
	s := core.NewSession(core.Config{})
	var out strings.Builder
	opts := &core.FeedOptions{
		Inputs: map[string]any{"n": 3, "names": []any{"a", "b"}},
		Print:  func(stream, text string) { out.WriteString(stream + ":" + text) },
	}
	feed(t, s, "import sys\nprint(n * 2, names)\nprint('oops', file=sys.stderr)", opts)
	if got, want := out.String(), "stdout:6 ['a', 'b']\nstderr:oops\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

func TestFeedErrors(t *testing.T) {
	s := core.NewSession(core.Config{ScriptName: "agent.py"})
	_, err := s.FeedRun("x = (", nil)
	var se *core.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("syntax error: got %T %v", err, err)
	}
	_, err = s.FeedRun("a = 1\nraise ValueError('bad')\nb = 2", nil)
	var re *core.RuntimeError
	if !errors.As(err, &re) {
		t.Fatalf("runtime error: got %T %v", err, err)
	}
	if re.Type != "ValueError" || !strings.HasSuffix(re.Traceback, "ValueError: bad\n") || !strings.Contains(re.Traceback, `File "agent.py", line 2`) {
		t.Errorf("runtime error = %+v", re)
	}
	// Names bound before the error stay bound; later ones never ran.
	if out := feed(t, s, "a", nil); out.Go != int64(1) {
		t.Errorf("a = %v", out.Go)
	}
	if _, err := s.FeedRun("b", nil); !errors.As(err, &re) || re.Type != "NameError" {
		t.Errorf("b: %v", err)
	}
}

func TestLimitErrors(t *testing.T) {
	s := core.NewSession(core.Config{Limits: core.Limits{MaxDuration: 20 * time.Millisecond}})
	_, err := s.FeedRun("while True:\n    pass", nil)
	var le *core.LimitError
	if !errors.As(err, &le) || le.Kind != "duration" {
		t.Fatalf("got %T %v, want duration LimitError", err, err)
	}
	s = core.NewSession(core.Config{Limits: core.Limits{MaxSuspensions: 2}})
	opts := &core.FeedOptions{Functions: map[string]core.HostFunc{"f": func([]any, map[string]any) (any, error) { return 1, nil }}}
	if _, err := s.FeedRun("f(); f()", opts); err != nil {
		t.Fatalf("two calls: %v", err)
	}
	_, err = s.FeedRun("f()", opts)
	if !errors.As(err, &le) || le.Kind != "suspensions" {
		t.Fatalf("third call: got %v, want suspensions LimitError", err)
	}
}

func TestFunctionCallProgress(t *testing.T) {
	fetch := map[string]core.HostFunc{"fetch": nil}
	cases := []struct {
		name   string
		resume func(p *core.FunctionCall) (core.Progress, error)
		want   string // repr of the feed's value, or the error text
	}{
		{"value", func(p *core.FunctionCall) (core.Progress, error) { return p.Resume("data") }, "'got data'"},
		{"exception value", func(p *core.FunctionCall) (core.Progress, error) {
			return p.ResumeError(&core.Exception{Type: "KeyError", Message: "k"})
		}, "'caught KeyError'"},
		{"type and message", func(p *core.FunctionCall) (core.Progress, error) { return p.ResumeException("ValueError", "bad") }, "'caught ValueError'"},
		{"plain Go error", func(p *core.FunctionCall) (core.Progress, error) { return p.ResumeError(errors.New("io")) }, "'caught RuntimeError'"},
	}
	src := "try:\n    r = 'got ' + fetch('u', retries=2)\nexcept Exception as e:\n    r = 'caught ' + type(e).__name__\nr"
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := core.NewSession(core.Config{})
			p, err := s.FeedStart(src, &core.FeedOptions{Functions: fetch})
			if err != nil {
				t.Fatal(err)
			}
			fc, ok := p.(*core.FunctionCall)
			if !ok {
				t.Fatalf("progress %T, want FunctionCall", p)
			}
			if fc.Name != "fetch" || !reflect.DeepEqual(fc.Args, []any{"u"}) || !reflect.DeepEqual(fc.Kwargs, map[string]any{"retries": int64(2)}) || fc.CallID == 0 || fc.OSCall != "" || fc.Pos != (core.Position{Filename: "main.py", Line: 2}) {
				t.Errorf("function call = %+v", fc)
			}
			p, err = c.resume(fc)
			if err != nil {
				t.Fatal(err)
			}
			done, ok := p.(*core.Complete)
			if !ok || done.Output.Repr != c.want {
				t.Errorf("got %#v, want complete %s", p, c.want)
			}
		})
	}
}

func TestNameLookupProgress(t *testing.T) {
	lookup := func(name string) (any, bool) { return nil, false }
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart("secret * 2", &core.FeedOptions{Lookup: lookup})
	if err != nil {
		t.Fatal(err)
	}
	nl, ok := p.(*core.NameLookup)
	if !ok || nl.Name != "secret" {
		t.Fatalf("progress %#v, want NameLookup secret", p)
	}
	p, err = nl.Resume(21)
	if err != nil || p.(*core.Complete).Output.Go != int64(42) {
		t.Fatalf("resume: %v %v", p, err)
	}
	p, err = s.FeedStart("missing", &core.FeedOptions{Lookup: lookup})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.(*core.NameLookup).ResumeUndefined()
	var re *core.RuntimeError
	if !errors.As(err, &re) || re.Type != "NameError" || !strings.HasSuffix(re.Traceback, "NameError: name 'missing' is not defined\n") {
		t.Errorf("undefined: %v", err)
	}
}

func TestResumeAuto(t *testing.T) {
	s := core.NewSession(core.Config{})
	opts := &core.FeedOptions{
		Functions: map[string]core.HostFunc{
			"add": func(args []any, _ map[string]any) (any, error) { return args[0].(int64) + args[1].(int64), nil },
			"fail": func([]any, map[string]any) (any, error) {
				return nil, &core.Exception{Type: "ZeroDivisionError", Message: "nope"}
			},
		},
		Lookup: func(name string) (any, bool) { return 100, name == "base" },
	}
	p, err := s.FeedStart("try:\n    fail()\nexcept ZeroDivisionError as e:\n    msg = str(e)\n(add(1, 2) + base, msg)", opts)
	steps := 0
	for err == nil {
		if _, ok := p.(*core.Complete); ok {
			break
		}
		p, err = s.ResumeAuto(p)
		steps++
	}
	if err != nil {
		t.Fatal(err)
	}
	if got := p.(*core.Complete).Output.Repr; got != "(103, 'nope')" || steps != 3 {
		t.Errorf("got %s after %d steps, want (103, 'nope') after 3", got, steps)
	}
}

func TestResumeTwice(t *testing.T) {
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart("f() + f()", &core.FeedOptions{Functions: map[string]core.HostFunc{"f": nil}})
	if err != nil {
		t.Fatal(err)
	}
	first := p.(*core.FunctionCall)
	if _, err := first.Resume(1); err != nil {
		t.Fatal(err)
	}
	if _, err := first.Resume(1); !errors.Is(err, core.ErrAlreadyResumed) {
		t.Errorf("second resume: %v, want ErrAlreadyResumed", err)
	}
	if _, err := first.ResumeFuture(); !errors.Is(err, core.ErrAlreadyResumed) {
		t.Errorf("resume as future after resume: %v", err)
	}
	if _, err := s.FeedStart("1", nil); !errors.Is(err, core.ErrSuspended) {
		t.Errorf("feed while suspended: %v, want ErrSuspended", err)
	}
}

func TestFuturesProgress(t *testing.T) {
	p, ids := startHostAsync(t, core.NewSession(core.Config{}))
	fut, ok := p.(*core.Futures)
	if !ok || !reflect.DeepEqual(fut.CallIDs, ids) || len(ids) != 3 {
		t.Fatalf("progress %#v, want Futures %v", p, ids)
	}
	// Settle out of order and in two rounds: results keep argument order.
	p, err := fut.Resume(map[int64]any{ids[2]: "c", ids[0]: "a"})
	if err != nil {
		t.Fatal(err)
	}
	fut, ok = p.(*core.Futures)
	if !ok || !reflect.DeepEqual(fut.CallIDs, ids[1:2]) {
		t.Fatalf("second round %#v, want Futures %v", p, ids[1:2])
	}
	p, err = fut.Resume(map[int64]any{ids[1]: "b"})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.(*core.Complete).Output.Repr; got != "['a', 'b', 'c']" {
		t.Errorf("got %s", got)
	}
}

func TestGatherException(t *testing.T) {
	src := `
import asyncio
log = []
async def ok(v):
    await asyncio.sleep(0.01)
    log.append(v)
    return v
async def bad():
    await asyncio.sleep(0)
    raise ValueError("boom")
async def main():
    try:
        await asyncio.gather(ok(1), bad(), ok(2))
    except ValueError as e:
        log.append("caught " + str(e))
    return await asyncio.gather(ok(3), bad(), return_exceptions=True)
r = asyncio.run(main())
(log, [repr(x) for x in r])
`
	s := core.NewSession(core.Config{})
	out := feed(t, s, src, nil)
	// As in CPython, gather's other children keep running after the
	// first exception propagates.
	want := `(['caught boom', 1, 2, 3], ['3', "ValueError('boom')"])`
	if out.Repr != want {
		t.Errorf("got %s, want %s", out.Repr, want)
	}
}

func TestHostFutureException(t *testing.T) {
	s := core.NewSession(core.Config{})
	src := "import asyncio\nasync def main():\n    f = fetch()\n    try:\n        return await f\n    except KeyError as e:\n        return 'caught ' + str(e)\nasyncio.run(main())"
	p, err := s.FeedStart(src, &core.FeedOptions{Functions: map[string]core.HostFunc{"fetch": nil}})
	if err != nil {
		t.Fatal(err)
	}
	p, err = p.(*core.FunctionCall).ResumeFuture()
	if err != nil {
		t.Fatal(err)
	}
	fut := p.(*core.Futures)
	p, err = fut.Resume(map[int64]any{fut.CallIDs[0]: &core.Exception{Type: "KeyError", Message: "gone"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.(*core.Complete).Output.Repr; got != `"caught 'gone'"` {
		t.Errorf("got %s", got)
	}
}

func TestHostObjects(t *testing.T) {
	type conn struct{ id int }
	c := &conn{7}
	s := core.NewSession(core.Config{})
	var got any
	opts := &core.FeedOptions{
		Inputs:    map[string]any{"db": c},
		Functions: map[string]core.HostFunc{"use": func(args []any, _ map[string]any) (any, error) { got = args[0]; return nil, nil }},
	}
	out := feed(t, s, "use(db)\ntype(db).__name__", opts)
	if got != c {
		t.Errorf("host function got %#v, want the same Go value", got)
	}
	if out.Go != "*core_test.conn" { // type(db) is a host class proxy
		t.Errorf("type name %v", out.Go)
	}
}

// --- dump and load --------------------------------------------------------------

func TestLoadRules(t *testing.T) {
	src := core.NewSession(core.Config{})
	feed(t, src, "x = 1", nil)
	sess, err := src.Dump()
	if err != nil {
		t.Fatal(err)
	}
	_, snap := startDumped(t, src, "f()", "f")
	var de *core.DumpError
	if _, err := core.NewSession(core.Config{}).LoadSnapshot(sess, nil); !errors.As(err, &de) {
		t.Errorf("session dump into LoadSnapshot: %v", err)
	}
	if err := core.NewSession(core.Config{}).LoadSession(snap); !errors.As(err, &de) {
		t.Errorf("snapshot into LoadSession: %v", err)
	}
	used := core.NewSession(core.Config{})
	feed(t, used, "1", nil)
	if err := used.LoadSession(sess); !errors.Is(err, core.ErrSessionUsed) {
		t.Errorf("load into used session: %v", err)
	}
	if _, err := used.LoadSnapshot(snap, nil); !errors.Is(err, core.ErrSessionUsed) {
		t.Errorf("snapshot into used session: %v", err)
	}
	for _, bad := range [][]byte{nil, []byte("not a dump"), sess[:len(sess)/2]} {
		if err := core.NewSession(core.Config{}).LoadSession(bad); !errors.As(err, &de) {
			t.Errorf("corrupt dump %q...: %v", bad[:min(len(bad), 8)], err)
		}
	}
}

func TestDumpCarriesConfig(t *testing.T) {
	now := time.Duration(0)
	clock := func() time.Duration { now += time.Millisecond; return now }
	lim := core.Limits{MaxMemory: 1 << 30, MaxRecursion: 200, MaxSuspensions: 5, MaxDuration: time.Hour}
	a := core.NewSession(core.Config{ScriptName: "agent.py", Limits: lim, TypeCheck: true, Clock: clock})
	feed(t, a, "for i in range(1000):\n    pass", nil)
	used := a.TimeUsed()
	if used <= 0 {
		t.Fatalf("no time used")
	}
	b, err := a.Dump()
	if err != nil {
		t.Fatal(err)
	}
	// The loading session asks for less memory and more recursion: only
	// the lower limit applies.
	c := core.NewSession(core.Config{ScriptName: "other.py", Limits: core.Limits{MaxMemory: 1 << 20, MaxRecursion: 5000}})
	if err := c.LoadSession(b); err != nil {
		t.Fatal(err)
	}
	cfg := c.Config()
	want := lim
	want.MaxMemory = 1 << 20
	if cfg.ScriptName != "agent.py" || !cfg.TypeCheck || cfg.Limits != want {
		t.Errorf("config after load = %+v, want agent.py, type check, %+v", cfg, want)
	}
	if c.TimeUsed() != used {
		t.Errorf("time used %v, want %v", c.TimeUsed(), used)
	}
	_, err = c.FeedRun("raise KeyError(1)", nil)
	var re *core.RuntimeError
	if !errors.As(err, &re) || !strings.Contains(re.Traceback, `"agent.py"`) {
		t.Errorf("traceback after load: %v", err)
	}
}

func TestSnapshotResumeAndFork(t *testing.T) {
	s := core.NewSession(core.Config{})
	feed(t, s, "total = 10", nil)
	p, snap := startDumped(t, s, "total += ask('n')\ntotal", "ask")
	results := map[int]any{}
	for _, n := range []int{1, 2} {
		fork := core.NewSession(core.Config{})
		p, err := fork.LoadSnapshot(snap, nil)
		if err != nil {
			t.Fatal(err)
		}
		fc, ok := p.(*core.FunctionCall)
		if !ok || fc.Name != "ask" || !reflect.DeepEqual(fc.Args, []any{"n"}) {
			t.Fatalf("loaded progress %#v", p)
		}
		p, err = fc.Resume(n)
		if err != nil {
			t.Fatal(err)
		}
		results[n] = p.(*core.Complete).Output.Go
	}
	if results[1] != int64(11) || results[2] != int64(12) {
		t.Errorf("forks gave %v, want 11 and 12", results)
	}
	// The original is untouched by its forks.
	if _, err := p.(*core.FunctionCall).Resume(5); err != nil {
		t.Fatal(err)
	}
	if out := feed(t, s, "total", nil); out.Go != int64(15) {
		t.Errorf("original total %v", out.Go)
	}
}

func TestSnapshotInsideAsync(t *testing.T) {
	p, _ := startHostAsync(t, core.NewSession(core.Config{}))
	snap, err := p.Dump()
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewSession(core.Config{})
	p, err = r.LoadSnapshot(snap, nil)
	if err != nil {
		t.Fatal(err)
	}
	fut, ok := p.(*core.Futures)
	if !ok || len(fut.CallIDs) != 3 {
		t.Fatalf("loaded %#v", p)
	}
	res := map[int64]any{}
	for i, id := range fut.CallIDs {
		res[id] = i * 10
	}
	p, err = fut.Resume(res)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.(*core.Complete).Output.Repr; got != "[0, 10, 20]" {
		t.Errorf("got %s", got)
	}
	// New calls after a restore do not reuse call ids.
	p, err = r.FeedStart("fetch(1)", &core.FeedOptions{Functions: map[string]core.HostFunc{"fetch": nil}})
	if err != nil {
		t.Fatal(err)
	}
	if id := p.(*core.FunctionCall).CallID; id <= fut.CallIDs[2] {
		t.Errorf("call id %d reused after restore (last %d)", id, fut.CallIDs[2])
	}
}

func TestHostObjectStandIn(t *testing.T) {
	s := core.NewSession(core.Config{})
	feed(t, s, "h = db", &core.FeedOptions{Inputs: map[string]any{"db": struct{ x int }{1}}})
	r := restored(t, s, core.Config{})
	out := feed(t, r, "h", nil)
	if _, ok := out.Go.(core.HostStandIn); !ok {
		t.Errorf("restored host object = %#v, want a HostStandIn", out.Go)
	}
	_, err := r.FeedRun("h()", nil)
	var re *core.RuntimeError
	if !errors.As(err, &re) || !strings.Contains(re.Message, "not available after the session was restored") {
		t.Errorf("calling a stand-in: %v", err)
	}
}

func TestSuspensionCountResetsOnLoad(t *testing.T) {
	fns := &core.FeedOptions{Functions: map[string]core.HostFunc{"f": func([]any, map[string]any) (any, error) { return 1, nil }}}
	s := core.NewSession(core.Config{Limits: core.Limits{MaxSuspensions: 2}})
	feed(t, s, "f(); f()", fns)
	r := restored(t, s, core.Config{})
	feed(t, r, "f(); f()", fns)
	var le *core.LimitError
	if _, err := r.FeedRun("f()", fns); !errors.As(err, &le) {
		t.Errorf("limit did not travel: %v", err)
	}
}

func BenchmarkNewSessionFeedRun(b *testing.B) {
	for i := 0; i < b.N; i++ {
		s := core.NewSession(core.Config{})
		if _, err := s.FeedRun("1 + 1", nil); err != nil {
			b.Fatal(err)
		}
	}
}
