package core_test

import (
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// A host call inside a callback that a builtin drives natively (sum/list
// of a map, a filter's predicate) pauses with that frame on the stack:
// the session dumps, loads elsewhere and finishes as if never moved.
func TestPageDumpInsideNativeCallbacks(t *testing.T) {
	code := "def f(x):\n    return ask(x) if x == 2 else x\n" +
		"def p(x):\n    return x > 1 and ask(x) > 0\n" +
		"(sum(map(f, [1, 2, 3])), list(map(f, (1, 2))), any(map(f, [0, 2])), list(filter(p, range(4))), [y for y in filter(p, [0, 2])])"
	p, snap := startDumped(t, core.NewSession(core.Config{}), code, "ask")
	calls := 0
	for {
		if _, ok := p.(*core.FunctionCall); !ok {
			break
		}
		calls++
		// Each pause continues in a new session loaded from its dump.
		var err error
		if calls > 1 {
			if snap, err = p.Dump(); err != nil {
				t.Fatal(err)
			}
		}
		if p, err = core.NewSession(core.Config{}).LoadSnapshot(snap, &core.FeedOptions{Functions: map[string]core.HostFunc{"ask": nil}}); err != nil {
			t.Fatal(err)
		}
		if p, err = p.(*core.FunctionCall).Resume(int64(5 * calls)); err != nil {
			t.Fatal(err)
		}
	}
	done, ok := p.(*core.Complete)
	if !ok {
		t.Fatalf("ended with %#v", p)
	}
	if got, want := done.Output.Repr, "(9, [1, 10], True, [2, 3], [2])"; got != want || calls != 6 {
		t.Errorf("got %s after %d host calls, want %s after 6", got, calls, want)
	}
}
