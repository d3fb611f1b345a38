package core_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// runTestCPython runs src as main.py under python3 and returns its stderr
// with the script's directory removed from File lines, so paths read
// "main.py" as in Amber.
func runTestCPython(t *testing.T, src string) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.py"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "main.py")
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	_ = cmd.Run() // the program is meant to fail
	return strings.ReplaceAll(stderr.String(), dir+string(filepath.Separator), "")
}

// runTestNoCarets drops CPython 3.11's "^^^^"/"~~~^^^" marker lines.
func runTestNoCarets(tb string) string {
	var keep []string
	for _, line := range strings.SplitAfter(tb, "\n") {
		if s := strings.TrimSpace(line); s != "" && strings.Trim(s, "^~") == "" {
			continue
		}
		keep = append(keep, line)
	}
	return strings.Join(keep, "")
}

func TestRunTracebackMatchesCPython(t *testing.T) {
	tests := []struct {
		name, src, typ string
	}{
		{
			name: "key error two frames deep",
			src: `def inner(x):
    return x["missing"]

def outer():
    return inner({"a": 1})

outer()
`,
			typ: "KeyError",
		},
		{
			name: "raise with message in a method",
			src: `class Account:
    def withdraw(self, n):
        raise ValueError(f"cannot withdraw {n}")

Account().withdraw(5)
`,
			typ: "ValueError",
		},
		{
			name: "zero division at module level",
			src:  "x = 1\ny = x / 0\n",
			typ:  "ZeroDivisionError",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := runTestCPython(t, tt.src)
			var out strings.Builder
			err := core.Run([]byte(tt.src), core.Options{ScriptName: "main.py", Stdout: func(_, s string) { out.WriteString(s) }})
			var re *core.RuntimeError
			if !errors.As(err, &re) {
				t.Fatalf("err = %T %v, want *core.RuntimeError", err, err)
			}
			if re.Type != tt.typ {
				t.Errorf("Type = %q, want %q", re.Type, tt.typ)
			}
			if re.Traceback == want {
				return
			}
			if got, w := runTestNoCarets(re.Traceback), runTestNoCarets(want); got != w {
				t.Errorf("traceback differs from CPython 3.11 (caret lines ignored)\n--- amber:\n%s--- cpython:\n%s", got, w)
			} else {
				t.Logf("matches CPython 3.11 except for the ^^^^ marker lines Amber omits")
			}
		})
	}
}

func TestRunErrors(t *testing.T) {
	t.Run("syntax error", func(t *testing.T) {
		err := core.Run([]byte("def f(:\n    pass\n"), core.Options{})
		var se *core.SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("err = %T %v, want *core.SyntaxError", err, err)
		}
		if !strings.Contains(se.Format(), "SyntaxError") {
			t.Errorf("Format() = %q, want it to name SyntaxError", se.Format())
		}
	})
	t.Run("clean run prints", func(t *testing.T) {
		var out strings.Builder
		err := core.Run([]byte("print('hi', 1 + 1)\n"), core.Options{Stdout: func(_, s string) { out.WriteString(s) }})
		if err != nil || out.String() != "hi 2\n" {
			t.Errorf("err = %v, output = %q; want nil, %q", err, out.String(), "hi 2\n")
		}
	})
	t.Run("message", func(t *testing.T) {
		err := core.Run([]byte("raise ValueError('bad')\n"), core.Options{})
		var re *core.RuntimeError
		if !errors.As(err, &re) {
			t.Fatalf("err = %T %v, want *core.RuntimeError", err, err)
		}
		if re.Type != "ValueError" || re.Message != "bad" {
			t.Errorf("Type, Message = %q, %q", re.Type, re.Message)
		}
	})
	t.Run("limit error", func(t *testing.T) {
		err := core.Run([]byte("while True:\n    print('x')\n"), core.Options{Limits: core.Limits{MaxOutput: 100}})
		var le *core.LimitError
		if !errors.As(err, &le) || le.Kind != "output" {
			t.Fatalf("err = %T %v, want *core.LimitError output", err, err)
		}
	})
	t.Run("recursion default applies with zero Limits", func(t *testing.T) {
		err := core.Run([]byte("def f(n):\n    return n and f(n - 1)\nf(500)\n"), core.Options{})
		if err != nil {
			t.Errorf("err = %v, want nil", err)
		}
	})
	t.Run("host name at top level is a NameError", func(t *testing.T) {
		err := core.Run([]byte("print(undefined_thing)\n"), core.Options{})
		var re *core.RuntimeError
		if !errors.As(err, &re) || re.Type != "NameError" {
			t.Fatalf("err = %T %v, want NameError", err, err)
		}
	})
}
