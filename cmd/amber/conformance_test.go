package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/internal/testenv"
)

// TestConformance runs the shared conformance corpus through `amber run`
// in fresh processes, with the rules of its run.py: stdout must equal the
// .out file; a program with a .err file must exit non-zero with that last
// stderr line, every other program must exit 0. It runs twice: as is, and
// with static type checking on, which must find nothing to refuse in
// correct programs.
func TestConformance(t *testing.T) {
	t.Run("plain", func(t *testing.T) { conformance(t, nil) })
	t.Run("type-check", func(t *testing.T) { conformance(t, []string{"--type-check"}) })
}

func conformance(t *testing.T, flags []string) {
	dir := testenv.SharedDir(t, "conformance")
	programs, _ := filepath.Glob(filepath.Join(dir, "*__*.py"))
	if len(programs) == 0 {
		t.Fatal("no programs in " + dir)
	}
	for _, prog := range programs {
		name := strings.TrimSuffix(filepath.Base(prog), ".py")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want, err := os.ReadFile(strings.TrimSuffix(prog, ".py") + ".out")
			if err != nil {
				t.Fatal(err)
			}
			args := append(append([]string{"run"}, flags...), prog)
			stdout, stderr, code := amberProcess(t, args...)
			if stdout != string(want) {
				t.Errorf("stdout differs from CPython's\n--- got\n%s\n--- want\n%s\n--- stderr\n%s", stdout, want, stderr)
			}
			wantErr, err := os.ReadFile(strings.TrimSuffix(prog, ".py") + ".err")
			switch {
			case err == nil:
				if code == 0 {
					t.Errorf("exit status 0, want an error ending in %q", strings.TrimSpace(string(wantErr)))
				}
				if got := lastLine(stderr); got != strings.TrimSpace(string(wantErr)) {
					t.Errorf("last stderr line %q, want %q", got, strings.TrimSpace(string(wantErr)))
				}
			case code != 0:
				t.Errorf("exit status %d\n%s", code, stderr)
			}
		})
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			return l
		}
	}
	return ""
}
