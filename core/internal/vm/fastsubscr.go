package vm

// Subscript fast paths of the fused augmented-assignment instructions
// (c[k] op= v on lists): exact lists and tuples with an in-range int
// index, the cases BINARY_SUBSCR and STORE_SUBSCR also take inline.

import "github.com/amber-sandbox/amber/core/internal/heap"

// seqItemFast is c[i] when c is an exact list or tuple and i is in range
// (negative i counting from the end).
func (vm *VM) seqItemFast(c Value, i int64) (Value, bool) {
	var items []Value
	switch o := vm.H.Get(c).(type) {
	case *heap.List:
		items = o.Items
	case *heap.Tuple:
		items = o.Items
	default:
		return Value{}, false
	}
	if i < 0 {
		i += int64(len(items))
	}
	if uint64(i) >= uint64(len(items)) {
		return Value{}, false
	}
	return items[i], true
}

// listStoreFast sets c[i] = v and reports true when c is an exact list
// and i is in range (negative i counting from the end).
func (vm *VM) listStoreFast(c Value, i int64, v Value) bool {
	l, ok := vm.H.Get(c).(*heap.List)
	if !ok {
		return false
	}
	if i < 0 {
		i += int64(len(l.Items))
	}
	if uint64(i) >= uint64(len(l.Items)) {
		return false
	}
	l.Items[i] = v
	vm.H.TouchItem(c, int(i), len(l.Items))
	return true
}
