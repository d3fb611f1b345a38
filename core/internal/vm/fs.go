package vm

import (
	"path"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// The sandbox's file system. Python code (the _amberfs module: open, os,
// os.path, pathlib) routes every operation on an absolute, normalized
// path: a path under a mount is served by the embedder's FS (the host
// directory, or the session's overlay kept in _amberfs's own dict, so it
// lives in the heap and travels with dumps); any other path becomes an OS
// call, a host call suspension with Suspension.OSCall set.

// FS serves the mounts of the current feed. The VM never touches the
// host's files itself.
type FS interface {
	// MountMode is the mode ("ro", "rw" or "overlay") of the mount that
	// serves path, or "" when no mount does.
	MountMode(path string) string
	// MountOp runs op on the host file behind path: "read" ([]byte),
	// "stat" (FSStat), "listdir" ([]string), "write" and "append" (data),
	// "mkdir", "remove", "rmdir", "rename" (to path2). Failures are
	// *FSError.
	MountOp(op, path string, data []byte, path2 string) (any, error)
}

// MountRooter is an FS that also says where the mount serving a path
// starts, so that a ".." climbing out of it is refused (PermissionError)
// instead of leading, once the path is normalized, somewhere else.
type MountRooter interface {
	MountRoot(path string) string // "" when no mount serves path
}

// ClientFS is an FS some of whose mounts the embedder's client serves.
// OS calls of sandbox code that name a path there directly (through
// _amber_fs.oscall rather than the mount) are refused: only the mount's
// own operations, which keep its mode, may reach the client there.
type ClientFS interface {
	ClientServed(path string) bool
}

// ClientOp, returned as the error of FS.MountOp, hands the operation to
// the embedder's client: the run pauses with an OS call named Op (the
// protocol's os_call) whose arguments are Args, each a string or []byte.
// The resume's value is what the operation returns to _amberfs: bytes
// for a read, (is_dir, size, mtime) for a stat, a list of names for a
// listdir.
type ClientOp struct {
	Op   string
	Args []any
}

func (c *ClientOp) Error() string { return "ask the client: " + c.Op }

// FSStat is what a stat of a mounted file returns.
type FSStat struct {
	IsDir bool
	Size  int64
	MTime float64
}

// FSError is an OS error of a mount operation, as errno and strerror.
type FSError struct {
	Errno    int
	Strerror string
}

func (e *FSError) Error() string { return e.Strerror }

// NewOSError builds the OSError subclass CPython picks for errno, with
// its errno, strerror and filename.
func (vm *VM) NewOSError(errno int, strerror, filename string) Value {
	args := []Value{heap.Int(int64(errno)), vm.NewStr(strerror)}
	if filename != "" {
		args = append(args, vm.NewStr(filename))
	}
	return vm.NewException(vm.osErrorClass(errno), args)
}

// osErrorTypes are the OSError subclasses CPython picks by errno.
var osErrorTypes = map[int]TypeID{
	1: TPermissionError, 2: TFileNotFoundError, 13: TPermissionError, 17: TFileExistsError,
	20: TNotADirectoryError, 21: TIsADirectoryError,
}

func (vm *VM) osErrorClass(errno int) Value {
	if t, ok := osErrorTypes[errno]; ok {
		return vm.Types[t]
	}
	return vm.Types[TOSError]
}

func (vm *VM) fsArgStr(a Args, i int, fname string) (string, error) {
	if i >= len(a.Pos) {
		return "", vm.TypeError("%s() missing an argument", fname)
	}
	return vm.funcStrArg(fname, a.Pos[i])
}

func init() {
	RegisterModule("_amber_fs", func(vm *VM, m Value) error {
		// mount(path) -> the mode of the mount serving path, or ''.
		vm.ModuleFunc(m, "_amber_fs.mount", func(vm *VM, _ Value, a Args) (Value, error) {
			p, err := vm.fsArgStr(a, 0, "mount")
			if err != nil {
				return heap.Undef, err
			}
			if vm.FS == nil {
				return vm.NewStr(""), nil
			}
			if err := vm.mountEscape(); err != nil {
				return heap.Undef, err
			}
			return vm.NewStr(vm.FS.MountMode(p)), nil
		})
		// host(op, path, data=None, path2='') runs op on a mount's host
		// directory; OS errors are raised as CPython's.
		vm.ModuleFunc(m, "_amber_fs.host", func(vm *VM, _ Value, a Args) (Value, error) {
			op, err := vm.fsArgStr(a, 0, "host")
			if err != nil {
				return heap.Undef, err
			}
			p, err := vm.fsArgStr(a, 1, "host")
			if err != nil {
				return heap.Undef, err
			}
			var data []byte
			if len(a.Pos) > 2 {
				if b, ok := vm.BytesOf(a.Pos[2]); ok {
					data = b.B
				}
			}
			p2 := ""
			if len(a.Pos) > 3 {
				p2, _ = vm.StrOf(a.Pos[3])
			}
			if vm.FS == nil {
				return heap.Undef, &Exception{Value: vm.NewOSError(2, "No such file or directory", p), vm: vm}
			}
			r, err := vm.FS.MountOp(op, p, data, p2)
			if c, ok := err.(*ClientOp); ok {
				return heap.Undef, vm.askClient(c)
			}
			if err != nil {
				if fe, ok := err.(*FSError); ok {
					return heap.Undef, &Exception{Value: vm.NewOSError(fe.Errno, fe.Strerror, p), vm: vm}
				}
				return heap.Undef, err
			}
			switch r := r.(type) {
			case []byte:
				return vm.NewBytes(r, false), nil
			case []string:
				items := make([]Value, len(r))
				for i, s := range r {
					items[i] = vm.NewStr(s)
				}
				return vm.NewList(items), nil
			case FSStat:
				return vm.NewTuple([]Value{heap.Bool(r.IsDir), heap.Int(r.Size), heap.Float(r.MTime)}), nil
			}
			return heap.None, nil
		})
		// oscall(op, *args) asks the host: the run suspends with OSCall set.
		vm.ModuleFunc(m, "_amber_fs.oscall", func(vm *VM, _ Value, a Args) (Value, error) {
			op, err := vm.fsArgStr(a, 0, "oscall")
			if err != nil {
				return heap.Undef, err
			}
			if vm.nested > 0 {
				return heap.Undef, vm.Errorf(TRuntimeError, "cannot ask the host for '%s' here: it was reached from inside a builtin that cannot pause", op)
			}
			if cf, ok := vm.FS.(ClientFS); ok {
				for _, v := range a.Pos[1:] {
					if p, isStr := vm.StrOf(v); isStr && cf.ClientServed(p) {
						return heap.Undef, &Exception{Value: vm.NewOSError(13, "Permission denied", p), vm: vm}
					}
				}
			}
			err = vm.suspendHostCall(op, a.Pos[1:], nil)
			if s, ok := err.(*Suspended); ok {
				s.S.OSCall = op
			}
			return heap.Undef, err
		})
		// oserror(errno, strerror, filename) builds CPython's subclass.
		vm.ModuleFunc(m, "_amber_fs.oserror", func(vm *VM, _ Value, a Args) (Value, error) {
			n, _ := vm.IndexOf(a.Pos[0])
			msg, _ := vm.StrOf(a.Pos[1])
			fn := ""
			if len(a.Pos) > 2 {
				fn, _ = vm.StrOf(a.Pos[2])
			}
			return vm.NewOSError(int(n), msg, fn), nil
		})
		return nil
	})
}

// tailFS continues the builtin called name in pyfn of the _amberfs module
// (see tailPy): file operations run as Python frames, so an OS call can
// pause them.
func (vm *VM) tailFS(name, pyfn string, a Args) (r Value, ok bool, err error) {
	if !vm.tailOK || vm.tailName != name {
		return heap.Undef, false, nil
	}
	return vm.tailCall("_amberfs", name, pyfn, append(append([]Value(nil), a.Pos...), a.KwVals...), a.KwNames)
}

// mountedModule finds module name as a .py file (or a package's
// __init__.py) in the mounted directories listed in sys.path and returns
// the init that runs it; ok=false: no mounted directory has it.
func (vm *VM) mountedModule(name string) (init ModuleInit, ok bool) {
	if vm.FS == nil {
		return nil, false
	}
	sys, err := vm.Import("sys")
	if err != nil {
		return nil, false
	}
	pathList, err := vm.GetAttr(sys, "path")
	if err != nil {
		return nil, false
	}
	entries, ok := vm.ListOf(pathList)
	if !ok {
		return nil, false
	}
	rel := strings.ReplaceAll(name, ".", "/")
	for _, e := range append([]Value(nil), entries.Items...) {
		dir, ok := vm.StrOf(e)
		if !ok || !strings.HasPrefix(dir, "/") {
			continue
		}
		for _, cand := range []string{rel + ".py", rel + "/__init__.py"} {
			file := path.Join(dir, cand)
			if vm.FS.MountMode(file) == "" {
				continue
			}
			r, err := vm.FS.MountOp("read", file, nil, "")
			if err != nil {
				continue
			}
			src, ok := r.([]byte)
			if !ok {
				continue
			}
			return func(vm *VM, m Value) error {
				mod, err := syntax.Parse(file, src)
				if err != nil {
					return vm.Errorf(TSyntaxError, "%v", err)
				}
				code, err := compile.Compile(mod, file, src, compile.Options{})
				if err != nil {
					return vm.Errorf(TSyntaxError, "%v", err)
				}
				vm.ModuleSet(m, "__file__", vm.NewStr(file))
				if strings.HasSuffix(cand, "__init__.py") {
					vm.ModuleSet(m, "__path__", vm.NewList([]Value{vm.NewStr(path.Dir(file))}))
				}
				return vm.runModuleCode(code, m)
			}, true
		}
	}
	return nil, false
}

// OSNotHandled is the error CPython raises for the OS call op on path
// when nobody provides the file: FileNotFoundError for operations that
// read, PermissionError for those that write (mode is open's).
func (vm *VM) OSNotHandled(op, path, mode string) Value {
	write := false
	switch op {
	case "write_file", "append_file", "mkdir", "remove", "rmdir", "rename":
		write = true
	case "open":
		write = strings.ContainsAny(mode, "wax+")
	}
	if write {
		return vm.NewOSError(13, "Permission denied", path)
	}
	return vm.NewOSError(2, "No such file or directory", path)
}

// DeclineOSCalls continues a run that nobody answers OS calls for: each OS
// call suspension in err is resumed raising OSNotHandled's error. Other
// outcomes are returned as they are.
func (vm *VM) DeclineOSCalls(v Value, err error) (Value, error) {
	for {
		s, ok := err.(*Suspended)
		if !ok || s.S.OSCall == "" {
			return v, err
		}
		path, mode := "", ""
		if len(s.S.Args) > 0 {
			path, _ = vm.StrOf(s.S.Args[0])
		}
		if len(s.S.Args) > 1 {
			mode, _ = vm.StrOf(s.S.Args[1])
		}
		v, err = vm.ResumeRaise(vm.OSNotHandled(s.S.OSCall, path, mode))
	}
}

// askClient pauses the run with c as an OS call, as _amber_fs.oscall does.
func (vm *VM) askClient(c *ClientOp) error {
	if vm.nested > 0 {
		return vm.Errorf(TRuntimeError, "cannot ask the host for '%s' here: it was reached from inside a builtin that cannot pause", c.Op)
	}
	args := make([]Value, len(c.Args))
	for i, a := range c.Args {
		switch a := a.(type) {
		case []byte:
			args[i] = vm.NewBytes(a, false)
		case string:
			args[i] = vm.NewStr(a)
		default:
			args[i] = heap.None
		}
	}
	err := vm.suspendHostCall(c.Op, args, nil)
	if s, ok := err.(*Suspended); ok {
		s.S.OSCall = c.Op
	}
	return err
}

// mountEscape refuses, with PermissionError, a path whose ".." climbs out
// of the mount it is in (/data/../etc/passwd with /data mounted): the path
// the program gave, before _amberfs normalized it, is the argument of
// _amberfs._route, the one caller of _amber_fs.mount. (The check reads it
// there rather than in _amberfs itself because the module is part of the
// base image, which must stay the same for stored dumps to load.) Paths
// given as objects other than str and bytes are not checked: once
// normalized, they are served by whatever serves the path they name.
func (vm *VM) mountEscape() error {
	fs, ok := vm.FS.(MountRooter)
	if !ok || len(vm.frames) == 0 {
		return nil
	}
	f := vm.frames[len(vm.frames)-1]
	if f.C == nil || f.C.Code.Name != "_route" || f.C.Code.Filename != "_amberfs.py" || len(f.Slots) == 0 {
		return nil
	}
	raw, ok := vm.StrOf(f.Slots[0])
	if !ok {
		b, isBytes := vm.BytesOf(f.Slots[0])
		if !isBytes {
			return nil
		}
		raw = string(b.B)
	}
	if !strings.Contains(raw, "..") {
		return nil
	}
	var cur []string
	for _, c := range strings.Split(raw, "/") {
		switch c {
		case "", ".":
		case "..":
			if len(cur) == 0 {
				continue
			}
			here := "/" + strings.Join(cur, "/")
			if fs.MountRoot(here) == here {
				return &Exception{Value: vm.NewOSError(13, "Permission denied", raw), vm: vm}
			}
			cur = cur[:len(cur)-1]
		default:
			cur = append(cur, c)
		}
	}
	return nil
}
