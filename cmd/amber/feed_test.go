package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// feedOnce runs amber feed with args and returns exit status and output.
func feedOnce(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := feedCmd(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestFeedDurableREPL(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "s.amber")
	prog := filepath.Join(dir, "prog.py")
	if err := os.WriteFile(prog, []byte("def double(n):\n    return 2 * n\nprint('defined')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		args       []string
		code       int
		out, inErr string
	}{
		{[]string{"-c", "x = 40"}, 0, "", ""},
		{[]string{"-c", "x + 2"}, 0, "42\n", ""},
		{[]string{"-c", "print('hi'); 'text'"}, 0, "hi\n'text'\n", ""},
		{[]string{"-c", "None"}, 0, "", ""},
		{[]string{prog}, 0, "defined\n", ""},
		{[]string{"-c", "double(x)"}, 0, "80\n", ""},
		// An uncaught exception: traceback on stderr, status 1, names bound
		// before the error stay bound.
		{[]string{"-c", "y = 7\nraise ValueError('bad')"}, 1, "", "ValueError: bad"},
		{[]string{"-c", "y"}, 0, "7\n", ""},
		{[]string{"-c", "z = ("}, 1, "", "SyntaxError"},
		{[]string{"-c", "x"}, 0, "40\n", ""},
	}
	for _, st := range steps {
		code, out, errOut := feedOnce(append([]string{"--state", state}, st.args...)...)
		if code != st.code || out != st.out || !strings.Contains(errOut, st.inErr) {
			t.Errorf("feed %q = %d, %q, %q; want %d, %q, stderr containing %q", st.args, code, out, errOut, st.code, st.out, st.inErr)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("directory holds %d files, want the state and the program (no temp files left)", len(entries))
	}
}

func TestFeedRefusesBadState(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	if code, _, errOut := feedOnce("--state", good, "-c", "a = [1, 2, 3]"); code != 0 {
		t.Fatalf("first feed: %d %s", code, errOut)
	}
	blob, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	versioned := append([]byte(nil), blob...)
	versioned[6] = 99 // the format version follows the 6-byte magic
	bad := map[string][]byte{
		"corrupt":   []byte("garbage that is not a dump"),
		"truncated": blob[:len(blob)-3],
		"version":   versioned,
		"empty":     {},
	}
	for name, b := range bad {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := feedOnce("--state", path, "-c", "print('ran')")
		if code != 1 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, path) {
			t.Errorf("%s state: %d, %q, %q; want status 1 and a one-line error", name, code, out, errOut)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, b) {
			t.Errorf("%s state was modified", name)
		}
	}
}

func TestFeedUsage(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{},
		{"-c", "1"},
		{"--state", filepath.Join(dir, "s")},
		{"--state", filepath.Join(dir, "s"), "-c", "1", "extra.py"},
		{"--state", filepath.Join(dir, "s"), filepath.Join(dir, "missing.py")},
	} {
		if code, _, _ := feedOnce(args...); code != 2 {
			t.Errorf("feed %q = %d, want 2", args, code)
		}
	}
}

func TestInspect(t *testing.T) {
	state := filepath.Join(t.TempDir(), "s")
	if code, _, errOut := feedOnce("--state", state, "-c", "x = list(range(100))"); code != 0 {
		t.Fatalf("feed: %s", errOut)
	}
	var out, errOut bytes.Buffer
	if code := inspectCmd([]string{state}, &out, &errOut); code != 0 {
		t.Fatalf("inspect: %d %s", code, errOut.String())
	}
	for _, want := range []string{"kind: session\n", "format version: ", "script name: main.py\n", "objects: ", "page 0: ", " blake3 "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("inspect output lacks %q:\n%s", want, out.String())
		}
	}
	if code := inspectCmd([]string{state + ".missing"}, &out, &errOut); code != 1 {
		t.Errorf("inspect of a missing file = %d, want 1", code)
	}
}
