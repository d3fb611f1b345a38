package sdk

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// MountMode says what sandbox code may do under a Mount.
type MountMode int

const (
	// ReadOnly (the zero Mode): reads come from Dir; writes fail in the
	// sandbox with OSError [Errno 30] Read-only file system, refused by
	// the server before they reach the client.
	ReadOnly MountMode = iota
	// ReadWrite: reads and writes go to Dir.
	ReadWrite
	// Overlay: writes are kept in the session's state on the server, never
	// in Dir, so they travel with dumps, loads and forks; reads of files
	// the session has not written come from Dir.
	Overlay
)

func (m MountMode) wire() string {
	switch m {
	case ReadWrite:
		return protocol.MountReadWrite
	case Overlay:
		return protocol.MountOverlay
	}
	return protocol.MountReadOnly
}

func (m MountMode) String() string { return m.wire() }

// Mount serves a directory of the client's machine to the sandbox at
// Path. Files stay on this machine: the server learns only Path and Mode,
// and asks the client for each file operation, which the SDK answers from
// Dir through an os.Root, so no path leaves it: "..", absolute paths and
// symlinks that lead outside Dir are refused with PermissionError.
// Mounts are per feed (FeedOptions.Mounts, also given to LoadSnapshot):
// like host functions, they are passed again with every request of the
// run.
type Mount struct {
	Path string    // where the sandbox sees the directory: absolute, e.g. "/data"
	Dir  string    // the directory on this machine
	Mode MountMode // ReadOnly, ReadWrite or Overlay
}

// wireMounts is the mount table the requests of the feed carry.
func (o *FeedOptions) wireMounts() []protocol.Mount {
	if o == nil || len(o.Mounts) == 0 {
		return nil
	}
	out := make([]protocol.Mount, len(o.Mounts))
	for i, m := range o.Mounts {
		out[i] = protocol.Mount{Path: m.Path, Mode: m.Mode.wire()}
	}
	return out
}

// mountFor is the mount serving sandbox path p (the longest Path that is
// p or above it), or nil.
func (o *FeedOptions) mountFor(p string) *Mount {
	if o == nil {
		return nil
	}
	var best *Mount
	for i := range o.Mounts {
		m := &o.Mounts[i]
		if within(p, m.Path) && (best == nil || len(m.Path) > len(best.Path)) {
			best = m
		}
	}
	return best
}

func within(p, root string) bool {
	return p == root || root == "/" || strings.HasPrefix(p, root+"/")
}

// mountExc is an OS error answer: an OSError subclass by name, with the
// strerror CPython would show (never a path of this machine).
func mountExc(typ, msg string) *protocol.Request {
	return &protocol.Request{Exception: &protocol.Exception{Type: typ, Message: msg}}
}

func permissionDenied() *protocol.Request { return mountExc("PermissionError", "Permission denied") }

// mountError maps a file error of this machine to the answer CPython's
// error would be. Escapes refused by os.Root are PermissionErrors.
func mountError(err error) *protocol.Request {
	var errno syscall.Errno
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return mountExc("FileNotFoundError", "No such file or directory")
	case errors.Is(err, fs.ErrExist):
		return mountExc("FileExistsError", "File exists")
	case errors.Is(err, syscall.EISDIR):
		return mountExc("IsADirectoryError", "Is a directory")
	case errors.Is(err, syscall.ENOTDIR):
		return mountExc("NotADirectoryError", "Not a directory")
	case errors.Is(err, fs.ErrPermission):
		return permissionDenied()
	case errors.As(err, &errno):
		return mountExc("OSError", errno.Error())
	}
	// os.Root's "path escapes from parent" (a symlink out of Dir, "..")
	// has no exported error; anything else that is not an errno is a
	// refusal too.
	return permissionDenied()
}

// answerMount answers the OS call c under mount m from m.Dir.
func answerMount(m *Mount, c *FunctionCall) *protocol.Request {
	p, ok := argString(c.Args, 0)
	if !ok {
		return permissionDenied()
	}
	rel, ok := relUnder(p, m.Path)
	if !ok {
		return permissionDenied()
	}
	write := true
	switch c.OSCall {
	case "open", "stat", "listdir":
		write = false
	}
	if write && m.Mode != ReadWrite {
		return mountExc("OSError", "Read-only file system")
	}
	root, err := os.OpenRoot(m.Dir)
	if err != nil {
		return mountError(err)
	}
	defer root.Close()
	v, err := mountOp(root, rel, m, c)
	if err != nil {
		if r, ok := err.(answerErr); ok {
			return r.req
		}
		return mountError(err)
	}
	raw, err := protocol.EncodeValue(v)
	if err != nil {
		return mountExc("OSError", "Input/output error")
	}
	return &protocol.Request{ReturnValue: raw}
}

