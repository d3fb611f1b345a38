// Package progtest runs a package's Python-program tests.
//
// Each testdata/<feature>/<name>.py is a complete program. It runs in a
// fresh VM as main.py; what it prints to stdout and stderr, followed by
// the traceback of an uncaught exception as CPython prints it (without
// the ^^^ marker lines, which Amber does not draw), must equal
// <name>.out.
//
// The expected output is CPython 3.11's: go test -run Programs -update
// rewrites every .out file with what /usr/bin/python3 prints. A program whose
// output is Amber's own on purpose (the sandbox has no clock and no file
// system, for instance) ends with a line "# amber-only: <why>"; -update
// leaves its .out alone.
package progtest

import (
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/syntax"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

var update = flag.Bool("update", false, "rewrite the expected output of testdata/*/*.py with python3's")

// amberOnly marks a program whose expected output is not CPython's.
const amberOnly = "# amber-only:"

// Run runs every program under dir (testdata/<feature>/<name>.py) as a
// subtest named <feature>/<name>.
func Run(t *testing.T, dir string) {
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.py"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no programs under %s", dir)
	}
	for _, file := range files {
		rel, _ := filepath.Rel(dir, strings.TrimSuffix(file, ".py"))
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			outFile := strings.TrimSuffix(file, ".py") + ".out"
			if *update && !strings.Contains(string(src), "\n"+amberOnly) {
				want, err := CPython(src)
				if err != nil {
					t.Fatalf("python3: %v", err)
				}
				if err := os.WriteFile(outFile, []byte(want), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(outFile)
			if err != nil {
				t.Fatal(err)
			}
			if got := Output(t, src); got != string(want) {
				t.Errorf("%s\ngot:\n%s\nwant:\n%s", file, got, want)
			}
		})
	}
}

// Compile parses and compiles src as main.py.
func Compile(src []byte) (*compile.Code, error) {
	mod, err := syntax.Parse("main.py", src)
	if err != nil {
		return nil, err
	}
	return compile.Compile(mod, "main.py", src, compile.Options{})
}

// MustCompile is Compile for tests whose programs must compile.
func MustCompile(t testing.TB, src string) *compile.Code {
	t.Helper()
	code, err := Compile([]byte(src))
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return code
}

// Output runs src as main.py in a fresh VM and returns what it printed,
// with the traceback of an uncaught exception at the end.
func Output(t testing.TB, src []byte) string {
	t.Helper()
	code, err := Compile(src)
	if err != nil {
		return err.Error() + "\n"
	}
	m := vm.New()
	var out strings.Builder
	m.Output = func(_, text string) { out.WriteString(text) }
	if err := m.StartModule(code, m.ModuleDict(m.MainModule())); err != nil {
		t.Fatalf("start: %v", err)
	}
	_, err = m.DeclineOSCalls(m.Resume())
	var exc *vm.Exception
	switch {
	case errors.As(err, &exc):
		out.WriteString(m.FormatTraceback(exc.Value))
	case err != nil:
		out.WriteString("fatal: " + err.Error() + "\n")
	}
	return out.String()
}

var caretLine = regexp.MustCompile(`(?m)^[ \t]*[\^~]+[ \t]*\n`)

// cpythonPath is the CPython 3.11 the expected outputs come from:
// Debian's, not whatever python3 comes first on PATH (a pyenv build of
// another version, say).
const cpythonPath = "/usr/bin/python3"

// cpython is cpythonPath, or python3 on PATH where that does not exist.
func cpython() string {
	if _, err := os.Stat(cpythonPath); err == nil {
		return cpythonPath
	}
	return "python3"
}

// CPython runs src as main.py under CPython 3.11 and returns its stdout and
// stderr, merged, without traceback marker lines.
func CPython(src []byte) (string, error) {
	dir, err := os.MkdirTemp("", "progtest")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.py"), src, 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command(cpython(), "main.py")
	cmd.Dir = dir
	out, _ := cmd.CombinedOutput() // a program may end in an exception
	s := strings.ReplaceAll(string(out), dir+string(filepath.Separator), "")
	return caretLine.ReplaceAllString(s, ""), nil
}
