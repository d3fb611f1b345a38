package vm

import (
	"strings"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// sys._getframe: read-only snapshots of the running Python frames, as
// instances of the same "frame" class traceback objects use. A frame has
// CPython's f_code, f_lineno, f_lasti, f_globals, f_builtins, f_locals
// (a snapshot dict for a function, the namespace itself for module and
// class bodies), f_back (the caller's frame, None past the outermost)
// and f_trace (None). The frames of the runtime's own Python helpers
// (the _amber modules, builtins to the user) are skipped, as CPython has
// no Python frame for a builtin. Everything in them is the session's own
// data: code, namespaces and line numbers. A snapshot is taken when
// _getframe runs: CPython's frame objects are live, so there f_lineno and
// f_locals read later follow the frame while it runs on; here they stay
// what they were (what sys._getframe(1).f_lineno, read at once, gives
// in both).

// userFrames returns the running frames a program sees, innermost first.
func (vm *VM) userFrames() []*heap.Frame {
	var out []*heap.Frame
	for i := len(vm.frames) - 1; i >= 0; i-- {
		f := vm.frames[i]
		co, ok := vm.H.Get(f.Code).(*heap.CodeObj)
		if !ok || strings.HasPrefix(co.Code.Filename, "_amber") {
			continue
		}
		out = append(out, f)
	}
	return out
}

func sysGetframe(vm *VM, _ Value, a Args) (Value, error) {
	var depthV Value
	if err := vm.UnpackArgs("_getframe", a, nil, 0, &depthV); err != nil {
		return heap.Undef, err
	}
	if depthV.K == heap.KUndef {
		depthV = heap.Int(0)
	}
	if !vm.IsInt(vm.Prim(depthV)) {
		return heap.Undef, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(depthV))
	}
	depth, ok := vm.IndexOf(depthV)
	if !ok || depth > 1<<31-1 || depth < -1<<31 {
		return heap.Undef, vm.Errorf(TOverflowError, "Python int too large to convert to C int")
	}
	frames := vm.userFrames()
	depth = max(depth, 0) // CPython counts a negative depth as 0
	if depth >= int64(len(frames)) {
		return heap.Undef, vm.ValueError("call stack is not deep enough")
	}
	_, frCls, err := vm.tracebackClasses()
	if err != nil {
		return heap.Undef, err
	}
	// The chain is built from the outermost frame in, so each knows its
	// f_back.
	back := Value(heap.None)
	for i := len(frames) - 1; i >= int(depth); i-- {
		if back, err = vm.frameObject(frCls, frames[i], back); err != nil {
			return heap.Undef, err
		}
	}
	return back, nil
}

// frameObject is a frame instance describing f, whose caller's frame
// instance is back.
func (vm *VM) frameObject(cls Value, f *heap.Frame, back Value) (Value, error) {
	co := vm.H.Get(f.Code).(*heap.CodeObj)
	locals, err := vm.frameLocals(f, co)
	if err != nil {
		return heap.Undef, err
	}
	d := vm.NewDict()
	set := func(k string, v Value) { vm.dictSetStr(d, vm.Intern(k), v) }
	set("f_code", f.Code)
	set("f_lineno", heap.Int(int64(co.Code.LineAt(int(f.PC)-1))))
	set("f_lasti", heap.Int(int64(max(f.PC-1, 0))*2))
	set("f_globals", f.Globals)
	set("f_builtins", vm.Builtins)
	set("f_locals", locals)
	set("f_back", back)
	set("f_trace", heap.None)
	return vm.H.Alloc(&heap.Instance{Class: cls, Dict: d, Prim: heap.Undef}), nil
}

// frameLocals is f's f_locals: the namespace of a module or class body,
// a snapshot dict of a function's bound locals and closure variables.
func (vm *VM) frameLocals(f *heap.Frame, co *heap.CodeObj) (Value, error) {
	if f.Locals.K == heap.KRef {
		return f.Locals, nil
	}
	if f.Func.K == heap.KUndef {
		return f.Globals, nil
	}
	code := co.Code
	if err := vm.reserveValues(int64(len(code.Varnames) + len(code.Cellvars) + len(code.Freevars))); err != nil {
		return heap.Undef, err
	}
	d := vm.NewDict()
	dd := vm.H.Get(d).(*heap.Dict)
	for i, n := range code.Varnames {
		if i < len(f.Slots) {
			if v := f.Slots[i]; v.K != heap.KUndef {
				k := vm.Intern(n)
				dd.Set(k, v, vm.StrHash(k), vm.StrEq)
			}
		}
	}
	for i, n := range append(append([]string(nil), code.Cellvars...), code.Freevars...) {
		j := len(code.Varnames) + i
		if j >= len(f.Slots) {
			break
		}
		if c, ok := vm.refObj(f.Slots[j]).(*heap.Cell); ok && c.V.K != heap.KUndef {
			k := vm.Intern(n)
			dd.Set(k, c.V, vm.StrHash(k), vm.StrEq)
		}
	}
	return d, nil
}
