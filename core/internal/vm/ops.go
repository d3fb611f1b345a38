package vm

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// --- hashing and equality ------------------------------------------------------

// strHash hashes a str value deterministically (no per-process seed, so
// dumps are reproducible; Python code cannot rely on str hashes anyway).
func (vm *VM) StrHash(v Value) int64 { return strHashOf(vm.H.Get(v).(*heap.Str)) }

// strHashOf is hash(s), computed once and kept in s.
func strHashOf(s *heap.Str) int64 {
	if s.Hash != 0 || s.S == "" {
		return s.Hash // hash("") is 0, as in CPython
	}
	h := uint64(14695981039346656037)
	for i := 0; i < len(s.S); i++ {
		h ^= uint64(s.S[i])
		h *= 1099511628211
	}
	r := int64(h >> 1)
	if r == 0 || r == -1 {
		r = 1
	}
	s.Hash = r
	return r
}

// asciiStr is the interned str of the ASCII character c. Indexing and
// iterating strs make these at every step, so they skip the intern map.
func (vm *VM) asciiStr(c byte) Value {
	if v := vm.asciiStrs[c]; v.K == heap.KRef {
		// The remembered str, checked as internAt does but by its one
		// byte.
		if o, ok := vm.H.At(v.H()).(*heap.Str); ok && len(o.S) == 1 && o.S[0] == c {
			return v
		}
	}
	return vm.internAt(&vm.asciiStrs[c], asciiChars[c])
}

// internAt is Intern(s) remembered in *slot, for strs the VM itself
// needs on hot paths. The remembered value is checked against the heap
// before use, as a loaded or collected heap may hold something else at
// its handle.
func (vm *VM) internAt(slot *Value, s string) Value {
	v := *slot
	if v.K == heap.KRef {
		if o, ok := vm.H.At(v.H()).(*heap.Str); ok && o.S == s {
			return v
		}
	}
	v = vm.Intern(s)
	*slot = v
	return v
}

// strEq compares keys known to be strs (class and module dicts).
func (vm *VM) StrEq(a, b Value) (bool, error) {
	if a == b {
		return true, nil
	}
	if a.K != heap.KRef || b.K != heap.KRef {
		return false, nil
	}
	sa, ok1 := vm.H.Get(a).(*heap.Str)
	sb, ok2 := vm.H.Get(b).(*heap.Str)
	return ok1 && ok2 && sa.S == sb.S, nil
}

func (vm *VM) identityEq(a, b Value) (bool, error) { return a == b, nil }

// keyEq is equality for dict and set keys: identity first, then ==.
func (vm *VM) keyEq(a, b Value) (bool, error) {
	if a == b {
		return true, nil
	}
	if a.K == heap.KRef && b.K == heap.KRef {
		oa, ob := vm.H.Get(a), vm.H.Get(b)
		sa, ok1 := oa.(*heap.Str)
		sb, ok2 := ob.(*heap.Str)
		if ok1 && ok2 {
			return sa.S == sb.S, nil
		}
		// Tuple keys of ints and strs (see plainTupleEq).
		if ta, ok := oa.(*heap.Tuple); ok {
			if tb, ok := ob.(*heap.Tuple); ok {
				if eq, ok := vm.plainTupleEq(ta.Items, tb.Items); ok {
					return eq, nil
				}
			}
		}
	}
	return vm.Eq(a, b)
}

// Hash is hash(v).
func (vm *VM) Hash(v Value) (int64, error) {
	switch v.K {
	case heap.KInt:
		i := v.I()
		if i > -(1<<60) && i < 1<<60 {
			if i == -1 {
				return -2, nil
			}
			return i, nil
		}
		h, _ := vm.hashNumber(v)
		return h, nil
	case heap.KBool:
		return int64(v.N), nil
	case heap.KNone:
		return 0x5f3759df, nil
	case heap.KFloat:
		h, _ := vm.hashNumber(v)
		return h, nil
	case heap.KNotImplemented, heap.KEllipsis:
		return int64(v.K) * 7919, nil
	case heap.KRef:
		switch o := vm.H.Get(v).(type) {
		case *heap.Str:
			return strHashOf(o), nil
		case *heap.BigInt, *heap.Complex:
			h, _ := vm.hashNumber(v)
			return h, nil
		case *heap.Bytes:
			if o.Mutable {
				return 0, vm.TypeError("unhashable type: 'bytearray'")
			}
			h := uint64(14695981039346656037)
			for _, c := range o.B {
				h ^= uint64(c)
				h *= 1099511628211
			}
			return int64(h >> 2), nil
		case *heap.List, *heap.Dict, *heap.Slice:
			return 0, vm.TypeError("unhashable type: '%s'", vm.TypeName(v))
		case *heap.DictView:
			// keys and items views are set-like (they compare by their
			// items), so unhashable; a values view hashes by identity.
			if o.Kind != heap.IterDictValues {
				return 0, vm.TypeError("unhashable type: '%s'", vm.TypeName(v))
			}
		case *heap.Set:
			if !o.Frozen {
				return 0, vm.TypeError("unhashable type: 'set'")
			}
			h, _, err := vm.hashContainer(v)
			return h, err
		case *heap.Tuple, *heap.Range:
			h, _, err := vm.hashContainer(v)
			return h, err
		case *heap.Instance:
			cls := o.Class
			hf := vm.LookupClassStr(cls, "__hash__")
			if hf.K == heap.KNone {
				return 0, vm.TypeError("unhashable type: '%s'", vm.TypeName(v))
			}
			if hf.K != heap.KUndef && !vm.isBuiltinOf(hf, TObject) {
				r, err := vm.Call(vm.BindMethod(hf, v, cls))
				if err != nil {
					return 0, err
				}
				if !vm.IsInt(r) {
					return 0, vm.TypeError("__hash__ method should return an integer")
				}
				// Like CPython, a machine-sized result is used as it is
				// (only -1 is reserved); larger ints are reduced.
				if r.K == heap.KInt || r.K == heap.KBool {
					if h := int64(r.N); h != -1 {
						return h, nil
					}
					return -2, nil
				}
				return vm.Hash(r)
			}
			if o.Prim.K != heap.KUndef {
				return vm.Hash(o.Prim)
			}
			return int64(v.N) * 16, nil
		case *heap.BoundMethod:
			// Equal methods (methodCompare) hash alike.
			return (int64(o.Self.N)*16 ^ int64(o.Func.N)*31) + int64(o.Self.K), nil
		case *heap.Builtin:
			if o.Self.K != heap.KUndef {
				return (int64(o.Self.N)*16 ^ int64(o.ID)*31) + int64(o.Self.K), nil
			}
		}
		return int64(v.N) * 16, nil
	}
	return 0, nil
}

