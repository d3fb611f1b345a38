package vm

// Constructors, methods and builtin functions of the numeric types.

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

func init() {
	RegisterConstructor(TInt, intNew)
	RegisterConstructor(TBool, boolNew)
	RegisterConstructor(TFloat, floatNew)
	RegisterConstructor(TComplex, complexNew)
	AddMethods(TInt, intMethodDefs())
	AddMethods(TBool, boolMethodDefs())
	AddMethods(TFloat, floatMethodDefs())
	AddMethods(TComplex, complexMethodDefs())
	RegisterBuiltinFunc("abs", builtinAbs)
	RegisterBuiltinFunc("divmod", builtinDivmod)
	RegisterBuiltinFunc("pow", builtinPow)
	RegisterBuiltinFunc("round", builtinRound)
	RegisterBuiltinFunc("bin", func(vm *VM, _ Value, a Args) (Value, error) { return vm.intBaseString("bin", a, 2, "0b") })
	RegisterBuiltinFunc("oct", func(vm *VM, _ Value, a Args) (Value, error) { return vm.intBaseString("oct", a, 8, "0o") })
	RegisterBuiltinFunc("hex", func(vm *VM, _ Value, a Args) (Value, error) { return vm.intBaseString("hex", a, 16, "0x") })
}

// numLevel ranks numeric values: 0 not a number, 1 int/bool, 2 float, 3 complex.
func (vm *VM) numLevel(v Value) int {
	x, ok := vm.NumOf(v)
	if !ok {
		return 0
	}
	switch x.K {
	case nkInt, nkBig:
		return 1
	case nkFloat:
		return 2
	}
	return 3
}

// isRawNumber reports whether v is a number that is not an instance of a
// user subclass (so no Python-level override can apply).
func (vm *VM) isRawNumber(v Value) bool {
	switch v.K {
	case heap.KInt, heap.KBool, heap.KFloat:
		return true
	case heap.KRef:
		switch vm.H.Get(v).(type) {
		case *heap.BigInt, *heap.Complex:
			return true
		}
	}
	return false
}

// intValue returns the int value of an int-like v, with bools turned into ints.
func (vm *VM) IntValue(v Value) Value {
	p := vm.Prim(v)
	if p.K == heap.KBool {
		return heap.Int(int64(p.N))
	}
	return p
}

// typeLevel is the numLevel of instances of builtin type t.
func typeLevel(t TypeID) int {
	switch t {
	case TInt, TBool:
		return 1
	case TFloat:
		return 2
	}
	return 3
}

// selfNum checks the receiver of a method of numeric type t.
func (vm *VM) selfNum(name string, t TypeID, self Value) (num, error) {
	x, ok := vm.NumOf(self)
	if ok && vm.numLevel(vm.Prim(self)) == typeLevel(t) && (t != TBool || vm.Prim(self).K == heap.KBool) {
		return x, nil
	}
	return num{}, vm.TypeError("descriptor '%s' requires a '%s' object but received a '%s'", name, typeSpecName(t), vm.TypeName(self))
}

// --- conversions --------------------------------------------------------------

// floatToInt truncates f to an int value.
func (vm *VM) FloatToInt(f float64) (Value, error) {
	switch {
	case math.IsNaN(f):
		return Value{}, vm.ValueError("cannot convert float NaN to integer")
	case math.IsInf(f, 0):
		return Value{}, vm.Errorf(TOverflowError, "cannot convert float infinity to integer")
	}
	f = math.Trunc(f)
	if f >= -(1<<63) && f < 1<<63 {
		return heap.Int(int64(f)), nil
	}
	b, _ := new(big.Float).SetFloat64(f).Int(nil)
	return vm.NewBigInt(b), nil
}

// checkIntResult validates the result of __int__/__index__/__trunc__.
func (vm *VM) checkIntResult(r Value, method string) (Value, error) {
	if vm.numLevel(r) == 1 {
		return vm.IntValue(r), nil
	}
	return Value{}, vm.TypeError("%s returned non-int (type %s)", method, vm.TypeName(r))
}

// numIndex implements operator.index(v): an int value or TypeError.
func (vm *VM) NumIndex(v Value) (Value, error) {
	if vm.isRawNumber(v) && vm.numLevel(v) == 1 {
		return vm.IntValue(v), nil
	}
	if vm.hasMethod(v, "__index__") {
		r, err := vm.CallMethod(v, "__index__")
		if err != nil {
			return Value{}, err
		}
		return vm.checkIntResult(r, "__index__")
	}
	return Value{}, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(v))
}

// parseIntText implements int(text, base) for str, bytes and bytearray.
func (vm *VM) parseIntText(v Value, base int) (Value, bool, error) {
	if s, ok := vm.StrOf(v); ok {
		b, err := pyfmt.ParseInt(s, base)
		if err != nil {
			return Value{}, true, vm.pystrErr(err)
		}
		return vm.NewBigInt(b), true, nil
	}
	if bo, ok := vm.BytesOf(vm.Prim(v)); ok {
		b, err := pyfmt.ParseInt(string(bo.B), base)
		if err != nil {
			if base != 0 && (base < 2 || base > 36) {
				return Value{}, true, vm.pystrErr(err)
			}
			r := pystr.BytesRepr(bo.B)
			if bo.Mutable {
				r = "bytearray(" + r + ")"
			}
			return Value{}, true, vm.ValueError("invalid literal for int() with base %d: %s", base, r)
		}
		return vm.NewBigInt(b), true, nil
	}
	return Value{}, false, nil
}

