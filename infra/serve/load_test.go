package serve_test

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
)

// TestLoad runs 200 concurrent WebSocket connections on loopback, each
// checking out a session and running 20 steps, and checks that nothing is
// lost: every step commits once and every session ends with its own 20
// increments. It reports throughput and step latency (go test -v -run
// TestLoad ./infra/serve/). AMBER_LOAD_CONNS and AMBER_LOAD_STEPS change
// the size, AMBER_LOAD_STORE=aws runs it on dynalite + gofakes3 instead of
// the embedded store; the test fails if the run takes longer than its
// bound.
func TestLoad(t *testing.T) {
	conns, steps := envInt("AMBER_LOAD_CONNS", 200), envInt("AMBER_LOAD_STEPS", 20)
	bound := 4 * time.Minute
	opts := serve.Options{}
	if os.Getenv("AMBER_LOAD_STORE") == "aws" {
		opts = awsOptions(t, startFakeS3(t))
	}
	srv := startServer(t, opts)

	type result struct {
		latencies []time.Duration
		err       error
	}
	results := make([]result, conns)
	start := time.Now()
	var wg sync.WaitGroup
	for i := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := &results[i]
			c, err := tryDial(t, srv.URL(), nil)
			if err != nil {
				r.err = err
				return
			}
			rep := c.wait(c.send(protocol.Request{Op: "checkout", ID: fmt.Sprintf("load-%d-checkout", i)}), "checkout")
			if !rep.OK {
				r.err = fmt.Errorf("checkout: %v", rep.Error)
				return
			}
			s := rep.Session
			for k := range steps {
				code := "n = 0\nlog = []\nn"
				if k > 0 {
					code = fmt.Sprintf("n += 1\nlog.append(%d)\nn", k)
				}
				t0 := time.Now()
				rep := c.wait(c.send(protocol.Request{Op: "feed", ID: fmt.Sprintf("load-%d-%d", i, k), Session: s, Code: code}), "feed")
				r.latencies = append(r.latencies, time.Since(t0))
				if !rep.OK || string(rep.Value) != strconv.Itoa(k) {
					r.err = fmt.Errorf("step %d: value %s error %v", k, rep.Value, rep.Error)
					return
				}
				if time.Since(start) > bound {
					r.err = fmt.Errorf("still running after %v", bound)
					return
				}
			}
			want := "["
			for k := 1; k < steps; k++ {
				if k > 1 {
					want += ","
				}
				want += strconv.Itoa(k)
			}
			want += "]"
			if got := c.eval(s, "log"); got != want {
				r.err = fmt.Errorf("session %s lost steps: log = %s", s, got)
			}
			c.close()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	var all []time.Duration
	failed := 0
	for i, r := range results {
		if r.err != nil {
			failed++
			if failed <= 5 {
				t.Errorf("connection %d: %v", i, r.err)
			}
		}
		all = append(all, r.latencies...)
	}
	if failed > 0 {
		t.Fatalf("%d of %d connections failed", failed, conns)
	}
	if len(all) != conns*steps {
		t.Fatalf("%d steps measured, want %d", len(all), conns*steps)
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	pct := func(p float64) time.Duration { return all[int(float64(len(all)-1)*p)] }
	t.Logf("load: %d connections x %d steps = %d steps in %v: %.0f steps/s; step latency p50 %v, p99 %v, max %v",
		conns, steps, len(all), elapsed.Round(time.Millisecond), float64(len(all))/elapsed.Seconds(),
		pct(0.50).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), all[len(all)-1].Round(time.Microsecond))
	if elapsed > bound {
		t.Fatalf("load test took %v, over its %v bound", elapsed, bound)
	}
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}
