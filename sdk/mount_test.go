package sdk

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// The seeds' feed_start examples, as written, over every transport.
func TestFeedStartSeedExamples(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			ctx := testCtx(t)
			s := checkout(t, tr.start(t)(t), nil)
			p, err := s.FeedStart(ctx, `greet(name) + "!"`, &FeedOptions{Inputs: map[string]any{"name": "Ada"}})
			if err != nil {
				t.Fatal(err)
			}
			fc, ok := p.(*FunctionCall)
			if !ok || fc.Name != "greet" || len(fc.Args) != 1 || fc.Args[0] != "Ada" || fc.OSCall != "" || fc.ObjectID != 0 {
				t.Fatalf("got %#v, want the call greet('Ada')", p)
			}
			p, err = fc.Resume(ctx, "Hello Ada")
			if err != nil {
				t.Fatal(err)
			}
			if c, ok := p.(*Complete); !ok || c.Output.Go != "Hello Ada!" {
				t.Fatalf("got %#v, want 'Hello Ada!'", p)
			}

			p, err = s.FeedStart(ctx, "missing + 1", nil)
			if err != nil {
				t.Fatal(err)
			}
			nl, ok := p.(*NameLookup)
			if !ok || nl.Name != "missing" {
				t.Fatalf("got %#v, want the lookup of missing", p)
			}
			if p, err = nl.Resume(ctx, 41); err != nil {
				t.Fatal(err)
			}
			if c, ok := p.(*Complete); !ok || c.Output.Go != int64(42) {
				t.Fatalf("got %#v, want 42", p)
			}

			// ResumeAuto answers with what FeedStart was given, NameError
			// for the rest; FeedRun raises NameError at once.
			greet := func(_ context.Context, args []any, _ map[string]any) (any, error) {
				return "Hello " + args[0].(string), nil
			}
			p, err = s.FeedStart(ctx, `greet("Bo") + "!"`, &FeedOptions{Functions: map[string]HostFunc{"greet": greet}})
			if err != nil {
				t.Fatal(err)
			}
			if c, err := p.(*FunctionCall).ResumeAuto(ctx); err != nil || c.Output.Go != "Hello Bo!" {
				t.Fatalf("ResumeAuto: %v %v", c, err)
			}
			p, err = s.FeedStart(ctx, "shout(1)", nil)
			if err != nil {
				t.Fatal(err)
			}
			var pe *PythonError
			if _, err := p.(*FunctionCall).ResumeAuto(ctx); !errors.As(err, &pe) || pe.Type != "NameError" || !strings.Contains(pe.Message, "'shout' is not defined") {
				t.Fatalf("ResumeAuto of an undeclared call: %v", err)
			}
			for _, code := range []string{"shout(1)", "missing + 1"} {
				if _, err := s.FeedRun(ctx, code, nil); !errors.As(err, &pe) || pe.Type != "NameError" {
					t.Errorf("FeedRun(%q): %v, want NameError", code, err)
				}
			}
		})
	}
}