// toInt implements int(v).
func (vm *VM) toInt(v Value) (Value, error) {
	if vm.isRawNumber(v) {
		x, _ := vm.NumOf(v)
		switch x.K {
		case nkInt, nkBig:
			return vm.IntValue(v), nil
		case nkFloat:
			return vm.FloatToInt(x.f)
		}
	}
	if vm.hasMethod(v, "__int__") {
		r, err := vm.CallMethod(v, "__int__")
		if err != nil {
			return Value{}, err
		}
		return vm.checkIntResult(r, "__int__")
	}
	if vm.hasMethod(v, "__index__") {
		r, err := vm.CallMethod(v, "__index__")
		if err != nil {
			return Value{}, err
		}
		return vm.checkIntResult(r, "__index__")
	}
	if vm.hasMethod(v, "__trunc__") {
		r, err := vm.CallMethod(v, "__trunc__")
		if err != nil {
			return Value{}, err
		}
		if vm.numLevel(r) == 1 {
			return vm.IntValue(r), nil
		}
		if !vm.hasMethod(r, "__index__") {
			return Value{}, vm.TypeError("__trunc__ returned non-Integral (type %s)", vm.TypeName(r))
		}
		return vm.NumIndex(r)
	}
	if r, ok, err := vm.parseIntText(v, 10); ok {
		return r, err
	}
	return Value{}, vm.TypeError("int() argument must be a string, a bytes-like object or a real number, not '%s'", vm.TypeName(v))
}

// toFloatValue implements float(v).
func (vm *VM) ToFloatValue(v Value) (float64, error) {
	if vm.isRawNumber(v) && vm.numLevel(v) <= 2 {
		x, _ := vm.NumOf(v)
		return vm.ToFloat(x)
	}
	if vm.hasMethod(v, "__float__") {
		r, err := vm.CallMethod(v, "__float__")
		if err != nil {
			return 0, err
		}
		if p := vm.Prim(r); p.K == heap.KFloat {
			return p.F(), nil
		}
		return 0, vm.TypeError("%s.__float__ returned non-float (type %s)", vm.TypeName(v), vm.TypeName(r))
	}
	if vm.hasMethod(v, "__index__") {
		r, err := vm.NumIndex(v)
		if err != nil {
			return 0, err
		}
		x, _ := vm.NumOf(r)
		return vm.ToFloat(x)
	}
	if s, ok := vm.StrOf(v); ok {
		f, err := pyfmt.ParseFloat(s)
		return f, vm.pystrErr(err)
	}
	if bo, ok := vm.BytesOf(vm.Prim(v)); ok {
		f, err := pyfmt.ParseFloat(string(bo.B))
		if err != nil {
			r := pystr.BytesRepr(bo.B)
			if bo.Mutable {
				r = "bytearray(" + r + ")"
			}
			return 0, vm.ValueError("could not convert string to float: %s", r)
		}
		return f, nil
	}
	return 0, vm.TypeError("float() argument must be a string or a real number, not '%s'", vm.TypeName(v))
}

// --- constructors -------------------------------------------------------------

func intNew(vm *VM, _ Value, a Args) (Value, error) {
	if len(a.Pos) > 2 {
		return Value{}, vm.TypeError("int() takes at most 2 arguments (%d given)", len(a.Pos))
	}
	x, base := heap.Undef, heap.Undef
	if len(a.Pos) > 0 {
		x = a.Pos[0]
	}
	if len(a.Pos) > 1 {
		base = a.Pos[1]
	}
	for i, k := range a.KwNames {
		if k != "base" {
			return Value{}, vm.TypeError("'%s' is an invalid keyword argument for int()", k)
		}
		if base.K != heap.KUndef {
			return Value{}, vm.TypeError("argument for int() given by name ('base') and position (2)")
		}
		base = a.KwVals[i]
	}
	if base.K == heap.KUndef {
		if x.K == heap.KUndef {
			return heap.Int(0), nil
		}
		return vm.toInt(x)
	}
	if x.K == heap.KUndef {
		return Value{}, vm.TypeError("int() missing string argument")
	}
	bv, err := vm.NumIndex(base)
	if err != nil {
		return Value{}, err
	}
	b, ok := vm.IndexOf(bv)
	if !ok || (b != 0 && (b < 2 || b > 36)) {
		return Value{}, vm.ValueError("int() base must be >= 2 and <= 36, or 0")
	}
	if r, ok, err := vm.parseIntText(x, int(b)); ok {
		return r, err
	}
	return Value{}, vm.TypeError("int() can't convert non-string with explicit base")
}

func boolNew(vm *VM, _ Value, a Args) (Value, error) {
	if err := vm.ArgCount("bool", a, 0, 1); err != nil {
		return Value{}, err
	}
	if len(a.Pos) == 0 {
		return heap.False, nil
	}
	t, err := vm.Truth(a.Pos[0])
	if err != nil {
		return Value{}, err
	}
	return heap.Bool(t), nil
}

func floatNew(vm *VM, _ Value, a Args) (Value, error) {
	if err := vm.ArgCount("float", a, 0, 1); err != nil {
		return Value{}, err
	}
	if len(a.Pos) == 0 {
		return heap.Float(0), nil
	}
	f, err := vm.ToFloatValue(a.Pos[0])
	if err != nil {
		return Value{}, err
	}
	return heap.Float(f), nil
}

// complexOperand converts an argument of complex(); isComplex reports
// whether it was a complex number.
func (vm *VM) complexOperand(v Value, first bool) (c cplx, isComplex bool, err error) {
	if vm.isRawNumber(v) {
		x, _ := vm.NumOf(v)
		if x.K == NkComplex {
			return cplx{x.f, x.im}, true, nil
		}
		f, err := vm.ToFloat(x)
		return cplx{f, 0}, false, err
	}
	if vm.hasMethod(v, "__complex__") {
		r, err := vm.CallMethod(v, "__complex__")
		if err != nil {
			return cplx{}, false, err
		}
		if x, ok := vm.NumOf(r); ok && x.K == NkComplex {
			return cplx{x.f, x.im}, true, nil
		}
		return cplx{}, false, vm.TypeError("__complex__ returned non-complex (type %s)", vm.TypeName(r))
	}
	if vm.hasMethod(v, "__float__") || vm.hasMethod(v, "__index__") {
		f, err := vm.ToFloatValue(v)
		return cplx{f, 0}, false, err
	}
	if first {
		return cplx{}, false, vm.TypeError("complex() first argument must be a string or a number, not '%s'", vm.TypeName(v))
	}
	return cplx{}, false, vm.TypeError("complex() second argument must be a number, not '%s'", vm.TypeName(v))
}

