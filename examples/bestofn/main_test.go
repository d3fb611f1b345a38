package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/examples/internal/exampletest"
	"github.com/amber-sandbox/amber/infra/serve"
)

func TestBestOfN(t *testing.T) {
	url := exampletest.Serve(t, serve.Options{})
	var out strings.Builder
	best, err := run(exampletest.Context(t), url, "", 8, &out)
	if err != nil {
		t.Fatal(err)
	}
	// Every branch reported, and the best is the maximum of them.
	lines := strings.Count(out.String(), "\nbranch ") + 1
	if lines != 8 || best <= 0 || !strings.Contains(out.String(), "best: branch ") {
		t.Fatalf("best %d:\n%s", best, out.String())
	}
	for _, line := range strings.Split(out.String(), "\n") {
		var b int
		var score int64
		if n, _ := fmt.Sscanf(line, "branch %d: %d", &b, &score); n == 2 && score > best {
			t.Errorf("branch %d scored %d, more than the best %d", b, score, best)
		}
	}
}
