package core_test

// Isolation between sessions of one process: amber serve and every warm
// Lambda instance run many projects' sessions over one shared base image
// (the builtin world and the pre-imported standard library). A session
// that mutates everything it can reach — by every write path, and by
// passing ints where objects are expected — must leave the next session
// computing exactly what a session of a process where nothing ran before
// computes.

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// isolationChildEnv makes the test binary, re-executed, print the
// fingerprint of a fresh process (see TestIsolationFreshChild).
const isolationChildEnv = "AMBER_ISOLATION_FINGERPRINT_CHILD"

const isolationLimits = 30 * 1e9 // ns: the mutator takes about a second

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/isolation/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// runCaptured runs src in s and returns what it printed.
func runCaptured(t *testing.T, s *core.Session, src string) string {
	t.Helper()
	var out strings.Builder
	_, err := s.FeedRun(src, &core.FeedOptions{Print: func(stream, text string) {
		if stream == "stdout" {
			out.WriteString(text)
		}
	}})
	if err != nil {
		t.Fatalf("run: %v\noutput so far:\n%s", err, out.String())
	}
	return out.String()
}

func isolationSession() *core.Session {
	return core.NewSession(core.Config{Limits: core.Limits{MaxDuration: isolationLimits, MaxMemory: 1 << 30}})
}

// TestIsolationFreshChild is run only as the child process of
// TestIsolation: it prints the fingerprint of a process in which nothing
// ran before.
func TestIsolationFreshChild(t *testing.T) {
	if os.Getenv(isolationChildEnv) != "1" {
		t.Skip("the child process of TestIsolation")
	}
	os.Stdout.WriteString("FINGERPRINT\n" + runCaptured(t, isolationSession(), readTestdata(t, "fingerprint.py")) + "END\n")
}

// freshFingerprint runs the fingerprint in a new process of this test
// binary, where no other session ran.
func freshFingerprint(t *testing.T) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestIsolationFreshChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), isolationChildEnv+"=1")
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		t.Fatalf("child: %v\n%s\n%s", err, out, ee.Stderr)
	} else if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	i, j := strings.Index(s, "FINGERPRINT\n"), strings.Index(s, "END\n")
	if i < 0 || j < i {
		t.Fatalf("child printed no fingerprint:\n%s", s)
	}
	return s[i+len("FINGERPRINT\n") : j]
}

func TestIsolation(t *testing.T) {
	mutate, fingerprint := readTestdata(t, "mutate.py"), readTestdata(t, "fingerprint.py")
	fresh := freshFingerprint(t)
	if strings.Count(fresh, "\n") < 100 || strings.Contains(fresh, "NameError") {
		t.Fatalf("the fresh fingerprint looks wrong:\n%s", fresh)
	}
	same := func(t *testing.T, what, got string) {
		t.Helper()
		if got == fresh {
			return
		}
		g, w := strings.Split(got, "\n"), strings.Split(fresh, "\n")
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				t.Fatalf("%s differs from a fresh process's at line %d:\n got  %s\n want %s", what, i+1, g[i], w[i])
			}
		}
		t.Fatalf("%s has %d lines, a fresh process's %d", what, len(g), len(w))
	}

	// The first session (project A) mutates everything; its own view
	// must change, or the mutator proves nothing.
	a := isolationSession()
	if out := runCaptured(t, a, mutate); !strings.Contains(out, "changed here: True True True\nmutator done True") {
		t.Fatalf("mutator output: %q", out)
	}
	t.Run("after a session in the same process", func(t *testing.T) {
		same(t, "the second session's fingerprint", runCaptured(t, isolationSession(), fingerprint))
	})

	t.Run("after a dumped and loaded session", func(t *testing.T) {
		// A mutator session dumped, loaded into another, mutating again.
		m := isolationSession()
		// The mutator's first half, a dump and a load, then its second
		// half in the loaded session, after the first half's prelude
		// (imports and helpers) again: the first half emptied sys.modules.
		cut := strings.Index(mutate, "# 7.")
		runCaptured(t, m, mutate[:cut])
		loaded := restored(t, m, core.Config{Limits: core.Limits{MaxDuration: isolationLimits, MaxMemory: 1 << 30}})
		prelude := mutate[:strings.Index(mutate, "\nmods = [")+1]
		if out := runCaptured(t, loaded, prelude+mutate[cut:]); !strings.Contains(out, "changed here: True True True\nmutator done True") {
			t.Fatalf("mutator output after load: %q", out)
		}
		same(t, "the fingerprint after the loaded mutator", runCaptured(t, isolationSession(), fingerprint))
	})
}

// TestForgedReferences: an int is never an object. Every method of every
// builtin type called with a receiver of another type (edge ints, handles
// computed from id(), floats, bools, None) raises TypeError, as CPython's
// descriptors do; and the builtins that take an object, given such ints,
// end as CPython ends them (forged_args.out is CPython 3.11's output).
func TestForgedReferences(t *testing.T) {
	for _, tt := range []struct{ prog, want string }{
		{"receivers.py", "checked True\nwrong 0\n"},
		{"forged_args.py", readTestdata(t, "forged_args.out")},
	} {
		t.Run(tt.prog, func(t *testing.T) {
			got := runCaptured(t, isolationSession(), readTestdata(t, tt.prog))
			if got != tt.want {
				t.Errorf("got\n%s\nwant (CPython's)\n%s", got, tt.want)
			}
		})
	}
}