func complexNew(vm *VM, cls Value, a Args) (Value, error) {
	args, err := vm.BindArgs("complex", a, []string{"real", "imag"}, 0)
	if err != nil {
		return Value{}, err
	}
	r, i := args[0], args[1]
	if r.K == heap.KUndef {
		r = heap.Int(0)
	}
	if s, ok := vm.StrOf(r); ok {
		if i.K != heap.KUndef {
			return Value{}, vm.TypeError("complex() can't take second arg if first is a string")
		}
		c, ok := parseComplex(s)
		if !ok {
			return Value{}, vm.ValueError("complex() arg is a malformed string")
		}
		return vm.newComplex(c), nil
	}
	if i.K != heap.KUndef {
		if _, ok := vm.StrOf(i); ok {
			return Value{}, vm.TypeError("complex() second arg can't be a string")
		}
	}
	if i.K == heap.KUndef && cls == vm.Types[TComplex] && r.K == heap.KRef {
		if _, ok := vm.H.Get(r).(*heap.Complex); ok {
			return r, nil
		}
	}
	cr, crIsComplex, err := vm.complexOperand(r, true)
	if err != nil {
		return Value{}, err
	}
	var ci cplx
	ciIsComplex := false
	if i.K == heap.KUndef {
		ci.re = cr.im
	} else {
		ci, ciIsComplex, err = vm.complexOperand(i, false)
		if err != nil {
			return Value{}, err
		}
	}
	if ciIsComplex {
		cr.re -= ci.im
	}
	if crIsComplex && i.K != heap.KUndef {
		ci.re += cr.im
	}
	return vm.newComplex(cplx{cr.re, ci.re}), nil
}

// scanFloat returns the end of a float literal starting at s[i:] (i when
// there is none): [sign] (digits [. digits] | . digits) [exponent] | inf | infinity | nan.
func scanFloat(s string, i int) int {
	j := i
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	rest := strings.ToLower(s[j:])
	for _, w := range []string{"infinity", "inf", "nan"} {
		if strings.HasPrefix(rest, w) {
			return j + len(w)
		}
	}
	digits := func(k int) int {
		if k >= len(s) || s[k] < '0' || s[k] > '9' {
			return k
		}
		k++
		for k < len(s) {
			if s[k] >= '0' && s[k] <= '9' {
				k++
			} else if s[k] == '_' && k+1 < len(s) && s[k+1] >= '0' && s[k+1] <= '9' {
				k += 2
			} else {
				break
			}
		}
		return k
	}
	k := digits(j)
	intPart := k > j
	frac := false
	if k < len(s) && s[k] == '.' {
		m := digits(k + 1)
		frac = m > k+1
		if intPart || frac {
			k = m
		}
	}
	if !intPart && !frac {
		return i
	}
	if k < len(s) && (s[k] == 'e' || s[k] == 'E') {
		m := k + 1
		if m < len(s) && (s[m] == '+' || s[m] == '-') {
			m++
		}
		if e := digits(m); e > m {
			k = e
		}
	}
	return k
}

// parseComplex implements complex(str).
func parseComplex(s string) (cplx, bool) {
	s = strings.TrimSpace(s)
	paren := false
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		paren = true
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	_ = paren
	if s == "" {
		return cplx{}, false
	}
	parse := func(t string) (float64, bool) {
		f, err := pyfmt.ParseFloat(t)
		return f, err == nil
	}
	var x, y float64
	pos := 0
	if end := scanFloat(s, 0); end > 0 {
		v, ok := parse(s[:end])
		if !ok {
			return cplx{}, false
		}
		pos = end
		switch {
		case pos < len(s) && (s[pos] == '+' || s[pos] == '-'):
			x = v
			if e2 := scanFloat(s, pos); e2 > pos {
				if y, ok = parse(s[pos:e2]); !ok {
					return cplx{}, false
				}
				pos = e2
			} else {
				y = 1
				if s[pos] == '-' {
					y = -1
				}
				pos++
			}
			if pos >= len(s) || (s[pos] != 'j' && s[pos] != 'J') {
				return cplx{}, false
			}
			pos++
		case pos < len(s) && (s[pos] == 'j' || s[pos] == 'J'):
			y = v
			pos++
		default:
			x = v
		}
	} else {
		y = 1
		if s[0] == '+' || s[0] == '-' {
			if s[0] == '-' {
				y = -1
			}
			pos++
		}
		if pos >= len(s) || (s[pos] != 'j' && s[pos] != 'J') {
			return cplx{}, false
		}
		pos++
	}
	if pos != len(s) {
		return cplx{}, false
	}
	return cplx{x, y}, true
}

// --- method wrappers ------------------------------------------------------------

// binMethod builds __op__ / __rop__ for numeric type t.
func binMethod(t TypeID, op int, reflected bool) BuiltinFn {
	name := "__" + compile.BinOpDunders[op] + "__"
	if reflected {
		name = "__r" + compile.BinOpDunders[op] + "__"
	}
	return func(vm *VM, self Value, a Args) (Value, error) {
		if op == compile.BinPow && len(a.Pos) == 2 && !reflected {
			if _, err := vm.selfNum(name, t, self); err != nil {
				return Value{}, err
			}
			if a.Pos[1].K != heap.KNone {
				return vm.pow3(self, a.Pos[0], a.Pos[1])
			}
			a.Pos = a.Pos[:1]
		}
		if err := vm.ArgCount(name, a, 1, 1); err != nil {
			return Value{}, err
		}
		if _, err := vm.selfNum(name, t, self); err != nil {
			return Value{}, err
		}
		other := a.Pos[0]
		lv := vm.numLevel(other)
		if lv == 0 || lv > typeLevel(t) {
			return heap.NotImplemented, nil
		}
		x, y := vm.Prim(self), vm.Prim(other)
		if t != TBool {
			x, y = vm.IntValue(x), vm.IntValue(y)
			if vm.numLevel(x) != 1 {
				x = vm.Prim(self)
			}
			if vm.numLevel(y) != 1 {
				y = vm.Prim(other)
			}
		}
		if reflected {
			x, y = y, x
		}
		return vm.numBinary(op, x, y)
	}
}