// isBuiltinOf reports whether fn is a builtin method registered on type t.
func (vm *VM) isBuiltinOf(fn Value, t TypeID) bool {
	if fn.K != heap.KRef {
		return false
	}
	b, ok := vm.H.Get(fn).(*heap.Builtin)
	if !ok {
		return false
	}
	return builtinDef(b.ID).Owner == t
}

// Eq is a == b as a bool.
func (vm *VM) Eq(a, b Value) (bool, error) {
	if a.K == heap.KInt && b.K == heap.KInt {
		return a.N == b.N, nil
	}
	r, err := vm.richCompare(compile.CmpEq, a, b)
	if err != nil {
		return false, err
	}
	return vm.Truth(r)
}

// Compare is a <op> b as a bool.
func (vm *VM) Compare(op int, a, b Value) (bool, error) {
	if a.K == heap.KInt && b.K == heap.KInt {
		return cmpOrdered(op, a.I(), b.I()), nil
	}
	r, err := vm.richCompare(op, a, b)
	if err != nil {
		return false, err
	}
	if r.K == heap.KBool {
		return r.N != 0, nil
	}
	return vm.Truth(r)
}

func (vm *VM) IsInstanceObj(v Value) bool {
	_, ok := vm.refObj(v).(*heap.Instance)
	return ok
}

// nativeCompareValue is nativeCompare with the result as a bool value.
func (vm *VM) nativeCompareValue(op int, a, b Value) (Value, bool, error) {
	r, ok, err := vm.nativeCompare(op, a, b)
	if err != nil || !ok {
		return heap.Undef, ok, err
	}
	return heap.Bool(r), true, nil
}

// nativeCompare compares builtin values; ok=false if not applicable.
func (vm *VM) nativeCompare(op int, a, b Value) (bool, bool, error) {
	if r, ok := vm.numCompare(op, a, b); ok {
		return r, true, nil
	}
	if r, ok := vm.strCompare(op, a, b); ok {
		return r, true, nil
	}
	if r, ok, err := vm.containerCompare(op, a, b); ok || err != nil {
		return r, ok, err
	}
	r, ok := vm.methodCompare(op, a, b)
	return r, ok, nil
}

// methodCompare is == and != of two bound methods: equal when bound to
// the same object (is) with the same function, as in CPython, so that
// a.f == a.f although each access makes a new method.
func (vm *VM) methodCompare(op int, a, b Value) (r bool, ok bool) {
	if (op != compile.CmpEq && op != compile.CmpNe) || a.K != heap.KRef || b.K != heap.KRef || a == b {
		return false, false
	}
	var same bool
	switch x := vm.H.Get(a).(type) {
	case *heap.BoundMethod:
		y, isMethod := vm.H.Get(b).(*heap.BoundMethod)
		if !isMethod {
			return false, false
		}
		same = x.Self == y.Self && x.Func == y.Func
	case *heap.Builtin:
		y, isBuiltin := vm.H.Get(b).(*heap.Builtin)
		if !isBuiltin || x.Self.K == heap.KUndef || y.Self.K == heap.KUndef {
			return false, false
		}
		same = x.ID == y.ID && x.Self == y.Self
	default:
		return false, false
	}
	return same == (op == compile.CmpEq), true
}

// richCompare implements comparison with dunder dispatch, run nested.
func (vm *VM) richCompare(op int, a, b Value) (Value, error) {
	if !vm.IsInstanceObj(a) && !vm.IsInstanceObj(b) {
		if r, ok, err := vm.nativeCompareValue(op, a, b); ok || err != nil {
			return r, err
		}
		return vm.compareDefault(op, a, b)
	}
	return vm.compareDunders(op, a, b, 0)
}

// compareDunders tries a.__op__(b), then b.__reflected__(a), starting at
// stage (1 skips the first); the reflected one comes first when b's class
// is a proper subclass of a's.
func (vm *VM) compareDunders(op int, a, b Value, stage int) (Value, error) {
	ta, tb := vm.TypeOf(a), vm.TypeOf(b)
	reflectFirst := ta != tb && vm.IsSubclass(tb, ta) && vm.IsInstanceObj(b)
	if stage == 0 {
		if reflectFirst {
			if r, err := vm.tryCompare(b, compile.CmpSwapped[op], a); err != nil || r != heap.NotImplemented {
				return r, err
			}
		}
		if r, err := vm.tryCompare(a, op, b); err != nil || r != heap.NotImplemented {
			return r, err
		}
	}
	if !reflectFirst {
		if r, err := vm.tryCompare(b, compile.CmpSwapped[op], a); err != nil || r != heap.NotImplemented {
			return r, err
		}
	}
	// Instances of builtin subclasses compare by their builtin values.
	pa, pb := vm.Prim(a), vm.Prim(b)
	if pa != a || pb != b {
		if r, ok, err := vm.nativeCompareValue(op, pa, pb); ok || err != nil {
			return r, err
		}
	}
	return vm.compareDefault(op, a, b)
}

