package vm

import "github.com/amber-sandbox/amber/core/internal/heap"

// Calling the type of None, NotImplemented or Ellipsis returns the
// singleton, as CPython 3.11 does; arguments are a TypeError.
func init() {
	for _, s := range []struct {
		t    TypeID
		name string
		v    Value
	}{
		{TNoneType, "NoneType", heap.None},
		{TNotImplementedType, "NotImplementedType", heap.NotImplemented},
		{TEllipsisType, "EllipsisType", heap.Ellipsis},
	} {
		RegisterConstructor(s.t, func(vm *VM, _ Value, a Args) (Value, error) {
			if len(a.Pos) > 0 || len(a.KwNames) > 0 {
				return heap.Undef, vm.TypeError("%s takes no arguments", s.name)
			}
			return s.v, nil
		})
	}
}
