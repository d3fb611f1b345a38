package vm

// The str type's dunder methods (__add__, comparisons, __len__, __getitem__,
// __contains__, __hash__, __str__, __repr__, __format__), split from str.go.

import (
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// --- dunder methods ---------------------------------------------------------

// strOperand binds the other operand of a str operator method.
func (vm *VM) strOperand(name string, self Value, a Args) (Value, error) {
	if _, err := vm.selfStr(self, name); err != nil {
		return heap.Undef, err
	}
	var other Value
	err := vm.UnpackArgs(name, a, nil, 1, &other)
	return other, err
}

func strDunderBinary(name string, op int, reflected bool) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		other, err := vm.strOperand(name, self, a)
		if err != nil {
			return heap.Undef, err
		}
		x, y := self, other
		if reflected {
			x, y = y, x
		}
		r, err := vm.strBinary(op, x, y)
		if err != nil {
			return heap.Undef, err
		}
		if r.K == heap.KNotImplemented && op == compile.BinAdd {
			return heap.Undef, vm.TypeError("can only concatenate str (not \"%s\") to str", vm.TypeName(y))
		}
		return r, nil
	}
}

func strDunderCompare(name string, op int) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		other, err := vm.strOperand(name, self, a)
		if err != nil {
			return heap.Undef, err
		}
		r, ok := vm.strCompare(op, self, other)
		if !ok {
			return heap.NotImplemented, nil
		}
		return heap.Bool(r), nil
	}
}

func strDunderLen(vm *VM, self Value, a Args) (Value, error) {
	if _, _, err := vm.strArgs("__len__", self, a, 0, 0); err != nil {
		return heap.Undef, err
	}
	n, _ := vm.strLen(self)
	return heap.Int(int64(n)), nil
}

func strDunderGetItem(vm *VM, self Value, a Args) (Value, error) {
	if _, _, err := vm.strArgs("__getitem__", self, a, 1, 1); err != nil {
		return heap.Undef, err
	}
	r, _, err := vm.strGetItem(self, a.Pos[0])
	return r, err
}

func strDunderContains(vm *VM, self Value, a Args) (Value, error) {
	if _, _, err := vm.strArgs("__contains__", self, a, 1, 1); err != nil {
		return heap.Undef, err
	}
	r, _, err := vm.strContains(self, a.Pos[0])
	return heap.Bool(r), err
}

func strDunderHash(vm *VM, self Value, a Args) (Value, error) {
	s, _, err := vm.strArgs("__hash__", self, a, 0, 0)
	if err != nil {
		return heap.Undef, err
	}
	_ = s
	h, err := vm.Hash(vm.Prim(self))
	return heap.Int(h), err
}

func strDunderStr(vm *VM, self Value, a Args) (Value, error) {
	s, _, err := vm.strArgs("__str__", self, a, 0, 0)
	if err != nil {
		return heap.Undef, err
	}
	return vm.strResult(self, s, s), nil
}

// strResult is the result r of a method of self (whose text is s): an
// exact str is returned itself when the method left it unchanged, as
// CPython does.
func (vm *VM) strResult(self Value, s, r string) Value {
	if r == s && vm.IsExactStr(self) {
		return self
	}
	// The callers derive r from s by taking part of it or by mapping
	// case, both of which keep ASCII text ASCII: its length is known.
	if o, ok := vm.strObj(self); ok && o.ASCII && o.N == len(o.S) && isASCIIString(r) {
		return vm.newStrN(r, len(r))
	}
	return vm.NewStr(r)
}

// isASCIIString reports whether s is all ASCII; short strs (the results
// of strResult's callers) are checked by bytes as cheaply as a flag.
func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func strDunderRepr(vm *VM, self Value, a Args) (Value, error) {
	s, _, err := vm.strArgs("__repr__", self, a, 0, 0)
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewStr(pystr.Repr(s)), nil
}

func strDunderFormat(vm *VM, self Value, a Args) (Value, error) {
	s, args, err := vm.strArgs("__format__", self, a, 1, 1)
	if err != nil {
		return heap.Undef, err
	}
	spec, ok := vm.StrOf(args[0])
	if !ok {
		return heap.Undef, vm.TypeError("__format__() argument must be str, not %s", vm.TypeName(args[0]))
	}
	r, err := vm.Format(vm.NewStr(s), spec)
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewStr(r), nil
}
