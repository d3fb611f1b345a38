package core_test

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

// reload dumps p and loads it into a fresh session, as an embedder that
// keeps no session in memory between steps would.
func reload(t *testing.T, p core.Progress, out *strings.Builder) core.Progress {
	t.Helper()
	b, err := p.Dump()
	if err != nil {
		t.Fatalf("dump: %v", err)
	}
	s := core.NewSession(core.Config{})
	q, err := s.LoadSnapshot(b, &core.FeedOptions{Functions: hostFns, Print: func(_, text string) { out.WriteString(text) }})
	if err != nil {
		t.Fatalf("load snapshot: %v", err)
	}
	return q
}

// hostFns declares the host functions the tests call; the tests answer
// the calls themselves.
var hostFns = map[string]core.HostFunc{
	"fetch": func([]any, map[string]any) (any, error) { return nil, errors.New("unexpected auto call") },
	"ask":   func([]any, map[string]any) (any, error) { return nil, errors.New("unexpected auto call") },
}

func TestSessionAsyncHostCallsAcrossSnapshots(t *testing.T) {
	src := `
import asyncio
async def one(name, n):
    try:
        r = await fetch(name, n=n)
        return (name, r)
    except ValueError as e:
        return (name, 'error: ' + str(e))
async def main():
    rs = await asyncio.gather(one('a', 1), one('b', 2), one('c', 3))
    print(rs)
    return rs
asyncio.run(main())
`
	var out strings.Builder
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart(src, &core.FeedOptions{Functions: hostFns, Print: func(_, text string) { out.WriteString(text) }})
	if err != nil {
		t.Fatal(err)
	}
	// Each host call becomes a future; a snapshot is taken and resumed in
	// a fresh session at every step.
	byName := map[string]int64{}
	for {
		p = reload(t, p, &out)
		fc, ok := p.(*core.FunctionCall)
		if !ok {
			break
		}
		if fc.Name != "fetch" || len(fc.Args) != 1 || fc.Kwargs["n"] == nil {
			t.Fatalf("call %s %v %v", fc.Name, fc.Args, fc.Kwargs)
		}
		byName[fc.Args[0].(string)] = fc.CallID
		if p, err = fc.ResumeFuture(); err != nil {
			t.Fatal(err)
		}
	}
	fut, ok := p.(*core.Futures)
	if !ok || len(fut.CallIDs) != 3 {
		t.Fatalf("progress %#v, want Futures with three ids", p)
	}
	// Out of order: c first, then b fails, then a.
	p, err = fut.Resume(map[int64]any{byName["c"]: map[string]any{"k": []any{1, 2.5, "x"}}})
	if err != nil {
		t.Fatal(err)
	}
	fut = reload(t, p, &out).(*core.Futures)
	if !reflect.DeepEqual(fut.CallIDs, []int64{byName["a"], byName["b"]}) {
		t.Fatalf("still pending %v, want a and b", fut.CallIDs)
	}
	p, err = fut.Resume(map[int64]any{byName["b"]: &core.Exception{Type: "ValueError", Message: "nope"}})
	if err != nil {
		t.Fatal(err)
	}
	fut = reload(t, p, &out).(*core.Futures)
	p, err = fut.Resume(map[int64]any{byName["a"]: int64(7)})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := p.(*core.Complete)
	if !ok {
		t.Fatalf("progress %#v, want Complete", p)
	}
	want := "[('a', 7), ('b', 'error: nope'), ('c', {'k': [1, 2.5, 'x']})]\n"
	if out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	_ = c
}

