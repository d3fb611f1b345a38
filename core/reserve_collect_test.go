package core_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// A builtin may collect before it allocates (to make room under the
// memory limit) only while every value it holds is reachable: a callback
// that takes the last reference to a value away (d.pop mapped over the
// keys, which allocates nothing) must keep the collection from freeing
// the values the builtin gathered. sorted(map(d.pop, keys)) gathers the
// popped values in Go while its slice grows under reservations; the
// garbage before it is swept over sizes so that, in some runs, a
// reservation meets the limit's ceiling. Each run must then end with the
// right result or the memory limit's error, never a freed value's
// ('object' where a tuple was).
func TestReserveCollectKeepsCallbackResults(t *testing.T) {
	const src = `
n = 150000
lst = list(range(n))
d = {i: (i, 'v') for i in lst}
g = 'g' * (%d << 10)
g = None
r = sorted(map(d.pop, lst))
assert len(d) == 0
assert all(r[i] == (i, 'v') for i in range(n)), r[:3]
print('ok')
`
	oks, limits := 0, 0
	for kb := 7 << 10; kb <= 13<<10; kb += 512 {
		s := core.NewSession(core.Config{Limits: core.Limits{MaxMemory: 32 << 20}})
		out := ""
		_, err := s.FeedRun(fmt.Sprintf(src, kb), &core.FeedOptions{Print: func(_, text string) { out += text }})
		var le *core.LimitError
		switch {
		case err == nil && out == "ok\n":
			oks++
		case errors.As(err, &le) && le.Kind == "memory":
			limits++
		default:
			t.Fatalf("with %d KB of garbage: printed %q, error %v; want ok or the memory limit", kb, out, err)
		}
	}
	if oks == 0 || limits == 0 {
		t.Fatalf("%d runs ok and %d at the memory limit: the sweep must cross the limit", oks, limits)
	}
}
