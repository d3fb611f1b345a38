package main

import (
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/examples/internal/exampletest"
	"github.com/amber-sandbox/amber/infra/serve"
)

func TestLongComputationSpansSteps(t *testing.T) {
	// A step budget of 300ms: the integration timeout less the margin.
	url := exampletest.Serve(t, serve.Options{
		IntegrationTimeout: 1300 * time.Millisecond,
		StepMargin:         time.Second,
	})
	n, want := int64(5_000_000), int64(348513)
	if raceEnabled {
		n, want = 500_000, 41538
	}
	var out strings.Builder
	count, steps, err := run(exampletest.Context(t), url, "", n, &out)
	if err != nil {
		t.Fatal(err)
	}
	if count != want {
		t.Errorf("%d primes below %d, want %d", count, n, want)
	}
	if steps < 3 {
		t.Errorf("the computation took %d step(s); want several with a 300ms budget\n%s", steps, out.String())
	}
	t.Log(out.String())
}
