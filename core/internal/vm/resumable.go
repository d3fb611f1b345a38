package vm

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// Builtins written in Go cannot pause: a host call reached from inside
// them would lose the builtin's progress. When a builtin would call back
// into Python code (a key function, a generator to drain, a lambda to map),
// it hands the whole job to a Python twin from the _amber module instead,
// run as an ordinary frame, so the work can pause, be dumped and resume.
// The native path stays for builtin-only inputs, where nothing can pause.

// needsFrames reports whether calling or iterating v may run Python code.
func (vm *VM) needsFrames(v Value) bool { return vm.needsFramesDepth(v, 0) }

// needsFramesDepth is needsFrames at a depth of wrapped iterators: past a
// small depth the answer is yes, which takes the Python path (always
// correct) and keeps the walk short for iterators nested a million deep.
func (vm *VM) needsFramesDepth(v Value, depth int) bool {
	if v.K != heap.KRef {
		return false
	}
	if depth > 32 {
		return true
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.Function, *heap.Generator, *heap.Instance:
		return true
	case *heap.BoundMethod:
		return vm.needsFramesDepth(o.Func, depth+1)
	case *heap.Class:
		return o.Flags&ClassUser != 0
	case *heap.Opaque:
		return o.Kind == "hostfn" || o.Kind == hostMethodKind
	case *heap.HostObject:
		return true
	case *heap.Iter:
		switch o.Kind {
		case heap.IterSeqProto, heap.IterCallable:
			return true
		case heap.IterMap, heap.IterFilter:
			if vm.needsFramesDepth(o.Seq, depth+1) {
				return true
			}
		}
		for _, x := range o.Vals {
			if vm.needsFramesDepth(x, depth+1) {
				return true
			}
		}
	}
	return false
}

// anyNeedsFrames is needsFrames over several values.
func (vm *VM) anyNeedsFrames(vs ...Value) bool {
	for _, v := range vs {
		if vm.needsFrames(v) {
			return true
		}
	}
	return false
}

// tailPy continues the builtin called name in the Python helper pyfn.
// ok=false means the builtin was not entered from a call site that can
// take a frame (it was called directly from Go), so it must do the work
// itself. Otherwise the builtin returns (r, err): r is Undef when a frame
// will deliver the result.
func (vm *VM) tailPy(name, pyfn string, args ...Value) (r Value, ok bool, err error) {
	return vm.tailCall("_amber", name, pyfn, args, nil)
}

// tailCall is tailPy with the helper pyfn in module mod and keyword
// arguments (kwnames name the last of args).
func (vm *VM) tailCall(mod, name, pyfn string, args []Value, kwnames []string) (r Value, ok bool, err error) {
	if !vm.tailOK || vm.tailName != name {
		return heap.Undef, false, nil
	}
	vm.tailName = ""
	var fn Value
	if mod == "_amber" {
		fn, err = vm.amberFunc(pyfn)
	} else {
		fn, err = vm.moduleAttr(mod, pyfn)
	}
	if err != nil {
		return heap.Undef, true, err
	}
	r, err = vm.callValue(fn, args, kwnames, vm.tailRet, false)
	if err == errFramePushed {
		return heap.Undef, true, nil
	}
	return r, true, err
}

// moduleAttr is attribute name of module mod, importing it.
func (vm *VM) moduleAttr(mod, name string) (Value, error) {
	m, err := vm.Import(mod)
	if err != nil {
		return heap.Undef, err
	}
	return vm.GetAttr(m, name)
}

// callModuleFunc calls function name of module mod.
func (vm *VM) callModuleFunc(mod, name string, args ...Value) (Value, error) {
	fn, err := vm.moduleAttr(mod, name)
	if err != nil {
		return heap.Undef, err
	}
	return vm.Call(fn, args...)
}

// amberFuncs remembers the _amber functions tailPy called, valid while
// neither sys.modules nor _amber's namespace has changed since: builtins
// like map and sorted run these on every call.
type amberFuncs struct {
	modulesVer, nsVer uint32
	ns                Value // _amber's namespace dict
	fns               map[string]Value
}

// amberFunc is the function name of the _amber module.
func (vm *VM) amberFunc(name string) (Value, error) {
	c := &vm.amber
	md := vm.H.Get(vm.Modules).(*heap.Dict)
	if c.fns != nil && md.Ver == c.modulesVer {
		if ns, ok := vm.H.Get(c.ns).(*heap.Dict); ok && ns.Ver == c.nsVer {
			if fn, ok := c.fns[name]; ok {
				return fn, nil
			}
		}
	}
	m, err := vm.Import("_amber")
	if err != nil {
		return heap.Undef, err
	}
	fn, err := vm.GetAttr(m, name)
	if err != nil {
		return heap.Undef, err
	}
	mod, ok := vm.H.Get(m).(*heap.Module)
	if !ok || mod.Dict.K != heap.KRef {
		return fn, nil
	}
	ns, ok := vm.H.Get(mod.Dict).(*heap.Dict)
	if !ok {
		return fn, nil
	}
	if c.fns == nil || c.ns != mod.Dict || c.modulesVer != md.Ver || c.nsVer != ns.Ver {
		*c = amberFuncs{modulesVer: md.Ver, nsVer: ns.Ver, ns: mod.Dict, fns: map[string]Value{}}
	}
	c.fns[name] = fn
	return fn, nil
}

func init() {
	RegisterModule("_amber_native", func(vm *VM, m Value) error {
		vm.ModuleFunc(m, "_amber_native.sort_by_keys", func(vm *VM, _ Value, a Args) (Value, error) {
			items, keys := vm.listItems(a.Pos[0]), vm.listItems(a.Pos[1])
			rev, err := vm.Truth(a.Pos[2])
			if err != nil {
				return heap.Undef, err
			}
			out, err := vm.sortWithKeys(items, keys, rev)
			if err != nil {
				return heap.Undef, err
			}
			return vm.NewList(out), nil
		})
		return nil
	})

}

// orNone maps Undef (an omitted optional argument) to None.
func orNone(v Value) Value {
	if v.K == heap.KUndef {
		return heap.None
	}
	return v
}

// simpleGenCall is simpleCall for a generator (or coroutine) function:
// the arguments bind as they are.
func simpleGenCall(code *compile.Code, n int) bool {
	return code.Flags&(compile.FlagGenerator|compile.FlagCoroutine|compile.FlagAsyncGenerator) != 0 &&
		code.Flags&(compile.FlagVarArgs|compile.FlagVarKw) == 0 &&
		n == code.ArgCount && code.KwOnlyCount == 0 && len(code.Cellvars) == 0
}

// callGenStack is a CALL of a generator function that simpleGenCall
// accepts, with the arguments on f's stack from base: the generator's
// frame is made from them directly (no argument list) and the new
// generator replaces the call region.
func (vm *VM) callGenStack(f *heap.Frame, base int, fnv Value, fn *heap.Function, co *heap.CodeObj, args []Value) {
	nf := vm.simpleFrame(fnv, fn, co, args)
	g := vm.newGenerator(nf, fn, co.Code)
	clearSlots(f.Slots, base, int(f.SP))
	f.SP = int32(base)
	push(f, g)
}
