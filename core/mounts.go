package core

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"syscall"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// MountMode says what the sandbox may do under a mount.
type MountMode string

const (
	// MountReadOnly: reads see the host directory; writes fail with
	// OSError [Errno 30] Read-only file system.
	MountReadOnly MountMode = "ro"
	// MountReadWrite: writes go to the host directory, within the mount's
	// MaxWriteBytes per feed.
	MountReadWrite MountMode = "rw"
	// MountOverlay: reads see the host directory through the session's own
	// writes, which never reach the host. The writes live in the heap: they
	// travel with dumps and forks.
	MountOverlay MountMode = "overlay"
)

// Mount maps a host directory to a sandbox path. Mounts are per feed
// (FeedOptions.Mounts) and do not travel with dumps: pass them again after
// a load. A path that escapes the host directory (through "..", or a
// symlink pointing outside) is refused with PermissionError.
type Mount struct {
	HostDir string    // the host directory
	Path    string    // where the sandbox sees it: an absolute path
	Mode    MountMode // "ro" (the default when empty), "rw" or "overlay"
	// MaxWriteBytes bounds the bytes one feed may write through an rw
	// mount (0: unlimited); past it, writes fail with OSError
	// [Errno 122] Disk quota exceeded.
	MaxWriteBytes int64
	// FS, if set, serves the mount instead of HostDir (which is then
	// unused): see MountFS. Mode still applies.
	FS MountFS
}

// ParseMount parses the command line's HOST:SANDBOX[:ro|rw|overlay].
func ParseMount(s string) (Mount, error) {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 || parts[0] == "" || parts[1] == "" {
		return Mount{}, fmt.Errorf("mount %q: want HOST:SANDBOX[:ro|rw|overlay]", s)
	}
	m := Mount{HostDir: parts[0], Path: parts[1], Mode: MountReadOnly}
	if len(parts) == 3 {
		m.Mode = MountMode(parts[2])
	}
	return m, m.check()
}

func (m Mount) check() error {
	switch m.Mode {
	case "", MountReadOnly, MountReadWrite, MountOverlay:
	default:
		return fmt.Errorf("mount %s: unknown mode %q (want ro, rw or overlay)", m.Path, m.Mode)
	}
	if !strings.HasPrefix(m.Path, "/") {
		return fmt.Errorf("mount %s: the sandbox path must be absolute", m.Path)
	}
	return nil
}

// mountFS serves one feed's mounts to the VM.
type mountFS struct {
	mounts []*mounted // longest sandbox path first
}

type mounted struct {
	Mount
	root    *os.Root
	openErr error
	written int64 // bytes written through it this feed
}

func newMountFS(ms []Mount) (*mountFS, error) {
	if len(ms) == 0 {
		return nil, nil
	}
	f := &mountFS{}
	for _, m := range ms {
		if err := m.check(); err != nil {
			return nil, err
		}
		if m.Mode == "" {
			m.Mode = MountReadOnly
		}
		m.Path = path.Clean(m.Path)
		f.mounts = append(f.mounts, &mounted{Mount: m})
	}
	sort.SliceStable(f.mounts, func(i, j int) bool { return len(f.mounts[i].Path) > len(f.mounts[j].Path) })
	return f, nil
}

func (f *mountFS) close() {
	if f == nil {
		return
	}
	for _, m := range f.mounts {
		if m.root != nil {
			m.root.Close()
		}
	}
}

// find returns the mount serving p and p relative to it.
func (f *mountFS) find(p string) (*mounted, string) {
	for _, m := range f.mounts {
		switch {
		case p == m.Path:
			return m, "."
		case m.Path == "/":
			return m, strings.TrimPrefix(p, "/")
		case strings.HasPrefix(p, m.Path+"/"):
			return m, p[len(m.Path)+1:]
		}
	}
	return nil, ""
}

func (f *mountFS) MountMode(p string) string {
	if m, _ := f.find(p); m != nil {
		return string(m.Mode)
	}
	return ""
}