// tryCompare calls obj's comparison dunder for op with other. An instance
// whose class has no __ne__ of its own gets object.__ne__: the inverse of
// its own class's __eq__ (not the reflected one), unless that is
// NotImplemented.
func (vm *VM) tryCompare(obj Value, op int, other Value) (Value, error) {
	if op != compile.CmpNe || !vm.IsInstanceObj(obj) || vm.LookupSpecial(obj, "__ne__").K != heap.KUndef {
		return vm.tryDunder(obj, compile.CmpDunders[op], other)
	}
	if vm.LookupSpecial(obj, "__eq__").K == heap.KUndef {
		// object.__eq__: identity.
		if obj == other {
			return heap.False, nil
		}
		return heap.NotImplemented, nil
	}
	r, err := vm.tryDunder(obj, "__eq__", other)
	if err != nil || r == heap.NotImplemented {
		return r, err
	}
	if r.K == heap.KBool {
		return heap.Bool(r.N == 0), nil
	}
	t, err := vm.Truth(r)
	return heap.Bool(!t), err
}

func (vm *VM) compareDefault(op int, a, b Value) (Value, error) {
	switch op {
	case compile.CmpEq:
		return heap.Bool(a == b), nil
	case compile.CmpNe:
		return heap.Bool(a != b), nil
	}
	return heap.Undef, vm.TypeError("'%s' not supported between instances of '%s' and '%s'", compile.CmpSymbols[op], vm.TypeName(a), vm.TypeName(b))
}

// tryDunder calls obj's special method name with args if its class
// defines one (other than object's default); NotImplemented otherwise.
func (vm *VM) tryDunder(obj Value, name string, args ...Value) (Value, error) {
	fn := vm.LookupSpecial(obj, name)
	if fn.K == heap.KUndef {
		return heap.NotImplemented, nil
	}
	if _, ok := vm.H.Get(fn).(*heap.Function); ok {
		// A plain function: call it with obj first instead of binding a
		// method object for one call.
		var buf [4]Value
		return vm.callNested(fn, append(append(buf[:0], obj), args...), nil)
	}
	return vm.Call(vm.BindMethod(fn, obj, vm.TypeOf(obj)), args...)
}

// lookupSpecial finds a special method on an Instance's class, ignoring
// object's defaults. Undef if absent or obj is not an Instance.
func (vm *VM) LookupSpecial(obj Value, name string) Value {
	if !vm.IsInstanceObj(obj) {
		return heap.Undef
	}
	fn := vm.cachedClassLookup(vm.TypeOf(obj), vm.Intern(name))
	if fn.K == heap.KUndef || fn.K == heap.KNone || vm.isBuiltinOf(fn, TObject) {
		return heap.Undef
	}
	return fn
}

// isPyFunc reports whether fn is a plain Python function (not a generator).
func (vm *VM) isPyFunc(fn Value) bool {
	if fn.K != heap.KRef {
		return false
	}
	f, ok := vm.H.Get(fn).(*heap.Function)
	if !ok {
		return false
	}
	c := vm.codeOf(f)
	return c.Code.Flags&(compile.FlagGenerator|compile.FlagCoroutine|compile.FlagAsyncGenerator) == 0
}

// opCompare is COMPARE_OP: dunders that are Python functions run as frames.
func (vm *VM) opCompare(f *heap.Frame, op int, a, b Value) error {
	if t, ok := vm.numCmpFast(op, a, b); ok {
		push(f, heap.Bool(t))
		return nil
	}
	if vm.IsInstanceObj(a) && !(vm.IsInstanceObj(b) && vm.TypeOf(a) != vm.TypeOf(b) && vm.IsSubclass(vm.TypeOf(b), vm.TypeOf(a))) {
		if fn := vm.LookupSpecial(a, compile.CmpDunders[op]); vm.isPyFunc(fn) {
			return vm.pushPyCall(fn, []Value{a, b}, heap.RetCompare, int32(op), a, b)
		}
	}
	r, err := vm.richCompare(op, a, b)
	if err != nil {
		return err
	}
	push(f, r)
	return nil
}

// --- arithmetic -------------------------------------------------------------------

func (vm *VM) nativeBinary(op int, a, b Value) (Value, error) {
	r, err := vm.numBinary(op, a, b)
	if err != nil || r != heap.NotImplemented {
		return r, err
	}
	r, err = vm.strBinary(op, a, b)
	if err != nil || r != heap.NotImplemented {
		return r, err
	}
	return vm.seqBinary(op, a, b)
}

// BinaryOp is a <op> b (op may carry BinInplace), run nested.
func (vm *VM) BinaryOp(op int, a, b Value) (Value, error) {
	inplace := op&compile.BinInplace != 0
	op &= 15
	if !vm.IsInstanceObj(a) && !vm.IsInstanceObj(b) {
		if inplace {
			r, err := vm.seqInplace(op, a, b)
			if err != nil || r != heap.NotImplemented {
				return r, err
			}
		}
		r, err := vm.nativeBinary(op, a, b)
		if err != nil || r != heap.NotImplemented {
			return r, err
		}
		if op == compile.BinOr && vm.isUnionArg(a) && vm.isUnionArg(b) {
			return vm.typeUnion(a, b)
		}
		return heap.Undef, vm.binopError(op, inplace, a, b)
	}
	return vm.binaryDunders(op, inplace, a, b, 0)
}