func cmpMethod(t TypeID, op int) BuiltinFn {
	name := compile.CmpDunders[op]
	return func(vm *VM, self Value, a Args) (Value, error) {
		if err := vm.ArgCount(name, a, 1, 1); err != nil {
			return Value{}, err
		}
		if _, err := vm.selfNum(name, t, self); err != nil {
			return Value{}, err
		}
		lv := vm.numLevel(a.Pos[0])
		if lv == 0 || lv > typeLevel(t) {
			return heap.NotImplemented, nil
		}
		r, ok := vm.numCompare(op, self, a.Pos[0])
		if !ok {
			return heap.NotImplemented, nil
		}
		return heap.Bool(r), nil
	}
}

func unaryMethod(t TypeID, name string, fn func(vm *VM, self Value, x num) (Value, error)) MethodDef {
	return MethodDef{Name: name, Fn: func(vm *VM, self Value, a Args) (Value, error) {
		if err := vm.ArgCount(name, a, 0, 0); err != nil {
			return Value{}, err
		}
		x, err := vm.selfNum(name, t, self)
		if err != nil {
			return Value{}, err
		}
		return fn(vm, self, x)
	}}
}

func propDef(t TypeID, name string, fn func(vm *VM, self Value, x num) (Value, error)) MethodDef {
	d := unaryMethod(t, name, fn)
	d.Kind = KindProperty
	return d
}

func unaryOpMethod(t TypeID, name string, op compile.Opcode) MethodDef {
	return unaryMethod(t, name, func(vm *VM, self Value, _ num) (Value, error) {
		return vm.numUnary(op, vm.IntValue(self))
	})
}

// commonNumDefs are the dunders shared by int, float and complex.
func commonNumDefs(t TypeID, ops []int) []MethodDef {
	var defs []MethodDef
	for _, op := range ops {
		defs = append(defs,
			MethodDef{Name: "__" + compile.BinOpDunders[op] + "__", Fn: binMethod(t, op, false)},
			MethodDef{Name: "__r" + compile.BinOpDunders[op] + "__", Fn: binMethod(t, op, true)})
	}
	cmps := []int{compile.CmpLt, compile.CmpLe, compile.CmpEq, compile.CmpNe, compile.CmpGt, compile.CmpGe}
	if t == TComplex {
		cmps = []int{compile.CmpEq, compile.CmpNe}
	}
	for _, op := range cmps {
		defs = append(defs, MethodDef{Name: compile.CmpDunders[op], Fn: cmpMethod(t, op)})
	}
	defs = append(defs,
		unaryOpMethod(t, "__neg__", compile.UNARY_NEGATIVE),
		unaryOpMethod(t, "__pos__", compile.UNARY_POSITIVE),
		unaryMethod(t, "__abs__", func(vm *VM, _ Value, x num) (Value, error) { return vm.numAbs(x) }),
		unaryMethod(t, "__bool__", func(vm *VM, _ Value, x num) (Value, error) {
			switch x.K {
			case nkInt:
				return heap.Bool(x.i != 0), nil
			case nkBig:
				return heap.True, nil
			case nkFloat:
				return heap.Bool(x.f != 0), nil
			}
			return heap.Bool(x.f != 0 || x.im != 0), nil
		}),
		unaryMethod(t, "__hash__", func(vm *VM, self Value, _ num) (Value, error) {
			h, _ := vm.hashNumber(self)
			return heap.Int(h), nil
		}),
		unaryMethod(t, "__repr__", func(vm *VM, self Value, _ num) (Value, error) {
			s, _ := vm.reprNumber(self)
			return vm.NewStr(s), nil
		}),
		MethodDef{Name: "__format__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.ArgCount("__format__", a, 1, 1); err != nil {
				return Value{}, err
			}
			if _, err := vm.selfNum("__format__", t, self); err != nil {
				return Value{}, err
			}
			spec, ok := vm.StrOf(a.Pos[0])
			if !ok {
				return Value{}, vm.TypeError("__format__() argument must be str, not %s", vm.TypeName(a.Pos[0]))
			}
			s, _, err := vm.formatNumber(self, spec)
			if err != nil {
				return Value{}, err
			}
			return vm.NewStr(s), nil
		}},
		unaryMethod(t, "conjugate", func(vm *VM, self Value, x num) (Value, error) {
			if x.K == NkComplex {
				return vm.newComplex(cplx{x.f, -x.im}), nil
			}
			return vm.IntValue(self), nil
		}),
		propDef(t, "real", func(vm *VM, self Value, x num) (Value, error) {
			if x.K == NkComplex {
				return heap.Float(x.f), nil
			}
			return vm.IntValue(self), nil
		}),
		propDef(t, "imag", func(vm *VM, _ Value, x num) (Value, error) {
			switch x.K {
			case NkComplex:
				return heap.Float(x.im), nil
			case nkFloat:
				return heap.Float(0), nil
			}
			return heap.Int(0), nil
		}),
	)
	return defs
}

func (vm *VM) divmodValues(x, y num, a, b Value) (Value, error) {
	if x.K == NkComplex || y.K == NkComplex {
		return Value{}, vm.TypeError("unsupported operand type(s) for divmod(): '%s' and '%s'", vm.TypeName(a), vm.TypeName(b))
	}
	if x.K == nkFloat || y.K == nkFloat {
		fa, err := vm.ToFloat(x)
		if err != nil {
			return Value{}, err
		}
		fb, err := vm.ToFloat(y)
		if err != nil {
			return Value{}, err
		}
		if fb == 0 {
			return Value{}, vm.zeroDiv("float divmod()")
		}
		q, r := floatDivMod(fa, fb)
		return vm.NewTuple([]Value{heap.Float(q), heap.Float(r)}), nil
	}
	q, err := vm.numBinary(compile.BinFloorDiv, vm.IntValue(a), vm.IntValue(b))
	if err != nil {
		return Value{}, err
	}
	r, err := vm.numBinary(compile.BinMod, vm.IntValue(a), vm.IntValue(b))
	if err != nil {
		return Value{}, err
	}
	return vm.NewTuple([]Value{q, r}), nil
}

