package core_test

import (
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// A builtin may collect before it allocates (to make room under the
// memory limit) only while every value it holds is reachable: a callback
// that takes the last reference to a value away (d.pop as a sort key,
// which allocates nothing) must keep the collection from freeing it.
func TestReserveCollectKeepsCallbackResults(t *testing.T) {
	const src = `
lst = ['k%06d' % i for i in range(20000)]
d = {k: 'v' + k[1:] + 'x' * 100 for k in lst}
g = 'g' * (24 * 2**20)
g = None
r = sorted(lst, key=d.pop)
assert len(d) == 0
assert r == lst, r[:3]
print('ok')
`
	s := core.NewSession(core.Config{Limits: core.Limits{MaxMemory: 32 << 20}})
	out := ""
	_, err := s.FeedRun(src, &core.FeedOptions{Print: func(_, text string) { out += text }})
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	if out != "ok\n" {
		t.Fatalf("printed %q, want ok", out)
	}
}
