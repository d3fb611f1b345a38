package vm

import "github.com/amber-sandbox/amber/core/internal/heap"

// bindArgNames maps a builtin's positional and keyword arguments onto names,
// the first required of which must be given. Absent optional arguments
// are heap.Undef. Errors follow CPython's wording.
func (vm *VM) bindArgNames(fname string, a Args, names []string, required int) ([]Value, error) {
	out := make([]Value, len(names))
	if len(a.Pos) > len(names) {
		if len(names) == required {
			return nil, vm.TypeError("%s() takes exactly %d argument%s (%d given)", fname, len(names), plural(len(names), "", "s"), len(a.Pos))
		}
		return nil, vm.TypeError("%s() takes at most %d argument%s (%d given)", fname, len(names), plural(len(names), "", "s"), len(a.Pos))
	}
	copy(out, a.Pos)
	for i, k := range a.KwNames {
		found := false
		for j, n := range names {
			if n == k {
				if out[j].K != heap.KUndef {
					return nil, vm.TypeError("argument for %s() given by name ('%s') and position (%d)", fname, k, j+1)
				}
				out[j] = a.KwVals[i]
				found = true
				break
			}
		}
		if !found {
			return nil, vm.TypeError("%s() got an unexpected keyword argument '%s'", fname, k)
		}
	}
	for i := 0; i < required; i++ {
		if out[i].K == heap.KUndef {
			return nil, vm.TypeError("%s() missing required argument '%s' (pos %d)", fname, names[i], i+1)
		}
	}
	return out, nil
}

// UnpackArgs binds the arguments of the builtin fname to dst, one pointer
// per parameter, and checks them as CPython does: the first required must
// be given; the others are heap.Undef when absent. With names (the
// parameters' Python names; "" for a positional-only one), arguments may
// also come by keyword; without, fname takes positional arguments only.
// It replaces hand-written checks of len(a.Pos) and a.KwNames.
func (vm *VM) UnpackArgs(fname string, a Args, names []string, required int, dst ...*Value) error {
	// The common case first: the right number of positional arguments.
	if n := len(a.Pos); len(a.KwNames) == 0 && n >= required && n <= len(dst) {
		for i, p := range dst {
			if i < n {
				*p = a.Pos[i]
			} else {
				*p = heap.Undef
			}
		}
		return nil
	}
	if names == nil {
		if err := vm.ArgCount(fname, a, required, len(dst)); err != nil {
			return err
		}
		for i, p := range dst {
			if i < len(a.Pos) {
				*p = a.Pos[i]
			} else {
				*p = heap.Undef
			}
		}
		return nil
	}
	vals, err := vm.bindArgNames(fname, a, names, required)
	if err != nil {
		return err
	}
	for i, p := range dst {
		*p = vals[i]
	}
	return nil
}

// NoKwargs fails if a has keyword arguments.
func (vm *VM) NoKwargs(fname string, a Args) error {
	if len(a.KwNames) > 0 {
		return vm.TypeError("%s() takes no keyword arguments", fname)
	}
	return nil
}

// ArgCount checks the number of positional arguments.
func (vm *VM) ArgCount(fname string, a Args, min, max int) error {
	if err := vm.NoKwargs(fname, a); err != nil {
		return err
	}
	n := len(a.Pos)
	if n >= min && n <= max {
		return nil
	}
	switch {
	case min == max && min == 0:
		return vm.TypeError("%s() takes no arguments (%d given)", fname, n)
	case min == max && min == 1:
		return vm.TypeError("%s() takes exactly one argument (%d given)", fname, n)
	case min == max:
		// CPython's _PyArg_CheckPositional drops "at least"/"at most"
		// when the count is exact.
		return vm.TypeError("%s expected %d argument%s, got %d", fname, min, plural(min, "", "s"), n)
	case n < min:
		return vm.TypeError("%s expected at least %d argument%s, got %d", fname, min, plural(min, "", "s"), n)
	default:
		return vm.TypeError("%s expected at most %d argument%s, got %d", fname, max, plural(max, "", "s"), n)
	}
}

// builtinFuncs are the functions of the builtins module, in order.
var builtinFuncs []struct {
	name string
	fn   BuiltinFn
}

// RegisterBuiltinFunc adds a function to the builtins module. Call it from
// an init function.
func RegisterBuiltinFunc(name string, fn BuiltinFn) {
	builtinFuncs = append(builtinFuncs, struct {
		name string
		fn   BuiltinFn
	}{name, fn})
}

// constructors build instances of builtin types: fn receives the class
// being instantiated as self (possibly a user subclass) and returns the
// builtin value; the VM wraps it for subclasses.
var constructors = map[TypeID]BuiltinFn{}

// RegisterConstructor sets the constructor of builtin type t.
func RegisterConstructor(t TypeID, fn BuiltinFn) {
	constructors[t] = fn
	for int(t) >= len(ctorTable) {
		ctorTable = append(ctorTable, ctorEntry{})
	}
	ctorTable[t] = ctorEntry{fn: fn, name: typeSpecName(t)}
}

// ctorEntry is a constructor and its type's name, the tail name it runs
// under.
type ctorEntry struct {
	fn   BuiltinFn
	name string
}

// ctorTable indexes constructors by type, for the call path that skips
// the map lookup and typeSpecName's scan.
var ctorTable []ctorEntry

// receiverMethod builds a method that binds up to nargs (at most 2)
// positional arguments, the first required of them mandatory, and then
// converts its receiver with recv (giving the object and the value to
// mark changed); f does the work. argName names the method in argument
// errors ("list.append() takes exactly one argument"), name in the
// receiver's.
func receiverMethod[O any](recv func(vm *VM, self Value, name string) (O, Value, error), argName, name string, required, nargs int,
	f func(vm *VM, self Value, o O, ov Value, args [2]Value) (Value, error)) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		var args [2]Value
		if n := len(a.Pos); len(a.KwNames) == 0 && n >= required && n <= nargs {
			// The common call, bound without UnpackArgs's pointers.
			for i, v := range a.Pos {
				args[i] = v
			}
		} else {
			dst := [2]*Value{&args[0], &args[1]}
			if err := vm.UnpackArgs(argName, a, nil, required, dst[:nargs]...); err != nil {
				return heap.Undef, err
			}
		}
		o, ov, err := recv(vm, self, name)
		if err != nil {
			return heap.Undef, err
		}
		return f(vm, self, o, ov, args)
	}
}
