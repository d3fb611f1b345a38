package core

import (
	"errors"
	"fmt"
	"math"
	"path"
	"sort"
	"strings"
	"syscall"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// ClientMount is a sandbox path whose files the embedder serves itself:
// the step engine's clients, which keep their directories on their own
// machines. Sandbox code uses ordinary file APIs there; each operation
// that needs the client pauses the run as a *FunctionCall with OSCall set
// (open, stat, listdir, write_file, append_file, mkdir, remove, rmdir,
// rename; Args are the sandbox paths, and the data for writes), and the
// embedder resumes it with the result (see docs/protocol.md, "Mounts
// served by the client"):
//
//   - MountReadOnly: writes fail in the sandbox with OSError [Errno 30]
//     Read-only file system and never reach the embedder;
//   - MountReadWrite: writes reach the embedder;
//   - MountOverlay: writes stay in the session's heap (so they travel
//     with dumps, loads and forks, unlike the client's directory); reads
//     of files the session has not written reach the embedder.
//
// A path that climbs out of a mount through ".." is refused with
// PermissionError before anyone is asked; the embedder must still refuse
// paths outside its directory (symlinks) itself.
type ClientMount struct {
	Path string    // absolute and normalized
	Mode MountMode // "ro" (the default when empty), "rw" or "overlay"
}

// maxClientMounts bounds a feed's client mounts, as the protocol does.
const maxClientMounts = 16

// CheckClientMounts validates a mount table: at most 16 mounts with
// absolute, normalized, distinct paths and known modes.
func CheckClientMounts(ms []ClientMount) error {
	if len(ms) > maxClientMounts {
		return fmt.Errorf("amber: %d client mounts, at most %d", len(ms), maxClientMounts)
	}
	seen := make(map[string]bool, len(ms))
	for _, m := range ms {
		switch m.Mode {
		case "", MountReadOnly, MountReadWrite, MountOverlay:
		default:
			return fmt.Errorf("amber: mount %s: unknown mode %q (want ro, rw or overlay)", m.Path, m.Mode)
		}
		if !strings.HasPrefix(m.Path, "/") || path.Clean(m.Path) != m.Path {
			return fmt.Errorf("amber: mount %q: the sandbox path must be absolute and normalized", m.Path)
		}
		if seen[m.Path] {
			return fmt.Errorf("amber: mount %s is given twice", m.Path)
		}
		seen[m.Path] = true
	}
	return nil
}

// sessionFS is the VM's file system when a feed has client mounts (or any
// mounts): the host-directory mounts of Mounts and the client's, the
// longest mount path serving a path.
type sessionFS struct {
	local  *mountFS      // nil when there are none
	client []ClientMount // longest path first
}

// setClientMounts installs the feed's client mounts beside its host
// mounts (s.fs, already set up by setOptions).
func (s *Session) setClientMounts(ms []ClientMount) error {
	if err := CheckClientMounts(ms); err != nil {
		return err
	}
	if len(ms) == 0 && s.fs == nil {
		return nil
	}
	f := &sessionFS{local: s.fs}
	for _, m := range ms {
		if m.Mode == "" {
			m.Mode = MountReadOnly
		}
		f.client = append(f.client, m)
	}
	sort.SliceStable(f.client, func(i, j int) bool { return len(f.client[i].Path) > len(f.client[j].Path) })
	s.m.FS = f
	return nil
}

// under reports whether p is root or below it.
func under(p, root string) bool {
	return p == root || root == "/" || strings.HasPrefix(p, root+"/")
}

// find returns the client mount serving p (nil: a host mount or none) and
// the path of the mount that serves it.
func (f *sessionFS) find(p string) (*ClientMount, string) {
	var c *ClientMount
	for i := range f.client {
		if under(p, f.client[i].Path) {
			c = &f.client[i]
			break
		}
	}
	if f.local != nil {
		if l, _ := f.local.find(p); l != nil && (c == nil || len(l.Path) > len(c.Path)) {
			return nil, l.Path
		}
	}
	if c == nil {
		return nil, ""
	}
	return c, c.Path
}

func (f *sessionFS) MountMode(p string) string {
	c, root := f.find(p)
	switch {
	case c != nil:
		return string(c.Mode)
	case root != "":
		return f.local.MountMode(p)
	}
	return ""
}

// ClientServed makes sessionFS a vm.ClientFS: p, as given or normalized,
// is under a client mount.
func (f *sessionFS) ClientServed(p string) bool {
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	c, _ := f.find(p)
	c2, _ := f.find(path.Clean(p))
	return c != nil || c2 != nil
}

// MountRoot makes sessionFS a vm.MountRooter.
func (f *sessionFS) MountRoot(p string) string {
	_, root := f.find(p)
	return root
}

// clientOps are _amberfs's mount operations and the OS calls that ask a
// client for them.
var clientOps = map[string]string{
	"read": "open", "stat": "stat", "listdir": "listdir", "write": "write_file", "append": "append_file",
	"mkdir": "mkdir", "remove": "remove", "rmdir": "rmdir", "rename": "rename",
}

func (f *sessionFS) MountOp(op, p string, data []byte, p2 string) (any, error) {
	if path.Clean(p) != p || op == "rename" && path.Clean(p2) != p2 {
		// _amberfs normalizes; only code calling _amber_fs itself gets here.
		return nil, fsErr(syscall.EACCES)
	}
	c, root := f.find(p)
	if c == nil {
		if root == "" {
			return nil, fsErr(syscall.ENOENT)
		}
		return f.local.MountOp(op, p, data, p2)
	}
	call, ok := clientOps[op]
	if !ok {
		return nil, fsErr(syscall.ENOSYS)
	}
	if op != "read" && op != "stat" && op != "listdir" && c.Mode != MountReadWrite {
		// _amberfs keeps overlay writes and refuses read-only ones itself;
		// nothing else may reach the client.
		return nil, fsErr(syscall.EROFS)
	}
	switch op {
	case "read":
		return nil, &vm.ClientOp{Op: call, Args: []any{p, "rb"}}
	case "write", "append":
		return nil, &vm.ClientOp{Op: call, Args: []any{p, data}}
	case "rename":
		if c2, _ := f.find(p2); c2 != c {
			return nil, fsErr(syscall.EXDEV)
		}
		return nil, &vm.ClientOp{Op: call, Args: []any{p, p2}}
	}
	return nil, &vm.ClientOp{Op: call, Args: []any{p}}
}

// osAnswer is the host's result of the OS call op as _amberfs takes it:
// open's str as UTF-8 bytes, stat's {"is_dir", "size", "mtime"} as a
// tuple (is_dir, size, mtime). Anything else passes as it is.
func osAnswer(op string, v any) any {
	switch op {
	case "open":
		if s, ok := v.(string); ok {
			return []byte(s)
		}
	case "stat":
		get := func(k string) (any, bool) { return nil, false }
		switch d := v.(type) {
		case map[string]any:
			get = func(k string) (any, bool) { x, ok := d[k]; return x, ok }
		case Dict:
			get = func(k string) (any, bool) {
				for _, kv := range d {
					if kv.Key == k {
						return kv.Value, true
					}
				}
				return nil, false
			}
		default:
			return v
		}
		isDir, _ := get("is_dir")
		dir, _ := isDir.(bool)
		size, mtime := int64(0), 0.0
		if x, ok := get("size"); ok {
			switch n := x.(type) {
			case int64:
				size = n
			case float64:
				if n == math.Trunc(n) && math.Abs(n) < 1<<53 {
					size = int64(n)
				}
			}
		}
		if x, ok := get("mtime"); ok {
			switch n := x.(type) {
			case float64:
				mtime = n
			case int64:
				mtime = float64(n)
			}
		}
		return Tuple{dir, size, mtime}
	}
	return v
}

// osErrnos are the errnos CPython gives the OSError subclasses a host may
// answer an OS call with by name only; other OSErrors are EIO.
var osErrnos = map[string]syscall.Errno{
	"FileNotFoundError": syscall.ENOENT, "FileExistsError": syscall.EEXIST,
	"IsADirectoryError": syscall.EISDIR, "NotADirectoryError": syscall.ENOTDIR,
	"PermissionError": syscall.EACCES,
	"OSError":         syscall.EIO, "IOError": syscall.EIO, "EnvironmentError": syscall.EIO,
}

// osExcValue is the exception an OS call's error answer raises: an
// OSError the host named by type and message gets CPython's errno, its
// strerror and the path, as a failing call of the real OS would.
func (p *FunctionCall) osExcValue(err error) (vm.Value, bool) {
	var e *Exception
	if p.OSCall == "" || !errors.As(err, &e) || e.Args != nil {
		return vm.Value{}, false
	}
	errno, ok := osErrnos[e.Type]
	if !ok {
		return vm.Value{}, false
	}
	msg := hostString(e.Message)
	if msg == "" {
		msg = fsErr(errno).Strerror
	}
	file := ""
	if len(p.Args) > 0 {
		file, _ = p.Args[0].(string)
	}
	return p.s.m.NewOSError(int(errno), msg, file), true
}