func (vm *VM) binopError(op int, inplace bool, a, b Value) error {
	if op == compile.BinAdd {
		if _, ok := vm.StrOf(a); ok && !vm.IsInstanceObj(a) {
			return vm.TypeError("can only concatenate str (not \"%s\") to str", vm.TypeName(b))
		}
		if vm.isListObj(a) {
			return vm.TypeError("can only concatenate list (not \"%s\") to list", vm.TypeName(b))
		}
		if _, ok := vm.TupleOf(a); ok && !vm.IsInstanceObj(a) {
			return vm.TypeError("can only concatenate tuple (not \"%s\") to tuple", vm.TypeName(b))
		}
		if _, ok := vm.BytesOf(a); ok {
			return vm.TypeError("can't concat %s to %s", vm.TypeName(b), vm.TypeName(a))
		}
	}
	if op == compile.BinMul {
		if vm.isSequenceObj(a) && !vm.IsInt(b) {
			return vm.TypeError("can't multiply sequence by non-int of type '%s'", vm.TypeName(b))
		}
		if vm.isSequenceObj(b) && !vm.IsInt(a) {
			return vm.TypeError("can't multiply sequence by non-int of type '%s'", vm.TypeName(a))
		}
	}
	sym := compile.BinOpSymbols[op]
	if inplace {
		sym += "="
	}
	if op == compile.BinPow && !inplace {
		sym = "** or pow()"
	}
	return vm.TypeError("unsupported operand type(s) for %s: '%s' and '%s'", sym, vm.TypeName(a), vm.TypeName(b))
}

// binaryDunders dispatches to __iop__, __op__ and __rop__. stage 1 means
// the forward method already returned NotImplemented.
func (vm *VM) binaryDunders(op int, inplace bool, a, b Value, stage int) (Value, error) {
	name := compile.BinOpDunders[op]
	ta, tb := vm.TypeOf(a), vm.TypeOf(b)
	if stage == 0 {
		if inplace {
			if r, err := vm.tryDunder(a, "__i"+name+"__", b); err != nil || r != heap.NotImplemented {
				return r, err
			}
		}
		if ta != tb && vm.IsSubclass(tb, ta) && vm.LookupSpecial(b, "__r"+name+"__").K != heap.KUndef {
			if r, err := vm.tryDunder(b, "__r"+name+"__", a); err != nil || r != heap.NotImplemented {
				return r, err
			}
		}
		if r, err := vm.tryDunder(a, "__"+name+"__", b); err != nil || r != heap.NotImplemented {
			return r, err
		}
	}
	if ta != tb {
		if r, err := vm.tryDunder(b, "__r"+name+"__", a); err != nil || r != heap.NotImplemented {
			return r, err
		}
	}
	if op == compile.BinMul {
		// seq * obj and obj * seq repeat by obj.__index__().
		seq, n := a, b
		if !vm.isSequenceObj(vm.Prim(seq)) {
			seq, n = b, a
		}
		if vm.isSequenceObj(vm.Prim(seq)) && vm.isUserInstance(n) && vm.hasMethod(n, "__index__") {
			k, err := vm.NumIndex(n)
			if err != nil {
				return heap.Undef, err
			}
			return vm.nativeBinary(op, vm.Prim(seq), k)
		}
	}
	pa, pb := vm.Prim(a), vm.Prim(b)
	if pa != a || pb != b {
		if op == compile.BinMod && pb != b && vm.isPercentFormat(pa) && !vm.isPercentContainer(pb) {
			// "%s" % obj formats obj itself (its __str__, __repr__, ...),
			// as it would a tuple item.
			pb = b
		}
		r, err := vm.nativeBinary(op, pa, pb)
		if err != nil || r != heap.NotImplemented {
			return r, err
		}
	}
	if op == compile.BinAdd && vm.isUserInstance(b) {
		// bytes + an exporter of the buffer protocol (buffer.go).
		if _, ok := vm.bytesObj(a); ok {
			if r, err := vm.strBinary(op, pa, b); err != nil || r != heap.NotImplemented {
				return r, err
			}
		}
	}
	return heap.Undef, vm.binopError(op, inplace, a, b)
}

// opBinary is BINARY_OP beyond the small-int and float fast paths.
func (vm *VM) opBinary(f *heap.Frame, arg int, a, b Value) error {
	op := arg & 15
	inplace := arg&compile.BinInplace != 0
	vm.beginBigTemps(f, arg, a, b)
	if r, ok := mixedFloatFast(op, a, b); ok {
		vm.endBigTemps(f, Value{})
		push(f, r)
		return nil
	}
	r, ok, err := vm.intBinaryFast(op, a, b)
	// Nothing after this may compute into an operand: the dunder
	// methods below run Python code.
	vm.endBigTemps(f, r)
	if ok {
		if err != nil {
			return err
		}
		push(f, r)
		return vm.settle()
	}
	if vm.IsInstanceObj(a) {
		name := "__" + compile.BinOpDunders[op] + "__"
		fn := heap.Undef
		if inplace {
			fn = vm.LookupSpecial(a, "__i"+compile.BinOpDunders[op]+"__")
		}
		if fn.K == heap.KUndef {
			fn = vm.LookupSpecial(a, name)
		}
		tb := vm.TypeOf(b)
		if vm.isPyFunc(fn) && !(vm.IsInstanceObj(b) && tb != vm.TypeOf(a) && vm.IsSubclass(tb, vm.TypeOf(a))) {
			return vm.pushPyCall(fn, []Value{a, b}, heap.RetBinOp, int32(arg), a, b)
		}
	}
	vm.openSafe(a, b)
	r, done, err := vm.strAddReserved(arg, a, b)
	if !done {
		r, done, err = vm.strModDirect(op, a, b)
	}
	if !done {
		r, err = vm.BinaryOp(arg, a, b)
	}
	vm.closeSafe()
	if err != nil {
		return err
	}
	push(f, r)
	// 'a' * 10**8 and friends grow the heap in one step; the result is on
	// the stack, so collecting here is safe.
	return vm.settle()
}

