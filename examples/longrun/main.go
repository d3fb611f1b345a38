// Command longrun runs a computation longer than one step may last. The
// server runs a step until its budget (the Lambda or integration deadline
// less a margin), saves the session mid-computation and answers
// "running"; the SDK continues it in the next step, until it completes.
// The caller sees one FeedRun. The session's limits (its duration limit
// too) hold across all the steps.
//
// With amber serve's defaults a step may last 28 seconds (API Gateway's
// 29-second integration timeout less a 1-second margin); a shorter
// integration timeout shows the slices:
//
//	go run ./cmd/amber serve --integration-timeout 1500ms --step-margin 1s &
//	go run ./examples/longrun [-url ws://127.0.0.1:8765] [-n 20000000]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/amber-sandbox/amber/examples/internal/exampleflag"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/sdk"
)

// sieve counts the primes below n, in plain Python loops.
const sieve = `
flags = bytearray([1]) * n
flags[0] = flags[1] = 0
i = 2
while i * i < n:
    if flags[i]:
        for j in range(i * i, n, i):
            flags[j] = 0
    i += 1
count = 0
for f in flags:
    count += f
count
`

func main() {
	url, key := exampleflag.Server()
	n := flag.Int64("n", 20_000_000, "count the primes below n")
	flag.Parse()
	if _, _, err := run(context.Background(), *url, *key, *n, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// run counts the primes below n and returns the count and the number of
// steps the feed took.
func run(ctx context.Context, url, key string, n int64, out io.Writer) (count int64, steps int, err error) {
	pool, err := sdk.Dial(ctx, url, sdk.WithAPIKey(key))
	if err != nil {
		return 0, 0, err
	}
	defer pool.Close()
	s, err := pool.Checkout(ctx, &sdk.CheckoutOptions{ScriptName: "sieve.py"})
	if err != nil {
		return 0, 0, err
	}
	defer s.Close(ctx)

	v, err := s.FeedRun(ctx, sieve, &sdk.FeedOptions{Inputs: map[string]any{"n": n}})
	if err != nil {
		return 0, 0, err
	}
	count, _ = v.Go.(int64)

	// The session's history shows the steps: one feed, then continues.
	hist, err := s.History(ctx)
	if err != nil {
		return 0, 0, err
	}
	for _, st := range hist {
		if st.Op == protocol.OpFeed || st.Op == protocol.OpContinue {
			steps++
		}
	}
	fmt.Fprintf(out, "%d primes below %d, computed in %d steps\n", count, n, steps)
	return count, steps, nil
}
