// Command goroundtrip times feed_run("x += 1") round trips of the Go SDK
// against a running amber serve, for sdk/python/bench/roundtrip.py to set
// beside the Python client's: it prints one JSON object of percentiles in
// microseconds.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"log"
	"os"
	"sort"
	"time"

	"github.com/amber-sandbox/amber/sdk"
)

func main() {
	url := flag.String("url", "ws://127.0.0.1:8765/", "server: ws:// for WebSocket, http:// for the HTTP API")
	n := flag.Int("n", 500, "round trips to time")
	warm := flag.Int("warm", 50, "round trips before timing")
	flag.Parse()
	ctx := context.Background()
	var (
		pool *sdk.Pool
		err  error
	)
	if len(*url) >= 4 && (*url)[:4] == "http" {
		pool, err = sdk.DialHTTP(ctx, *url)
	} else {
		pool, err = sdk.Dial(ctx, *url)
	}
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	s, err := pool.Checkout(ctx, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close(ctx)
	if _, err := s.FeedRun(ctx, "x = 0", nil); err != nil {
		log.Fatal(err)
	}
	times := make([]float64, 0, *n)
	for i := 0; i < *warm+*n; i++ {
		t := time.Now()
		if _, err := s.FeedRun(ctx, "x += 1", nil); err != nil {
			log.Fatal(err)
		}
		if i >= *warm {
			times = append(times, float64(time.Since(t).Microseconds()))
		}
	}
	sort.Float64s(times)
	pct := func(p float64) float64 { return times[int(p*float64(len(times)-1))] }
	_ = json.NewEncoder(os.Stdout).Encode(map[string]any{"n": len(times), "p50_us": pct(0.50), "p99_us": pct(0.99)})
}