// mountDirs makes the client's directories: data (read-only), out
// (read-write), ov (overlay), and a secret file outside them that
// symlinks inside point to.
func mountDirs(t *testing.T) (base string, mounts []Mount) {
	base = t.TempDir()
	for f, content := range map[string]string{
		"data/a.txt":     "alpha\n",
		"data/sub/b.txt": "beta",
		"out/old.txt":    "old",
		"ov/keep.txt":    "keep",
		"secret.txt":     "secret",
	} {
		p := filepath.Join(base, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(base, "secret.txt"), filepath.Join(base, "data", "abs-link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../secret.txt", filepath.Join(base, "data", "rel-link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.txt", filepath.Join(base, "data", "inside-link")); err != nil {
		t.Fatal(err)
	}
	return base, []Mount{
		{Path: "/data", Dir: filepath.Join(base, "data")},
		{Path: "/out", Dir: filepath.Join(base, "out"), Mode: ReadWrite},
		{Path: "/ov", Dir: filepath.Join(base, "ov"), Mode: Overlay},
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// Mounts through a real server, in every mode, with ordinary file APIs.
func TestMountModes(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			base, mounts := mountDirs(t)
			var hostOS []string
			opts := &FeedOptions{Mounts: mounts, OS: func(_ context.Context, op string, args []any, _ map[string]any) (any, error) {
				hostOS = append(hostOS, op)
				return nil, ErrNotHandled
			}}
			s := checkout(t, tr.start(t)(t), nil)
			for _, tc := range []struct{ code, want string }{
				// read-only
				{"open('/data/a.txt').read()", `'alpha\n'`},
				{"import pathlib\npathlib.Path('/data/sub/b.txt').read_text()", "'beta'"},
				{"import os\nsorted(os.listdir('/data')), os.path.isdir('/data/sub'), os.path.getsize('/data/a.txt')", "(['a.txt', 'abs-link', 'inside-link', 'rel-link', 'sub'], True, 6)"},
				{"open('/data/inside-link').read()", `'alpha\n'`},
				{"try:\n    open('/data/new.txt', 'w')\nexcept OSError as e:\n    r = (type(e).__name__, e.errno)\nr", "('OSError', 30)"},
				{"try:\n    open('/data/nope')\nexcept FileNotFoundError as e:\n    r = (e.errno, e.filename)\nr", "(2, '/data/nope')"},
				// escapes: '..' (the server), symlinks out of Dir (the client)
				{"try:\n    open('/data/../secret.txt')\nexcept PermissionError as e:\n    r = e.errno\nr", "13"},
				{"try:\n    open('/data/abs-link').read()\nexcept PermissionError as e:\n    r = e.errno\nr", "13"},
				{"try:\n    open('/data/rel-link').read()\nexcept PermissionError as e:\n    r = e.errno\nr", "13"},
				// an absolute path outside every mount is the host's OS call
				{"try:\n    open('" + filepath.Join(base, "secret.txt") + "').read()\nexcept OSError as e:\n    r = type(e).__name__\nr", "'FileNotFoundError'"},
				// read-write
				{"with open('/out/new.txt', 'w') as f:\n    f.write('one\\n')\nwith open('/out/new.txt', 'a') as f:\n    f.write('two\\n')\nopen('/out/new.txt').read()", `'one\ntwo\n'`},
				{"import os\nos.makedirs('/out/d/e')\nos.rename('/out/old.txt', '/out/d/e/moved.txt')\nsorted(os.listdir('/out')), os.listdir('/out/d/e')", "(['d', 'new.txt'], ['moved.txt'])"},
				{"import os\nos.remove('/out/d/e/moved.txt')\nos.rmdir('/out/d/e')\nos.listdir('/out/d')", "[]"},
				// overlay
				{"with open('/ov/keep.txt', 'a') as f:\n    f.write('+mine')\nopen('/ov/new.txt', 'w').write('new')\nimport os\nopen('/ov/keep.txt').read(), sorted(os.listdir('/ov'))", "('keep+mine', ['keep.txt', 'new.txt'])"},
			} {
				if v, err := s.FeedRun(testCtx(t), tc.code, opts); err != nil || v.Repr != tc.want {
					t.Errorf("%s: %s %v, want %s", tc.code, v.Repr, err, tc.want)
				}
			}
			if got := strings.Join(hostOS, ","); got != "open" {
				t.Errorf("the host's OS hook saw %q, want only the open outside the mounts", got)
			}
			for f, want := range map[string]string{
				"data/a.txt": "alpha\n", "out/new.txt": "one\ntwo\n", "ov/keep.txt": "keep", "secret.txt": "secret",
			} {
				if got := readFile(t, filepath.Join(base, f)); got != want {
					t.Errorf("%s on disk: %q, want %q", f, got, want)
				}
			}
			for _, f := range []string{"data/new.txt", "ov/new.txt", "out/old.txt", "out/d/e"} {
				if _, err := os.Lstat(filepath.Join(base, f)); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("%s exists on disk (%v)", f, err)
				}
			}
		})
	}
}

// An overlay's writes live in the session: they survive a dump, a load
// into a fresh session and a fork of a snapshot, and never reach the disk.
func TestMountOverlayTravels(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			ctx := testCtx(t)
			base, mounts := mountDirs(t)
			opts := &FeedOptions{Mounts: mounts}
			pool := tr.start(t)(t)
			s := checkout(t, pool, nil)
			feed(t, s, "open('/ov/keep.txt', 'w').write('changed')\nimport os\nos.mkdir('/ov/d')\nopen('/ov/d/x.txt', 'w').write('x')", opts)
			id := dump(t, s)
			fresh := loaded(t, pool, id)
			if v := feed(t, fresh, "import os\nopen('/ov/keep.txt').read(), open('/ov/d/x.txt').read(), sorted(os.listdir('/ov'))", opts); v.Repr != "('changed', 'x', ['d', 'keep.txt'])" {
				t.Errorf("after a load: %s", v.Repr)
			}
			// A snapshot at a host call, forked twice.
			p, err := fresh.FeedStart(ctx, "v = ask()\nopen('/ov/keep.txt', 'w').write(v)\nopen('/ov/keep.txt').read() + open('/ov/d/x.txt').read()", opts)
			if err != nil {
				t.Fatal(err)
			}
			snap := dump(t, p)
			for _, v := range []string{"fork1", "fork2"} {
				f := checkout(t, pool, nil)
				p, err := f.LoadSnapshot(ctx, snap, opts)
				if err != nil {
					t.Fatal(err)
				}
				p, err = p.(*FunctionCall).Resume(ctx, v)
				if err != nil {
					t.Fatal(err)
				}
				c, err := finish(ctx, p)
				if err != nil || c.Output.Go != v+"x" {
					t.Errorf("%s: %v %v", v, c, err)
				}
			}
			if got := readFile(t, filepath.Join(base, "ov/keep.txt")); got != "keep" {
				t.Errorf("ov/keep.txt on disk: %q", got)
			}
			if _, err := os.Stat(filepath.Join(base, "ov/d")); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("ov/d on disk: %v", err)
			}
		})
	}
}

