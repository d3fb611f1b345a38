package core

import (
	"syscall"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// MountFS is a file system an embedder serves a mount from instead of a
// host directory (Mount.FS): the step engine's hosted volumes, for one.
// Names are relative to the mount, '/'-separated and normalized ("." is
// the mount's root; never "..", never absolute). Errors should be a
// syscall.Errno (or wrap one, or fs.ErrNotExist and the like); the
// sandbox sees the OSError CPython raises for it, and any other error as
// PermissionError. The methods are called synchronously from the running
// interpreter, one at a time.
type MountFS interface {
	ReadFile(name string) ([]byte, error)
	Stat(name string) (isDir bool, size int64, mtime float64, err error)
	ReadDir(name string) ([]string, error)
	WriteFile(name string, data []byte, append bool) error
	Mkdir(name string) error
	Remove(name string) error
	Rmdir(name string) error
	Rename(from, to string) error
}

// fsName is rel as a MountFS names it.
func fsName(rel string) string {
	if rel == "." {
		return ""
	}
	return rel
}

// serveFS runs op on a mount served by its MountFS. rel2 is the rename
// target relative to the same mount.
func serveFS(fsys MountFS, op, rel string, data []byte, rel2 string) (any, error) {
	name := fsName(rel)
	switch op {
	case "read":
		b, err := fsys.ReadFile(name)
		if err != nil {
			return nil, osErr(err)
		}
		return b, nil
	case "stat":
		dir, size, mtime, err := fsys.Stat(name)
		if err != nil {
			return nil, osErr(err)
		}
		return vm.FSStat{IsDir: dir, Size: size, MTime: mtime}, nil
	case "listdir":
		names, err := fsys.ReadDir(name)
		if err != nil {
			return nil, osErr(err)
		}
		return names, nil
	case "write", "append":
		return nil, wrapNil(fsys.WriteFile(name, data, op == "append"))
	case "mkdir":
		return nil, wrapNil(fsys.Mkdir(name))
	case "remove":
		return nil, wrapNil(fsys.Remove(name))
	case "rmdir":
		return nil, wrapNil(fsys.Rmdir(name))
	case "rename":
		return nil, wrapNil(fsys.Rename(name, fsName(rel2)))
	}
	return nil, fsErr(syscall.ENOSYS)
}
