package serve_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/infra/serve"
)

// TestLongStepContinues: a step that would outlast the integration
// timeout stops before it, commits and answers running; continue runs the
// next slice, on any connection, until the feed completes.
func TestLongStepContinues(t *testing.T) {
	srv := startServer(t, serve.Options{IntegrationTimeout: 2 * time.Second, StepMargin: 1200 * time.Millisecond})
	c := dial(t, srv, "", nil)
	s := c.checkout(protocol.Request{})
	const n = 30_000_000
	start := time.Now()
	rep := c.ok(protocol.Request{Op: "feed", ID: newID("long"), Session: s, Code: fmt.Sprintf("total = 0\nfor i in range(%d):\n    total += i\ntotal", n)})
	slices := 1
	for rep.Progress == protocol.ProgressRunning {
		if slices%2 == 0 { // a slice may continue on another connection
			c = dial(t, srv, "", nil)
		}
		rep = c.ok(protocol.Request{Op: "continue", ID: newID("continue"), Session: s})
		slices++
		// A guard against a feed that never completes, not a speed
		// bound: on a loaded machine a slice computes little.
		if slices > 2000 {
			t.Fatalf("still running after %d slices", slices)
		}
	}
	if rep.Progress != protocol.ProgressComplete || string(rep.Value) != fmt.Sprint(n*(n-1)/2) {
		t.Fatalf("after %d slices: %+v", slices, rep)
	}
	t.Logf("%d iterations in %d slices, %v", n, slices, time.Since(start).Round(time.Millisecond))
	if slices == 1 {
		t.Fatal("the loop finished within one 800 ms slice: running was not exercised")
	}
}
