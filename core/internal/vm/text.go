package vm

// What str and bytes (and bytearray) share: the methods both types have
// with the same shape, written once over the text's Go type T (string or
// []byte) and a textKind that supplies the type's own pieces.

import "github.com/amber-sandbox/amber/core/internal/heap"

// textKind describes str (T string) or bytes (T []byte) to the shared
// methods.
type textKind[T any] struct {
	// args binds a method's self and positional arguments.
	args func(vm *VM, name string, self Value, a Args, min, max int) (T, []Value, error)
	// needle converts the sub argument of find, count and index.
	needle func(vm *VM, v Value) (T, error)
	// affix converts a startswith/endswith candidate.
	affix func(vm *VM, v Value) (T, bool)
	// affixName names the accepted candidates in error messages
	// ("str" or "bytes").
	affixName string

	count, find, rfind   func(s, sub T, start, end int) int
	startsWith, endsWith func(s, affix T, start, end int) bool
	// notFound is the ValueError message of index and rindex.
	notFound string
	// current re-reads a mutable self's contents after the arguments
	// were converted (converting may run Python code that changes it);
	// nil for immutable types.
	current func(vm *VM, self Value) T
}

// ranged binds the arguments (first[, start[, end]]) of a method that
// looks at a range of the text: it converts first with convert (when not
// nil) before start and end, as CPython does, and reads a mutable text
// only after all conversions.
func (k *textKind[T]) ranged(vm *VM, name string, self Value, a Args, convert func(Value) error) (s T, first Value, start, end int, err error) {
	s, args, err := k.args(vm, name, self, a, 1, 3)
	if err != nil {
		return s, first, 0, 0, err
	}
	first = args[0]
	if convert != nil {
		if err = convert(first); err != nil {
			return s, first, 0, 0, err
		}
	}
	if start, end, err = vm.startEnd(args[1], args[2]); err != nil {
		return s, first, 0, 0, err
	}
	if k.current != nil {
		s = k.current(vm, self)
	}
	return s, first, start, end, nil
}

// findMethod implements find, rfind, index, rindex and count.
func (k *textKind[T]) findMethod(name string) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		var sub T
		s, _, start, end, err := k.ranged(vm, name, self, a, func(v Value) (err error) {
			sub, err = k.needle(vm, v)
			return err
		})
		if err != nil {
			return heap.Undef, err
		}
		var r int
		switch name {
		case "count":
			return heap.Int(int64(k.count(s, sub, start, end))), nil
		case "find", "index":
			r = k.find(s, sub, start, end)
		default:
			r = k.rfind(s, sub, start, end)
		}
		if r < 0 && (name == "index" || name == "rindex") {
			return heap.Undef, vm.ValueError("%s", k.notFound)
		}
		return heap.Int(int64(r)), nil
	}
}

// affixMethod implements startswith and endswith: the first argument is
// one candidate or a tuple of them.
func (k *textKind[T]) affixMethod(name string) BuiltinFn {
	test := k.endsWith
	if name == "startswith" {
		test = k.startsWith
	}
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, first, start, end, err := k.ranged(vm, name, self, a, nil)
		if err != nil {
			return heap.Undef, err
		}
		if p, ok := k.affix(vm, first); ok {
			return heap.Bool(test(s, p, start, end)), nil
		}
		t, ok := vm.TupleOf(first)
		if !ok {
			return heap.Undef, vm.TypeError("%s first arg must be %s or a tuple of %s, not %s", name, k.affixName, k.affixName, vm.TypeName(first))
		}
		for _, it := range t.Items {
			p, ok := k.affix(vm, it)
			if !ok {
				return heap.Undef, k.badTupleItem(vm, name, it)
			}
			if test(s, p, start, end) {
				return heap.True, nil
			}
		}
		return heap.False, nil
	}
}

func (k *textKind[T]) badTupleItem(vm *VM, name string, it Value) error {
	if k.affixName == "str" {
		return vm.TypeError("tuple for %s must only contain str, not %s", name, vm.TypeName(it))
	}
	return vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(it))
}