// The client refuses what a hostile server could ask: paths outside the
// mount, unnormalized paths, writes to a mount that is not read-write.
func TestMountAnswersRefuseEscapes(t *testing.T) {
	_, mounts := mountDirs(t)
	ro, rw := &mounts[0], &mounts[1]
	for _, tc := range []struct {
		m    *Mount
		op   string
		args []any
	}{
		{ro, "open", []any{"/etc/passwd", "rb"}},
		{ro, "open", []any{"/data/../secret.txt", "rb"}},
		{ro, "open", []any{"/data/./a.txt", "rb"}},
		{ro, "open", []any{"data/a.txt", "rb"}},
		{ro, "open", []any{"/data/abs-link", "rb"}},
		{ro, "open", []any{"/data/a.txt", "w"}},
		{ro, "write_file", []any{"/data/a.txt", []byte("x")}},
		{rw, "rename", []any{"/out/old.txt", "/data/a.txt"}},
		{rw, "write_file", []any{"/out/../data/a.txt", []byte("x")}},
	} {
		req := answerMount(tc.m, &FunctionCall{OSCall: tc.op, Name: tc.op, Args: tc.args})
		if req.Exception == nil || (req.Exception.Type != "PermissionError" && req.Exception.Message != "Read-only file system") {
			t.Errorf("%s %v: answered %+v", tc.op, tc.args, req)
		}
	}
	req := answerMount(ro, &FunctionCall{OSCall: "stat", Name: "stat", Args: []any{"/data"}})
	var st map[string]any
	if req.ReturnValue == nil {
		t.Fatalf("stat of the mount: %+v", req.Exception)
	}
	v, err := protocol.DecodeValue(req.ReturnValue)
	if st, _ = v.(map[string]any); err != nil || st["is_dir"] != true {
		t.Errorf("stat of the mount: %s", req.ReturnValue)
	}
}

// finish runs p to completion with ResumeAuto.
func finish(ctx context.Context, p Progress) (*Complete, error) {
	switch q := p.(type) {
	case *Complete:
		return q, nil
	case *FunctionCall:
		return q.ResumeAuto(ctx)
	case *NameLookup:
		return q.ResumeAuto(ctx)
	case *Futures:
		return q.ResumeAuto(ctx)
	}
	return nil, errors.New("unknown progress")
}