func fsErr(errno syscall.Errno) *vm.FSError {
	msg := errno.Error()
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return &vm.FSError{Errno: int(errno), Strerror: msg}
}

// osErr maps a host error to the errno CPython would report; an escape
// from the mount is a permission error.
func osErr(err error) error {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return fsErr(errno)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fsErr(syscall.ENOENT)
	case errors.Is(err, fs.ErrExist):
		return fsErr(syscall.EEXIST)
	}
	return fsErr(syscall.EACCES) // "path escapes from parent" and the like
}

func (f *mountFS) MountOp(op, p string, data []byte, p2 string) (any, error) {
	m, rel := f.find(p)
	if m == nil {
		return nil, fsErr(syscall.ENOENT)
	}
	if m.FS != nil {
		if op != "read" && op != "stat" && op != "listdir" && m.Mode != MountReadWrite {
			return nil, fsErr(syscall.EROFS)
		}
		rel2 := ""
		if op == "rename" {
			m2, r2 := f.find(p2)
			if m2 != m {
				return nil, fsErr(syscall.EXDEV)
			}
			rel2 = r2
		}
		return serveFS(m.FS, op, rel, data, rel2)
	}
	if m.root == nil && m.openErr == nil {
		m.root, m.openErr = os.OpenRoot(m.HostDir)
	}
	if m.openErr != nil {
		return nil, osErr(m.openErr)
	}
	r := m.root
	writes := op != "read" && op != "stat" && op != "listdir"
	if writes && m.Mode != MountReadWrite {
		return nil, fsErr(syscall.EROFS)
	}
	switch op {
	case "read":
		b, err := r.ReadFile(rel)
		if err != nil {
			return nil, osErr(err)
		}
		return b, nil
	case "stat":
		st, err := r.Stat(rel)
		if err != nil {
			return nil, osErr(err)
		}
		return vm.FSStat{IsDir: st.IsDir(), Size: st.Size(), MTime: float64(st.ModTime().UnixNano()) / 1e9}, nil
	case "listdir":
		d, err := r.Open(rel)
		if err != nil {
			return nil, osErr(err)
		}
		defer d.Close()
		names, err := d.Readdirnames(-1)
		if err != nil {
			return nil, osErr(err)
		}
		sort.Strings(names)
		return names, nil
	case "write", "append":
		if lim := m.MaxWriteBytes; lim > 0 && m.written+int64(len(data)) > lim {
			return nil, fsErr(syscall.EDQUOT)
		}
		if st, err := r.Stat(rel); err == nil && st.IsDir() {
			return nil, fsErr(syscall.EISDIR)
		}
		flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if op == "append" {
			flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		}
		fh, err := r.OpenFile(rel, flag, 0o644)
		if err != nil {
			return nil, osErr(err)
		}
		_, err = fh.Write(data)
		if cerr := fh.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, osErr(err)
		}
		m.written += int64(len(data))
		return nil, nil
	case "mkdir":
		return nil, wrapNil(r.Mkdir(rel, 0o755))
	case "remove":
		if st, err := r.Lstat(rel); err == nil && st.IsDir() {
			return nil, fsErr(syscall.EISDIR)
		}
		return nil, wrapNil(r.Remove(rel))
	case "rmdir":
		st, err := r.Lstat(rel)
		if err != nil {
			return nil, osErr(err)
		}
		if !st.IsDir() {
			return nil, fsErr(syscall.ENOTDIR)
		}
		return nil, wrapNil(r.Remove(rel))
	case "rename":
		m2, rel2 := f.find(p2)
		if m2 != m {
			return nil, fsErr(syscall.EXDEV)
		}
		return nil, wrapNil(r.Rename(rel, rel2))
	}
	return nil, fsErr(syscall.ENOSYS)
}

func wrapNil(err error) error {
	if err != nil {
		return osErr(err)
	}
	return nil
}
