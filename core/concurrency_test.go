package core_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// Sessions share the builtin world and compiled code; running many of them
// at once must neither race nor leak state from one into another. Run it
// under -race (CI does).
func TestSessionsInParallel(t *testing.T) {
	const workers, rounds = 4, 20
	var wg sync.WaitGroup
	errs := make(chan error, workers*rounds)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				s := core.NewSession(core.Config{})
				src := fmt.Sprintf(`
import json, re
class P:
    def __init__(self, v): self.v = v
xs = sorted([P(i) for i in range(20)], key=lambda p: -p.v)
n = %d
json.dumps({"n": n, "s": re.sub(r"\d", "#", str(xs[0].v))}) + str(n)`, w*1000+r)
				got, err := s.FeedRun(src, nil)
				if err != nil {
					errs <- err
					return
				}
				want := fmt.Sprintf(`'{"n": %d, "s": "##"}%d'`, w*1000+r, w*1000+r)
				if got.Repr != want {
					errs <- fmt.Errorf("worker %d round %d: got %s, want %s", w, r, got.Repr, want)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
