package core_test

import (
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// sep.join of a generator drains it natively (the items gather in the
// generator frame's running result): a host call inside the generator
// pauses there, and the session dumps, loads elsewhere and finishes.
func TestPageDumpInsideJoinOfGenerator(t *testing.T) {
	code := "def g(n):\n    for i in range(n):\n        yield str(ask(i)) if i % 2 else 'x%d' % i\n" +
		"(','.join(g(5)), '-'.join(str(ask(i)) for i in range(2)))"
	p, snap := startDumped(t, core.NewSession(core.Config{}), code, "ask")
	done, calls := finishMoving(t, p, snap, 10)
	if got, want := done.Output.Repr, "('x0,10,x2,20,x4', '30-40')"; got != want || calls != 4 {
		t.Errorf("got %s after %d host calls, want %s after 4", got, calls, want)
	}
}
