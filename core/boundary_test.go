package core_test

// Tests of the host boundary (values in, exceptions back, progresses,
// restores over the memory limit) and of the time budget at a feed's start.

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

func TestInputsNeverPanic(t *testing.T) {
	cyclic := []any{1, nil}
	cyclic[1] = cyclic
	cyclicMap := map[string]any{}
	cyclicMap["self"] = cyclicMap
	deep := any(nil)
	for i := 0; i < 100000; i++ {
		deep = []any{deep}
	}
	// A DAG that doubles at each level: 2**64 leaves if walked naively.
	dag := any(1)
	for i := 0; i < 64; i++ {
		dag = []any{dag, dag}
	}
	tests := []struct {
		name  string
		input any
		code  string
		want  string // repr of code's value; "" means a ConversionError
	}{
		{"NaN keys", map[float64]int{math.NaN(): 1, 1.5: 2}, "len(v), v[1.5]", "(2, 2)"},
		{"cyclic slice", cyclic, "v", ""},
		{"cyclic map", cyclicMap, "v", ""},
		{"nested 10**5 deep", deep, "v", ""},
		{"exponential sharing", dag, "v", ""},
		{"nil map and slice", map[string]any{"a": []int(nil), "b": map[string]int(nil)}, "v", "{'a': [], 'b': {}}"},
		{"array of structs", [2]struct{ A int }{}, "len(v)", "2"},
		{"integers of every Go kind", []any{int8(-8), int16(-16), int32(-32), int64(-64), -1, uint8(8), uint16(16), uint32(32), uint(1 << 63), uint64(1<<64 - 1)},
			"v", "[-8, -16, -32, -64, -1, 8, 16, 32, 9223372036854775808, 18446744073709551615]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := core.NewSession(core.Config{Limits: core.Limits{MaxMemory: 64 << 20}})
			out, err := s.FeedRun(tt.code, &core.FeedOptions{Inputs: map[string]any{"v": tt.input}})
			if tt.want == "" {
				var ce *core.ConversionError
				if !errors.As(err, &ce) {
					t.Fatalf("err = %v, want a ConversionError", err)
				}
				// The session is still usable.
				feed(t, s, "1 + 1", nil)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if out.Repr != tt.want {
				t.Errorf("got %s, want %s", out.Repr, tt.want)
			}
		})
	}
}

// A host function's result that cannot be converted is raised in the
// sandbox as TypeError; the process survives.
func TestResumeWithCyclicValue(t *testing.T) {
	cyclic := []any{nil}
	cyclic[0] = cyclic
	s := core.NewSession(core.Config{})
	fns := map[string]core.HostFunc{"f": func([]any, map[string]any) (any, error) { return cyclic, nil }}
	out, err := s.FeedRun("try:\n    f()\nexcept TypeError as e:\n    r = 'TypeError'\nr", &core.FeedOptions{Functions: fns})
	if err != nil || out.Repr != "'TypeError'" {
		t.Fatalf("got %v %v", out.Repr, err)
	}
}

// Invalid UTF-8 in host strings follows one rule everywhere: each bad
// byte becomes U+FFFD.
func TestHostStringsInvalidUTF8(t *testing.T) {
	bad := "a\xffb\xc3"
	s := core.NewSession(core.Config{})
	fns := map[string]core.HostFunc{
		"f": func([]any, map[string]any) (any, error) { return bad, nil },
		"err": func([]any, map[string]any) (any, error) {
			return nil, &core.Exception{Type: "ValueError", Message: bad}
		},
	}
	code := `
r = []
r.append(v)
r.append(list(d)[0])
r.append(f())
try:
    err()
except ValueError as e:
    r.append(e.args[0])
r.append(names[0])
[x == 'a\ufffdb\ufffd' and len(x) == 4 for x in r]`
	type named string
	opts := &core.FeedOptions{
		Inputs:    map[string]any{"v": bad, "d": map[string]any{bad: 1}, "names": []named{named(bad)}},
		Functions: fns,
	}
	out, err := s.FeedRun(code, opts)
	if err != nil {
		t.Fatal(err)
	}
	if out.Repr != "[True, True, True, True, True]" {
		t.Errorf("got %s", out.Repr)
	}
}

// An exception that comes out of the sandbox and goes back in keeps its
// type and all its args.
func TestExceptionArgsRoundTrip(t *testing.T) {
	s := core.NewSession(core.Config{})
	out := feed(t, s, "ValueError('x', 2)", nil)
	e, ok := out.Go.(*core.Exception)
	if !ok || e.Type != "ValueError" || !reflect.DeepEqual(e.Args, []any{"x", int64(2)}) {
		t.Fatalf("got %#v", out.Go)
	}
	fns := map[string]core.HostFunc{"f": func([]any, map[string]any) (any, error) { return nil, e }}
	out = feed(t, s, "try:\n    f()\nexcept ValueError as err:\n    r = err.args\nr", &core.FeedOptions{Functions: fns})
	if out.Repr != "('x', 2)" {
		t.Errorf("args after the round trip: %s", out.Repr)
	}
}

