package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRunExitCodes(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.py", []byte("print('ok')\n"))
	raises := write("raises.py", []byte("def f():\n    raise ValueError('x')\nf()\n"))
	syntaxErr := write("syntax.py", []byte("def f(:\n"))
	latin1 := write("latin1.py", []byte("print('caf\xe9')\n"))
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"no arguments", nil, 2},
		{"unknown command", []string{"frobnicate"}, 2},
		{"run without a file", []string{"run"}, 2},
		{"missing file", []string{"run", filepath.Join(dir, "does-not-exist.py")}, 2},
		{"directory instead of a file", []string{"run", dir}, 2},
		{"non-UTF-8 file", []string{"run", latin1}, 2},
		{"bad flag", []string{"run", "--no-such-flag", good}, 2},
		{"good file", []string{"run", good}, 0},
		{"-c print(1)", []string{"run", "-c", "print(1)"}, 0},
		{"-c raising", []string{"run", "-c", "1/0"}, 1},
		{"uncaught exception", []string{"run", raises}, 1},
		{"syntax error", []string{"run", syntaxErr}, 1},
		{"output limit", []string{"run", "-max-output", "10", "-c", "while True: print('xx')"}, 1},
		{"duration limit", []string{"run", "-max-duration", "50ms", "-c", "while True: pass"}, 1},
		{"bad duration flag", []string{"run", "-max-duration", "soon", "-c", "pass"}, 2},
		{"sys.exit(0)", []string{"run", "-c", "import sys\nsys.exit(0)"}, 0},
		{"sys.exit() without a code", []string{"run", "-c", "import sys\nsys.exit()"}, 0},
		{"SystemExit(3)", []string{"run", "-c", "raise SystemExit(3)"}, 3},
		{"sys.exit with a message", []string{"run", "-c", "import sys\nsys.exit('bye')"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("run(%q) panicked: %v", tt.args, r)
				}
			}()
			if got := run(tt.args); got != tt.code {
				t.Errorf("run(%q) = %d, want %d", tt.args, got, tt.code)
			}
		})
	}
}
