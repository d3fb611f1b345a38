package core_test

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// memClient answers a session's OS calls from an in-memory tree, as a
// client serving its mounts would, and records them.
type memClient struct {
	files map[string]string // sandbox path -> content
	dirs  map[string]bool
	calls []string // "op path"
}

func newMemClient() *memClient {
	return &memClient{
		files: map[string]string{"/data/a.txt": "alpha\n", "/data/sub/b.txt": "beta", "/rw/old.txt": "old", "/ov/keep.txt": "keep"},
		dirs:  map[string]bool{"/data": true, "/data/sub": true, "/rw": true, "/ov": true},
	}
}

func notFound() error {
	return &core.Exception{Type: "FileNotFoundError", Message: "No such file or directory"}
}

func (c *memClient) os(op string, args []any, _ map[string]any) (any, error) {
	p, _ := args[0].(string)
	c.calls = append(c.calls, op+" "+p)
	switch op {
	case "open":
		if c.dirs[p] {
			return nil, &core.Exception{Type: "IsADirectoryError", Message: "Is a directory"}
		}
		f, ok := c.files[p]
		if !ok {
			return nil, notFound()
		}
		return []byte(f), nil
	case "stat":
		if c.dirs[p] {
			return map[string]any{"is_dir": true, "size": int64(4096), "mtime": 1.5}, nil
		}
		f, ok := c.files[p]
		if !ok {
			return nil, notFound()
		}
		return map[string]any{"is_dir": false, "size": int64(len(f)), "mtime": 1.5}, nil
	case "listdir":
		if !c.dirs[p] {
			return nil, notFound()
		}
		var names []any
		for k := range c.files {
			if path.Dir(k) == p {
				names = append(names, path.Base(k))
			}
		}
		for k := range c.dirs {
			if k != p && path.Dir(k) == p {
				names = append(names, path.Base(k))
			}
		}
		sort.Slice(names, func(i, j int) bool { return names[i].(string) < names[j].(string) })
		return names, nil
	case "write_file", "append_file":
		if op == "append_file" {
			c.files[p] += string(args[1].([]byte))
		} else {
			c.files[p] = string(args[1].([]byte))
		}
		return nil, nil
	case "mkdir":
		if c.dirs[p] {
			return nil, &core.Exception{Type: "FileExistsError", Message: "File exists"}
		}
		c.dirs[p] = true
		return nil, nil
	case "remove":
		if _, ok := c.files[p]; !ok {
			return nil, notFound()
		}
		delete(c.files, p)
		return nil, nil
	case "rename":
		q := args[1].(string)
		c.files[q] = c.files[p]
		delete(c.files, p)
		return nil, nil
	}
	return nil, core.ErrNotHandled
}

func (c *memClient) wrote() []string {
	var out []string
	for _, call := range c.calls {
		if op, _, _ := strings.Cut(call, " "); !slices.Contains([]string{"open", "stat", "listdir"}, op) {
			out = append(out, call)
		}
	}
	return out
}

var clientMounts = []core.ClientMount{
	{Path: "/data", Mode: core.MountReadOnly},
	{Path: "/rw", Mode: core.MountReadWrite},
	{Path: "/ov", Mode: core.MountOverlay},
}