// opUnary is UNARY_NEGATIVE/POSITIVE/INVERT.
func (vm *VM) opUnary(f *heap.Frame, op compile.Opcode, v Value) error {
	r, err := vm.Unary(op, v)
	if err != nil {
		return err
	}
	push(f, r)
	return nil
}

// Unary applies a unary operator.
func (vm *VM) Unary(op compile.Opcode, v Value) (Value, error) {
	name, sym := "__neg__", "-"
	switch op {
	case compile.UNARY_POSITIVE:
		name, sym = "__pos__", "+"
	case compile.UNARY_INVERT:
		name, sym = "__invert__", "~"
	}
	if vm.IsInstanceObj(v) {
		// What the class's method returns is the result, NotImplemented
		// too: unary operators have no reflected form to fall back on.
		if vm.LookupSpecial(v, name).K != heap.KUndef {
			return vm.tryDunder(v, name)
		}
		v2 := vm.Prim(v)
		if v2 != v {
			return vm.Unary(op, v2)
		}
	} else {
		r, err := vm.numUnary(op, v)
		if err != nil || r != heap.NotImplemented {
			return r, err
		}
	}
	return heap.Undef, vm.TypeError("bad operand type for unary %s: '%s'", sym, vm.TypeName(v))
}

// --- truth ----------------------------------------------------------------------------

// Truth is bool(v).
func (vm *VM) Truth(v Value) (bool, error) {
	switch v.K {
	case heap.KNone, heap.KUndef:
		return false, nil
	case heap.KBool, heap.KInt:
		return v.N != 0, nil
	case heap.KFloat:
		return v.F() != 0, nil
	case heap.KRef:
		switch o := vm.H.Get(v).(type) {
		case *heap.Str:
			return len(o.S) > 0, nil
		case *heap.List:
			return len(o.Items) > 0, nil
		case *heap.Tuple:
			return len(o.Items) > 0, nil
		case *heap.Dict:
			return o.Used > 0, nil
		case *heap.Set:
			return o.Used > 0, nil
		case *heap.Bytes:
			return len(o.B) > 0, nil
		case *heap.BigInt:
			return o.V.Sign() != 0, nil
		case *heap.Complex:
			return o.Re != 0 || o.Im != 0, nil
		case *heap.Range:
			n := rangeLength(o)
			return n > 0, nil
		case *heap.DictView:
			d, _ := vm.DictOf(o.Dict)
			return d.Used > 0, nil
		case *heap.Instance:
			if fn := vm.LookupSpecial(v, "__bool__"); fn.K != heap.KUndef {
				r, err := vm.Call(vm.BindMethod(fn, v, o.Class))
				if err != nil {
					return false, err
				}
				if r.K != heap.KBool {
					return false, vm.TypeError("__bool__ should return bool, returned %s", vm.TypeName(r))
				}
				return r.N != 0, nil
			}
			if fn := vm.LookupSpecial(v, "__len__"); fn.K != heap.KUndef {
				n, err := vm.Len(v)
				return n > 0, err
			}
			if o.Prim.K != heap.KUndef {
				return vm.Truth(o.Prim)
			}
			return true, nil
		}
		return true, nil
	}
	return true, nil
}

// opTruth is truth testing in the eval loop: a Python __bool__/__len__
// runs as a frame that pushes the bool (or its negation) when ret says so.
func (vm *VM) opTruth(f *heap.Frame, v Value, ret heap.RetKind, _ int) (bool, error) {
	if vm.IsInstanceObj(v) {
		fn := vm.LookupSpecial(v, "__bool__")
		kind := ret
		if fn.K == heap.KUndef {
			fn = vm.LookupSpecial(v, "__len__")
		}
		if vm.isPyFunc(fn) {
			return false, vm.pushPyCall(fn, []Value{v}, kind, 0, heap.Undef, heap.Undef)
		}
	}
	return vm.Truth(v)
}

// --- containers ---------------------------------------------------------------------

// Len is len(v).
func (vm *VM) Len(v Value) (int, error) {
	if v.K == heap.KRef {
		switch o := vm.H.Get(v).(type) {
		case *heap.List:
			return len(o.Items), nil
		case *heap.Tuple:
			return len(o.Items), nil
		case *heap.Dict:
			return o.Used, nil
		case *heap.Set:
			return o.Used, nil
		case *heap.Bytes:
			return len(o.B), nil
		case *heap.Str:
			n, _ := vm.strLen(v)
			return n, nil
		case *heap.Range:
			n := rangeLength(o)
			return int(n), nil
		case *heap.DictView:
			d, _ := vm.DictOf(o.Dict)
			return d.Used, nil
		case *heap.Class:
			if fn := vm.metaSpecial(v, "__len__"); fn.K != heap.KUndef {
				r, err := vm.Call(fn)
				if err != nil {
					return 0, err
				}
				return vm.checkLen(r)
			}
		case *heap.Instance:
			if fn := vm.LookupSpecial(v, "__len__"); fn.K != heap.KUndef {
				r, err := vm.Call(vm.BindMethod(fn, v, o.Class))
				if err != nil {
					return 0, err
				}
				return vm.checkLen(r)
			}
			if o.Prim.K != heap.KUndef {
				return vm.Len(o.Prim)
			}
		}
	}
	return 0, vm.TypeError("object of type '%s' has no len()", vm.TypeName(v))
}

func (vm *VM) checkLen(r Value) (int, error) {
	n, ok := vm.IndexOf(r)
	if !ok {
		return 0, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(r))
	}
	if n < 0 {
		return 0, vm.ValueError("__len__() should return >= 0")
	}
	return int(n), nil
}