func divmodMethod(t TypeID, reflected bool) MethodDef {
	name := "__divmod__"
	if reflected {
		name = "__rdivmod__"
	}
	return MethodDef{Name: name, Fn: func(vm *VM, self Value, a Args) (Value, error) {
		if err := vm.ArgCount(name, a, 1, 1); err != nil {
			return Value{}, err
		}
		x, err := vm.selfNum(name, t, self)
		if err != nil {
			return Value{}, err
		}
		other := a.Pos[0]
		lv := vm.numLevel(other)
		if lv == 0 || lv > typeLevel(t) {
			return heap.NotImplemented, nil
		}
		y, _ := vm.NumOf(other)
		if reflected {
			return vm.divmodValues(y, x, other, self)
		}
		return vm.divmodValues(x, y, self, other)
	}}
}

var intOps = []int{compile.BinAdd, compile.BinSub, compile.BinMul, compile.BinTrueDiv, compile.BinFloorDiv,
	compile.BinMod, compile.BinPow, compile.BinLShift, compile.BinRShift, compile.BinAnd, compile.BinOr, compile.BinXor}

var floatOps = []int{compile.BinAdd, compile.BinSub, compile.BinMul, compile.BinTrueDiv, compile.BinFloorDiv,
	compile.BinMod, compile.BinPow}

func intMethodDefs() []MethodDef {
	const t = TInt
	defs := commonNumDefs(t, intOps)
	toInt := func(vm *VM, self Value, _ num) (Value, error) { return vm.IntValue(self), nil }
	defs = append(defs,
		divmodMethod(t, false), divmodMethod(t, true),
		unaryOpMethod(t, "__invert__", compile.UNARY_INVERT),
		unaryMethod(t, "__index__", toInt),
		unaryMethod(t, "__int__", toInt),
		unaryMethod(t, "__trunc__", toInt),
		unaryMethod(t, "__floor__", toInt),
		unaryMethod(t, "__ceil__", toInt),
		unaryMethod(t, "__float__", func(vm *VM, _ Value, x num) (Value, error) {
			f, err := vm.ToFloat(x)
			return heap.Float(f), err
		}),
		MethodDef{Name: "__round__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.ArgCount("__round__", a, 0, 1); err != nil {
				return Value{}, err
			}
			x, err := vm.selfNum("__round__", t, self)
			if err != nil {
				return Value{}, err
			}
			nd := heap.None
			if len(a.Pos) == 1 {
				nd = a.Pos[0]
			}
			return vm.roundInt(x, nd)
		}},
		propDef(t, "numerator", toInt),
		propDef(t, "denominator", func(*VM, Value, num) (Value, error) { return heap.Int(1), nil }),
		unaryMethod(t, "bit_length", func(vm *VM, _ Value, x num) (Value, error) {
			return heap.Int(int64(new(big.Int).Abs(x.bigInt()).BitLen())), nil
		}),
		unaryMethod(t, "bit_count", func(vm *VM, _ Value, x num) (Value, error) {
			n := 0
			for _, w := range new(big.Int).Abs(x.bigInt()).Bits() {
				for ; w != 0; w &= w - 1 {
					n++
				}
			}
			return heap.Int(int64(n)), nil
		}),
		unaryMethod(t, "as_integer_ratio", func(vm *VM, self Value, _ num) (Value, error) {
			return vm.NewTuple([]Value{vm.IntValue(self), heap.Int(1)}), nil
		}),
		MethodDef{Name: "to_bytes", Fn: intToBytes},
		MethodDef{Name: "from_bytes", Fn: intFromBytes, Kind: KindClassMethod},
	)
	return defs
}

func boolMethodDefs() []MethodDef {
	var defs []MethodDef
	for _, op := range []int{compile.BinAnd, compile.BinOr, compile.BinXor} {
		defs = append(defs,
			MethodDef{Name: "__" + compile.BinOpDunders[op] + "__", Fn: binMethod(TBool, op, false)},
			MethodDef{Name: "__r" + compile.BinOpDunders[op] + "__", Fn: binMethod(TBool, op, true)})
	}
	return defs
}

func floatMethodDefs() []MethodDef {
	const t = TFloat
	defs := commonNumDefs(t, floatOps)
	defs = append(defs,
		divmodMethod(t, false), divmodMethod(t, true),
		unaryMethod(t, "__int__", func(vm *VM, _ Value, x num) (Value, error) { return vm.FloatToInt(x.f) }),
		unaryMethod(t, "__trunc__", func(vm *VM, _ Value, x num) (Value, error) { return vm.FloatToInt(x.f) }),
		unaryMethod(t, "__floor__", func(vm *VM, _ Value, x num) (Value, error) { return vm.FloatToInt(math.Floor(x.f)) }),
		unaryMethod(t, "__ceil__", func(vm *VM, _ Value, x num) (Value, error) { return vm.FloatToInt(math.Ceil(x.f)) }),
		unaryMethod(t, "__float__", func(vm *VM, _ Value, x num) (Value, error) { return heap.Float(x.f), nil }),
		MethodDef{Name: "__round__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.ArgCount("__round__", a, 0, 1); err != nil {
				return Value{}, err
			}
			x, err := vm.selfNum("__round__", t, self)
			if err != nil {
				return Value{}, err
			}
			nd := heap.None
			if len(a.Pos) == 1 {
				nd = a.Pos[0]
			}
			return vm.roundFloat(x.f, nd)
		}},
		unaryMethod(t, "is_integer", func(vm *VM, _ Value, x num) (Value, error) {
			return heap.Bool(!math.IsInf(x.f, 0) && x.f == math.Floor(x.f)), nil
		}),
		unaryMethod(t, "as_integer_ratio", func(vm *VM, _ Value, x num) (Value, error) {
			n, d, err := vm.floatRatio(x.f)
			if err != nil {
				return Value{}, err
			}
			return vm.NewTuple([]Value{vm.NewBigInt(n), vm.NewBigInt(d)}), nil
		}),
		unaryMethod(t, "hex", func(vm *VM, _ Value, x num) (Value, error) { return vm.NewStr(floatHex(x.f)), nil }),
		MethodDef{Name: "fromhex", Kind: KindClassMethod, Fn: floatFromHex},
	)
	return defs
}

