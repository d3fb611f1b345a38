package vm

import (
	"sort"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// ModuleInit fills a freshly created module's dict.
type ModuleInit func(vm *VM, m Value) error

var moduleInits = map[string]ModuleInit{}

// RegisterModule makes a builtin module importable. Call it from init.
func RegisterModule(name string, init ModuleInit) { moduleInits[name] = init }

// ModuleNames lists every importable module, sorted.
func ModuleNames() []string {
	names := make([]string, 0, len(moduleInits))
	for n := range moduleInits {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// NewModule allocates an empty module object.
func (vm *VM) NewModule(name string) Value {
	d := vm.NewDict()
	dd := vm.H.Get(d).(*heap.Dict)
	k := vm.Intern("__name__")
	dd.Append(k, vm.NewStr(name), vm.StrHash(k))
	return vm.H.Alloc(&heap.Module{Name: vm.Intern(name), Dict: d})
}

// ModuleSet stores an attribute in a module.
func (vm *VM) ModuleSet(m Value, name string, v Value) {
	mo := vm.H.Get(m).(*heap.Module)
	vm.dictSetStr(mo.Dict, vm.Intern(name), v)
}

// ModuleFunc adds a builtin function to a module.
func (vm *VM) ModuleFunc(m Value, qual string, fn BuiltinFn) {
	id := registerBuiltin(qual, fn, false)
	name := qual
	if i := strings.LastIndexByte(qual, '.'); i >= 0 {
		name = qual[i+1:]
	}
	vm.ModuleSet(m, name, vm.H.Alloc(&heap.Builtin{ID: id, Self: heap.Undef}))
}

// Import returns the module called name, creating it on first use.
func (vm *VM) Import(name string) (Value, error) {
	if vm.rec != nil {
		return vm.recordImport(name)
	}
	return vm.importModule(name)
}

func (vm *VM) importModule(name string) (Value, error) {
	md := vm.H.Get(vm.Modules).(*heap.Dict)
	k := vm.Intern(name)
	if m, ok, _ := md.Get(k, vm.StrHash(k), vm.StrEq); ok {
		return m, nil
	}
	if m, ok, err := vm.bindBase(name); ok {
		return m, err
	}
	return vm.importFresh(name, md, k)
}

// importFresh creates module name by running its init (for a Python
// module, its body).
func (vm *VM) importFresh(name string, md *heap.Dict, k Value) (Value, error) {
	init, ok := moduleInits[name]
	if !ok {
		if init, ok = vm.mountedModule(name); !ok {
			return heap.Undef, vm.Errorf(TModuleNotFoundError, "No module named '%s'", name)
		}
	}
	m := vm.NewModule(name)
	md.Append(k, m, vm.StrHash(k))
	vm.H.Touch(vm.Modules)
	if err := init(vm, m); err != nil {
		md.Delete(k, vm.StrHash(k), vm.StrEq)
		vm.H.Touch(vm.Modules)
		return heap.Undef, err
	}
	return m, nil
}

func (vm *VM) importName(name string, fromlist, level Value) (Value, error) {
	if level.K == heap.KInt && level.I() > 0 {
		return heap.Undef, vm.Errorf(TImportError, "attempted relative import with no known parent package")
	}
	parts := strings.Split(name, ".")
	var top Value
	for i := range parts {
		m, err := vm.Import(strings.Join(parts[:i+1], "."))
		if err != nil {
			return heap.Undef, err
		}
		if i == 0 {
			top = m
		} else {
			parent, _ := vm.Import(strings.Join(parts[:i], "."))
			vm.ModuleSet(parent, parts[i], m)
		}
	}
	if fromlist.K == heap.KNone || fromlist.K == heap.KUndef {
		return top, nil
	}
	return vm.Import(name)
}

func (vm *VM) importFrom(m Value, name string) (Value, error) {
	v, err := vm.GetAttr(m, name)
	if err != nil {
		mo, ok := vm.H.Get(m).(*heap.Module)
		if ok {
			subName := vm.MustStr(mo.Name) + "." + name
			sub, err2 := vm.Import(subName)
			if err2 == nil {
				return sub, nil
			}
			if _, exists := moduleInits[subName]; exists {
				// The submodule exists but failed: report why.
				return heap.Undef, err2
			}
			return heap.Undef, vm.Errorf(TImportError, "cannot import name '%s' from '%s' (unknown location)", name, vm.MustStr(mo.Name))
		}
		return heap.Undef, err
	}
	return v, nil
}

// importStar is `from m import *`, as CPython does it: the names of
// m.__all__, else every name of m.__dict__ not starting with "_". m is
// whatever sys.modules held, not necessarily a module.
func (vm *VM) importStar(f *heap.Frame, m Value) error {
	ns := f.Locals
	if ns.K == heap.KUndef {
		ns = f.Globals
	}
	modName := func() string {
		if n, err := vm.GetAttr(m, "__name__"); err == nil {
			if s, ok := vm.StrOf(n); ok {
				return s
			}
		}
		return "module"
	}
	all, err := vm.GetAttr(m, "__all__")
	if err != nil && !vm.ErrIs(err, TAttributeError) {
		return err
	}
	var names []Value
	fromAll := err == nil
	if fromAll {
		if names, err = vm.Unpack(all); err != nil {
			return err
		}
	} else {
		d := heap.Undef
		if mo, ok := vm.refObj(m).(*heap.Module); ok {
			d = mo.Dict
		} else if d, err = vm.GetAttr(m, "__dict__"); err != nil {
			if vm.ErrIs(err, TAttributeError) {
				return vm.Errorf(TImportError, "from-import-* object has no __dict__ and no __all__")
			}
			return err
		}
		if dd, ok := vm.DictOf(d); ok {
			for _, e := range dd.Entries {
				if e.Key.K != heap.KUndef {
					names = append(names, e.Key)
				}
			}
		} else if names, err = vm.Unpack(d); err != nil {
			return err
		}
	}
	for _, k := range names {
		s, ok := vm.StrOf(k)
		if !ok {
			what := "__dict__"
			if fromAll {
				what = "__all__"
			}
			kind := "Key in"
			if fromAll {
				kind = "Item in"
			}
			return vm.TypeError("%s %s.%s must be str, not %s", kind, modName(), what, vm.TypeName(k))
		}
		if !fromAll && strings.HasPrefix(s, "_") {
			continue
		}
		v, err := vm.GetAttr(m, s)
		if err != nil {
			return err
		}
		if err := vm.SetItem(ns, k, v); err != nil {
			return err
		}
	}
	return nil
}

func init() {
	RegisterModule("sys", func(vm *VM, m Value) error {
		vm.ModuleSet(m, "maxsize", heap.Int(1<<63-1))
		vm.ModuleSet(m, "version", vm.NewStr("3.11.7 (amber)"))
		vm.ModuleSet(m, "version_info", vm.versionInfo())
		vm.ModuleSet(m, "hexversion", heap.Int(0x030b07f0))
		vm.ModuleSet(m, "implementation", vm.implementation(m))
		vm.ModuleSet(m, "platform", vm.NewStr("amber"))
		vm.ModuleSet(m, "byteorder", vm.NewStr("little"))
		vm.ModuleSet(m, "maxunicode", heap.Int(0x10FFFF))
		vm.ModuleSet(m, "argv", vm.NewList([]Value{vm.NewStr(vm.Filename)}))
		vm.ModuleSet(m, "modules", vm.Modules)
		vm.ModuleSet(m, "path", vm.NewList(nil))
		vm.ModuleSet(m, "stdout", newStdStream(vm, "stdout"))
		vm.ModuleSet(m, "stderr", newStdStream(vm, "stderr"))
		vm.ModuleSet(m, "stdin", newStdStream(vm, "stdin"))
		vm.ModuleSet(m, "float_info", newFloatInfo(vm))
		vm.sysIntMaxStrDigits(m)
		if _, _, err := vm.newTracebackClasses(m); err != nil { // types.FrameType, sys._getframe
			return err
		}
		vm.ModuleFunc(m, "sys.getrecursionlimit", func(vm *VM, _ Value, a Args) (Value, error) {
			return heap.Int(int64(vm.Limits.MaxRecursion)), nil
		})
		vm.ModuleFunc(m, "sys.setrecursionlimit", func(vm *VM, _ Value, a Args) (Value, error) {
			n, ok := vm.IndexOf(a.Pos[0])
			if !ok || n < 1 {
				return heap.Undef, vm.ValueError("recursion limit must be greater or equal than 1")
			}
			// Sandboxed code may lower the host's limit, never raise it.
			if vm.recursionCeiling == 0 {
				vm.recursionCeiling = vm.Limits.MaxRecursion
			}
			if int(n) > vm.recursionCeiling {
				n = int64(vm.recursionCeiling)
			}
			vm.Limits.MaxRecursion = int(n)
			return heap.None, nil
		})
		vm.ModuleFunc(m, "sys.exc_info", func(vm *VM, _ Value, a Args) (Value, error) {
			if vm.handled.K != heap.KRef {
				return vm.NewTuple([]Value{heap.None, heap.None, heap.None}), nil
			}
			return vm.NewTuple([]Value{vm.TypeOf(vm.handled), vm.handled, vm.tracebackOf(vm.handled)}), nil
		})
		vm.ModuleFunc(m, "sys.exit", func(vm *VM, _ Value, a Args) (Value, error) {
			return heap.Undef, vm.ErrorArgs(TSystemExit, a.Pos...)
		})
		vm.ModuleFunc(m, "sys.getsizeof", sysGetsizeof)
		vm.ModuleFunc(m, "sys.displayhook", sysDisplayhook)
		vm.ModuleFunc(m, "sys._getframe", sysGetframe) // getframe.go
		vm.ModuleFunc(m, "sys.intern", func(vm *VM, _ Value, a Args) (Value, error) {
			if _, ok := vm.strObj(a.Pos[0]); !ok {
				return heap.Undef, vm.TypeError("intern() argument must be str, not %s", argTypeName(vm, a.Pos[0]))
			}
			return a.Pos[0], nil
		})
		return nil
	})
}