// GetItem is obj[key], run nested.
func (vm *VM) GetItem(obj, key Value) (Value, error) {
	if vm.IsInstanceObj(obj) {
		o := vm.H.Get(obj).(*heap.Instance)
		if fn := vm.LookupSpecial(obj, "__getitem__"); fn.K != heap.KUndef {
			return vm.Call(vm.BindMethod(fn, obj, o.Class), key)
		}
		if o.Prim.K != heap.KUndef {
			if _, isDict := vm.H.Get(o.Prim).(*heap.Dict); isDict {
				return vm.dictGetItem(obj, key)
			}
			return vm.GetItem(o.Prim, key)
		}
	} else {
		if r, ok, err := vm.strGetItem(obj, key); ok || err != nil {
			return r, err
		}
		if r, ok, err := vm.containerGetItem(obj, key); ok || err != nil {
			return r, err
		}
		if obj.K == heap.KRef {
			if _, isClass := vm.H.Get(obj).(*heap.Class); isClass {
				if fn := vm.metaSpecial(obj, "__getitem__"); fn.K != heap.KUndef {
					return vm.Call(fn, key)
				}
				if fn := vm.LookupClassStr(obj, "__class_getitem__"); fn.K != heap.KUndef {
					return vm.Call(vm.BindMethod(fn, obj, obj), key)
				}
				// list[int], dict[str, int] ...: types.GenericAlias.
				if o := vm.H.Get(obj).(*heap.Class); o.Flags&ClassUser == 0 && genericBuiltins[vm.ClassName(obj)] {
					return vm.genericAlias(obj, key)
				}
				return obj, nil
			}
		}
	}
	if obj.K == heap.KRef {
		if _, ok := vm.H.Get(obj).(*heap.Set); ok {
			return heap.Undef, vm.TypeError("'%s' object is not subscriptable", vm.TypeName(obj))
		}
	}
	return heap.Undef, vm.TypeError("'%s' object is not subscriptable", vm.TypeName(obj))
}

// opGetItem is BINARY_SUBSCR beyond the list fast path.
func (vm *VM) opGetItem(f *heap.Frame, obj, key Value) error {
	if obj.K == heap.KRef {
		o := vm.H.Get(obj)
		if d, ok := o.(*heap.Dict); ok {
			// An exact dict (a subclass is an instance) has no
			// __getitem__ or __missing__ of the program's to look up.
			v, found, err := vm.DictGet(d, key)
			if err != nil {
				return err
			}
			if !found {
				return vm.ErrorArgs(TKeyError, key)
			}
			push(f, v)
			return nil
		}
		if inst, ok := o.(*heap.Instance); ok && inst.Prim.K == heap.KRef {
			if done, err := vm.subDictSubscr(f, obj, inst, key); done {
				return err
			}
		}
	}
	if fn := vm.LookupSpecial(obj, "__getitem__"); vm.isPyFunc(fn) {
		return vm.pushPyCall(fn, []Value{obj, key}, heap.RetPush, 0, heap.Undef, heap.Undef)
	}
	r, err := vm.GetItem(obj, key)
	if err != nil {
		return err
	}
	push(f, r)
	return nil
}

// SetItem is obj[key] = v.
func (vm *VM) SetItem(obj, key, v Value) error {
	if vm.IsInstanceObj(obj) {
		o := vm.H.Get(obj).(*heap.Instance)
		if fn := vm.LookupSpecial(obj, "__setitem__"); fn.K != heap.KUndef {
			_, err := vm.Call(vm.BindMethod(fn, obj, o.Class), key, v)
			return err
		}
		if o.Prim.K != heap.KUndef {
			return vm.SetItem(o.Prim, key, v)
		}
	} else if obj.K == heap.KRef {
		if d, ok := vm.H.Get(obj).(*heap.Dict); ok {
			if err := vm.DictSet(d, key, v); err != nil {
				return err
			}
			vm.H.Touch(obj)
			return nil
		}
		if ok, err := vm.containerSetItem(obj, key, v); ok || err != nil {
			return err
		}
	}
	return vm.TypeError("'%s' object does not support item assignment", vm.TypeName(obj))
}

func (vm *VM) opSetItem(f *heap.Frame, obj, key, v Value) error {
	if obj.K == heap.KRef {
		o := vm.H.Get(obj)
		if d, ok := o.(*heap.Dict); ok {
			// An exact dict: no __setitem__ of the program's to look up.
			if err := vm.DictSet(d, key, v); err != nil {
				return err
			}
			vm.H.Touch(obj)
			return nil
		}
		if inst, ok := o.(*heap.Instance); ok && inst.Prim.K == heap.KRef {
			if done, err := vm.subDictSet(inst, key, v); done {
				return err
			}
		}
	}
	if fn := vm.LookupSpecial(obj, "__setitem__"); vm.isPyFunc(fn) {
		return vm.pushPyCall(fn, []Value{obj, key, v}, heap.RetDiscard, 0, heap.Undef, heap.Undef)
	}
	return vm.SetItem(obj, key, v)
}

// DelItem is del obj[key].
func (vm *VM) DelItem(obj, key Value) error {
	if vm.IsInstanceObj(obj) {
		o := vm.H.Get(obj).(*heap.Instance)
		if fn := vm.LookupSpecial(obj, "__delitem__"); fn.K != heap.KUndef {
			_, err := vm.Call(vm.BindMethod(fn, obj, o.Class), key)
			return err
		}
		if o.Prim.K != heap.KUndef {
			return vm.DelItem(o.Prim, key)
		}
	} else if ok, err := vm.containerDelItem(obj, key); ok || err != nil {
		return err
	}
	return vm.noItemDeletion(obj, key)
}