func TestClientMountModes(t *testing.T) {
	for _, tc := range []struct {
		code, want string
		wrote      []string // the client's write calls
	}{
		{"open('/data/a.txt').read()", "'alpha\\n'", nil},
		{"import pathlib\npathlib.Path('/data/sub/b.txt').read_text()", "'beta'", nil},
		{"import os\nsorted(os.listdir('/data')), os.path.isdir('/data/sub'), os.path.exists('/data/no')", "(['a.txt', 'sub'], True, False)", nil},
		{"import os\nos.stat('/data/a.txt').st_size", "6", nil},
		{"import os\n[(d, f) for d, _, f in os.walk('/data')]", "[('/data', ['a.txt']), ('/data/sub', ['b.txt'])]", nil},
		// The client's error answers get CPython's errno and the path.
		{"try:\n    open('/data/nope')\nexcept FileNotFoundError as e:\n    r = (e.errno, e.strerror, e.filename)\nr", "(2, 'No such file or directory', '/data/nope')", nil},
		{"try:\n    open('/data/sub')\nexcept IsADirectoryError as e:\n    r = e.errno\nr", "21", nil},
		// read-only: the server refuses writes; the client never sees one.
		{"try:\n    open('/data/new', 'w')\nexcept OSError as e:\n    r = (e.errno, e.strerror)\nr", "(30, 'Read-only file system')", nil},
		{"import os\ntry:\n    os.remove('/data/a.txt')\nexcept OSError as e:\n    r = e.errno\nr", "30", nil},
		// read-write: writes reach the client.
		{"with open('/rw/n.txt', 'w') as f:\n    f.write('x')\nopen('/rw/n.txt').read()", "'x'", []string{"write_file /rw/n.txt", "append_file /rw/n.txt"}},
		{"import os\nos.mkdir('/rw/d')\nos.rename('/rw/old.txt', '/rw/new.txt')\nos.remove('/rw/new.txt')\nsorted(os.listdir('/rw'))", "['d']", []string{"mkdir /rw/d", "rename /rw/old.txt", "remove /rw/new.txt"}},
		// overlay: writes stay in the session; unchanged files come from the client.
		{"open('/ov/keep.txt', 'a').write('!')\nopen('/ov/new.txt', 'w').write('n')\nimport os\nopen('/ov/keep.txt').read(), sorted(os.listdir('/ov'))", "('keep!', ['keep.txt', 'new.txt'])", nil},
		// '..' out of a mount is refused before anyone is asked.
		{"try:\n    open('/data/../etc/passwd')\nexcept PermissionError as e:\n    r = (e.errno, e.filename)\nr", "(13, '/data/../etc/passwd')", nil},
		{"try:\n    open('/data/sub/../../rw/old.txt')\nexcept PermissionError as e:\n    r = e.errno\nr", "13", nil},
		{"open('/data/sub/../a.txt').read()", "'alpha\\n'", nil}, // stays inside
	} {
		c := newMemClient()
		s := core.NewSession(core.Config{})
		out, err := s.FeedRun(tc.code, &core.FeedOptions{ClientMounts: clientMounts, OS: c.os})
		if err != nil {
			t.Errorf("%q: %v", tc.code, err)
			continue
		}
		if out.Repr != tc.want {
			t.Errorf("%q: got %s, want %s", tc.code, out.Repr, tc.want)
		}
		if got := c.wrote(); !slices.Equal(got, tc.wrote) {
			t.Errorf("%q: the client saw writes %q, want %q", tc.code, got, tc.wrote)
		}
		if tc.wrote == nil && (c.files["/ov/keep.txt"] != "keep" || c.files["/data/a.txt"] != "alpha\n") {
			t.Errorf("%q: the client's files changed: %q", tc.code, c.files)
		}
		for _, call := range c.calls {
			if strings.Contains(call, "..") || !strings.HasPrefix(call[strings.Index(call, " ")+1:], "/data") &&
				!strings.HasPrefix(call[strings.Index(call, " ")+1:], "/rw") && !strings.HasPrefix(call[strings.Index(call, " ")+1:], "/ov") {
				t.Errorf("%q: the client was asked %q", tc.code, call)
			}
		}
	}
}

// Sandbox code calling the file system's internals itself cannot make
// the client see what the mounts would not send it.
func TestClientMountInternalsRefuse(t *testing.T) {
	for _, code := range []string{
		"_amber_fs.oscall('write_file', '/data/a.txt', b'x')",
		"_amber_fs.oscall('open', '/ov/keep.txt', 'rb')",
		"_amber_fs.oscall('rename', '/tmp/x', '/rw/old.txt')",
		"_amber_fs.oscall('open', '/data/../x', 'rb')",
		"_amber_fs.oscall('open', '/x/../data/a.txt', 'rb')",
		"_amber_fs.host('write', '/data/a.txt', b'x')",
		"_amber_fs.host('write', '/ov/keep.txt', b'x')",
		"_amber_fs.host('read', '/data/../etc/passwd')",
		"_amber_fs.host('read', '/data//a.txt')",
		"_amber_fs.host('rename', '/rw/old.txt', None, '/rw/../data/a.txt')",
	} {
		c := newMemClient()
		s := core.NewSession(core.Config{})
		out, err := s.FeedRun("import _amber_fs\ntry:\n    "+code+"\nexcept OSError as e:\n    r = e.errno\nr", &core.FeedOptions{ClientMounts: clientMounts, OS: c.os})
		if err != nil || (out.Repr != "13" && out.Repr != "30") {
			t.Errorf("%s: %s %v, want EACCES or EROFS", code, out.Repr, err)
		}
		if len(c.calls) != 0 {
			t.Errorf("%s: the client was asked %q", code, c.calls)
		}
	}
}

