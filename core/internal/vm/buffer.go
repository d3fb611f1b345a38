package vm

// The buffer protocol beyond bytes and bytearray.
//
// bytes and bytearray hold their bytes in the heap; memoryview and
// array.array are written in Python and export theirs the way PEP 688
// spells it: __buffer__(flags) returns a memoryview, whose tobytes() is
// the exported bytes. The places that take any bytes-like object (the
// bytes and bytearray constructors, bytes methods' arguments, bytes +,
// int(), eval and exec, str(b, encoding)) read them through bufferOf.
// An object of sandbox code may define __buffer__ too: what it returns is
// checked (a memoryview whose tobytes() gives bytes), and the bytes are
// a copy, so an exporter cannot change them after the check.

import "github.com/amber-sandbox/amber/core/internal/heap"

// bufferOf returns the bytes of a bytes-like object. ok is false (with
// no error) for an object that is not one; err is an error of the
// exporter's __buffer__ or tobytes.
func (vm *VM) bufferOf(v Value) (b []byte, ok bool, err error) {
	if b, ok := vm.BufferBytes(v); ok {
		return b, true, nil
	}
	if !vm.isUserInstance(v) {
		return nil, false, nil
	}
	fn := vm.LookupSpecial(v, "__buffer__")
	if fn.K == heap.KUndef {
		return nil, false, nil
	}
	view, err := vm.Call(vm.BindMethod(fn, v, vm.TypeOf(v)), heap.Int(0))
	if err != nil {
		return nil, false, err
	}
	if !vm.isMemoryview(view) {
		return nil, false, vm.TypeError("__buffer__ returned non-memoryview object")
	}
	r, err := vm.CallMethod(view, "tobytes")
	if err != nil {
		return nil, false, err
	}
	p, ok := vm.BufferBytes(r)
	if !ok {
		return nil, false, vm.TypeError("memoryview.tobytes() returned non-bytes (type %s)", vm.TypeName(r))
	}
	return p, true, nil
}

// isMemoryview reports whether v is a memoryview (the builtin made on
// first use by _amber_lazy).
func (vm *VM) isMemoryview(v Value) bool {
	mv, err := vm.moduleAttr("_amber_lazy", "memoryview")
	if err != nil {
		return false
	}
	return vm.IsSubclass(vm.TypeOf(v), mv)
}
