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
	done, calls := finishMoving(t, p, snap, 5)
	if got, want := done.Output.Repr, "(9, [1, 10], True, [2, 3], [2])"; got != want || calls != 6 {
		t.Errorf("got %s after %d host calls, want %s after 6", got, calls, want)
	}
}
