package vm

// This file declares the container hooks the generic operations call. The
// containers engineer replaces it with the real implementations.

// seqBinary implements operators on list, tuple, set, frozenset, dict and
// dict views: + and * for list/tuple (and += on lists is handled by the
// caller through list.extend), | & - ^ for sets and dict views, | for dicts;
// heap.NotImplemented otherwise.
func (vm *VM) seqBinary(op int, a, b Value) (Value, error) { panic("seqBinary") }

// containerCompare compares list/tuple (lexicographic), set/frozenset
// (subset/superset), dict and dict views (== only), range (==); ok=false
// when not applicable. May call vm.Eq / vm.Compare for elements.
func (vm *VM) containerCompare(op int, a, b Value) (r bool, ok bool, err error) {
	panic("containerCompare")
}

// containerGetItem implements obj[key] for list, tuple, range, dict (with
// __missing__ on dict subclasses left to the caller), including slices;
// handled=false otherwise.
func (vm *VM) containerGetItem(obj, key Value) (r Value, handled bool, err error) {
	panic("containerGetItem")
}

// containerSetItem implements obj[key] = v for list (incl. slice
// assignment), dict, bytearray; handled=false otherwise.
func (vm *VM) containerSetItem(obj, key, v Value) (handled bool, err error) {
	panic("containerSetItem")
}

// containerDelItem implements del obj[key] for list (incl. slices) and dict.
func (vm *VM) containerDelItem(obj, key Value) (handled bool, err error) {
	panic("containerDelItem")
}

// containerContains implements `item in c` for list, tuple, dict, set,
// frozenset, range, dict views; handled=false otherwise.
func (vm *VM) containerContains(c, item Value) (r bool, handled bool, err error) {
	panic("containerContains")
}

// reprContainer is repr() of list, tuple, dict, set, frozenset, range,
// slice, dict views (with "[...]" / "{...}" for recursive containers);
// ok=false otherwise.
func (vm *VM) reprContainer(v Value) (s string, ok bool, err error) { panic("reprContainer") }

// hashContainer hashes tuple and frozenset (CPython's algorithms, so
// that equal values hash equal); ok=false otherwise (unhashable types are
// the caller's TypeError).
func (vm *VM) hashContainer(v Value) (h int64, ok bool, err error) { panic("hashContainer") }