func TestSessionREPLValuesRoundTrip(t *testing.T) {
	s := core.NewSession(core.Config{})
	inputs := map[string]any{
		"n": 3, "f": 1.5, "s": "héllo", "xs": []any{1, "two", 3.0, nil, true},
		"d":   map[string]any{"a": []any{1, map[string]any{"b": core.Tuple{1, 2}}}},
		"big": uint64(1 << 63),
	}
	steps := []struct{ code, repr string }{
		{"n * 2 + big", "9223372036854775814"},
		{"f * n", "4.5"},
		{"s.upper()", "'HÉLLO'"},
		{"xs + [len(xs)]", "[1, 'two', 3.0, None, True, 5]"},
		{"d['a'][1]['b']", "(1, 2)"},
		{"{'k': d, 's': {1}}", "{'k': {'a': [1, {'b': (1, 2)}]}, 's': {1}}"},
	}
	for i, st := range steps {
		var opts *core.FeedOptions
		if i == 0 {
			opts = &core.FeedOptions{Inputs: inputs}
		}
		o, err := s.FeedRun(st.code, opts)
		if err != nil {
			t.Fatalf("%s: %v", st.code, err)
		}
		if o.Repr != st.repr {
			t.Errorf("%s = %s, want %s", st.code, o.Repr, st.repr)
		}
		// The session survives a dump and load between feeds.
		s = restored(t, s, core.Config{})
	}
	o, err := s.FeedRun("d", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := core.Dict{{"a", []any{int64(1), core.Dict{{"b", core.Tuple{int64(1), int64(2)}}}}}}
	if !reflect.DeepEqual(o.Go, want) {
		t.Errorf("d = %#v, want %#v", o.Go, want)
	}
}

func TestSessionHostErrorsCaught(t *testing.T) {
	s := core.NewSession(core.Config{})
	fns := map[string]core.HostFunc{
		"boom": func(args []any, kw map[string]any) (any, error) {
			return nil, &core.Exception{Type: "KeyError", Message: "missing"}
		},
		"plain": func(args []any, kw map[string]any) (any, error) { return nil, errors.New("disk on fire") },
		"custom": func(args []any, kw map[string]any) (any, error) {
			return nil, &core.Exception{Type: "NoSuchError", Message: "odd"}
		},
	}
	o, err := s.FeedRun(`
out = []
for f in (boom, plain, custom):
    try:
        f()
    except Exception as e:
        out.append((type(e).__name__, str(e)))
out
`, &core.FeedOptions{Functions: fns})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(o.Repr)
	if !strings.HasPrefix(o.Repr, `[('KeyError', "'missing'"), ('RuntimeError', 'disk on fire')`) {
		t.Errorf("got %s", o.Repr)
	}
}

func TestSessionLimitsTravel(t *testing.T) {
	s := core.NewSession(core.Config{Limits: core.Limits{MaxRecursion: 50, MaxSuspensions: 2, MaxOutput: 100}})
	p, err := s.FeedStart("x = ask()\ny = ask()\nz = ask()\n", &core.FeedOptions{Functions: hostFns})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	p = reload(t, p, &out)
	fc := p.(*core.FunctionCall)
	p, err = fc.Resume(1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := p.Dump()
	s2 := core.NewSession(core.Config{})
	p, err = s2.LoadSnapshot(b, &core.FeedOptions{Functions: hostFns})
	if err != nil {
		t.Fatal(err)
	}
	if got := s2.Config().Limits; got.MaxRecursion != 50 || got.MaxSuspensions != 2 || got.MaxOutput != 100 {
		t.Errorf("limits after load %+v", got)
	}
	p, err = p.(*core.FunctionCall).Resume(2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err = p.(*core.FunctionCall).Resume(3); err != nil {
		t.Fatal(err)
	}
	_, err = s2.FeedRun("def r(n): return r(n+1)\nr(0)", nil)
	var re *core.RuntimeError
	if !errors.As(err, &re) || re.Type != "RecursionError" {
		t.Errorf("recursion after load: %v", err)
	}
	_, err = s2.FeedRun("print('x' * 200)", nil)
	var le *core.LimitError
	if !errors.As(err, &le) || le.Kind != "output" {
		t.Errorf("output after load: %v", err)
	}
}

// runHost drives a feed, answering every host call with a future, and
// settles all pending futures with settle(id) at each Futures progress.
func runHost(t *testing.T, src string, settle func(args map[int64][]any, id int64) any) string {
	t.Helper()
	return driveHost(t, src, false, settle)
}

func TestSessionHostFutureUnderTimeout(t *testing.T) {
	got := runHost(t, `
import asyncio
async def main():
    r = await asyncio.wait_for(fetch('x'), timeout=10)
    print('got', r)
    async def tick():
        await asyncio.sleep(1)
        print('tick')
    r2 = await asyncio.gather(fetch('y'), tick())
    print(r2)
asyncio.run(main())
`, func(args map[int64][]any, id int64) any { return args[id][0].(string) + "!" })
	want := "got x!\ntick\n['y!', None]\n"
	if got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

type status string
type id int

func TestSessionTypedGoInputs(t *testing.T) {
	type point struct{ X, Y int }
	cases := []struct {
		name string
		in   any
		repr string
	}{
		{"[]int", []int{1, 2, 3}, "[1, 2, 3]"},
		{"[]float64", []float64{0.5, 2}, "[0.5, 2.0]"},
		{"[]map[string]any", []map[string]any{{"a": 1}, {"b": "x"}}, "[{'a': 1}, {'b': 'x'}]"},
		{"map[string]int", map[string]int{"b": 2, "a": 1}, "{'a': 1, 'b': 2}"},
		{"map[string][]string", map[string][]string{"k": {"v", "w"}}, "{'k': ['v', 'w']}"},
		{"map[int]string", map[int]string{2: "two", 1: "one"}, "{1: 'one', 2: 'two'}"},
		{"[][]int", [][]int{{1}, {2, 3}}, "[[1], [2, 3]]"},
		{"[2]bool", [2]bool{true, false}, "[True, False]"},
		{"[]any nil", []any(nil), "[]"},
		{"named string and int", []any{status("ok"), id(7)}, "['ok', 7]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := feed(t, core.NewSession(core.Config{}), "v", &core.FeedOptions{Inputs: map[string]any{"v": c.in}})
			if o.Repr != c.repr {
				t.Errorf("got %s, want %s", o.Repr, c.repr)
			}
		})
	}
	// A struct has no Python form: it stays a host object that round-trips.
	s := core.NewSession(core.Config{})
	o, err := s.FeedRun("p", &core.FeedOptions{Inputs: map[string]any{"p": point{1, 2}}})
	if err != nil {
		t.Fatal(err)
	}
	if o.Go != (point{1, 2}) {
		t.Errorf("struct came back as %#v", o.Go)
	}
}

func TestSessionHostCallsInsideTasks(t *testing.T) {
	got := runHostSync(t, `
import asyncio
async def inner(log):
    try:
        return await fetch('slow')
    except asyncio.CancelledError:
        log.append('inner cancelled')
        raise
async def outer(log):
    try:
        return await inner(log)
    finally:
        log.append('outer finally')
async def main():
    log = []
    v = ask('sync')
    print('sync', v)
    t = asyncio.create_task(outer(log))
    await asyncio.sleep(0)
    t.cancel()
    try:
        await t
    except asyncio.CancelledError:
        log.append('main saw cancel')
    print(log)
    xs = sorted(['b', 'a', 'c'], key=lambda k: ask(k))
    print(xs)
    print(await fetch('last'))
asyncio.run(main())
`)
	want := "sync sync?\n['inner cancelled', 'outer finally', 'main saw cancel']\n['c', 'b', 'a']\nlast!\n"
	if got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

// runHostSync answers ask(x) at once with x+"?" (reversed order keys for
// sorting) and fetch(x) with a future settled to x+"!", reloading the
// progress from a dump before every step.
func runHostSync(t *testing.T, src string) string {
	t.Helper()
	return driveHost(t, src, true, func(args map[int64][]any, id int64) any { return args[id][0].(string) + "!" })
}

// driveHost runs src with hostFns, settling futures with settle. With
// sync, ask is answered at once and every step starts from a reloaded
// dump of the progress.
func driveHost(t *testing.T, src string, sync bool, settle func(args map[int64][]any, id int64) any) string {
	t.Helper()
	var out strings.Builder
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart(src, &core.FeedOptions{Functions: hostFns, Print: func(_, text string) { out.WriteString(text) }})
	args := map[int64][]any{}
	for steps := 0; err == nil && steps < 100; steps++ {
		if _, done := p.(*core.Complete); sync && !done {
			p = reload(t, p, &out)
		}
		switch q := p.(type) {
		case *core.FunctionCall:
			if sync && q.Name == "ask" {
				a := q.Args[0].(string)
				if len(a) == 1 {
					p, err = q.Resume(int64('z' - a[0]))
				} else {
					p, err = q.Resume(a + "?")
				}
				continue
			}
			args[q.CallID] = q.Args
			p, err = q.ResumeFuture()
		case *core.Futures:
			res := map[int64]any{}
			for _, id := range q.CallIDs {
				res[id] = settle(args, id)
			}
			p, err = q.Resume(res)
		case *core.Complete:
			return out.String()
		default:
			t.Fatalf("progress %#v", p)
		}
	}
	if err != nil {
		t.Fatalf("%v\noutput so far: %s", err, out.String())
	}
	t.Fatal("too many steps")
	return ""
}

func TestSessionFuturesResumeEdgeCases(t *testing.T) {
	var out strings.Builder
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart(`
import asyncio
async def main():
    f = fetch('shared')
    a, b = await asyncio.gather(f, f)
    print(a, b)
    try:
        await fetch('bad')
    except RuntimeError as e:
        print('caught', e)
asyncio.run(main())
`, &core.FeedOptions{Functions: hostFns, Print: func(_, text string) { out.WriteString(text) }})
	if err != nil {
		t.Fatal(err)
	}
	id := p.(*core.FunctionCall).CallID
	if p, err = p.(*core.FunctionCall).ResumeFuture(); err != nil {
		t.Fatal(err)
	}
	// Unknown ids are refused (the progress stays usable); an empty round
	// leaves the future pending.
	if _, err := p.(*core.Futures).Resume(map[int64]any{id + 100: 1}); !errors.Is(err, core.ErrUnknownCallID) {
		t.Fatalf("unknown id: err = %v, want ErrUnknownCallID", err)
	}
	for _, res := range []map[int64]any{{}} {
		if p, err = p.(*core.Futures).Resume(res); err != nil {
			t.Fatal(err)
		}
		if f, ok := p.(*core.Futures); !ok || !reflect.DeepEqual(f.CallIDs, []int64{id}) {
			t.Fatalf("after %v: %#v", res, p)
		}
	}
	if p, err = p.(*core.Futures).Resume(map[int64]any{id: "v"}); err != nil {
		t.Fatal(err)
	}
	id = p.(*core.FunctionCall).CallID
	if p, err = p.(*core.FunctionCall).ResumeFuture(); err != nil {
		t.Fatal(err)
	}
	if p, err = p.(*core.Futures).Resume(map[int64]any{id: errors.New("backend down")}); err != nil {
		t.Fatal(err)
	}
	if _, ok := p.(*core.Complete); !ok {
		t.Fatalf("progress %#v", p)
	}
	if want := "v v\ncaught backend down\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}

func TestSessionDurationTravelsThroughSnapshots(t *testing.T) {
	var now time.Duration
	clock := func() time.Duration { now += time.Millisecond; return now }
	cfg := core.Config{Clock: clock, Limits: core.Limits{MaxDuration: time.Second}}
	s := core.NewSession(cfg)
	p, err := s.FeedStart("x = ask('a')\nwhile True:\n    pass\n", &core.FeedOptions{Functions: hostFns})
	if err != nil {
		t.Fatal(err)
	}
	before := s.TimeUsed()
	b, err := p.Dump()
	if err != nil {
		t.Fatal(err)
	}
	s2 := core.NewSession(core.Config{Clock: clock})
	p, err = s2.LoadSnapshot(b, &core.FeedOptions{Functions: hostFns})
	if err != nil {
		t.Fatal(err)
	}
	if s2.TimeUsed() != before || s2.Config().Limits.MaxDuration != time.Second {
		t.Fatalf("after load: used %v (was %v), limits %+v", s2.TimeUsed(), before, s2.Config().Limits)
	}
	_, err = p.(*core.FunctionCall).Resume(1)
	var le *core.LimitError
	if !errors.As(err, &le) || le.Kind != "duration" {
		t.Fatalf("resume: %v, want a duration limit error", err)
	}
	if s2.TimeUsed() < time.Second {
		t.Errorf("time used %v after hitting a 1s limit", s2.TimeUsed())
	}
}

func TestSessionAsyncGeneratorsAwaitingHost(t *testing.T) {
	got := runHostSync(t, `
import asyncio
async def pages(n):
    for i in range(n):
        yield await fetch(f'p{i}')
class Ctx:
    async def __aenter__(self):
        self.v = await fetch('enter')
        return self
    async def __aexit__(self, *a):
        print('exit', await fetch('exit'))
async def main():
    print([p async for p in pages(3)])
    async with Ctx() as c:
        print('in', c.v)
    async for p in pages(2):
        print('page', p, ask('sync'))
    results = await asyncio.gather(*[fetch(f'g{i}') for i in range(3)], return_exceptions=True)
    print(results)
asyncio.run(main())
`)
	want := "['p0!', 'p1!', 'p2!']\nin enter!\nexit exit!\npage p0! sync?\npage p1! sync?\n['g0!', 'g1!', 'g2!']\n"
	if got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

func TestSessionAwaitedCallResumedWithValue(t *testing.T) {
	src := `import asyncio
async def main():
    a = await fetch('a')
    f = fetch('b')
    try:
        await f
    except TypeError as e:
        print('plain call:', e)
    try:
        await fetch('err')
    except KeyError as e:
        print('caught', e)
    return a
asyncio.run(main())`
	var out strings.Builder
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart(src, &core.FeedOptions{Functions: hostFns, Print: func(_, text string) { out.WriteString(text) }})
	if err != nil {
		t.Fatal(err)
	}
	var awaited []bool
	for err == nil {
		fc, ok := p.(*core.FunctionCall)
		if !ok {
			break
		}
		p = reload(t, p, &out) // Awaited survives a snapshot
		fc = p.(*core.FunctionCall)
		awaited = append(awaited, fc.Awaited)
		if fc.Args[0] == "err" {
			p, err = fc.ResumeException("KeyError", "k")
		} else {
			p, err = fc.Resume(fc.Args[0].(string) + "!")
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if c := p.(*core.Complete); c.Output.Repr != "'a!'" {
		t.Errorf("result %s", c.Output.Repr)
	}
	if !reflect.DeepEqual(awaited, []bool{true, false, true}) {
		t.Errorf("awaited %v", awaited)
	}
	if want := "plain call: object str can't be used in 'await' expression\ncaught 'k'\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	// FeedRun answers awaited host calls with the function's result.
	s = core.NewSession(core.Config{})
	o, err := s.FeedRun("import asyncio\nasync def main():\n    return [await fetch(1), await fetch(2)]\nasyncio.run(main())",
		&core.FeedOptions{Functions: map[string]core.HostFunc{"fetch": func(args []any, _ map[string]any) (any, error) { return args[0].(int64) * 10, nil }}})
	if err != nil || o.Repr != "[10, 20]" {
		t.Errorf("FeedRun: %v %v", o.Repr, err)
	}
}

func TestSessionResultsToGo(t *testing.T) {
	s := core.NewSession(core.Config{})
	cases := []struct {
		code string
		want any
	}{
		{"2**70", func() any { b, _ := new(big.Int).SetString("1180591620717411303424", 10); return b }()},
		{"{(1, 'a'): [b'x', None]}", core.Dict{{core.Tuple{int64(1), "a"}, []any{[]byte("x"), nil}}}},
		{"frozenset({3})", core.FrozenSet{int64(3)}},
		{"1+2j", complex(1, 2)},
		{"float('inf')", math.Inf(1)},
		{"ValueError('bad')", &core.Exception{Type: "ValueError", Message: "bad", Args: []any{"bad"}}},
		{"(x for x in [])", core.Opaque{Type: "generator", Repr: ""}},
		{"l = [1]; l.append(l); l", []any{int64(1), core.Opaque{Type: "list", Repr: "[1, [...]]"}}},
	}
	for _, c := range cases {
		o, err := s.FeedRun(c.code, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		got := o.Go
		if op, ok := got.(core.Opaque); ok && op.Type == "generator" {
			op.Repr = ""
			got = op
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %#v, want %#v", c.code, got, c.want)
		}
	}
}

func TestSessionAbandonedLoopDoesNotBlockNextRun(t *testing.T) {
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart("import asyncio\nasync def main():\n    return await fetch('x')\nasyncio.run(main())", &core.FeedOptions{Functions: hostFns})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.(*core.FunctionCall); !ok {
		t.Fatalf("progress %#v", p)
	}
	s.Abandon()
	o, err := s.FeedRun("async def g():\n    await asyncio.sleep(0.1)\n    return 'fresh'\nasyncio.run(g())", nil)
	if err != nil || o.Repr != "'fresh'" {
		t.Errorf("after abandon: %v %v", o.Repr, err)
	}
}

func TestSessionLimitInsideLoopThenRunAgain(t *testing.T) {
	s := core.NewSession(core.Config{Limits: core.Limits{MaxOutput: 50}})
	_, err := s.FeedRun("import asyncio\nasync def main():\n    while True:\n        print('x' * 10)\n        await asyncio.sleep(0)\nasyncio.run(main())", &core.FeedOptions{Print: func(string, string) {}})
	var le *core.LimitError
	if !errors.As(err, &le) {
		t.Fatalf("want a limit error, got %v", err)
	}
	o, err := s.FeedRun("async def g():\n    return 'again'\nasyncio.run(g())", nil)
	if err != nil || o.Repr != "'again'" {
		t.Errorf("after limit: %v %v", o.Repr, err)
	}
}

func TestSessionSnapshotsAreDeterministic(t *testing.T) {
	src := "import asyncio\nasync def one(i):\n    return await fetch(i)\nasync def main():\n    return await asyncio.gather(*[one(i) for i in range(3)])\nasyncio.run(main())"
	run := func() [][]byte {
		// Time used travels in the dump, so the clock must be the same too.
		s := core.NewSession(core.Config{Clock: func() time.Duration { return 0 }})
		p, err := s.FeedStart(src, &core.FeedOptions{Functions: hostFns})
		var dumps [][]byte
		for err == nil {
			b, derr := p.Dump()
			if derr != nil {
				t.Fatal(derr)
			}
			dumps = append(dumps, b)
			switch q := p.(type) {
			case *core.FunctionCall:
				p, err = q.ResumeFuture()
			case *core.Futures:
				p, err = q.Resume(map[int64]any{q.CallIDs[len(q.CallIDs)-1]: int64(len(q.CallIDs))})
			case *core.Complete:
				if q.Output.Repr != "[1, 2, 3]" {
					t.Errorf("result %s", q.Output.Repr)
				}
				return dumps
			}
		}
		t.Fatal(err)
		return nil
	}
	a, b := run(), run()
	if len(a) != len(b) {
		t.Fatalf("%d vs %d steps", len(a), len(b))
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Errorf("step %d: dumps of the same run differ", i)
		}
	}
}
