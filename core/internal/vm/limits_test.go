package vm_test

// Tests of the run limits (time, allocations, memory, output, recursion)
// and of the sandbox: no file system, no OS modules.

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core/internal/casefile"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// limTestRun runs src with the limits set by setup and returns the output
// and the final error.
func limTestRun(t *testing.T, src string, setup func(m *vm.VM)) (string, error, *vm.VM) {
	t.Helper()
	m, out := suspTestStart(t, src, nil)
	if setup != nil {
		setup(m)
	}
	_, err := m.DeclineOSCalls(m.Resume()) // no host answers OS calls
	return out.String(), err, m
}

func limTestClock() vm.Clock {
	start := time.Now()
	return func() int64 { return int64(time.Since(start)) }
}

// limTestDuration limits a run to 50ms of wall-clock time.
func limTestDuration(m *vm.VM) { limTestSet("duration", int64(50*time.Millisecond))(m) }

// limTestSet sets the limit of a Fatal kind to n (for duration, n
// nanoseconds of a wall clock).
func limTestSet(kind string, n int64) func(m *vm.VM) {
	return func(m *vm.VM) {
		switch kind {
		case "duration":
			m.Clock = limTestClock()
			m.Limits.MaxDuration = n
		case "allocations":
			m.Limits.MaxAllocations = n
		case "memory":
			m.Limits.MaxMemory = n
		case "output":
			m.Limits.MaxOutput = n
		default:
			panic("no limit of kind " + kind)
		}
	}
}

// limTestFatalCase is one program of testdata/limits_fatal.json: it must
// stop with a Fatal of Kind once the limit of that kind is set to Limit.
type limTestFatalCase struct {
	Name  string
	Src   []string // the program's lines
	Limit int64
	Kind  string // Fatal.Kind
	Out   string // output before the stop ("" if not checked)
}

func TestLimitsFatal(t *testing.T) {
	for _, tt := range casefile.Load[limTestFatalCase](t, "testdata/limits_fatal.json") {
		t.Run(tt.Name, func(t *testing.T) {
			type result struct {
				out string
				err error
			}
			done := make(chan result, 1)
			go func() {
				out, err, _ := limTestRun(t, strings.Join(tt.Src, "\n")+"\n", limTestSet(tt.Kind, tt.Limit))
				done <- result{out, err}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("limit %q not enforced: still running after 10s", tt.Kind)
			}
			var f *vm.Fatal
			if !errors.As(r.err, &f) {
				t.Fatalf("error = %T %v, want *vm.Fatal", r.err, r.err)
			}
			if f.Kind != tt.Kind {
				t.Errorf("Fatal.Kind = %q, want %q", f.Kind, tt.Kind)
			}
			if tt.Out != "" && r.out != tt.Out {
				t.Errorf("output = %q, want %q", r.out, tt.Out)
			}
			if strings.Contains(r.out, "caught") || strings.Contains(r.out, "finally") {
				t.Errorf("sandboxed code handled a Fatal: output %q", r.out)
			}
		})
	}
}

// TestDurationWallTime checks that the duration limit stops a busy loop
// promptly in wall-clock terms (loosely: well under 2 s for 50 ms).
func TestDurationWallTime(t *testing.T) {
	start := time.Now()
	_, err, _ := limTestRun(t, "while True:\n    pass\n", limTestDuration)
	var f *vm.Fatal
	if !errors.As(err, &f) || f.Kind != "duration" {
		t.Fatalf("error = %v, want Fatal duration", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("stopped after %v, want < 2s", d)
	}
}

// TestPythonVisibleLimitsAndSandbox covers limits and sandbox rules that
// surface as ordinary Python exceptions the program can catch.
func TestPythonVisibleLimitsAndSandbox(t *testing.T) {
	tests := []struct {
		name string
		src  string
		out  string
		err  string // uncaught exception, "" for a clean finish
	}{
		{
			name: "recursion error is catchable",
			src: `def f(n):
    return f(n + 1)
try:
    f(0)
except RecursionError as e:
    print("caught", e)
print("after")
`,
			out: "caught maximum recursion depth exceeded\nafter\n",
		},
		{
			name: "recursion depth near the default limit of 1000",
			src: `import sys
def depth(n):
    try:
        return depth(n + 1)
    except RecursionError:
        return n
print(sys.getrecursionlimit(), 900 < depth(1) < 1000)
`,
			out: "1000 True\n",
		},
		{
			name: "recursion error uncaught",
			src:  "def f():\n    f()\nf()\n",
			err:  "RecursionError: maximum recursion depth exceeded",
		},
		{
			name: "os has no host environment, directory or files",
			src:  "import os\nprint(os.environ, os.getenv('HOME'), os.getcwd(), os.path.exists('/etc/passwd'))\ntry:\n    os.listdir('.')\nexcept OSError as e:\n    print(type(e).__name__)\n",
			out:  "{} None / False\nFileNotFoundError\n",
		},
		{
			name: "a module Amber does not provide is catchable",
			src:  "try:\n    import socket\nexcept ImportError as e:\n    print(type(e).__name__, e)\n",
			out:  "ModuleNotFoundError No module named 'socket'\n",
		},
		{
			name: "open finds no host file",
			src:  "try:\n    open('x')\nexcept OSError as e:\n    print(type(e).__name__)\n",
			out:  "FileNotFoundError\n",
		},
		{
			name: "open for writing is refused",
			src:  "open('/tmp/amber-test-should-not-exist', 'w')\n",
			err:  "PermissionError: [Errno 13] Permission denied: '/tmp/amber-test-should-not-exist'",
		},
		{name: "time is a virtual clock, not the host's", src: "import time\nprint(time.time(), time.monotonic())\n", out: "0.0 0.0\n"},
		{name: "no subprocess module", src: "import subprocess\n", err: "ModuleNotFoundError: No module named 'subprocess'"},
		{name: "no socket module", src: "import socket\n", err: "ModuleNotFoundError: No module named 'socket'"},
		{name: "datetime cannot read the host clock", src: "from datetime import datetime\ndatetime.now()\n", err: "NotImplementedError: the sandbox has no clock; pass the current time in as input"},
		{name: "no environ through __import__", src: "print(__import__('os').environ)\n", out: "{}\n"},
		{name: "input gets EOF", src: "input()\n", err: "EOFError: EOF when reading a line"},
		{
			name: "sys exposes no environment or clock",
			src:  "import sys\nprint([n for n in ('environ', 'getenv', 'time', 'clock') if hasattr(sys, n)])\n",
			out:  "[]\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err, m := limTestRun(t, tt.src, nil)
			if got := suspTestErr(m, err); got != tt.err {
				t.Errorf("error = %q, want %q", got, tt.err)
			}
			if out != tt.out {
				t.Errorf("output = %q, want %q", out, tt.out)
			}
		})
	}
}

