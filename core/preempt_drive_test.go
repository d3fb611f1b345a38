package core_test

import (
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

// TestStepBudgetPreemptsNativeDrains: builtins that drain a map, a
// filter or a generator natively (no backward jump of their own) still
// pause for the step budget between items, and resume to the right
// result.
func TestStepBudgetPreemptsNativeDrains(t *testing.T) {
	for _, tt := range []struct {
		name, code string
		want       int64
	}{
		{"sum of a map of a lambda", "sum(map(lambda x: x * 2, range(200000)))", 39999800000},
		{"list of a filter rejecting all but one", "len(list(filter(lambda x: x == 7, range(200000))))", 1},
		{"any of a map of a lambda", "int(any(map(lambda x: x < 0, range(200000))))", 0},
		{"tuple of a map over a list", "len(tuple(map(lambda x: x + 1, list(range(200000)))))", 200000},
		{"max with a key", "max(range(200000), key=lambda x: -x)", 0},
		{"sorted with a key", "sorted(range(200000), key=lambda x: -x)[0]", 199999},
		{"sum of a generator expression", "sum(x for x in range(200000))", 19999900000},
		{"str.join of a generator expression", "len(','.join(str(x) for x in range(200000)))", 1288889},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := core.NewSession(core.Config{Clock: stepClock(time.Millisecond)})
			s.SetStepBudget(20 * time.Millisecond)
			p, err := s.FeedStart(tt.code, nil)
			if err != nil {
				t.Fatal(err)
			}
			slices := 0
			for {
				pre, ok := p.(*core.Preempted)
				if !ok {
					break
				}
				slices++
				s.SetStepBudget(20 * time.Millisecond)
				if p, err = pre.Resume(); err != nil {
					t.Fatal(err)
				}
			}
			if slices < 3 {
				t.Errorf("only %d slices: the drain did not pause for the step budget", slices)
			}
			c, ok := p.(*core.Complete)
			if !ok {
				t.Fatalf("progress %T", p)
			}
			if c.Output.Go != tt.want {
				t.Errorf("result %v, want %d", c.Output.Go, tt.want)
			}
		})
	}
}
