package core_test

import (
	"fmt"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// New sessions share the builtin world's heap pages and borrow its
// builtins and sys.modules dicts until they change them. Sessions that
// change all of these at once, in parallel, must neither race (run under
// -race) nor see each other's changes.
func TestSessionsChangingTheSharedWorldInParallel(t *testing.T) {
	const workers, rounds = 4, 10
	inParallel(t, workers, rounds, func(w, r int) error {
		s := core.NewSession(core.Config{})
		src := fmt.Sprintf(`
import builtins, sys
before = hasattr(builtins, "mine")
builtins.mine = %d
del builtins.abs
sys.modules["fake"] = 42
vars(builtins)["also"] = mine
big = [0] * 5000
for i in range(0, 5000, 7):
    big[i] = i
(before, mine, also, "abs" in vars(builtins), sys.modules["fake"], sum(big) > 0)`, w*100+r)
		got, err := s.FeedRun(src, nil)
		if err != nil {
			return err
		}
		if want := fmt.Sprintf("(False, %d, %d, False, 42, True)", w*100+r, w*100+r); got.Repr != want {
			return fmt.Errorf("got %s, want %s", got.Repr, want)
		}
		fresh, err := core.NewSession(core.Config{}).FeedRun(`import builtins, sys; (hasattr(builtins, "mine"), abs(-1), "fake" in sys.modules)`, nil)
		if err != nil {
			return err
		}
		if fresh.Repr != "(False, 1, False)" {
			return fmt.Errorf("a fresh session sees %s", fresh.Repr)
		}
		return nil
	})
}
