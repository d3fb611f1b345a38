package serve_test

import (
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
)

// TestFairness: project A floods the server with 60 concurrent busy loops
// and huge prints while project B runs one-step `1 + 1` feeds. Steps are
// admitted per project (A has at most its steps-in-flight ceiling
// running; the rest of its flood waits in A's queue), so B's steps keep a
// p99 within a small multiple of their unloaded p99. The test logs both
// numbers (go test -v -run TestFairness ./infra/serve/) and asserts only
// a generous bound, as the machine is shared: 25x the unloaded p99, and
// at least 1 s.
func TestFairness(t *testing.T) {
	srv := startServer(t, serve.Options{
		Keys:               map[string]string{"key-a": "a", "key-b": "b"},
		Ceilings:           engine.Ceilings{MaxStepMs: 200},
		IntegrationTimeout: 5 * time.Second,
	})
	b := dial(t, srv, "", keyHeader("key-b"))
	bs := b.checkout(protocol.Request{})
	const samples = 60
	measure := func() (p50, p99 time.Duration) {
		var d []time.Duration
		for range samples {
			t0 := time.Now()
			b.expect(bs, "1 + 1", "2", "1 + 1")
			d = append(d, time.Since(t0))
		}
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return d[len(d)/2], d[len(d)*99/100]
	}
	measure() // warm
	base50, base99 := measure()

	// The flood: 60 sessions of A on 6 connections, each looping busy
	// feeds (answered "running" at the 200 ms step ceiling, then
	// continued) or prints over the output ceiling, until stopped.
	var stop atomic.Bool
	var wg sync.WaitGroup
	var aSteps, aRefused atomic.Int64
	conns := make([]*client, 6)
	for i := range conns {
		conns[i] = dial(t, srv, "", keyHeader("key-a"))
	}
	sessions := make([]string, 60)
	for i := range sessions {
		sessions[i] = conns[i%len(conns)].checkout(protocol.Request{})
	}
	for i, s := range sessions {
		c := conns[i%len(conns)]
		code := "while True:\n    pass"
		if i%3 == 0 {
			code = "for i in range(10**6):\n    print('x' * 1000)"
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				rep := c.wait(c.send(feedReq(s, code)), "flood")
				for rep.OK && rep.Progress == protocol.ProgressRunning && !stop.Load() {
					aSteps.Add(1)
					rep = c.wait(c.send(protocol.Request{Op: "continue", ID: newID("continue"), Session: s}), "flood")
				}
				aSteps.Add(1)
				if rep.Error != nil && rep.Error.Type == "steps_in_flight" {
					aRefused.Add(1)
				}
			}
		}()
	}
	time.Sleep(time.Second) // let the flood fill A's queue
	load50, load99 := measure()
	stop.Store(true)
	wg.Wait()

	t.Logf("B's 1 + 1: unloaded p50 %v p99 %v; under A's flood (60 busy loops and huge prints) p50 %v p99 %v; A ran %d steps (%d refused after waiting past their deadline)",
		base50, base99, load50, load99, aSteps.Load(), aRefused.Load())
	if bound := max(25*base99, time.Second); load99 > bound {
		t.Errorf("B's p99 under A's flood is %v, over %v (25x its unloaded %v)", load99, bound, base99)
	}
	if aSteps.Load() == 0 {
		t.Error("A's flood ran no steps")
	}
	// Nothing lost: B's session and A's sessions go on.
	b.expect(bs, "1 + 1", "2", "1 + 1 after the flood")
	// A's sessions are where their last committed step left them: a feed
	// still running (continue takes its next slice), or idle.
	for i, s := range sessions[:6] {
		c := conns[i]
		rep := c.do(protocol.Request{Op: "continue", ID: newID("continue"), Session: s})
		switch {
		case rep.OK && rep.Progress == protocol.ProgressRunning:
		case !rep.OK && (rep.Error.Kind == protocol.KindLimit || rep.Error.Kind == protocol.KindAlreadyResumed):
			c.expect(s, "7 * 6", "42", "an A session after the flood")
		default:
			t.Errorf("A's session %d after the flood: %+v %v", i, rep.Progress, rep.Error)
		}
	}
}