// noItemDeletion is the TypeError of del obj[key] for a type without
// deletion. CPython words it by the path that failed: a sequence type
// given an index says "doesn't" (PySequence_DelItem), anything else
// "does not".
func (vm *VM) noItemDeletion(obj, key Value) error {
	seq := false
	switch vm.ctRawObj(obj).(type) {
	case *heap.Str, *heap.Bytes, *heap.Tuple, *heap.Range, *heap.Set:
		if _, big := vm.BigOf(key); big && key.K == heap.KRef {
			// PySequence_DelItem's index conversion fails first.
			return vm.Errorf(TIndexError, "cannot fit 'int' into an index-sized integer")
		}
		seq = key.K == heap.KInt || key.K == heap.KBool ||
			vm.isUserInstance(key) && !vm.LookupClassStr(vm.TypeOf(key), "__index__").IsUndef()
	}
	if seq {
		return vm.TypeError("'%s' object doesn't support item deletion", vm.TypeName(obj))
	}
	return vm.TypeError("'%s' object does not support item deletion", vm.TypeName(obj))
}

// Contains is `item in container`.
func (vm *VM) Contains(container, item Value) (bool, error) {
	if vm.IsInstanceObj(container) {
		o := vm.H.Get(container).(*heap.Instance)
		if fn := vm.LookupSpecial(container, "__contains__"); fn.K != heap.KUndef {
			r, err := vm.Call(vm.BindMethod(fn, container, o.Class), item)
			if err != nil {
				return false, err
			}
			return vm.Truth(r)
		}
		if o.Prim.K != heap.KUndef && vm.LookupSpecial(container, "__iter__").K == heap.KUndef {
			return vm.Contains(o.Prim, item)
		}
	} else {
		if fn := vm.metaSpecial(container, "__contains__"); fn.K != heap.KUndef {
			r, err := vm.Call(fn, item)
			if err != nil {
				return false, err
			}
			return vm.Truth(r)
		}
		if r, ok, err := vm.strContains(container, item); ok || err != nil {
			return r, err
		}
		if r, ok, err := vm.containerContains(container, item); ok || err != nil {
			return r, err
		}
	}
	if !vm.isIterable(container) {
		return false, vm.TypeError("argument of type '%s' is not iterable", vm.TypeName(container))
	}
	found := false
	err := vm.Iterate(container, func(v Value) error {
		if v == item {
			found = true
			return errStopIteration
		}
		eq, err := vm.Eq(v, item)
		if err != nil {
			return err
		}
		if eq {
			found = true
			return errStopIteration
		}
		return nil
	})
	if err == errStopIteration {
		err = nil
	}
	return found, err
}

func (vm *VM) opContains(f *heap.Frame, item, container Value, invert bool) error {
	if container.K == heap.KRef {
		// An exact dict, set, list, tuple or str (subclasses are
		// instances) has no __contains__ of the program's to look up.
		var r bool
		var err error
		switch o := vm.H.Get(container).(type) {
		case *heap.Dict:
			_, r, err = vm.DictGet(o, item)
		case *heap.Set:
			r, err = vm.setContains(o, item)
		case *heap.List:
			r, err = vm.itemsContain(o.Items, item)
		case *heap.Tuple:
			r, err = vm.itemsContain(o.Items, item)
		case *heap.Str:
			r, _, err = vm.strContains(container, item)
		case *heap.Instance:
			var ok bool
			if r, ok = vm.subDictContains(o, item); !ok {
				goto general
			}
		default:
			goto general
		}
		if err != nil {
			return err
		}
		push(f, heap.Bool(r != invert))
		return nil
	}
general:
	if fn := vm.LookupSpecial(container, "__contains__"); vm.isPyFunc(fn) {
		inv := int32(0)
		if invert {
			inv = 1
		}
		return vm.pushPyCall(fn, []Value{container, item}, heap.RetContains, inv, heap.Undef, heap.Undef)
	}
	r, err := vm.Contains(container, item)
	if err != nil {
		return err
	}
	push(f, heap.Bool(r != invert))
	return nil
}

// --- dicts and sets with Python keys ---------------------------------------------------

func (vm *VM) DictGet(d *heap.Dict, k Value) (Value, bool, error) {
	if i, _, known := vm.dictFind(d, k); known {
		// An int or exact str key, compared without running code.
		if i < 0 {
			return heap.Undef, false, nil
		}
		return d.Entries[i].Val, true, nil
	}
	h, err := vm.Hash(k)
	if err != nil {
		return heap.Undef, false, err
	}
	return d.Get(k, h, vm.keyEq)
}

func (vm *VM) DictSet(d *heap.Dict, k, v Value) error {
	if i, h, known := vm.dictFind(d, k); known {
		// An int or exact str key, compared without running code.
		if i >= 0 {
			d.SetAt(i, v)
			return nil
		}
		return vm.dictAppend(d, k, v, h)
	}
	h, err := vm.Hash(k)
	if err != nil {
		return err
	}
	return vm.dictSetHashed(d, k, v, h)
}

func (vm *VM) dictDel(d *heap.Dict, k Value) (Value, bool, error) {
	h, err := vm.Hash(k)
	if err != nil {
		return heap.Undef, false, err
	}
	return d.Delete(k, h, vm.keyEq)
}

// dictSetStr sets a str key in the dict at dv.
func (vm *VM) dictSetStr(dv, k, v Value) error {
	d, ok := vm.DictOf(dv)
	if !ok {
		return vm.SetItem(dv, k, v)
	}
	s := vm.H.Get(k).(*heap.Str)
	h := strHashOf(s)
	if i, known := d.FindPlain(vm.H, k, s, h); known && i >= 0 {
		// Rebinding a name (STORE_NAME at module level, an attribute):
		// found in one pass, with no eq call per entry.
		d.SetAt(i, v)
	} else if err := d.Set(k, v, h, vm.keyEq); err != nil {
		return err
	}
	vm.H.Touch(dv)
	return nil
}

