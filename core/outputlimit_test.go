package core_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// Output and tracebacks stay within the output limit before their text is
// built: print of a huge line is refused whole (nothing reaches the
// host), and a traceback that would be huge ends where the limit does,
// with a line saying so.
func TestOutputLimitBeforeText(t *testing.T) {
	const limit = 10000
	tests := []struct {
		name, src string
		// kind is the limit the run ends with, or "" for a Python
		// exception whose traceback must be cut.
		kind    string
		printed int // the most that may reach the host
	}{
		{"print of a huge str", "print('a' * 10**7)", "output", 0},
		{"print of many args", "x = 'b' * 6000\nprint(x, x)", "output", 0},
		{"print under the limit then over", "print('a' * 6000)\nprint('b' * 6000)", "output", 6001},
		{"sys.stdout.write over the limit", "import sys\nsys.stdout.write('c' * 20000)", "output", 0},
		{"traceback.print_exception of a wide shared group", "import traceback\ne = ValueError(1)\nfor i in range(10):\n    e = ExceptionGroup('g', [e] * 15)\ntraceback.print_exception(e)", "output", limit},
		{"uncaught wide shared group", "e = ValueError(1)\nfor i in range(10):\n    e = ExceptionGroup('g', [e] * 15)\nraise e", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			printed := 0
			s := core.NewSession(core.Config{Limits: core.Limits{MaxOutput: limit}})
			_, err := s.FeedRun(tt.src, &core.FeedOptions{Print: func(_, text string) { printed += len(text) }})
			if printed > tt.printed {
				t.Errorf("%d bytes reached the host, want at most %d", printed, tt.printed)
			}
			if tt.kind != "" {
				var le *core.LimitError
				if !errors.As(err, &le) || le.Kind != tt.kind {
					t.Fatalf("ended with %v, want the %s limit", err, tt.kind)
				}
				return
			}
			var rt *core.RuntimeError
			if !errors.As(err, &rt) {
				t.Fatalf("ended with %v, want a Python exception", err)
			}
			if len(rt.Traceback) > limit+100 || !strings.HasSuffix(rt.Traceback, "... (traceback cut at 10000 bytes)\n") {
				t.Errorf("traceback of %d bytes ending %q, want it cut at %d", len(rt.Traceback), rt.Traceback[max(0, len(rt.Traceback)-80):], limit)
			}
			if !strings.HasPrefix(rt.Traceback, "  + Exception Group Traceback (most recent call last):\n") {
				t.Errorf("traceback starts %q", rt.Traceback[:min(80, len(rt.Traceback))])
			}
		})
	}
}
