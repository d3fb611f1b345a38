package vm

import (
	"strings"
)

// Method descriptors of builtin types check their receiver.
//
// A builtin type's method is written for its own objects: list.append's
// Go code reads self as a *heap.List, type.mro's as a *heap.Class. The
// receiver is right by construction when the method was found on the
// object's class (obj.append(...)), but Python can also call the
// descriptor with any first argument (type.mro(7), list.__repr__(5),
// types.MethodType(list.append, 1)). CPython's descriptors refuse a
// receiver that is not an instance of their type, and so does every
// call of a builtin method here (callBuiltinGeneral, callValue): checkSelf
// runs before the Go code sees self, so no method body can read an int,
// or an object of another type, as its own kind of object.

// wrapperDunders are the dunder methods of builtin types that CPython
// implements as method descriptors rather than slot wrappers: their
// errors say "doesn't apply to" where a slot wrapper's say "requires".
// From CPython 3.11 (type(vars(T)[name]).__name__ == 'method_descriptor').
var methodDescrDunders = map[TypeID]string{
	TByteArray:     " __alloc__ __reduce__ __reduce_ex__ __sizeof__ ",
	TBytes:         " __bytes__ __getnewargs__ ",
	TComplex:       " __complex__ __format__ __getnewargs__ ",
	TDict:          " __contains__ __getitem__ __reversed__ __sizeof__ ",
	TFloat:         " __ceil__ __floor__ __format__ __getnewargs__ __round__ __trunc__ ",
	TFrozenSet:     " __contains__ __reduce__ __sizeof__ ",
	TInt:           " __ceil__ __floor__ __format__ __getnewargs__ __round__ __sizeof__ __trunc__ ",
	TList:          " __getitem__ __reversed__ __sizeof__ ",
	TObject:        " __dir__ __format__ __getstate__ __reduce__ __reduce_ex__ __sizeof__ ",
	TRange:         " __reduce__ __reversed__ ",
	TSet:           " __contains__ __reduce__ __sizeof__ ",
	TSlice:         " __reduce__ ",
	TStr:           " __format__ __getnewargs__ __sizeof__ ",
	TTuple:         " __getnewargs__ ",
	TType:          " __dir__ __instancecheck__ __sizeof__ __subclasscheck__ __subclasses__ ",
	TBaseException: " __reduce__ __setstate__ ",
}

// checkSelf returns CPython's TypeError when self, the receiver of a call
// of the builtin method def, is not an instance of the method's type.
// Methods of object, static methods and class methods (whose receiver
// is bound by their descriptor) take any receiver.
func (vm *VM) checkSelf(def *BuiltinDef, self Value) error {
	if def.Owner <= TObject || def.Kind != KindMethod {
		return nil
	}
	t := vm.TypeOf(self)
	want := vm.Types[def.Owner]
	if t == want || vm.IsSubclass(t, want) {
		return nil
	}
	return vm.selfError(def, self)
}

// selfError is checkSelf's error, worded as CPython words it for a slot
// wrapper or a method descriptor.
func (vm *VM) selfError(def *BuiltinDef, self Value) error {
	name := def.Name[strings.LastIndexByte(def.Name, '.')+1:]
	owner := vm.ClassName(vm.Types[def.Owner])
	if strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") && !strings.Contains(methodDescrDunders[def.Owner], " "+name+" ") {
		return vm.TypeError("descriptor '%s' requires a '%s' object but received a '%s'", name, owner, vm.TypeName(self))
	}
	return vm.TypeError("descriptor '%s' for '%s' objects doesn't apply to a '%s' object", name, owner, vm.TypeName(self))
}

// slotArgs is a slot wrapper's check of its positional argument count
// (object.__eq__(x) with no other operand, ...).
func (vm *VM) slotArgs(a Args, n int) error {
	if len(a.KwNames) > 0 {
		return vm.TypeError("wrapper takes no keyword arguments")
	}
	if len(a.Pos) == n {
		return nil
	}
	s := "s"
	if n == 1 {
		s = ""
	}
	return vm.TypeError("expected %d argument%s, got %d", n, s, len(a.Pos))
}

// attrNameArg checks that name, the name argument of __getattribute__,
// __setattr__ or __delattr__, is a str.
func (vm *VM) attrNameArg(name Value) error {
	if _, ok := vm.StrOf(name); !ok {
		return vm.TypeError("attribute name must be string, not '%s'", vm.TypeName(name))
	}
	return nil
}
