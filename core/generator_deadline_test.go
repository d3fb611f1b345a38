package core_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

// A for loop (or min's) over an endless generator meets the duration
// limit however its steps fall against the limit checks: each item's
// resume of the generator is one of them, and a limit's error there must
// not be dropped (it once was, and min(i for i in range(10**12)) ran
// forever when every check fell on the resume).
func TestEndlessGeneratorLoopsMeetTheDeadline(t *testing.T) {
	var codes []string
	for k := 0; k < 6; k++ {
		body := "    pass\n"
		if k > 0 {
			body = fmt.Sprintf("    for _ in range(%d):\n        pass\n", k)
		}
		codes = append(codes, "g = (i for i in range(10**12))\nfor x in g:\n"+body)
	}
	codes = append(codes, "x = min(i for i in range(10**12))", "x = max(i for i in range(10**12))",
		"def g():\n    while True:\n        yield 1\nfor x in g():\n    pass\n")
	// Statements before the loop shift where its steps fall.
	var shifted []string
	for j := 0; j < 8; j++ {
		for _, code := range codes {
			shifted = append(shifted, fmt.Sprintf("for _ in range(%d):\n    pass\n", j)+code)
		}
	}
	for _, code := range shifted {
		s := core.NewSession(core.Config{Limits: core.Limits{MaxDuration: 30 * time.Millisecond}})
		done := make(chan error, 1)
		go func() {
			_, err := s.FeedRun(code, nil)
			done <- err
		}()
		select {
		case err := <-done:
			var le *core.LimitError
			if !errors.As(err, &le) || le.Kind != "duration" {
				t.Errorf("%q ended with %v, want the duration limit", code, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%q ran past its duration limit", code)
		}
	}
}
