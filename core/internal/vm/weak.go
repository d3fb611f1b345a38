package vm

// _amber_weak: the weak references and collector control behind the
// weakref and gc modules (written in Python, in the stdlib).
//
// A weak reference is a heap.WeakRef, which the collector clears when
// it frees the referent. gc.collect() asks for a collection, which runs
// at the next instruction boundary (where every live value sits in a
// frame, so nothing a builtin holds in Go can be freed under it), and
// then calls the callbacks of the references that collection cleared.
// Collections the VM makes on its own (for the memory limit) clear
// references too; their callbacks wait for the next gc.collect(). A
// dump keeps the cleared references but not that queue.

import "github.com/amber-sandbox/amber/core/internal/heap"

func init() {
	RegisterModule("_amber_weak", func(vm *VM, m Value) error {
		vm.ModuleFunc(m, "_amber_weak.ref", func(vm *VM, _ Value, a Args) (Value, error) {
			var obj, callback Value
			if err := vm.UnpackArgs("ref", a, nil, 2, &obj, &callback); err != nil {
				return heap.Undef, err
			}
			if !vm.weakable(obj) {
				return heap.Undef, vm.TypeError("cannot create weak reference to '%s' object", vm.TypeName(obj))
			}
			return vm.H.Alloc(&heap.WeakRef{Target: obj, Callback: callback}), nil
		})
		vm.ModuleFunc(m, "_amber_weak.get", func(vm *VM, _ Value, a Args) (Value, error) {
			var wv Value
			if err := vm.UnpackArgs("get", a, nil, 1, &wv); err != nil {
				return heap.Undef, err
			}
			w, ok := vm.refObj(wv).(*heap.WeakRef)
			if !ok {
				return heap.Undef, vm.TypeError("get() argument must be a weak reference cell, not '%s'", vm.TypeName(wv))
			}
			return w.Target, nil
		})
		vm.ModuleFunc(m, "_amber_weak.collect", func(vm *VM, _ Value, a Args) (Value, error) {
			if err := vm.UnpackArgs("collect", a, nil, 0); err != nil {
				return heap.Undef, err
			}
			vm.collectAsked = true
			return heap.None, nil
		})
		vm.ModuleFunc(m, "_amber_weak.dead", func(vm *VM, _ Value, a Args) (Value, error) {
			if err := vm.UnpackArgs("dead", a, nil, 0); err != nil {
				return heap.Undef, err
			}
			// The callbacks, each once: the references forget theirs.
			var out []Value
			for _, wv := range vm.weakDead {
				w, ok := vm.refObj(wv).(*heap.WeakRef)
				if !ok || w.Callback.K == heap.KNone {
					continue
				}
				out = append(out, w.Callback)
				vm.H.Touch(wv)
				w.Callback = heap.None
			}
			vm.weakDead = nil
			return vm.NewList(out), nil
		})
		return nil
	})
}

// weakable reports whether obj may be weakly referenced: as in CPython,
// not ints, strs, tuples, bytes and the other immutable builtin values,
// nor lists and dicts (their subclasses may).
func (vm *VM) weakable(obj Value) bool {
	if obj.K != heap.KRef {
		return false
	}
	switch o := vm.H.Get(obj).(type) {
	case *heap.Str, *heap.BigInt, *heap.Complex, *heap.Tuple, *heap.Bytes, *heap.List, *heap.Dict,
		*heap.Range, *heap.Slice, *heap.WeakRef, *heap.Builtin, *heap.Cell:
		return false
	case *heap.Instance:
		// Variable-sized builtin bases (int, str, tuple, bytes) have no
		// room for weak references in CPython either.
		switch o.Prim.K {
		case heap.KInt, heap.KBool:
			return false
		case heap.KRef:
			switch vm.H.Get(o.Prim).(type) {
			case *heap.Str, *heap.BigInt, *heap.Tuple, *heap.Bytes:
				return false
			}
		}
	}
	return true
}
