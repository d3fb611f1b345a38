package vm

// The numeric tower shared by bool, int, float and complex (see int.go,
// float.go and complex.go): operand classification, mixed-type binary and
// unary operations, comparison, hashing, repr and formatting with CPython
// 3.11's rules, the method tables' shared parts, and abs, divmod, pow and
// round.

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

// numKind classifies a numeric operand.
type numKind uint8

const (
	nkInt     numKind = iota + 1 // small int (or bool)
	nkBig                        // big int
	nkFloat                      // float
	NkComplex                    // complex
)

// num is an unpacked numeric operand.
type num struct {
	K      numKind
	isBool bool
	i      int64
	b      *big.Int // nkBig only; never mutated
	f      float64  // nkFloat; real part for nkComplex
	im     float64  // nkComplex
}

// numOf unpacks v (unwrapping instances of int/float/complex subclasses).
func (vm *VM) NumOf(v Value) (num, bool) {
	v = vm.Prim(v)
	switch v.K {
	case heap.KBool:
		return num{K: nkInt, isBool: true, i: int64(v.N)}, true
	case heap.KInt:
		return num{K: nkInt, i: v.I()}, true
	case heap.KFloat:
		return num{K: nkFloat, f: v.F()}, true
	case heap.KRef:
		switch o := vm.H.Get(v).(type) {
		case *heap.BigInt:
			return num{K: nkBig, b: &o.V}, true
		case *heap.Complex:
			return num{K: NkComplex, f: o.Re, im: o.Im}, true
		}
	}
	return num{}, false
}

// bigView returns an int operand as a big.Int that the caller must only
// read: a big operand's own value, no copy.
func (n num) bigView() *big.Int {
	if n.K == nkBig {
		return n.b
	}
	return big.NewInt(n.i)
}

// big returns an int operand as a fresh big.Int.
func (n num) bigInt() *big.Int {
	if n.K == nkBig {
		return new(big.Int).Set(n.b)
	}
	return big.NewInt(n.i)
}

// isIntegral reports whether n is an int (or bool).
func (n num) isIntegral() bool { return n.K == nkInt || n.K == nkBig }

func (vm *VM) zeroDiv(msg string) error { return vm.Errorf(TZeroDivisionError, "%s", msg) }

// numBinary implements binary operator op for numbers; NotImplemented when
// either operand is not a number or the operator does not apply.
func (vm *VM) numBinary(op int, a, b Value) (Value, error) {
	x, ok1 := vm.NumOf(a)
	y, ok2 := vm.NumOf(b)
	if !ok1 || !ok2 {
		return heap.NotImplemented, nil
	}
	switch {
	case x.K == NkComplex || y.K == NkComplex:
		return vm.complexBinary(op, x, y)
	case x.K == nkFloat || y.K == nkFloat:
		return vm.floatBinary(op, x, y)
	}
	if x.isBool && y.isBool && a.K == heap.KBool && b.K == heap.KBool {
		switch op {
		case compile.BinAnd:
			return heap.Bool(x.i&y.i != 0), nil
		case compile.BinOr:
			return heap.Bool(x.i|y.i != 0), nil
		case compile.BinXor:
			return heap.Bool(x.i^y.i != 0), nil
		}
	}
	if x.K == nkInt && y.K == nkInt {
		if v, ok, err := vm.smallIntBinary(op, x.i, y.i); ok || err != nil {
			return v, err
		}
	}
	return vm.bigIntBinary(op, x, y)
}

// numUnary implements -, + and ~ on numbers.
func (vm *VM) numUnary(op compile.Opcode, v Value) (Value, error) {
	x, ok := vm.NumOf(v)
	if !ok {
		return heap.NotImplemented, nil
	}
	switch op {
	case compile.UNARY_NEGATIVE:
		switch x.K {
		case nkInt:
			if x.i == math.MinInt64 {
				return vm.NewBigInt(new(big.Int).Neg(x.bigInt())), nil
			}
			return heap.Int(-x.i), nil
		case nkBig:
			return vm.bigUnary(op, x.b), nil
		case nkFloat:
			return heap.Float(-x.f), nil
		case NkComplex:
			return vm.newComplex(cplx{-x.f, -x.im}), nil
		}
	case compile.UNARY_POSITIVE:
		switch x.K {
		case nkInt:
			return heap.Int(x.i), nil
		case nkBig:
			return vm.NewBigInt(x.b), nil
		case nkFloat:
			return heap.Float(x.f), nil
		case NkComplex:
			return vm.newComplex(cplx{x.f, x.im}), nil
		}
	case compile.UNARY_INVERT:
		switch x.K {
		case nkInt:
			return heap.Int(^x.i), nil
		case nkBig:
			return vm.bigUnary(op, x.b), nil
		}
	}
	return heap.NotImplemented, nil
}