func complexMethodDefs() []MethodDef {
	const t = TComplex
	defs := commonNumDefs(t, []int{compile.BinAdd, compile.BinSub, compile.BinMul, compile.BinTrueDiv, compile.BinPow})
	defs = append(defs, unaryMethod(t, "__complex__", func(vm *VM, _ Value, x num) (Value, error) {
		return vm.newComplex(cplx{x.f, x.im}), nil
	}))
	return defs
}

// floatRatio returns f as an exact fraction in lowest terms.
func (vm *VM) floatRatio(f float64) (*big.Int, *big.Int, error) {
	if math.IsInf(f, 0) {
		return nil, nil, vm.Errorf(TOverflowError, "cannot convert Infinity to integer ratio")
	}
	if math.IsNaN(f) {
		return nil, nil, vm.ValueError("cannot convert NaN to integer ratio")
	}
	r := new(big.Rat).SetFloat64(f)
	return new(big.Int).Set(r.Num()), new(big.Int).Set(r.Denom()), nil
}

// floatHex is float.hex().
func floatHex(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	sign := ""
	if math.Signbit(f) {
		sign = "-"
		f = -f
	}
	if f == 0 {
		return sign + "0x0.0p+0"
	}
	bits := math.Float64bits(f)
	mant := bits & (1<<52 - 1)
	exp := int((bits >> 52) & 0x7ff)
	lead := "1"
	if exp == 0 {
		lead = "0"
		exp = -1022
	} else {
		exp -= 1023
	}
	return sign + "0x" + lead + "." + leftPad(strconv.FormatUint(mant, 16), 13) + "p" + signedInt(exp)
}

func leftPad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat("0", n-len(s)) + s
}

func signedInt(e int) string {
	if e >= 0 {
		return "+" + strconv.Itoa(e)
	}
	return strconv.Itoa(e)
}

func signOne(neg bool) float64 {
	if neg {
		return -1
	}
	return 1
}

// parseFloatHex implements float.fromhex's parsing.
func parseFloatHex(s string) (f float64, overflow, ok bool) {
	s = strings.TrimSpace(s)
	neg := false
	body := s
	if strings.HasPrefix(body, "-") || strings.HasPrefix(body, "+") {
		neg = body[0] == '-'
		body = body[1:]
	}
	low := strings.ToLower(body)
	switch low {
	case "inf", "infinity":
		return math.Copysign(math.Inf(1), signOne(neg)), false, true
	case "nan":
		return math.NaN(), false, true
	}
	if strings.HasPrefix(low, "0x") {
		low = low[2:]
	}
	mantissa, exp := low, "0"
	if i := strings.IndexByte(low, 'p'); i >= 0 {
		mantissa, exp = low[:i], low[i+1:]
		if exp == "" {
			return 0, false, false
		}
		e := exp
		if e[0] == '+' || e[0] == '-' {
			e = e[1:]
		}
		if e == "" || strings.Trim(e, "0123456789") != "" {
			return 0, false, false
		}
	}
	if mantissa == "" || mantissa == "." || strings.Trim(mantissa, "0123456789abcdef.") != "" || strings.Count(mantissa, ".") > 1 {
		return 0, false, false
	}
	// Exact value: mantissa digits as an integer scaled by 2**(exp - 4*fraction digits).
	digits := strings.Replace(mantissa, ".", "", 1)
	fracDigits := 0
	if i := strings.IndexByte(mantissa, '.'); i >= 0 {
		fracDigits = len(mantissa) - i - 1
	}
	m, _ := new(big.Int).SetString(digits, 16)
	e, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || e > 1<<20 || e < -(1<<20) {
		// Absurd exponents: zero mantissa stays zero, others over/underflow.
		if m.Sign() == 0 {
			return math.Copysign(0, signOne(neg)), false, true
		}
		if strings.HasPrefix(exp, "-") {
			return math.Copysign(0, signOne(neg)), false, true
		}
		return 0, true, true
	}
	bf := new(big.Float).SetInt(m)
	if m.Sign() != 0 {
		bf.SetMantExp(bf, int(e)-4*fracDigits)
	}
	f, _ = bf.Float64()
	if math.IsInf(f, 0) {
		return 0, true, true
	}
	if neg {
		f = -f
	}
	return f, false, true
}

func floatFromHex(vm *VM, cls Value, a Args) (Value, error) {
	if err := vm.ArgCount("fromhex", a, 1, 1); err != nil {
		return Value{}, err
	}
	s, ok := vm.StrOf(a.Pos[0])
	if !ok {
		return Value{}, vm.TypeError("fromhex() argument must be str, not %s", vm.TypeName(a.Pos[0]))
	}
	f, overflow, ok := parseFloatHex(s)
	if !ok {
		return Value{}, vm.ValueError("invalid hexadecimal floating-point string")
	}
	if overflow {
		return Value{}, vm.Errorf(TOverflowError, "hexadecimal value too large to represent as a float")
	}
	if cls.K == heap.KRef && cls != vm.Types[TFloat] {
		return vm.Call(cls, heap.Float(f))
	}
	return heap.Float(f), nil
}

// byteorderArg validates to_bytes/from_bytes's byteorder.
func (vm *VM) byteorderArg(v Value) (little bool, err error) {
	if v.K == heap.KUndef {
		return false, nil
	}
	s, ok := vm.StrOf(v)
	if !ok {
		return false, vm.TypeError("to_bytes() argument 'byteorder' must be str, not %s", vm.TypeName(v))
	}
	switch s {
	case "little":
		return true, nil
	case "big":
		return false, nil
	}
	return false, vm.ValueError("byteorder must be either 'little' or 'big'")
}