// An overlay's writes live in the session: a dump, a load into a fresh
// session and a fork of a snapshot all see them; the client's files
// never change.
func TestClientMountOverlayTravels(t *testing.T) {
	c := newMemClient()
	opts := &core.FeedOptions{ClientMounts: clientMounts, OS: c.os}
	s := core.NewSession(core.Config{})
	feed(t, s, "open('/ov/keep.txt', 'w').write('mine')\nimport os\nos.mkdir('/ov/d')\nopen('/ov/d/x', 'w').write('x')", opts)
	r := restored(t, s, core.Config{})
	if v := feed(t, r, "import os\nopen('/ov/keep.txt').read(), open('/ov/d/x').read(), sorted(os.listdir('/ov'))", opts); v.Repr != "('mine', 'x', ['d', 'keep.txt'])" {
		t.Errorf("after a load: %s", v.Repr)
	}
	// A snapshot taken at a host call, loaded twice: both forks see the
	// overlay and change it independently.
	p, err := r.FeedStart("v = ask()\nopen('/ov/keep.txt', 'w').write(v)\nopen('/ov/keep.txt').read()", opts)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := p.Dump()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"fork1", "fork2"} {
		f := core.NewSession(core.Config{})
		p, err := f.LoadSnapshot(snap, opts)
		if err != nil {
			t.Fatal(err)
		}
		p, err = p.(*core.FunctionCall).Resume(v)
		for err == nil {
			if done, ok := p.(*core.Complete); ok {
				if done.Output.Go != v {
					t.Errorf("fork %s read %s", v, done.Output.Repr)
				}
				break
			}
			p, err = f.ResumeAuto(p)
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := feed(t, f, "open('/ov/d/x').read()", opts); got.Go != "x" {
			t.Errorf("fork %s: /ov/d/x is %s", v, got.Repr)
		}
	}
	if c.files["/ov/keep.txt"] != "keep" || len(c.wrote()) != 0 {
		t.Errorf("the client's overlay files changed: %q, writes %q", c.files, c.wrote())
	}
}

// Without the mount table, the same paths are OS calls outside every
// mount; a bad table is refused before anything runs.
func TestClientMountTable(t *testing.T) {
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart("open('/data/a.txt').read()", &core.FeedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if fc, ok := p.(*core.FunctionCall); !ok || fc.OSCall != "open" || fc.Args[0] != "/data/a.txt" {
		t.Fatalf("outside mounts: %#v", p)
	}
	s.Abandon()
	for _, ms := range [][]core.ClientMount{
		{{Path: "data"}},
		{{Path: "/data/"}},
		{{Path: "/a/../b"}},
		{{Path: "/data"}, {Path: "/data"}},
		{{Path: "/data", Mode: "rwx"}},
	} {
		if _, err := s.FeedStart("1", &core.FeedOptions{ClientMounts: ms}); err == nil {
			t.Errorf("mounts %v accepted", ms)
		}
	}
	many := make([]core.ClientMount, 17)
	for i := range many {
		many[i].Path = fmt.Sprintf("/m%d", i)
	}
	if _, err := s.FeedStart("1", &core.FeedOptions{ClientMounts: many}); err == nil {
		t.Error("17 mounts accepted")
	}
}

// BenchmarkClientMountRead: one open().read() of a client-mounted file,
// a pause for the client and its answer, per iteration.
func BenchmarkClientMountRead(b *testing.B) {
	c := newMemClient()
	c.files["/data/a.txt"] = strings.Repeat("x", 4096)
	s := core.NewSession(core.Config{})
	opts := &core.FeedOptions{ClientMounts: clientMounts, OS: c.os}
	for b.Loop() {
		if _, err := s.FeedRun("len(open('/data/a.txt', 'rb').read())", opts); err != nil {
			b.Fatal(err)
		}
	}
}
