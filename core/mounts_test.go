package core_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// hostDir makes a host directory with a file, a subdirectory and a
// symlink pointing outside it.
func hostDir(t *testing.T) string {
	t.Helper()
	d := t.TempDir()
	if err := os.WriteFile(filepath.Join(d, "a.txt"), []byte("alpha\nbeta\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(d, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(d, "sub", "tool.py"), []byte("def twice(x):\n    return 2 * x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(outside, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(d, "escape")); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestMounts(t *testing.T) {
	d := hostDir(t)
	w := t.TempDir()
	opts := &core.FeedOptions{Mounts: []core.Mount{
		{HostDir: d, Path: "/data", Mode: core.MountReadOnly},
		{HostDir: w, Path: "/out", Mode: core.MountReadWrite, MaxWriteBytes: 10},
	}}
	for _, tc := range []struct{ code, want string }{
		{"open('/data/a.txt').read()", `'alpha\nbeta\n'`},
		{"import pathlib\npathlib.Path('/data/a.txt').read_text().split()", "['alpha', 'beta']"},
		{"open('/data/a.txt', 'rb').read(5)", "b'alpha'"},
		{"import os\nos.listdir('/data')", "['a.txt', 'escape', 'sub']"},
		{"import os\nos.path.exists('/data/a.txt'), os.path.exists('/data/b'), os.path.isdir('/data/sub'), os.path.isfile('/data/sub')", "(True, False, True, False)"},
		{"import os\nos.stat('/data/a.txt').st_size", "11"},
		{"[l for l in open('/data/a.txt')]", `['alpha\n', 'beta\n']`},
		{"import os\nlist(os.walk('/data'))", "[('/data', ['sub'], ['a.txt', 'escape']), ('/data/sub', [], ['tool.py'])]"},
		{"import os\nwith os.scandir('/data') as it:\n    r = sorted((e.name, e.is_dir(), e.is_file()) for e in it)\nr", "[('a.txt', False, True), ('escape', False, False), ('sub', True, False)]"},
		// Modules import from mounted directories on sys.path.
		{"import sys\nsys.path.insert(0, '/data/sub')\nimport tool\ntool.twice(21), tool.__file__", "(42, '/data/sub/tool.py')"},
		// Paths that escape the mount are refused.
		{"try:\n    open('/data/escape').read()\nexcept PermissionError as e:\n    r = str(e)\nr", `"[Errno 13] Permission denied: '/data/escape'"`},
		{"try:\n    open('/data/../etc/passwd').read()\nexcept OSError as e:\n    r = type(e).__name__\nr", "'PermissionError'"},
		// ro refuses writes; rw writes to the host within its byte limit.
		{"try:\n    open('/data/new', 'w')\nexcept OSError as e:\n    r = (e.errno, e.strerror)\nr", "(30, 'Read-only file system')"},
		{"with open('/out/o.txt', 'w') as f:\n    f.write('12345')\nopen('/out/o.txt').read()", "'12345'"},
		{"try:\n    with open('/out/big', 'w') as f:\n        f.write('x' * 100)\nexcept OSError as e:\n    r = e.errno\nr", "122"},
		{"try:\n    open('/data/nope')\nexcept FileNotFoundError as e:\n    r = e.filename\nr", "'/data/nope'"},
		{"try:\n    open('/data/sub')\nexcept IsADirectoryError as e:\n    r = e.errno\nr", "21"},
	} {
		if err := reprIs(core.NewSession(core.Config{}), tc.code, opts, tc.want); err != nil {
			t.Errorf("%q: %v", tc.code, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(w, "o.txt")); string(b) != "12345" {
		t.Errorf("rw write reached the host as %q", b)
	}
	if _, err := os.Stat(filepath.Join(d, "new")); err == nil {
		t.Error("a ro mount was written")
	}
}

// Overlay writes stay in the session: they survive a dump and a load (and
// so a fork), never reach the host, and each fork changes only its own.
func TestOverlaySurvivesDumpAndFork(t *testing.T) {
	d := hostDir(t)
	mounts := []core.Mount{{HostDir: d, Path: "/work", Mode: core.MountOverlay}}
	s := core.NewSession(core.Config{})
	feed(t, s, "import os\nopen('/work/new.txt', 'w').write('made in the sandbox')\nos.remove('/work/a.txt')\nos.mkdir('/work/d')\nopen('/work/d/x', 'w').write('x')",
		&core.FeedOptions{Mounts: mounts})
	if _, err := os.Stat(filepath.Join(d, "new.txt")); err == nil {
		t.Fatal("an overlay write reached the host")
	}
	if _, err := os.Stat(filepath.Join(d, "a.txt")); err != nil {
		t.Fatal("an overlay delete reached the host")
	}
	b, err := s.Dump()
	if err != nil {
		t.Fatal(err)
	}
	var forks [2]*core.Session
	for i := range forks {
		forks[i] = core.NewSession(core.Config{})
		if err := forks[i].LoadSession(b); err != nil {
			t.Fatal(err)
		}
	}
	opts := &core.FeedOptions{Mounts: mounts}
	feed(t, forks[0], "open('/work/new.txt', 'a').write(', then changed')", opts)
	for i, want := range []string{"'made in the sandbox, then changed'", "'made in the sandbox'"} {
		out := feed(t, forks[i], "open('/work/new.txt').read()", opts)
		if out.Repr != want {
			t.Errorf("fork %d reads %s, want %s", i, out.Repr, want)
		}
		out = feed(t, forks[i], "import os\nos.listdir('/work'), os.path.exists('/work/a.txt'), os.listdir('/work/d')", opts)
		if out.Repr != "(['d', 'escape', 'new.txt', 'sub'], False, ['x'])" {
			t.Errorf("fork %d lists %s", i, out.Repr)
		}
	}
	// Mounts do not travel: without them, the path is the host's to answer.
	out, err := forks[1].FeedRun("try:\n    open('/work/new.txt')\nexcept FileNotFoundError:\n    r = 'gone'\nr", nil)
	if err != nil || out.Repr != "'gone'" {
		t.Errorf("without the mount: %s, %v", out.Repr, err)
	}
}

func TestOSCalls(t *testing.T) {
	code := "import os\nr = [open('/etc/motd').read(), os.listdir('/srv'), os.path.exists('/srv/x')]\nopen('/tmp/log', 'w').write('hi')\nr"
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart(code, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for {
		fc, ok := p.(*core.FunctionCall)
		if !ok {
			break
		}
		if fc.OSCall == "" || fc.OSCall != fc.Name {
			t.Fatalf("not an OS call: %#v", fc)
		}
		ops = append(ops, fc.OSCall+" "+strings.Trim(strings.Join(strings.Fields(strings.Trim(fmtArgs(fc.Args), "[]")), " "), " "))
		switch fc.OSCall {
		case "open":
			p, err = fc.Resume("welcome")
		case "listdir":
			p, err = fc.Resume([]any{"a", "b"})
		case "stat":
			p, err = fc.ResumeNotHandled()
		default:
			p, err = fc.Resume(nil)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	completed(t, p, err, "['welcome', ['a', 'b'], False]")
	want := []string{"open /etc/motd rb", "listdir /srv", "stat /srv/x", "write_file /tmp/log", "append_file /tmp/log hi"}
	if !reflect.DeepEqual(ops, want) {
		t.Errorf("OS calls %q, want %q", ops, want)
	}

	// An OS handler answers them under FeedRun, as Functions does.
	files := map[string]string{"/etc/motd": "hello"}
	osf := func(op string, args []any, kw map[string]any) (any, error) {
		path := args[0].(string)
		switch op {
		case "open":
			if v, ok := files[path]; ok {
				return v, nil
			}
		case "write_file":
			files[path] = string(args[1].([]byte))
			return nil, nil
		case "append_file":
			files[path] += string(args[1].([]byte))
			return nil, nil
		}
		return nil, core.ErrNotHandled
	}
	out, err := s.FeedRun("open('/tmp/new', 'w').write('data')\ntry:\n    open('/nope')\nexcept FileNotFoundError as e:\n    r = str(e)\nopen('/etc/motd').read(), r", &core.FeedOptions{OS: osf})
	if err != nil || out.Repr != `('hello', "[Errno 2] No such file or directory: '/nope'")` {
		t.Errorf("with an OS handler: %s, %v", out.Repr, err)
	}
	if files["/tmp/new"] != "data" {
		t.Errorf("handler saw writes %q", files)
	}
	// Not handled writes are refused as CPython refuses them.
	out, err = s.FeedRun("try:\n    open('/x', 'w').close()\nexcept PermissionError as e:\n    r = e.errno\nr", nil)
	if err != nil || out.Repr != "13" {
		t.Errorf("unanswered write: %s, %v", out.Repr, err)
	}
}

func fmtArgs(args []any) string {
	var b strings.Builder
	for _, a := range args {
		switch a := a.(type) {
		case []byte:
			b.WriteString(" " + string(a))
		default:
			b.WriteString(" " + strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(fmtAny(a), "\n", ""), "  ", " ")))
		}
	}
	return b.String()
}

func fmtAny(a any) string {
	if s, ok := a.(string); ok {
		return s
	}
	return ""
}