// A progress is resumed only through the session that produced it.
func TestResumeAutoForeignProgress(t *testing.T) {
	var calledA, calledB int
	fa := map[string]core.HostFunc{"tool": func([]any, map[string]any) (any, error) { calledA++; return 1, nil }}
	fb := map[string]core.HostFunc{"tool": func([]any, map[string]any) (any, error) { calledB++; return 2, nil }}
	a := core.NewSession(core.Config{})
	b := core.NewSession(core.Config{})
	pa, err := a.FeedStart("tool()", &core.FeedOptions{Functions: fa})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.FeedStart("x = 1", &core.FeedOptions{Functions: fb}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.ResumeAuto(pa); !errors.Is(err, core.ErrForeignProgress) {
		t.Fatalf("b.ResumeAuto(a's progress): err = %v, want ErrForeignProgress", err)
	}
	if calledA+calledB != 0 {
		t.Fatalf("host functions ran: a %d, b %d", calledA, calledB)
	}
	// a can still resume it itself.
	p, err := a.ResumeAuto(pa)
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := p.(*core.Complete); !ok || c.Output.Repr != "1" || calledA != 1 {
		t.Fatalf("got %#v, calledA %d", p, calledA)
	}
}

func TestFuturesResumeRefusesUnknownIDs(t *testing.T) {
	p, _ := startHostAsync(t, core.NewSession(core.Config{}))
	fut := p.(*core.Futures)
	if _, err := fut.Resume(map[int64]any{999: "x"}); !errors.Is(err, core.ErrUnknownCallID) {
		t.Fatalf("unknown id: err = %v, want ErrUnknownCallID", err)
	}
	// Refusing did not use the progress up.
	res := map[int64]any{}
	for i, id := range fut.CallIDs {
		res[id] = string(rune('a' + i))
	}
	p, err := fut.Resume(res)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.(*core.Complete).Output.Repr; got != "['a', 'b', 'c']" {
		t.Errorf("got %s", got)
	}
}

// Dumping one progress again and again gives the same bytes and does not
// grow the heap.
func TestRepeatedSnapshotDumpIsStable(t *testing.T) {
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart("x = [1, 2]\ntool(x, k='v')\n", &core.FeedOptions{Functions: map[string]core.HostFunc{"tool": nil}})
	if err != nil {
		t.Fatal(err)
	}
	first, err := p.Dump()
	if err != nil {
		t.Fatal(err)
	}
	info, err := core.InspectDump(first)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		b, err := p.Dump()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, first) {
			t.Fatalf("dump %d differs from the first", i+2)
		}
		if _, err := s.DumpPages(nil); err != nil {
			t.Fatal(err)
		}
	}
	last, _ := p.Dump()
	info2, err := core.InspectDump(last)
	if err != nil {
		t.Fatal(err)
	}
	if info2.Objects != info.Objects {
		t.Fatalf("heap grew from %d to %d objects", info.Objects, info2.Objects)
	}
}

// A session restored over its memory limit says so once, clearly, and can
// still free memory.
func TestRestoredOverMemoryLimit(t *testing.T) {
	big := core.NewSession(core.Config{})
	feed(t, big, "x = 'a' * 3000000\ny = 1\n", nil)
	s := restored(t, big, core.Config{Limits: core.Limits{MaxMemory: 1 << 20}})
	_, err := s.FeedRun("y + 1", nil)
	var le *core.LimitError
	if !errors.As(err, &le) || le.Kind != "memory" || !strings.Contains(le.Msg, "restored session") {
		t.Fatalf("first feed: err = %v, want the memory LimitError about the restore", err)
	}
	// Said once: the next feeds run, but cannot grow the heap.
	if out := feed(t, s, "y + 1", nil); out.Repr != "2" {
		t.Fatalf("got %s", out.Repr)
	}
	if _, err := s.FeedRun("z = 'b' * 2000000", nil); !errors.As(err, &le) || le.Kind != "memory" {
		t.Fatalf("growing while over: err = %v, want a memory LimitError", err)
	}
	feed(t, s, "del x", nil)
	if out := feed(t, s, "z = 'b' * 100000\nlen(z)", nil); out.Repr != "100000" {
		t.Fatalf("after freeing: %s", out.Repr)
	}
}

// An exhausted time budget stops a feed at its start.
func TestSpentBudgetStopsFeedAtStart(t *testing.T) {
	s := core.NewSession(core.Config{Clock: stepClock(10 * time.Millisecond), Limits: core.Limits{MaxDuration: 2 * time.Second}})
	_, err := s.FeedRun("while True:\n    pass\n", nil)
	var le *core.LimitError
	if !errors.As(err, &le) || le.Kind != "duration" {
		t.Fatalf("loop: err = %v", err)
	}
	for i := 0; i < 40; i++ {
		if _, err := s.FeedRun("x = 1", nil); !errors.As(err, &le) || le.Kind != "duration" {
			t.Fatalf("feed %d after the budget was spent: err = %v, want the duration LimitError", i, err)
		}
	}
	if used := s.TimeUsed(); used > 3*time.Second {
		t.Errorf("time used grew to %v", used)
	}
}