func (vm *VM) setAdd(s *heap.Set, k Value) error {
	h, err := vm.Hash(k)
	if err != nil {
		return err
	}
	if err := vm.setRoom(s); err != nil {
		// Adding a key already there allocates nothing.
		if i, lerr := s.Lookup(k, h, vm.keyEq); lerr != nil || i < 0 {
			return err
		}
	}
	before := s.Size()
	if _, err = s.Add(k, h, vm.keyEq); err != nil {
		return err
	}
	return vm.grew(before, s.Size())
}

func (vm *VM) setHas(s *heap.Set, k Value) (bool, error) {
	h, err := vm.Hash(k)
	if err != nil {
		return false, err
	}
	return s.Contains(k, h, vm.keyEq)
}

func (vm *VM) setDiscard(s *heap.Set, k Value) (bool, error) {
	h, err := vm.Hash(k)
	if err != nil {
		return false, err
	}
	return s.Discard(k, h, vm.keyEq)
}

// dictMerge implements DICT_UPDATE (and DICT_MERGE, which refuses
// duplicate keyword arguments).
func (vm *VM) dictMerge(dv, src Value, strict bool, f *heap.Frame) error {
	d := vm.H.Get(dv).(*heap.Dict)
	defer vm.H.Touch(dv)
	if sd, ok := vm.plainDict(src); ok {
		if !strict {
			// {**a, **b}: a copy into the empty dict, then one lookup
			// per key, accounted, with errors of == raised.
			return vm.dictMergeDict(d, sd)
		}
		// f(**kw): every key is new, or the call is an error. Each
		// append is accounted against the memory limit like any other
		// dict growth: the copy is a new dict the callee may keep.
		if len(d.Entries) == 0 {
			// Nothing to collide with: one accounted copy.
			return vm.dictMergeDict(d, sd)
		}
		n := len(sd.Entries)
		for i := 0; i < n; i++ {
			if len(sd.Entries) != n {
				return vm.Errorf(TRuntimeError, "dictionary changed size during iteration")
			}
			e := sd.Entries[i]
			if e.Key.K == heap.KUndef {
				continue
			}
			j, err := d.Lookup(e.Key, e.Hash, vm.keyEq)
			if err != nil {
				return err
			}
			if j >= 0 {
				return vm.TypeError("%s got multiple values for keyword argument '%s'", vm.callNameFromStack(f), vm.MustStr(e.Key))
			}
			if err := vm.dictAppend(d, e.Key, e.Val, e.Hash); err != nil {
				return err
			}
		}
		return nil
	}
	keysFn, err := vm.GetAttr(src, "keys")
	if err != nil {
		if strict {
			return vm.TypeError("%s argument after ** must be a mapping, not %s", vm.callNameFromStack(f), vm.TypeName(src))
		}
		return vm.TypeError("'%s' object is not a mapping", vm.TypeName(src))
	}
	keys, err := vm.Call(keysFn)
	if err != nil {
		return err
	}
	return vm.Iterate(keys, func(k Value) error {
		v, err := vm.GetItem(src, k)
		if err != nil {
			return err
		}
		return vm.DictSet(d, k, v)
	})
}

func (vm *VM) callNameFromStack(f *heap.Frame) string {
	// The callable sits below the pending dict and args tuple.
	if f.SP >= 3 {
		fn := f.Slots[f.SP-3]
		return vm.funcStr(fn) + "()"
	}
	return "function"
}

// funcStr names a callable as CPython's call errors do: a Python
// function by module and qualified name, anything else by CallableName.
func (vm *VM) funcStr(fn Value) string {
	if fn.K == heap.KRef {
		switch o := vm.H.Get(fn).(type) {
		case *heap.Function:
			q := vm.MustStr(o.Qualname)
			if m, ok := vm.StrOf(o.Module); ok && m != "builtins" {
				return m + "." + q
			}
			return q
		case *heap.BoundMethod:
			return vm.funcStr(o.Func)
		}
	}
	return vm.CallableName(fn)
}

func (vm *VM) isListObj(v Value) bool {
	_, ok := vm.refObj(v).(*heap.List)
	return ok
}

func (vm *VM) isSequenceObj(v Value) bool {
	switch vm.refObj(v).(type) {
	case *heap.List, *heap.Tuple, *heap.Str, *heap.Bytes:
		return true
	}
	return false
}

// isPercentFormat reports whether v is a str or bytes, whose % formats.
func (vm *VM) isPercentFormat(v Value) bool {
	switch vm.refObj(v).(type) {
	case *heap.Str, *heap.Bytes:
		return true
	}
	return false
}

// isPercentContainer reports whether v is a tuple or dict: the arguments
// of a % format rather than a single one.
func (vm *VM) isPercentContainer(v Value) bool {
	switch vm.refObj(v).(type) {
	case *heap.Tuple, *heap.Dict:
		return true
	}
	return false
}

// genericBuiltins are the builtin classes whose subscription is a
// types.GenericAlias (the others keep the class, for annotations).
var genericBuiltins = map[string]bool{"list": true, "dict": true, "set": true, "frozenset": true, "tuple": true, "type": true}

// genericAlias is types.GenericAlias(cls, key).
func (vm *VM) genericAlias(cls, key Value) (Value, error) {
	ga, err := vm.moduleAttr("types", "GenericAlias")
	if err != nil {
		return cls, nil
	}
	return vm.Call(ga, cls, key)
}
