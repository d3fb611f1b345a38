package core_test

import (
	"errors"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// exit() and quit() raise SystemExit, so a run and a session report them
// exactly as they report raise SystemExit with the same argument.
func TestExitQuitReportLikeSystemExit(t *testing.T) {
	for _, arg := range []string{"", "0", "3", "256 + 7", "'bye'", "None", "[1]"} {
		want := exitOf(t, "raise SystemExit("+arg+")\n")
		for _, fn := range []string{"exit", "quit"} {
			src := "print('before')\n" + fn + "(" + arg + ")\nprint('after')\n"
			if got := exitOf(t, src); *got != *want {
				t.Errorf("%s(%s): run reports %+v, raise SystemExit reports %+v", fn, arg, *got, *want)
			}
			s := core.NewSession(core.Config{})
			_, err := s.FeedRun(src, nil)
			var ee *core.ExitError
			if !errors.As(err, &ee) {
				t.Fatalf("%s(%s) in a session: err = %T %v, want *core.ExitError", fn, arg, err, err)
			}
			if *ee != *want {
				t.Errorf("%s(%s) in a session reports %+v, want %+v", fn, arg, *ee, *want)
			}
		}
	}
}

func exitOf(t *testing.T, src string) *core.ExitError {
	t.Helper()
	err := core.Run([]byte(src), core.Options{})
	var ee *core.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("%q: err = %T %v, want *core.ExitError", src, err, err)
	}
	return ee
}
