// Command bestofn is best-of-N on Amber: one session sets a problem up,
// its snapshot is forked into 8 branches that each try their own
// strategy concurrently, and the best branch is kept — the others are
// closed. The branches share every heap page they do not change.
//
//	go run ./cmd/amber serve &
//	go run ./examples/bestofn [-url ws://127.0.0.1:8765] [-n 8]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"sync"

	"github.com/amber-sandbox/amber/examples/internal/exampleflag"
	"github.com/amber-sandbox/amber/sdk"
)

// setup is the shared problem: a knapsack, and a scorer.
const setup = `
import random
weights = [12, 7, 11, 8, 9, 6, 14, 5, 10, 13, 4, 3]
values  = [24, 13, 23, 15, 16, 11, 28, 8, 19, 25, 6, 5]
capacity = 40

def score(chosen):
    w = sum(weights[i] for i in chosen)
    return sum(values[i] for i in chosen) if w <= capacity else -1
`

// strategy is one branch: a seeded random search from the shared setup.
const strategy = `
random.seed(seed)
best, chosen = -1, []
for _ in range(tries):
    pick = [i for i in range(len(weights)) if random.random() < 0.4]
    s = score(pick)
    if s > best:
        best, chosen = s, pick
best
`

func main() {
	url, key := exampleflag.Server()
	n := flag.Int("n", 8, "branches")
	flag.Parse()
	if _, err := run(context.Background(), *url, *key, *n, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// result is one branch's outcome.
type result struct {
	branch int
	score  int64
	s      *sdk.Session
	err    error
}

// run forks n branches and returns the best one's score.
func run(ctx context.Context, url, key string, n int, out io.Writer) (int64, error) {
	pool, err := sdk.Dial(ctx, url, sdk.WithAPIKey(key))
	if err != nil {
		return 0, err
	}
	defer pool.Close()

	base, err := pool.Checkout(ctx, &sdk.CheckoutOptions{ScriptName: "knapsack.py"})
	if err != nil {
		return 0, err
	}
	defer base.Close(ctx)
	if _, err := base.FeedRun(ctx, setup, nil); err != nil {
		return 0, err
	}
	snap, err := base.Dump(ctx)
	if err != nil {
		return 0, err
	}

	// Fork: each branch loads the same snapshot into a session of its own
	// and runs concurrently with the others (one pool, many goroutines).
	results := make([]result, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			r := result{branch: i}
			defer func() { results[i] = r }()
			if r.s, r.err = pool.Checkout(ctx, nil); r.err != nil {
				return
			}
			if r.err = r.s.LoadSession(ctx, snap); r.err != nil {
				return
			}
			v, err := r.s.FeedRun(ctx, strategy, &sdk.FeedOptions{Inputs: map[string]any{"seed": int64(i), "tries": int64(60)}})
			r.err = err
			r.score, _ = v.Go.(int64)
		})
	}
	wg.Wait()

	best := -1
	for i, r := range results {
		if r.err != nil {
			return 0, fmt.Errorf("branch %d: %w", i, r.err)
		}
		fmt.Fprintf(out, "branch %d: %d\n", i, r.score)
		if best < 0 || r.score > results[best].score {
			best = i
		}
	}
	// Keep the best branch; close the others.
	for i, r := range results {
		if i != best {
			_ = r.s.Close(ctx)
		}
	}
	winner := results[best].s
	defer winner.Close(ctx)
	v, err := winner.FeedRun(ctx, "', '.join(str(i) for i in chosen)", nil)
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(out, "best: branch %d, value %d, items %s (session %s)\n", best, results[best].score, v.Go, winner.ID())
	return results[best].score, nil
}