// numAbs is abs() of a number.
func (vm *VM) numAbs(x num) (Value, error) {
	switch x.K {
	case nkInt:
		if x.i == math.MinInt64 {
			return vm.NewBigInt(new(big.Int).Abs(x.bigInt())), nil
		}
		if x.i < 0 {
			return heap.Int(-x.i), nil
		}
		return heap.Int(x.i), nil
	case nkBig:
		return vm.NewBigInt(new(big.Int).Abs(x.b)), nil
	case nkFloat:
		return heap.Float(math.Abs(x.f)), nil
	}
	r := math.Hypot(x.f, x.im)
	if math.IsInf(r, 0) && !math.IsInf(x.f, 0) && !math.IsInf(x.im, 0) {
		return Value{}, vm.Errorf(TOverflowError, "absolute value too large")
	}
	return heap.Float(r), nil
}

func numCmpResult(op int, c int) bool {
	switch op {
	case compile.CmpLt:
		return c < 0
	case compile.CmpLe:
		return c <= 0
	case compile.CmpEq:
		return c == 0
	case compile.CmpNe:
		return c != 0
	case compile.CmpGt:
		return c > 0
	}
	return c >= 0
}

// realCmp compares two real numbers; unordered is true when a NaN is involved.
func realCmp(x, y num) (c int, unordered bool) {
	switch {
	case x.K == nkInt && y.K == nkInt:
		switch {
		case x.i < y.i:
			return -1, false
		case x.i > y.i:
			return 1, false
		}
		return 0, false
	case x.isIntegral() && y.isIntegral():
		return x.bigView().Cmp(y.bigView()), false
	case x.K == nkFloat && y.K == nkFloat:
		if math.IsNaN(x.f) || math.IsNaN(y.f) {
			return 0, true
		}
		return cmpFloat(x.f, y.f), false
	case x.K == nkFloat:
		if math.IsNaN(x.f) {
			return 0, true
		}
		return -cmpIntFloat(y, x.f), false
	}
	if math.IsNaN(y.f) {
		return 0, true
	}
	return cmpIntFloat(x, y.f), false
}

// numCompare compares two numbers; ok=false if either is not a number or
// the comparison is an ordering of complex numbers.
func (vm *VM) numCompare(op int, a, b Value) (r bool, ok bool) {
	x, ok1 := vm.NumOf(a)
	y, ok2 := vm.NumOf(b)
	if !ok1 || !ok2 {
		return false, false
	}
	if x.K == NkComplex || y.K == NkComplex {
		if op != compile.CmpEq && op != compile.CmpNe {
			return false, false
		}
		eq := complexEq(x, y)
		return eq == (op == compile.CmpEq), true
	}
	c, unordered := realCmp(x, y)
	if unordered {
		return op == compile.CmpNe, true
	}
	return numCmpResult(op, c), true
}

// Numeric hashing (CPython's Python/pyhash.c).
const (
	hashBits    = 61
	hashModulus = (1 << hashBits) - 1
	hashInf     = 314159
	hashImag    = 1000003
)

func hashUint64(u uint64) uint64 { return u % hashModulus }

func fixHash(h int64) int64 {
	if h == -1 {
		return -2
	}
	return h
}

// hashNumber is hash() of a number.
func (vm *VM) hashNumber(v Value) (int64, bool) {
	x, ok := vm.NumOf(v)
	if !ok {
		return 0, false
	}
	switch x.K {
	case nkInt:
		return hashInt64(x.i), true
	case nkBig:
		return hashBig(x.b), true
	case nkFloat:
		return hashFloat(x.f), true
	}
	h := uint64(hashFloat(x.f)) + hashImag*uint64(hashFloat(x.im))
	return fixHash(int64(h)), true
}

// reprNumber is repr() of a number.
func (vm *VM) reprNumber(v Value) (string, bool) {
	p := vm.Prim(v)
	if p.K == heap.KBool {
		if p.B() {
			return "True", true
		}
		return "False", true
	}
	x, ok := vm.NumOf(p)
	if !ok {
		return "", false
	}
	switch x.K {
	case nkInt:
		return strconv.FormatInt(x.i, 10), true
	case nkBig:
		return x.b.String(), true
	case nkFloat:
		return pyfmt.FloatRepr(x.f), true
	}
	return complexRepr(x.f, x.im), true
}

