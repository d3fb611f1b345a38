package core_test

import (
	"errors"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// memFS is a MountFS of files in a map (no directories but the root), to
// test the hook: each call is recorded.
type memFS struct {
	files map[string][]byte
	calls []string
}

func (m *memFS) rec(op, name string) { m.calls = append(m.calls, op+" "+name) }

func (m *memFS) ReadFile(name string) ([]byte, error) {
	m.rec("read", name)
	if b, ok := m.files[name]; ok {
		return b, nil
	}
	return nil, syscall.ENOENT
}

func (m *memFS) Stat(name string) (bool, int64, float64, error) {
	m.rec("stat", name)
	if name == "" {
		return true, 0, 0, nil
	}
	if b, ok := m.files[name]; ok {
		return false, int64(len(b)), 7, nil
	}
	return false, 0, 0, syscall.ENOENT
}

func (m *memFS) ReadDir(name string) ([]string, error) {
	m.rec("listdir", name)
	var out []string
	for k := range m.files {
		out = append(out, k)
	}
	sort.Strings(out)
	return out, nil
}

func (m *memFS) WriteFile(name string, data []byte, appendTo bool) error {
	m.rec("write", name)
	if appendTo {
		data = append(m.files[name], data...)
	}
	m.files[name] = append([]byte(nil), data...)
	return nil
}

func (m *memFS) Mkdir(name string) error  { m.rec("mkdir", name); return syscall.EACCES }
func (m *memFS) Remove(name string) error { m.rec("remove", name); delete(m.files, name); return nil }
func (m *memFS) Rmdir(name string) error {
	m.rec("rmdir", name)
	return errors.New("not a syscall error")
}
func (m *memFS) Rename(from, to string) error {
	m.rec("rename", from+">"+to)
	m.files[to] = m.files[from]
	delete(m.files, from)
	return nil
}

// TestMountFS: a mount served by a MountFS gets names relative to it; its
// errors are CPython's OSErrors (a non-errno error is PermissionError);
// ro refuses writes before they reach it.
func TestMountFS(t *testing.T) {
	vol := &memFS{files: map[string][]byte{"a.txt": []byte("alpha")}}
	ro := &memFS{files: map[string][]byte{"r.txt": []byte("read only")}}
	opts := &core.FeedOptions{Mounts: []core.Mount{
		{Path: "/vol", Mode: core.MountReadWrite, FS: vol},
		{Path: "/ro", Mode: core.MountReadOnly, FS: ro},
	}}
	for _, tc := range []struct{ code, want string }{
		{"open('/vol/a.txt').read()", "'alpha'"},
		{"import os\nos.listdir('/vol')", "['a.txt']"},
		{"with open('/vol/b.txt', 'w') as f:\n    f.write('be')\nopen('/vol/b.txt').read()", "'be'"},
		{"import os\nos.rename('/vol/b.txt', '/vol/c.txt')\nsorted(os.listdir('/vol'))", "['a.txt', 'c.txt']"},
		{"import os\nos.stat('/vol/a.txt').st_mtime", "7.0"},
		{"try:\n    open('/vol/nope')\nexcept FileNotFoundError as e:\n    r = e.filename\nr", "'/vol/nope'"},
		{"import os\ntry:\n    os.mkdir('/vol/d')\nexcept PermissionError as e:\n    r = e.errno\nr", "13"},
		{"import os\ntry:\n    os.rmdir('/vol/d')\nexcept PermissionError as e:\n    r = e.errno\nr", "13"},
		{"try:\n    open('/ro/x', 'w')\nexcept OSError as e:\n    r = e.errno\nr", "30"},
		{"open('/ro/r.txt').read()", "'read only'"},
	} {
		if err := reprIs(core.NewSession(core.Config{}), tc.code, opts, tc.want); err != nil {
			t.Errorf("%q: %v", tc.code, err)
		}
	}
	for _, c := range append(vol.calls, ro.calls...) {
		if strings.Contains(c, "/") || strings.Contains(c, "..") {
			t.Errorf("a MountFS got a name that is not relative to its mount: %q", c)
		}
	}
	for _, c := range ro.calls {
		if strings.HasPrefix(c, "write") {
			t.Errorf("a read-only MountFS was written: %q", c)
		}
	}
}