// answerErr carries a ready answer out of mountOp.
type answerErr struct{ req *protocol.Request }

func (answerErr) Error() string { return "answered" }

func mountOp(root *os.Root, rel string, m *Mount, c *FunctionCall) (any, error) {
	switch c.OSCall {
	case "open":
		if mode, _ := argString(c.Args, 1); strings.ContainsAny(mode, "wax+") {
			return nil, answerErr{permissionDenied()}
		}
		return root.ReadFile(rel)
	case "stat":
		st, err := root.Stat(rel)
		if err != nil {
			return nil, err
		}
		return map[string]any{"is_dir": st.IsDir(), "size": st.Size(), "mtime": float64(st.ModTime().UnixNano()) / float64(time.Second)}, nil
	case "listdir":
		d, err := root.Open(rel)
		if err != nil {
			return nil, err
		}
		defer d.Close()
		names, err := d.Readdirnames(-1)
		if err != nil {
			return nil, err
		}
		sort.Strings(names)
		out := make([]any, len(names))
		for i, n := range names {
			out[i] = n
		}
		return out, nil
	case "write_file", "append_file":
		data, ok := argBytes(c.Args, 1)
		if !ok {
			return nil, answerErr{mountExc("TypeError", "write_file needs bytes")}
		}
		if st, err := root.Stat(rel); err == nil && st.IsDir() {
			return nil, syscall.EISDIR
		}
		flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if c.OSCall == "append_file" {
			flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		}
		f, err := root.OpenFile(rel, flag, 0o644)
		if err != nil {
			return nil, err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return nil, err
	case "mkdir":
		return nil, root.Mkdir(rel, 0o755)
	case "remove", "rmdir":
		st, err := root.Lstat(rel)
		if err != nil {
			return nil, err
		}
		if c.OSCall == "remove" && st.IsDir() {
			return nil, syscall.EISDIR
		}
		if c.OSCall == "rmdir" && !st.IsDir() {
			return nil, syscall.ENOTDIR
		}
		return nil, root.Remove(rel)
	case "rename":
		dst, ok := argString(c.Args, 1)
		if !ok {
			return nil, answerErr{permissionDenied()}
		}
		rel2, ok := relUnder(dst, m.Path)
		if !ok {
			return nil, answerErr{permissionDenied()}
		}
		return nil, root.Rename(rel, rel2)
	}
	return nil, answerErr{mountExc("OSError", "Function not implemented")}
}

// relUnder is sandbox path p relative to mount path root, refusing what
// is not a normalized absolute path below root.
func relUnder(p, root string) (string, bool) {
	if !strings.HasPrefix(p, "/") || path.Clean(p) != p || !within(p, root) {
		return "", false
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(p, root), "/")
	if rel == "" {
		rel = "."
	}
	return rel, true
}

func argString(args []any, i int) (string, bool) {
	if i >= len(args) {
		return "", false
	}
	s, ok := args[i].(string)
	return s, ok
}

func argBytes(args []any, i int) ([]byte, bool) {
	if i >= len(args) {
		return nil, false
	}
	b, ok := args[i].([]byte)
	return b, ok
}

// checkMounts refuses a mount table the server would: it is checked in
// the client so the mistake names the Dir.
func checkMounts(ms []Mount) error {
	if len(ms) > protocol.MaxMounts {
		return errors.New("sdk: more than 16 mounts")
	}
	seen := map[string]bool{}
	for _, m := range ms {
		if !strings.HasPrefix(m.Path, "/") || path.Clean(m.Path) != m.Path {
			return errors.New("sdk: mount " + m.Path + ": the sandbox path must be absolute and normalized")
		}
		if seen[m.Path] {
			return errors.New("sdk: mount " + m.Path + " is given twice")
		}
		seen[m.Path] = true
		if m.Dir == "" {
			return errors.New("sdk: mount " + m.Path + ": no Dir")
		}
		if m.Mode < ReadOnly || m.Mode > Overlay {
			return errors.New("sdk: mount " + m.Path + ": unknown mode")
		}
	}
	return nil
}