// formatNumber implements format(v, spec) for numbers.
func (vm *VM) formatNumber(v Value, spec string) (string, bool, error) {
	p := vm.Prim(v)
	x, ok := vm.NumOf(p)
	if !ok {
		return "", false, nil
	}
	if p.K == heap.KBool && spec == "" {
		s, _ := vm.reprNumber(p)
		return s, true, nil
	}
	var s string
	var err error
	switch x.K {
	case nkInt, nkBig:
		// One parse serves the memory reservation and the layout.
		sp, perr := vm.parseSpec(spec, "int")
		if err := vm.reserveParsedSpec(spec, sp, perr); err != nil {
			return "", true, err
		}
		if err = perr; err == nil {
			if x.K == nkInt {
				s, err = pyfmt.FormatInt64(x.i, sp)
			} else if sp.Type == 0 || sp.Type == 'd' || sp.Type == 'n' {
				if err = vm.checkIntToStr(x.b); err != nil {
					return "", true, err
				}
				s, err = pyfmt.FormatIntWith(x.b, sp, vm.decimalString)
			} else {
				s, err = pyfmt.FormatInt(x.b, sp)
			}
		}
	case nkFloat:
		sp, perr := vm.parseSpec(spec, "float")
		if err := vm.reserveParsedSpec(spec, sp, perr); err != nil {
			return "", true, err
		}
		if err = perr; err == nil {
			s, err = pyfmt.FormatFloat(x.f, sp)
		}
	default:
		if err := vm.reserveSpec(spec); err != nil {
			return "", true, err
		}
		if spec == "" {
			return complexRepr(x.f, x.im), true, nil
		}
		s, err = formatComplex(x.f, x.im, spec)
	}
	if err != nil {
		return "", true, vm.pystrErr(err)
	}
	return s, true, nil
}

func fmtValueError(msg string) error { return &pystr.Error{Type: "ValueError", Msg: msg} }

// padFormatted pads s to the spec's width (default right alignment).
func padFormatted(s string, sp pyfmt.Spec) string {
	n := len([]rune(s))
	if sp.Width <= n {
		return s
	}
	fill := " "
	if sp.Fill != 0 {
		fill = string(sp.Fill)
	}
	pad := sp.Width - n
	switch sp.Align {
	case '<':
		return s + strings.Repeat(fill, pad)
	case '^':
		return strings.Repeat(fill, pad/2) + s + strings.Repeat(fill, pad-pad/2)
	}
	return strings.Repeat(fill, pad) + s
}

// IndexOf converts an int (or bool, or an instance of an int subclass) to
// an int64; ok=false for other values and for ints that do not fit.
func (vm *VM) IndexOf(v Value) (int64, bool) {
	switch v.K {
	case heap.KInt:
		return v.I(), true
	case heap.KBool:
		return int64(v.N), true
	case heap.KRef:
		p := vm.Prim(v)
		if p != v {
			if p.K == heap.KRef {
				if _, ok := vm.H.Get(p).(*heap.BigInt); !ok {
					return 0, false
				}
			}
			return vm.IndexOf(p)
		}
		if b, ok := vm.H.Get(v).(*heap.BigInt); ok && b.V.IsInt64() {
			return b.V.Int64(), true
		}
		if fn := vm.LookupSpecial(v, "__index__"); fn.K != heap.KUndef {
			r, err := vm.Call(vm.BindMethod(fn, v, vm.TypeOf(v)))
			if err == nil && (r.K == heap.KInt || r.K == heap.KBool) {
				return vm.IndexOf(r)
			}
		}
	}
	return 0, false
}

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
		var otherArg Value
		if err := vm.UnpackArgs(name, a, nil, 1, &otherArg); err != nil {
			return Value{}, err
		}
		if _, err := vm.selfNum(name, t, self); err != nil {
			return Value{}, err
		}
		other := otherArg
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
		var other Value
		if err := vm.UnpackArgs(name, a, nil, 1, &other); err != nil {
			return Value{}, err
		}
		if _, err := vm.selfNum(name, t, self); err != nil {
			return Value{}, err
		}
		lv := vm.numLevel(other)
		if lv == 0 || lv > typeLevel(t) {
			return heap.NotImplemented, nil
		}
		r, ok := vm.numCompare(op, self, other)
		if !ok {
			return heap.NotImplemented, nil
		}
		return heap.Bool(r), nil
	}
}

