package vm_test

import (
	"errors"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// Keyword calls pushed by their site's plan (pushByPlan) keep the checks
// of every call: programs whose only work is such calls, with no loop
// to check the limits at its jumps, must still stop at each limit.
func TestKeywordCallsMeetLimits(t *testing.T) {
	for _, tt := range []struct {
		name, src, kind string
		limit           int64
	}{
		{
			// A call tree of 2**40 keyword calls, never deeper than 40.
			name: "duration",
			src: "def f(n, *, k=0, j=1):\n" +
				"    if n:\n" +
				"        f(n - 1, k=k)\n" +
				"        f(n - 1, j=j)\n" +
				"f(40, k=1)\n",
			kind:  "duration",
			limit: int64(50 * time.Millisecond),
		},
		{
			// Each call allocates the cell its closure captures.
			name: "allocations",
			src: "def f(n, *, k=0):\n" +
				"    g = lambda: n + k\n" +
				"    if n:\n" +
				"        f(n - 1, k=g())\n" +
				"        f(n - 1, k=k)\n" +
				"f(40, k=1)\n",
			kind:  "allocations",
			limit: 100000,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err, _ := limTestRun(t, tt.src, limTestSet(tt.kind, tt.limit))
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("limit %q not enforced: still running after 10s", tt.kind)
			}
			var f *vm.Fatal
			if !errors.As(err, &f) || f.Kind != tt.kind {
				t.Fatalf("error = %v, want a Fatal of kind %q", err, tt.kind)
			}
		})
	}
}
