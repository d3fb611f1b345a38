package vm

import (
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// Traceback objects, as __exit__, sys.exc_info() and __traceback__ see
// them: a chain of "traceback" instances (tb_lineno, tb_next, tb_lasti,
// tb_frame) over an exception's recorded entries, each tb_frame a "frame"
// instance with f_code, f_lineno and f_globals None. They are built on
// demand from the entries; the two classes are made once and kept in the
// sys module, so they travel with dumps.

// tracebackClasses returns the traceback and frame classes.
func (vm *VM) tracebackClasses() (tb, frame Value, err error) {
	sys, err := vm.Import("sys")
	if err != nil {
		return heap.Undef, heap.Undef, err
	}
	d, _ := vm.DictOf(vm.ModuleDict(sys))
	tbKey, frKey := vm.Intern("_amber_traceback"), vm.Intern("_amber_frame")
	if t, ok, _ := d.Get(tbKey, vm.StrHash(tbKey), vm.StrEq); ok {
		if f, ok, _ := d.Get(frKey, vm.StrHash(frKey), vm.StrEq); ok {
			return t, f, nil
		}
	}
	return vm.newTracebackClasses(sys)
}

// newTracebackClasses makes the traceback and frame classes and keeps
// them in the sys module.
func (vm *VM) newTracebackClasses(sys Value) (tb, frame Value, err error) {
	mk := func(name string) (Value, error) {
		ns := vm.NewDict()
		vm.dictSetStr(ns, vm.Intern("__module__"), vm.NewStr("builtins"))
		return vm.newClass(vm.Types[TType], vm.NewStr(name), vm.NewTuple(nil), ns, Args{})
	}
	if tb, err = mk("traceback"); err != nil {
		return heap.Undef, heap.Undef, err
	}
	if frame, err = mk("frame"); err != nil {
		return heap.Undef, heap.Undef, err
	}
	vm.ModuleSet(sys, "_amber_traceback", tb)
	vm.ModuleSet(sys, "_amber_frame", frame)
	return tb, frame, nil
}

// tracebackOf builds exc's traceback object, or None when it has none.
func (vm *VM) tracebackOf(exc Value) Value {
	return vm.tracebackFrom(vm.ExcOf(exc))
}

func (vm *VM) tracebackFrom(e *heap.ExcData) Value {
	if e == nil || len(e.Traceback) == 0 {
		return heap.None
	}
	tbCls, frCls, err := vm.tracebackClasses()
	if err != nil {
		return heap.None
	}
	next := heap.None
	// The entries run from the innermost frame out; the chain from the
	// outermost in.
	for _, t := range e.Traceback {
		fd := vm.NewDict()
		vm.dictSetStr(fd, vm.Intern("f_code"), t.Code)
		vm.dictSetStr(fd, vm.Intern("f_lineno"), heap.Int(int64(t.Line)))
		vm.dictSetStr(fd, vm.Intern("f_globals"), heap.None)
		vm.dictSetStr(fd, vm.Intern("f_back"), heap.None)
		frame := vm.H.Alloc(&heap.Instance{Class: frCls, Dict: fd, Prim: heap.Undef})
		td := vm.NewDict()
		vm.dictSetStr(td, vm.Intern("tb_frame"), frame)
		vm.dictSetStr(td, vm.Intern("tb_lineno"), heap.Int(int64(t.Line)))
		vm.dictSetStr(td, vm.Intern("tb_lasti"), heap.Int(0))
		vm.dictSetStr(td, vm.Intern("tb_next"), next)
		next = vm.H.Alloc(&heap.Instance{Class: tbCls, Dict: td, Prim: heap.Undef})
	}
	return next
}

// CloseUnreachableGenerators closes the suspended generators that nothing
// reaches any more and that are inside a try or with block, so their
// finally clauses and __exit__ methods run, as CPython runs them when the
// last reference goes (here: between feeds, at the latest at a feed's
// end). An exception escaping one is reported on stderr and ignored, as
// CPython does.
func (vm *VM) CloseUnreachableGenerators() {
	if vm.genScanClean {
		return
	}
	for round := 0; round < 8; round++ {
		gens, any := vm.H.Unreachable(vm.Roots, func(o heap.Object) bool {
			g, ok := o.(*heap.Generator)
			return ok && g.Kind == heap.GenGenerator && g.State == heap.GenSuspended && g.Frame != nil && len(g.Frame.Blocks) > 0
		})
		if !any {
			vm.genScanClean = true
		}
		if len(gens) == 0 {
			return
		}
		saved := vm.ExtraRoots
		vm.ExtraRoots = append(append([]Value(nil), saved...), gens...)
		for _, g := range gens {
			if _, err := vm.CallMethod(g, "close"); err != nil {
				if exc, ok := ExcValue(err); ok {
					r, _ := vm.Repr(g)
					// Output like any other: past the output limit the
					// reports stop.
					if err := vm.write("stderr", "Exception ignored in: "+r+"\n"+vm.FormatTraceback(exc)); err != nil {
						vm.ExtraRoots = saved
						return
					}
					continue
				}
				vm.ExtraRoots = saved
				return // a limit: stop here
			}
		}
		vm.ExtraRoots = saved
	}
}

// lazyBuiltins are builtins written in Python (in _amber_lazy), made on
// first use so that a VM that never uses them does not build them.
var lazyBuiltins = map[string]bool{"memoryview": true, "exit": true, "quit": true}

// lazyBuiltin makes the lazy builtin name and installs it in builtins.
func (vm *VM) lazyBuiltin(name string) (Value, bool, error) {
	if !lazyBuiltins[name] {
		return heap.Undef, false, nil
	}
	v, err := vm.moduleAttr(lazyModule(name), name)
	if err != nil {
		return heap.Undef, true, err
	}
	if err := vm.dictSetStr(vm.Builtins, vm.Intern(name), v); err != nil {
		return heap.Undef, true, err
	}
	return v, true, nil
}

// IsLazyBuiltin reports whether name is a builtin made on first use.
func IsLazyBuiltin(name string) bool { return lazyBuiltins[name] }

// implementation is sys.implementation, a types.SimpleNamespace naming
// Amber (None if the runtime module cannot be loaded).
func (vm *VM) implementation(sys Value) Value {
	fn, err := vm.moduleAttr("_amber_lazy", "implementation")
	if err != nil {
		return heap.None
	}
	version, err := vm.GetAttr(sys, "version_info")
	if err != nil {
		return heap.None
	}
	v, err := vm.Call(fn, version)
	if err != nil {
		return heap.None
	}
	return v
}

// versionInfo is sys.version_info, a named tuple (a plain tuple if the
// runtime module cannot be loaded).
func (vm *VM) versionInfo() Value {
	t := vm.NewTuple([]Value{heap.Int(3), heap.Int(11), heap.Int(7), vm.NewStr("final"), heap.Int(0)})
	cls, err := vm.moduleAttr("_amber_lazy", "version_info")
	if err != nil {
		return t
	}
	v, err := vm.Call(cls, t)
	if err != nil {
		return t
	}
	return v
}