func unaryMethod(t TypeID, name string, fn func(vm *VM, self Value, x num) (Value, error)) MethodDef {
	return MethodDef{Name: name, Fn: func(vm *VM, self Value, a Args) (Value, error) {
		if err := vm.UnpackArgs(name, a, nil, 0); err != nil {
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
		unaryMethod(t, "__repr__", func(vm *VM, self Value, x num) (Value, error) {
			if x.K == nkBig {
				s, err := vm.bigDecimal(x.b)
				if err != nil {
					return Value{}, err
				}
				return vm.NewStr(s), nil
			}
			s, _ := vm.reprNumber(self)
			return vm.NewStr(s), nil
		}),
		MethodDef{Name: "__format__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			var specArg Value
			if err := vm.UnpackArgs("__format__", a, nil, 1, &specArg); err != nil {
				return Value{}, err
			}
			if _, err := vm.selfNum("__format__", t, self); err != nil {
				return Value{}, err
			}
			spec, ok := vm.StrOf(specArg)
			if !ok {
				return Value{}, vm.TypeError("__format__() argument must be str, not %s", vm.TypeName(specArg))
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

// roundMethod is __round__(ndigits=None) of int or float.
func roundMethod(t TypeID, round func(vm *VM, x num, ndigits Value) (Value, error)) MethodDef {
	return MethodDef{Name: "__round__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
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
		return round(vm, x, nd)
	}}
}

func divmodMethod(t TypeID, reflected bool) MethodDef {
	name := "__divmod__"
	if reflected {
		name = "__rdivmod__"
	}
	return MethodDef{Name: name, Fn: func(vm *VM, self Value, a Args) (Value, error) {
		var otherArg Value
		if err := vm.UnpackArgs(name, a, nil, 1, &otherArg); err != nil {
			return Value{}, err
		}
		x, err := vm.selfNum(name, t, self)
		if err != nil {
			return Value{}, err
		}
		other := otherArg
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

func builtinAbs(vm *VM, _ Value, a Args) (Value, error) {
	if len(a.Pos) == 1 && len(a.KwNames) == 0 {
		// abs of a machine int or a float (map(abs, xs), key=abs): no
		// argument unpacking or num conversion.
		switch x := a.Pos[0]; x.K {
		case heap.KInt:
			if i := x.I(); i >= 0 {
				return x, nil
			} else if i != math.MinInt64 {
				return heap.Int(-i), nil
			}
		case heap.KFloat:
			return heap.Float(math.Abs(x.F())), nil
		}
	}
	var xArg Value
	if err := vm.UnpackArgs("abs", a, nil, 1, &xArg); err != nil {
		return Value{}, err
	}
	v := xArg
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
	var xArg, yArg Value
	if err := vm.UnpackArgs("divmod", a, nil, 2, &xArg, &yArg); err != nil {
		return Value{}, err
	}
	l, r := xArg, yArg
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
	var baseArg, exp, mod Value
	if err := vm.UnpackArgs("pow", a, []string{"base", "exp", "mod"}, 2, &baseArg, &exp, &mod); err != nil {
		return Value{}, err
	}
	if mod.K == heap.KUndef || mod.K == heap.KNone {
		return vm.BinaryOp(compile.BinPow, baseArg, exp)
	}
	return vm.pow3(baseArg, exp, mod)
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
		if am.Cmp(big.NewInt(1)) == 0 {
			return heap.Int(0), nil
		}
		inv, err := vm.ModInverseBig(b, am)
		if err != nil {
			return Value{}, err
		}
		if inv == nil {
			return Value{}, vm.ValueError("base is not invertible for the given modulus")
		}
		b = inv
		e.Neg(e)
	}
	r, err := vm.ExpModBig(b, e, am)
	if err != nil {
		return Value{}, err
	}
	if m.Sign() < 0 && r.Sign() != 0 {
		r.Add(r, m)
	}
	return vm.NewBigInt(r), nil
}

func builtinRound(vm *VM, _ Value, a Args) (Value, error) {
	var number, ndigits Value
	if err := vm.UnpackArgs("round", a, []string{"number", "ndigits"}, 1, &number, &ndigits); err != nil {
		return Value{}, err
	}
	v, nd := number, ndigits
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