func intToBytes(vm *VM, self Value, a Args) (Value, error) {
	x, err := vm.selfNum("to_bytes", TInt, self)
	if err != nil {
		return Value{}, err
	}
	args, err := vm.BindArgs("to_bytes", a, []string{"length", "byteorder", "signed"}, 0)
	if err != nil {
		return Value{}, err
	}
	length := int64(1)
	if args[0].K != heap.KUndef {
		lv, err := vm.NumIndex(args[0])
		if err != nil {
			return Value{}, err
		}
		l, ok := vm.IndexOf(lv)
		if !ok || l < 0 {
			if ok || vm.numLevel(lv) == 1 {
				x2, _ := vm.NumOf(lv)
				if x2.K == nkBig && x2.b.Sign() > 0 {
					return Value{}, vm.Errorf(TOverflowError, "Python int too large to convert to C ssize_t")
				}
			}
			return Value{}, vm.ValueError("length argument must be non-negative")
		}
		length = l
	}
	little, err := vm.byteorderArg(args[1])
	if err != nil {
		return Value{}, err
	}
	signed := false
	if args[2].K != heap.KUndef {
		if signed, err = vm.Truth(args[2]); err != nil {
			return Value{}, err
		}
	}
	n := x.bigInt()
	if n.Sign() < 0 && !signed {
		return Value{}, vm.Errorf(TOverflowError, "can't convert negative int to unsigned")
	}
	// Two's complement in length bytes.
	bitsAvail := length * 8
	var mag *big.Int
	if n.Sign() >= 0 {
		limitBits := bitsAvail
		if signed {
			limitBits--
		}
		if int64(n.BitLen()) > limitBits {
			return Value{}, vm.Errorf(TOverflowError, "int too big to convert")
		}
		mag = n
	} else {
		// n >= -2**(bits-1)
		if int64(new(big.Int).Add(n, big.NewInt(1)).BitLen()) > bitsAvail-1 {
			return Value{}, vm.Errorf(TOverflowError, "int too big to convert")
		}
		mag = new(big.Int).Add(n, new(big.Int).Lsh(big.NewInt(1), uint(bitsAvail)))
	}
	out := make([]byte, length)
	mag.FillBytes(out)
	if little {
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return vm.NewBytes(out, false), nil
}

func intFromBytes(vm *VM, cls Value, a Args) (Value, error) {
	args, err := vm.BindArgs("from_bytes", a, []string{"bytes", "byteorder", "signed"}, 1)
	if err != nil {
		return Value{}, err
	}
	var data []byte
	if bo, ok := vm.BytesOf(vm.Prim(args[0])); ok {
		data = append([]byte(nil), bo.B...)
	} else {
		if _, ok := vm.StrOf(args[0]); ok {
			return Value{}, vm.TypeError("cannot convert 'str' object to bytes")
		}
		items, err := vm.Unpack(args[0])
		if err != nil {
			return Value{}, err
		}
		for _, it := range items {
			iv, err := vm.NumIndex(it)
			if err != nil {
				return Value{}, err
			}
			b, ok := vm.IndexOf(iv)
			if !ok || b < 0 || b > 255 {
				return Value{}, vm.ValueError("bytes must be in range(0, 256)")
			}
			data = append(data, byte(b))
		}
	}
	little, err := vm.byteorderArg(args[1])
	if err != nil {
		return Value{}, err
	}
	signed := false
	if args[2].K != heap.KUndef {
		if signed, err = vm.Truth(args[2]); err != nil {
			return Value{}, err
		}
	}
	if little {
		for i, j := 0, len(data)-1; i < j; i, j = i+1, j-1 {
			data[i], data[j] = data[j], data[i]
		}
	}
	n := new(big.Int).SetBytes(data)
	if signed && len(data) > 0 && data[0]&0x80 != 0 {
		n.Sub(n, new(big.Int).Lsh(big.NewInt(1), uint(len(data)*8)))
	}
	r := vm.NewBigInt(n)
	if cls.K == heap.KRef && cls != vm.Types[TInt] {
		return vm.Call(cls, r)
	}
	return r, nil
}

// --- rounding --------------------------------------------------------------------

// roundInt is int.__round__(ndigits).
func (vm *VM) roundInt(x num, nd Value) (Value, error) {
	v := vm.NewBigInt(x.bigInt())
	if nd.K == heap.KNone || nd.K == heap.KUndef {
		return v, nil
	}
	ndv, err := vm.NumIndex(nd)
	if err != nil {
		return Value{}, err
	}
	n, _ := vm.NumOf(ndv)
	if n.bigInt().Sign() >= 0 {
		return v, nil
	}
	a := x.bigInt()
	neg := new(big.Int).Neg(n.bigInt())
	if !neg.IsInt64() || neg.Int64() > int64(a.BitLen())/3+2 {
		return heap.Int(0), nil
	}
	p := new(big.Int).Exp(big.NewInt(10), neg, nil)
	q, r := bigFloorDivMod(a, p)
	c := new(big.Int).Lsh(r, 1).Cmp(p)
	if c > 0 || (c == 0 && q.Bit(0) == 1) {
		q.Add(q, big.NewInt(1))
	}
	return vm.NewBigInt(q.Mul(q, p)), nil
}

// roundFloat is float.__round__(ndigits).
func (vm *VM) roundFloat(f float64, nd Value) (Value, error) {
	if nd.K == heap.KNone || nd.K == heap.KUndef {
		r := math.RoundToEven(f)
		return vm.FloatToInt(r)
	}
	ndv, err := vm.NumIndex(nd)
	if err != nil {
		return Value{}, err
	}
	n, _ := vm.NumOf(ndv)
	if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 {
		return heap.Float(f), nil
	}
	b := n.bigInt()
	switch {
	case b.Cmp(big.NewInt(323)) > 0:
		return heap.Float(f), nil
	case b.Cmp(big.NewInt(-308)) < 0:
		return heap.Float(0 * f), nil
	}
	r, err := pyfmt.RoundFloat(f, int(b.Int64()))
	if err != nil {
		return Value{}, vm.pystrErr(err)
	}
	return heap.Float(r), nil
}

// --- builtin functions ------------------------------------------------------------

func builtinAbs(vm *VM, _ Value, a Args) (Value, error) {
	if err := vm.ArgCount("abs", a, 1, 1); err != nil {
		return Value{}, err
	}
	v := a.Pos[0]
	if vm.isRawNumber(v) {
		x, _ := vm.NumOf(v)
		return vm.numAbs(x)
	}
	if vm.hasMethod(v, "__abs__") {
		return vm.CallMethod(v, "__abs__")
	}
	return Value{}, vm.TypeError("bad operand type for abs(): '%s'", vm.TypeName(v))
}

func builtinDivmod(vm *VM, _ Value, a Args) (Value, error) {
	if err := vm.ArgCount("divmod", a, 2, 2); err != nil {
		return Value{}, err
	}
	l, r := a.Pos[0], a.Pos[1]
	if vm.isRawNumber(l) && vm.isRawNumber(r) {
		x, _ := vm.NumOf(l)
		y, _ := vm.NumOf(r)
		return vm.divmodValues(x, y, l, r)
	}
	tl, tr := vm.TypeOf(l), vm.TypeOf(r)
	tryL := func() (Value, error) {
		if vm.LookupClassStr(tl, "__divmod__").K == heap.KUndef {
			return heap.NotImplemented, nil
		}
		return vm.CallMethod(l, "__divmod__", r)
	}
	tryR := func() (Value, error) {
		if tl == tr || vm.LookupClassStr(tr, "__rdivmod__").K == heap.KUndef {
			return heap.NotImplemented, nil
		}
		return vm.CallMethod(r, "__rdivmod__", l)
	}
	order := []func() (Value, error){tryL, tryR}
	if tl != tr && vm.IsSubclass(tr, tl) {
		order = []func() (Value, error){tryR, tryL}
	}
	for _, f := range order {
		v, err := f()
		if err != nil {
			return Value{}, err
		}
		if v.K != heap.KNotImplemented {
			return v, nil
		}
	}
	return Value{}, vm.TypeError("unsupported operand type(s) for divmod(): '%s' and '%s'", vm.TypeName(l), vm.TypeName(r))
}

func builtinPow(vm *VM, _ Value, a Args) (Value, error) {
	args, err := vm.BindArgs("pow", a, []string{"base", "exp", "mod"}, 2)
	if err != nil {
		return Value{}, err
	}
	if args[2].K == heap.KUndef || args[2].K == heap.KNone {
		return vm.BinaryOp(compile.BinPow, args[0], args[1])
	}
	return vm.pow3(args[0], args[1], args[2])
}

// pow3 is three-argument pow().
func (vm *VM) pow3(base, exp, mod Value) (Value, error) {
	lb, le, lm := vm.numLevel(base), vm.numLevel(exp), vm.numLevel(mod)
	if lb == 0 || !vm.isRawNumber(base) {
		if vm.hasMethod(base, "__pow__") && !vm.isRawNumber(base) && lb != 1 {
			return vm.CallMethod(base, "__pow__", exp, mod)
		}
	}
	if lb == 0 || le == 0 || lm == 0 {
		return Value{}, vm.TypeError("unsupported operand type(s) for ** or pow(): '%s', '%s', '%s'", vm.TypeName(base), vm.TypeName(exp), vm.TypeName(mod))
	}
	if lb != 1 || le != 1 || lm != 1 {
		return Value{}, vm.TypeError("pow() 3rd argument not allowed unless all arguments are integers")
	}
	xb, _ := vm.NumOf(base)
	xe, _ := vm.NumOf(exp)
	xm, _ := vm.NumOf(mod)
	b, e, m := xb.bigInt(), xe.bigInt(), xm.bigInt()
	if m.Sign() == 0 {
		return Value{}, vm.ValueError("pow() 3rd argument cannot be 0")
	}
	am := new(big.Int).Abs(m)
	b.Mod(b, am)
	if e.Sign() < 0 {
		inv := new(big.Int)
		if am.Cmp(big.NewInt(1)) == 0 {
			return heap.Int(0), nil
		}
		if inv.ModInverse(b, am) == nil {
			return Value{}, vm.ValueError("base is not invertible for the given modulus")
		}
		b = inv
		e.Neg(e)
	}
	r := new(big.Int).Exp(b, e, am)
	if m.Sign() < 0 && r.Sign() != 0 {
		r.Add(r, m)
	}
	return vm.NewBigInt(r), nil
}

func builtinRound(vm *VM, _ Value, a Args) (Value, error) {
	args, err := vm.BindArgs("round", a, []string{"number", "ndigits"}, 1)
	if err != nil {
		return Value{}, err
	}
	v, nd := args[0], args[1]
	if vm.isRawNumber(v) {
		x, _ := vm.NumOf(v)
		switch x.K {
		case nkInt, nkBig:
			return vm.roundInt(x, nd)
		case nkFloat:
			return vm.roundFloat(x.f, nd)
		}
	}
	if !vm.hasMethod(v, "__round__") {
		return Value{}, vm.TypeError("type %s doesn't define __round__ method", vm.TypeName(v))
	}
	if nd.K == heap.KUndef || nd.K == heap.KNone {
		return vm.CallMethod(v, "__round__")
	}
	return vm.CallMethod(v, "__round__", nd)
}

// intBaseString implements bin(), oct() and hex().
func (vm *VM) intBaseString(name string, a Args, base int, prefix string) (Value, error) {
	if err := vm.ArgCount(name, a, 1, 1); err != nil {
		return Value{}, err
	}
	iv, err := vm.NumIndex(a.Pos[0])
	if err != nil {
		return Value{}, err
	}
	x, _ := vm.NumOf(iv)
	var s string
	if x.K == nkInt {
		if x.i < 0 {
			s = "-" + prefix + strconv.FormatUint(uint64(-(x.i+1))+1, base)
		} else {
			s = prefix + strconv.FormatInt(x.i, base)
		}
	} else {
		s = prefix + new(big.Int).Abs(x.b).Text(base)
		if x.b.Sign() < 0 {
			s = "-" + s
		}
	}
	return vm.NewStr(s), nil
}
