package core_test

import (
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

// A loop made of fused instructions (compare-and-jump, local loads and
// stores, arithmetic with a constant) still pauses at its backward jumps,
// and every pause can be dumped and continued in a new session.
func TestFusedLoopPreemptsAndReloads(t *testing.T) {
	ps := &pageStore{pages: map[string][]byte{}}
	s := core.NewSession(core.Config{Clock: stepClock(time.Millisecond)})
	code := `def work(n):
    i = 0
    t = 0
    f = 0.0
    while i < n:
        t = t + i * 3
        if t % 7 == 0:
            t = t - 1
        f = f + 0.5
        i += 1
    return t, f
work(60000)`
	s.SetStepBudget(20 * time.Millisecond)
	p, err := s.FeedStart(code, nil)
	if err != nil {
		t.Fatal(err)
	}
	slices := 0
	var prev *core.PageDump
	for {
		pre, ok := p.(*core.Preempted)
		if !ok {
			break
		}
		slices++
		d := ps.saveSnapshot(t, s, prev)
		r, fetch := ps.reload(t, d)
		s = core.NewSession(core.Config{Clock: stepClock(time.Millisecond)})
		np, err := s.LoadSnapshotPages(r, fetch, nil)
		if err != nil {
			t.Fatal(err)
		}
		pre, prev = np.(*core.Preempted), r
		s.SetStepBudget(20 * time.Millisecond)
		if p, err = pre.Resume(); err != nil {
			t.Fatal(err)
		}
	}
	if slices < 3 {
		t.Errorf("only %d slices", slices)
	}
	c, ok := p.(*core.Complete)
	if !ok {
		t.Fatalf("ended with %T", p)
	}
	// The same loop under CPython.
	want := "(5399909999, 30000.0)"
	if got := c.Output.Repr; got != want {
		t.Errorf("got %v, want %s", got, want)
	}
}
