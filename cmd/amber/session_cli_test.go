package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A feed pauses at a declared host function; amber resume answers it with
// a value, an exception or "not handled", and the session carries on.
func TestFeedPausesAndResumes(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "s.amber")
	code := "n = fetch('a', k=2)\nprint('got', n)\ntry:\n    fetch('b')\nexcept ValueError as e:\n    print('caught', e)\ntry:\n    fetch('c')\nexcept NameError as e:\n    print('missing:', e)\nn * 2"
	steps := []struct {
		args     []string
		out, err string
		code     int
	}{
		{[]string{"feed", "--state", state, "--function", "fetch", "-c", code}, "paused: function fetch(\"a\", k=2), call id 1\n", "", 0},
		{[]string{"inspect", state}, "paused at: function fetch(\"a\", k=2), call id 1\n", "", 0},
		{[]string{"feed", "--state", state, "-c", "1"}, "", "amber: " + state + ": the session is paused at function fetch(\"a\", k=2), call id 1: answer it with amber resume\n", 1},
		{[]string{"resume", "--state", state, "--value", "21"}, "got 21\npaused: function fetch(\"b\"), call id 2\n", "", 0},
		{[]string{"resume", "--state", state, "--error", "ValueError:bad b"}, "caught bad b\npaused: function fetch(\"c\"), call id 3\n", "", 0},
		{[]string{"resume", "--state", state, "--not-handled"}, "missing: name 'fetch' is not defined\n42\n", "", 0},
		{[]string{"feed", "--state", state, "-c", "n"}, "21\n", "", 0},
		{[]string{"resume", "--state", state, "--value", "1"}, "", "amber: " + state + ": the session is not paused at a function call: nothing to resume\n", 1},
	}
	for i, st := range steps {
		out, errOut, code := amberProcess(t, st.args...)
		if st.args[0] == "inspect" {
			if code != 0 || !strings.Contains(out, st.out) || !strings.Contains(out, "own pages: ") || !strings.Contains(out, "shared base pages: ") {
				t.Errorf("step %d: inspect printed %q (exit %d)", i, out, code)
			}
			continue
		}
		if out != st.out || errOut != st.err || code != st.code {
			t.Errorf("step %d %q:\n got %q %q %d\nwant %q %q %d", i, st.args, out, errOut, code, st.out, st.err, st.code)
		}
	}
}

func TestCLIEdges(t *testing.T) {
	dir := t.TempDir()
	// feed --state into a missing directory fails before the code runs.
	out, errOut, code := amberProcess(t, "feed", "--state", filepath.Join(dir, "no", "s"), "-c", "print('ran')")
	if code != 1 || out != "" || strings.Count(errOut, "\n") != 1 || strings.Count(errOut, "amber:") != 1 {
		t.Errorf("feed into a missing directory: %d %q %q", code, out, errOut)
	}
	// run -c '' exits 0; negative durations are refused.
	if out, errOut, code := amberProcess(t, "run", "-c", ""); code != 0 || out != "" || errOut != "" {
		t.Errorf("run -c '': %d %q %q", code, out, errOut)
	}
	if _, errOut, code := amberProcess(t, "run", "--max-duration", "-1s", "-c", "1"); code != 2 || !strings.Contains(errOut, "negative duration") {
		t.Errorf("negative duration: %d %q", code, errOut)
	}
	// help lists every subcommand; help COMMAND shows its flags.
	out, _, code = amberProcess(t, "help")
	for _, c := range []string{"run", "feed", "resume", "inspect", "serve", "gc", "cas", "help"} {
		if code != 0 || !strings.Contains(out, "\n  "+c+" ") {
			t.Errorf("amber help does not list %s: %q", c, out)
		}
	}
	if out, _, code := amberProcess(t, "help", "resume"); code != 0 || !strings.Contains(out, "-not-handled") {
		t.Errorf("amber help resume: %d %q", code, out)
	}
	// A bad state file is one line, with one "amber:".
	bad := filepath.Join(dir, "bad")
	os.WriteFile(bad, []byte("garbage"), 0o644)
	for _, args := range [][]string{{"inspect", bad}, {"feed", "--state", bad, "-c", "1"}, {"resume", "--state", bad, "--value", "1"}} {
		_, errOut, code := amberProcess(t, args...)
		if code == 0 || strings.Count(errOut, "\n") != 1 || strings.Count(errOut, "amber:") != 1 {
			t.Errorf("%q: %d %q", args, code, errOut)
		}
	}
}

// amber run mounts the script's directory: sibling modules import, and
// --mount maps more directories.
func TestRunMounts(t *testing.T) {
	dir := t.TempDir()
	data := t.TempDir()
	os.WriteFile(filepath.Join(dir, "helper.py"), []byte("def hi():\n    return 'hi from helper'\n"), 0o644)
	os.WriteFile(filepath.Join(data, "in.txt"), []byte("payload"), 0o644)
	main := filepath.Join(dir, "main.py")
	os.WriteFile(main, []byte("import helper\nprint(helper.hi())\nprint(open('/data/in.txt').read())\nopen('/data/out.txt', 'w').write('x')\nprint(open('/data/out.txt').read())\n"), 0o644)
	out, errOut, code := amberProcess(t, "run", "--mount", data+":/data:overlay", main)
	if code != 0 || out != "hi from helper\npayload\nx\n" {
		t.Errorf("run: %d %q %q", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(data, "out.txt")); err == nil {
		t.Error("an overlay write reached the host")
	}
	if _, errOut, code := amberProcess(t, "run", "--mount", "bad", main); code != 2 || !strings.Contains(errOut, "HOST:SANDBOX") {
		t.Errorf("bad mount: %d %q", code, errOut)
	}
	// An overlay write made by one feed is in the state file for the next.
	state := filepath.Join(t.TempDir(), "s")
	if out, errOut, code := amberProcess(t, "feed", "--state", state, "--mount", data+":/d:overlay", "-c", "open('/d/n.txt', 'w').write('kept')\nNone"); code != 0 {
		t.Fatalf("feed: %d %q %q", code, out, errOut)
	}
	if out, errOut, code := amberProcess(t, "feed", "--state", state, "--mount", data+":/d:overlay", "-c", "open('/d/n.txt').read()"); code != 0 || out != "'kept'\n" {
		t.Errorf("second feed: %d %q %q", code, out, errOut)
	}
}
