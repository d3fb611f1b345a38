package core_test

import (
	"errors"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

// A saved session holding a value nested a million deep dumps, loads and
// prints an error; the value crosses to the host as an opaque stand-in.
func TestDeepValueDumpLoadPrint(t *testing.T) {
	s := core.NewSession(core.Config{})
	feed(t, s, "x = None\nfor i in range(10**6):\n    x = [x, {'k': (x,)}]\n", nil)
	s2 := restored(t, s, core.Config{})
	_, err := s2.FeedRun("print(x)", nil)
	var rt *core.RuntimeError
	if !errors.As(err, &rt) || rt.Type != "RecursionError" {
		t.Fatalf("print: %v", err)
	}
	out, err := s2.FeedRun("x", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := out.Go.([]any); !ok {
		t.Fatalf("x as Go: %T", out.Go)
	}
	if _, err := s2.DumpPages(nil); err != nil {
		t.Fatal(err)
	}
}

// A value that shares itself is small in the heap and exponentially large
// as a tree: walking it meets the deadline, and handing it to the host is
// bounded.
func TestSelfSharingValue(t *testing.T) {
	s := core.NewSession(core.Config{Limits: core.Limits{MaxDuration: 300 * time.Millisecond}})
	feed(t, s, "a = []\nfor i in range(80):\n    a = [a, a]\n", nil)
	start := time.Now()
	out, err := s.FeedRun("a", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := out.Go.([]any); !ok {
		t.Fatalf("a as Go: %T", out.Go)
	}
	if _, err := s.FeedRun("repr(a)", nil); err == nil {
		t.Fatal("repr of 2**80 leaves finished")
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("took %v", d)
	}
}

// Without a duration limit, handing a self-sharing value to the host is
// still bounded.
func TestSelfSharingValueNoLimit(t *testing.T) {
	s := core.NewSession(core.Config{})
	feed(t, s, "a = []\nfor i in range(80):\n    a = [a, a]\n", nil)
	start := time.Now()
	if _, err := s.FeedRun("a", nil); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("took %v", d)
	}
}

// sys.set_int_max_str_digits is session state: it travels with dumps.
func TestIntDigitLimitTravels(t *testing.T) {
	s := core.NewSession(core.Config{})
	feed(t, s, "import sys\nsys.set_int_max_str_digits(1000)\n", nil)
	s2 := restored(t, s, core.Config{})
	if out := feed(t, s2, "import sys\nsys.get_int_max_str_digits()", nil); out.Repr != "1000" {
		t.Fatalf("after load: %s", out.Repr)
	}
}
