package pyre

import (
	"errors"
	"reflect"
	"testing"
)

// TestPythonCases checks the engine against a table generated with
// CPython 3.11.
func TestPythonCases(t *testing.T) {
	fails := 0
	for _, c := range loadPyCases(t) {
		re, err := Compile(c.pattern, c.flags)
		if c.err != "" || err != nil {
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != c.err {
				t.Errorf("Compile(%q, %d): error %q, want %q", c.pattern, c.flags, got, c.err)
				fails++
			}
			continue
		}
		got, err := re.Match([]rune(c.s), 0, len([]rune(c.s)), c.mode, nil)
		if err != nil {
			t.Errorf("%q on %q: %v", c.pattern, c.s, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q flags %d mode %d on %q: got %v, want %v", c.pattern, c.flags, c.mode, c.s, got, c.want)
			fails++
		}
		if fails > 60 {
			t.Fatal("too many failures")
		}
	}
}

func TestStepLimit(t *testing.T) {
	re, err := Compile(`(a+)+$`, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := []rune("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab")
	_, err = re.Match(s, 0, len(s), ModeSearch, &Limits{MaxSteps: 1_000_000})
	if !errors.Is(err, ErrStepLimit) {
		t.Fatalf("got %v, want ErrStepLimit", err)
	}
	stop := errors.New("deadline")
	_, err = re.Match(s, 0, len(s), ModeSearch, &Limits{Check: func() error { return stop }})
	if err != stop {
		t.Fatalf("got %v, want the Check error", err)
	}
}