// TestLimitsInUnusualPlaces: limits reached without a backward jump —
// loop-free recursion, a builtin draining an iterator in Go, one huge
// allocation.
func TestLimitsInUnusualPlaces(t *testing.T) {
	ms := int64(time.Millisecond)
	tests := []struct {
		name  string
		src   string
		setup func(m *vm.VM)
		kind  string
	}{
		{
			name:  "duration: recursion without loops",
			src:   "def f(n):\n    return 0 if n < 1 else f(n - 1) + f(n - 1)\nf(21)\n",
			setup: func(m *vm.VM) { m.Clock = limTestClock(); m.Limits.MaxDuration = ms },
			kind:  "duration",
		},
		{
			name:  "duration: long-running builtin",
			src:   "sum(range(10**8))\n",
			setup: func(m *vm.VM) { m.Clock = limTestClock(); m.Limits.MaxDuration = ms },
			kind:  "duration",
		},
		{
			name:  "memory: one huge allocation",
			src:   "x = 'a' * (10**8)\n",
			setup: func(m *vm.VM) { m.Limits.MaxMemory = 1 << 20 },
			kind:  "memory",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err, _ := limTestRun(t, tt.src, tt.setup)
			var f *vm.Fatal
			if !errors.As(err, &f) || f.Kind != tt.kind {
				t.Errorf("error = %v, want Fatal %q", err, tt.kind)
			}
		})
	}
}

// TestZeroMaxRecursion: Limits{} with MaxRecursion 0 means the default
// depth, as the Limits doc says, not "no call may be made".
func TestZeroMaxRecursion(t *testing.T) {
	out, err, m := limTestRun(t, "def f():\n    return 1\nprint(f())\n", func(m *vm.VM) {
		m.Limits = vm.Limits{MaxOutput: 1000}
	})
	if got := suspTestErr(m, err); got != "" || out != "1\n" {
		t.Errorf("with MaxRecursion 0: error %q, output %q; want no error and \"1\\n\"", got, out)
	}
}

// TestLongTextParseIsInterruptible: parsing a number out of a text of
// tens of millions of characters is one builtin call, which must still
// end at the deadline rather than run on to the end of the text.
func TestLongTextParseIsInterruptible(t *testing.T) {
	const limit = 40 * time.Millisecond
	limTestRun(t, "pass", nil) // the first run pays for setting up
	for _, src := range []string{
		"s = '1' * (3 * 10**7)\nx = float(s)\n",
		"s = b'1' * (3 * 10**7)\nx = float(s)\n",
		"s = '0.' + '0' * (3 * 10**7)\nx = float(s + 'x')\n",
		"s = '1' * (3 * 10**7)\nx = complex(s + 'j')\n",
		// With the digit limit lifted, the texts int() does not take
		// digit by digit (underscores, bytes) took seconds.
		"import sys\nsys.set_int_max_str_digits(0)\ns = '1_' * 10**6 + '1'\nx = int(s)\n",
		"import sys\nsys.set_int_max_str_digits(0)\ns = b'1' * (2 * 10**6)\nx = int(s)\n",
	} {
		start := time.Now()
		_, err, _ := limTestRun(t, src, func(m *vm.VM) { m.Clock = limTestClock(); m.Limits.MaxDuration = int64(limit) })
		elapsed := time.Since(start)
		var f *vm.Fatal
		if !errors.As(err, &f) || f.Kind != "duration" {
			t.Errorf("%q: error = %v, want the duration limit", src, err)
		}
		// Unbroken, each parse took 0.3 to 0.5 s (and ten times more
		// under the race detector). On a loaded machine both stretch, so
		// a slow interrupted run is held against an unlimited run of the
		// same text made now: it must take well under half as long.
		if elapsed > limit+raceSlowdown*150*time.Millisecond {
			start := time.Now()
			limTestRun(t, src, nil)
			if whole := time.Since(start); elapsed > whole/2 {
				t.Errorf("%q: ended after %v, over the %v limit (the whole parse took %v)", src, elapsed, limit, whole)
			}
		}
	}
}
