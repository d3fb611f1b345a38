package vm

// Small operations on a frame's value stack and the frame stack, and the
// errors of names a frame cannot find.

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

func (vm *VM) popFrame() {
	n := len(vm.frames) - 1
	vm.frames[n] = nil
	vm.frames = vm.frames[:n]
}

// push and pop on a frame's operand stack.
func push(f *heap.Frame, v Value) {
	f.Slots[f.SP] = v
	f.SP++
}

func pop(f *heap.Frame) Value {
	f.SP--
	v := f.Slots[f.SP]
	f.Slots[f.SP] = Value{} // heap.Undef, without loading the variable
	return v
}

func top(f *heap.Frame) Value { return f.Slots[f.SP-1] }

func (vm *VM) popN(f *heap.Frame, n int) {
	for i := 0; i < n; i++ {
		f.SP--
		f.Slots[f.SP] = heap.Undef
	}
}

func (vm *VM) nameAt(f *heap.Frame, i int) Value {
	return f.C.Consts[len(f.C.Code.Consts)+i]
}

func (vm *VM) unboundLocal(code *compile.Code, i int) error {
	return vm.Errorf(TUnboundLocalError, "cannot access local variable '%s' where it is not associated with a value", code.Varnames[i])
}

func (vm *VM) derefError(code *compile.Code, i int) error {
	if i < len(code.Cellvars) {
		return vm.Errorf(TUnboundLocalError, "cannot access local variable '%s' where it is not associated with a value", code.Cellvars[i])
	}
	return vm.Errorf(TNameError, "cannot access free variable '%s' where it is not associated with a value in enclosing scope", code.Freevars[i-len(code.Cellvars)])
}
