package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets a test run the amber command in a fresh process: the test
// binary re-executes itself with AMBER_TEST_AS_CLI set.
func TestMain(m *testing.M) {
	if os.Getenv("AMBER_TEST_AS_CLI") == "1" {
		os.Exit(run(os.Args[1:]))
	}
	os.Exit(m.Run())
}

func amberProcess(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "AMBER_TEST_AS_CLI=1")
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// A session saved by one process must load in another that has not yet
// imported the modules whose builtins the session holds (module builtins
// register lazily, on first import).
func TestFeedStateAcrossProcesses(t *testing.T) {
	state := filepath.Join(t.TempDir(), "s.amber")
	steps := []struct{ code, want string }{
		{"from math import sqrt\nimport json, re\nkeys = sorted({'b': 1, 'a': 2}, key=lambda k: k)\npat = re.compile(r'\\d+')", ""},
		{"print(sqrt(16), keys, json.dumps(keys), pat.findall('a1b22'))", "4.0 ['a', 'b'] [\"a\", \"b\"] ['1', '22']\n"},
	}
	for i, s := range steps {
		out, errs, code := amberProcess(t, "feed", "--state", state, "-c", s.code)
		if code != 0 || out != s.want {
			t.Fatalf("step %d: exit %d, stdout %q, stderr %q; want stdout %q", i, code, out, errs, s.want)
		}
	}
}
