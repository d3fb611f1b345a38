package vm

// The int and bool types: arithmetic with an int64 fast path and
// math/big beyond it, constructors, methods, hashing and rounding.

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

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

// parseIntText implements int(text, base) for str, bytes and bytearray.
func (vm *VM) parseIntText(v Value, base int) (Value, bool, error) {
	text, ok := vm.StrOf(v)
	bo, isBytes := vm.BytesOf(vm.Prim(v))
	switch {
	case isBytes && !ok:
		// string() copies the bytes.
		if err := vm.reserve(int64(len(bo.B))); err != nil {
			return Value{}, true, err
		}
		text = string(bo.B)
	case !ok:
		return Value{}, false, nil
	}
	if base == 10 && !isBytes {
		if r, ok := vm.longDecimal(text); ok {
			return r, true, nil
		}
	}
	if err := vm.checkStrToInt(text, base); err != nil {
		return Value{}, true, err
	}
	digitBase := base
	if base == 0 {
		digitBase = 10
	}
	if !isBytes && 2 <= digitBase && digitBase <= 36 {
		// The common long text, digits alone, needs no copy.
		if b, ok, err := vm.parseDigitsBig(text, digitBase); ok {
			if err != nil {
				return Value{}, true, err
			}
			return vm.NewBigInt(b), true, nil
		}
	}
	d, b, neg, err := pyfmt.IntText(text, base, vm.DeadlineErr)
	var pe *pyfmt.Error
	if isBytes && errors.As(err, &pe) && (base == 0 || (2 <= base && base <= 36)) {
		r := pystr.BytesRepr(bo.B)
		if bo.Mutable {
			r = "bytearray(" + r + ")"
		}
		return Value{}, true, vm.ValueError("invalid literal for int() with base %d: %s", base, r)
	}
	if err != nil {
		return Value{}, true, vm.pystrErr(err)
	}
	n, err := vm.bigFromDigits(d, b)
	if err != nil {
		return Value{}, true, err
	}
	if neg {
		n.Neg(n)
	}
	return vm.NewBigInt(n), true, nil
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
	if vm.IsExactStr(v) {
		// str has no __int__, __index__ or __trunc__; int("42"), the
		// common case, needs neither those lookups nor math/big.
		if n, ok := shortDecimal(vm.MustStr(v)); ok {
			return heap.Int(n), nil
		}
		if r, ok, err := vm.parseIntText(v, 10); ok {
			return r, err
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
	if b, ok, err := vm.bufferOf(v); err != nil {
		return Value{}, err
	} else if ok {
		r, _, err := vm.parseIntText(vm.NewBytes(append([]byte(nil), b...), false), 10)
		return r, err
	}
	return Value{}, vm.TypeError("int() argument must be a string, a bytes-like object or a real number, not '%s'", vm.TypeName(v))
}

// shortDecimal parses s when it is an optional sign and 1 to 18 ASCII
// digits, nothing else (no spaces or underscores), so that it fits in an
// int64; ok is false for every other text.
func shortDecimal(s string) (n int64, ok bool) {
	neg := false
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
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
	var x Value
	if err := vm.UnpackArgs("bool", a, nil, 0, &x); err != nil {
		return Value{}, err
	}
	if x.K == heap.KUndef {
		return heap.False, nil
	}
	t, err := vm.Truth(x)
	if err != nil {
		return Value{}, err
	}
	return heap.Bool(t), nil
}

// --- method wrappers ------------------------------------------------------------

var intOps = []int{compile.BinAdd, compile.BinSub, compile.BinMul, compile.BinTrueDiv, compile.BinFloorDiv,
	compile.BinMod, compile.BinPow, compile.BinLShift, compile.BinRShift, compile.BinAnd, compile.BinOr, compile.BinXor}

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
		roundMethod(t, (*VM).roundInt),
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

// byteorderArgs converts the byteorder and signed arguments of to_bytes
// and from_bytes.
func (vm *VM) byteorderArgs(byteorder, signedArg Value) (little, signed bool, err error) {
	if little, err = vm.byteorderArg(byteorder); err != nil {
		return false, false, err
	}
	if signedArg.K != heap.KUndef {
		signed, err = vm.Truth(signedArg)
	}
	return little, signed, err
}

func intToBytes(vm *VM, self Value, a Args) (Value, error) {
	x, err := vm.selfNum("to_bytes", TInt, self)
	if err != nil {
		return Value{}, err
	}
	var lengthArg, byteorder, signedArg Value
	if err := vm.UnpackArgs("to_bytes", a, []string{"length", "byteorder", "signed"}, 0, &lengthArg, &byteorder, &signedArg); err != nil {
		return Value{}, err
	}
	length := int64(1)
	if lengthArg.K != heap.KUndef {
		lv, err := vm.NumIndex(lengthArg)
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
	if err := vm.reserveMul(1, length); err != nil {
		return Value{}, err
	}
	little, signed, err := vm.byteorderArgs(byteorder, signedArg)
	if err != nil {
		return Value{}, err
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
	var bytesArg, byteorder, signedArg Value
	if err := vm.UnpackArgs("from_bytes", a, []string{"bytes", "byteorder", "signed"}, 1, &bytesArg, &byteorder, &signedArg); err != nil {
		return Value{}, err
	}
	var data []byte
	if bo, ok := vm.BytesOf(vm.Prim(bytesArg)); ok {
		data = append([]byte(nil), bo.B...)
	} else {
		if _, ok := vm.StrOf(bytesArg); ok {
			return Value{}, vm.TypeError("cannot convert 'str' object to bytes")
		}
		items, err := vm.Unpack(bytesArg)
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
	little, signed, err := vm.byteorderArgs(byteorder, signedArg)
	if err != nil {
		return Value{}, err
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

// --- builtin functions ------------------------------------------------------------

// intBaseString implements bin(), oct() and hex().
func (vm *VM) intBaseString(name string, a Args, base int, prefix string) (Value, error) {
	if r, ok := vm.intBaseFast(a, base, prefix); ok {
		return r, nil
	}
	var other Value
	if err := vm.UnpackArgs(name, a, nil, 1, &other); err != nil {
		return Value{}, err
	}
	iv, err := vm.NumIndex(other)
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

// smallIntBinary is the int64 fast path; ok=false means "redo with big ints".
func (vm *VM) smallIntBinary(op int, a, b int64) (Value, bool, error) {
	switch op {
	case compile.BinAdd:
		s := a + b
		if (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0) {
			return Value{}, false, nil
		}
		return heap.Int(s), true, nil
	case compile.BinSub:
		s := a - b
		if (a >= 0) != (b >= 0) && (s >= 0) != (a >= 0) {
			return Value{}, false, nil
		}
		return heap.Int(s), true, nil
	case compile.BinMul:
		if a == 0 || b == 0 {
			return heap.Int(0), true, nil
		}
		p := a * b
		if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
			return Value{}, false, nil
		}
		return heap.Int(p), true, nil
	case compile.BinTrueDiv:
		if b == 0 {
			return Value{}, true, vm.zeroDiv("division by zero")
		}
		const lim = 1 << 53
		if a >= -lim && a <= lim && b >= -lim && b <= lim {
			return heap.Float(float64(a) / float64(b)), true, nil
		}
		return Value{}, false, nil
	case compile.BinFloorDiv, compile.BinMod:
		if b == 0 {
			return Value{}, true, vm.zeroDiv(intZeroDivMsg(op))
		}
		if a == math.MinInt64 && b == -1 {
			if op == compile.BinMod {
				return heap.Int(0), true, nil
			}
			return Value{}, false, nil
		}
		q, r := a/b, a%b
		if r != 0 && (r < 0) != (b < 0) {
			q--
			r += b
		}
		if op == compile.BinMod {
			return heap.Int(r), true, nil
		}
		return heap.Int(q), true, nil
	case compile.BinPow:
		if b < 0 {
			return Value{}, false, nil
		}
		result, base, e := int64(1), a, b
		for e > 0 {
			if e&1 == 1 {
				p := result * base
				if base != 0 && (p/base != result || (base == -1 && result == math.MinInt64)) {
					return Value{}, false, nil
				}
				result = p
			}
			e >>= 1
			if e > 0 {
				if base > 3037000499 || base < -3037000499 {
					return Value{}, false, nil
				}
				base *= base
			}
		}
		return heap.Int(result), true, nil
	case compile.BinLShift:
		if b < 0 {
			return Value{}, true, vm.ValueError("negative shift count")
		}
		if a == 0 {
			return heap.Int(0), true, nil
		}
		if b >= 63 {
			return Value{}, false, nil
		}
		s := a << uint(b)
		if s>>uint(b) != a {
			return Value{}, false, nil
		}
		return heap.Int(s), true, nil
	case compile.BinRShift:
		if b < 0 {
			return Value{}, true, vm.ValueError("negative shift count")
		}
		if b >= 63 {
			if a < 0 {
				return heap.Int(-1), true, nil
			}
			return heap.Int(0), true, nil
		}
		return heap.Int(a >> uint(b)), true, nil
	case compile.BinAnd:
		return heap.Int(a & b), true, nil
	case compile.BinOr:
		return heap.Int(a | b), true, nil
	case compile.BinXor:
		return heap.Int(a ^ b), true, nil
	}
	return heap.NotImplemented, true, nil
}

// intOperand unpacks v when it is an exact int (a machine int or a big
// int object; not a bool, not a subclass instance).
func (vm *VM) intOperand(v Value) (num, bool) {
	switch v.K {
	case heap.KInt:
		return num{K: nkInt, i: v.I()}, true
	case heap.KRef:
		if o, ok := vm.H.Get(v).(*heap.BigInt); ok {
			return num{K: nkBig, b: &o.V}, true
		}
	}
	return num{}, false
}

// intBinaryFast is a <op> b when both are exact ints, straight to the int
// arithmetic without the dunder and subclass checks that such operands
// cannot need. ok is false when an operand is anything else or the
// operator does not apply to ints.
func (vm *VM) intBinaryFast(op int, a, b Value) (Value, bool, error) {
	if a.K == heap.KRef && b.K == heap.KInt {
		// A big int and a machine int, the usual shape of big-int
		// loops (x * 31, x // 7, x >> 5, x & 0xFFFF): straight to the
		// word loops, without unpacking both operands into nums.
		if o, ok := vm.H.Get(a).(*heap.BigInt); ok {
			if r, ok, err := vm.bigSmallFast(op, a, b, &o.V); ok {
				return r, true, err
			}
		}
	}
	if a.K == heap.KRef && b.K == heap.KRef && (op == compile.BinAdd || op == compile.BinSub) {
		// Two big ints added (a, b = b, a + b): straight to bigAddBig.
		if x, ok := vm.H.Get(a).(*heap.BigInt); ok {
			if y, ok := vm.H.Get(b).(*heap.BigInt); ok {
				vm.openSafe(a, b)
				r := vm.bigAddBig(&x.V, &y.V, op == compile.BinSub)
				vm.closeSafe()
				return r, true, nil
			}
		}
	}
	x, ok := vm.intOperand(a)
	if !ok {
		return Value{}, false, nil
	}
	y, ok := vm.intOperand(b)
	if !ok {
		return Value{}, false, nil
	}
	vm.openSafe(a, b)
	var r Value
	var err error
	if x.K == nkInt && y.K == nkInt {
		var done bool
		if r, done, err = vm.smallIntBinary(op, x.i, y.i); !done && err == nil {
			r, err = vm.bigIntBinary(op, x, y)
		}
	} else {
		r, err = vm.bigIntBinary(op, x, y)
	}
	vm.closeSafe()
	if err == nil && r == heap.NotImplemented {
		return Value{}, false, nil
	}
	return r, true, err
}

// bigSmallFast is big <op> m for the big int a (whose value is big) and
// the machine int b, when bigSmallWords or the mask shortcut computes it;
// ok is false for the rest, which take the general path.
func (vm *VM) bigSmallFast(op int, a, b Value, big *big.Int) (Value, bool, error) {
	m := b.I()
	if op == compile.BinAnd {
		if m < 0 {
			return Value{}, false, nil
		}
		return heap.Int(int64(bigLowWord(big) & uint64(m))), true, nil
	}
	vm.openSafe(a, b)
	r, ok, err := vm.bigSmallWords(op, big, m, false)
	vm.closeSafe()
	return r, ok, err
}

// bigOne is 1, read only.
var bigOne = big.NewInt(1)

// bigOperand is n as a *big.Int that is only read: a big int's own, or a
// new one for a machine int.
func (n num) bigOperand() *big.Int {
	if n.K == nkBig {
		return n.b
	}
	return big.NewInt(n.i)
}

// maxIntBits bounds the size of ints built by ** and << (a MemoryError
// instead of exhausting the host).
const maxIntBits = 1 << 32

// bigLowWord is the low 64 bits of x in two's complement.
func bigLowWord(x *big.Int) uint64 {
	w := x.Bits()
	if len(w) == 0 {
		return 0
	}
	low := uint64(w[0])
	if x.Sign() < 0 {
		low = -low
	}
	return low
}

func (vm *VM) bigIntBinary(op int, x, y num) (Value, error) {
	if op == compile.BinAnd {
		// x & mask with a non-negative machine-int mask, the usual way
		// to take low bits: the result is the big operand's low word
		// (in two's complement) under the mask, without math/big.
		wide, mask := x, y
		if wide.K != nkBig {
			wide, mask = y, x
		}
		if wide.K == nkBig && mask.K == nkInt && mask.i >= 0 {
			return heap.Int(int64(bigLowWord(wide.b) & uint64(mask.i))), nil
		}
	}
	if v, ok, err := vm.bigSmallBinary(op, x, y); ok {
		return v, err
	}
	if v, ok, err := vm.bigBitOp(op, x, y); ok {
		return v, err
	}
	if (op == compile.BinAdd || op == compile.BinSub) && x.K == nkBig && y.K == nkBig {
		return vm.bigAddBig(x.b, y.b, op == compile.BinSub), nil
	}
	// The operands are read, never written (big.Int's methods allow z to
	// alias them), so they need no copies. A machine-int operand that
	// reaches here (bigSmallBinary took the common ones) gets a heap
	// big.Int: math/big's operands escape, so a view on the stack would
	// be moved to the heap on every call, big operands or not.
	a, b := x.bigOperand(), y.bigOperand()
	// The result is computed in a big.Int on the stack; only a result
	// too large for an int64 gets a heap object, which takes its words.
	var zt big.Int
	z := &zt
	switch op {
	case compile.BinAdd:
		z.Add(a, b)
	case compile.BinSub:
		z.Sub(a, b)
	case compile.BinMul:
		if err := vm.reserveMul(8, int64(len(a.Bits())+len(b.Bits()))); err != nil {
			return Value{}, err
		}
		if err := vm.MulBig(z, a, b); err != nil {
			return Value{}, err
		}
	case compile.BinTrueDiv:
		if b.Sign() == 0 {
			return Value{}, vm.zeroDiv("division by zero")
		}
		f, _ := new(big.Rat).SetFrac(a, b).Float64()
		if math.IsInf(f, 0) {
			return Value{}, vm.Errorf(TOverflowError, "integer division result too large for a float")
		}
		if f == 0 && (a.Sign() < 0) != (b.Sign() < 0) {
			f = math.Copysign(0, -1)
		}
		return heap.Float(f), nil
	case compile.BinFloorDiv, compile.BinMod:
		if b.Sign() == 0 {
			return Value{}, vm.zeroDiv(intZeroDivMsg(op))
		}
		if len(b.Bits()) == 1 {
			// A one-word divisor, the common x // 7 or x % 10: the
			// quotient goes straight into the result and the remainder
			// into words on the stack (math/big reuses their capacity).
			var rw [2]big.Word
			var r big.Int
			r.SetBits(rw[:0])
			z.QuoRem(a, b, &r)
			if r.Sign() != 0 && r.Sign() != b.Sign() {
				z.Sub(z, bigOne)
				r.Add(&r, b)
			}
			if op == compile.BinMod {
				if r.IsInt64() {
					return heap.Int(r.Int64()), nil
				}
				return vm.NewBigInt(&r), nil
			}
			break
		}
		if len(a.Bits()) <= mulChunk && len(b.Bits()) <= mulChunk {
			return vm.bigDivModPooled(op, a, b), nil
		}
		q, r, err := vm.floorDivModBig(a, b)
		if err != nil {
			return Value{}, err
		}
		if op == compile.BinMod {
			return vm.NewBigInt(r), nil
		}
		return vm.NewBigInt(q), nil
	case compile.BinPow:
		if b.Sign() < 0 {
			fa, err := vm.ToFloat(x)
			if err != nil {
				return Value{}, err
			}
			fb, err := vm.ToFloat(y)
			if err != nil {
				return Value{}, err
			}
			return vm.floatPowValue(fa, fb)
		}
		if a.CmpAbs(big.NewInt(1)) <= 0 {
			// 0, 1, -1 to any non-negative power.
			switch {
			case b.Sign() == 0:
				return heap.Int(1), nil
			case a.Sign() >= 0:
				return vm.NewBigInt(a), nil
			case b.Bit(0) == 0:
				return heap.Int(1), nil
			}
			return heap.Int(-1), nil
		}
		if !b.IsInt64() || float64(a.BitLen()-1)*float64(b.Int64()) > maxIntBits {
			return Value{}, vm.tooBig()
		}
		r, err := vm.PowBig(a, b.Int64())
		if err != nil {
			return Value{}, err
		}
		z.Set(r)
	case compile.BinLShift, compile.BinRShift:
		if b.Sign() < 0 {
			return Value{}, vm.ValueError("negative shift count")
		}
		if a.Sign() == 0 {
			return heap.Int(0), nil
		}
		if op == compile.BinRShift {
			if !b.IsInt64() || b.Int64() > int64(a.BitLen()) {
				if a.Sign() < 0 {
					return heap.Int(-1), nil
				}
				return heap.Int(0), nil
			}
			z.Rsh(a, uint(b.Int64()))
			break
		}
		if !b.IsInt64() || b.Int64() > math.MaxInt64/2 {
			return Value{}, vm.Errorf(TOverflowError, "too many digits in integer")
		}
		if b.Int64()+int64(a.BitLen()) > maxIntBits {
			return Value{}, vm.tooBig()
		}
		if err := vm.reserveBits(b.Int64() + int64(a.BitLen())); err != nil {
			return Value{}, err
		}
		z.Lsh(a, uint(b.Int64()))
	case compile.BinAnd:
		z.And(a, b)
	case compile.BinOr:
		z.Or(a, b)
	case compile.BinXor:
		z.Xor(a, b)
	default:
		return heap.NotImplemented, nil
	}
	if z.IsInt64() {
		return heap.Int(z.Int64()), nil
	}
	return vm.H.Alloc(&heap.BigInt{V: zt}), nil
}

// intZeroDivMsg is CPython 3.11.7's message for int // 0 and int % 0.
func intZeroDivMsg(op int) string {
	if op == compile.BinMod {
		return "integer modulo by zero"
	}
	return "integer division or modulo by zero"
}

// bigFloorDivMod returns Python's a // b and a % b (b != 0).
func bigFloorDivMod(a, b *big.Int) (*big.Int, *big.Int) {
	q, r := new(big.Int).QuoRem(a, b, new(big.Int))
	if r.Sign() != 0 && r.Sign() != b.Sign() {
		q.Sub(q, big.NewInt(1))
		r.Add(r, b)
	}
	return q, r
}

func hashInt64(i int64) int64 {
	if i >= 0 {
		return fixHash(int64(hashUint64(uint64(i))))
	}
	return fixHash(-int64(hashUint64(uint64(-(i + 1)) + 1)))
}

func hashBig(b *big.Int) int64 {
	if b.IsInt64() {
		return hashInt64(b.Int64())
	}
	// |b| mod 2**61-1 from its words, most significant first, without a
	// copy or a division: 2**64 = 8 (mod 2**61-1).
	const p = uint64(hashModulus)
	fold := func(x uint64) uint64 { // x mod p, for x < 2**64
		x = x&p + x>>61
		if x >= p {
			x -= p
		}
		return x
	}
	var r uint64
	words := b.Bits()
	for i := len(words) - 1; i >= 0; i-- {
		r = fold(fold(r<<3) + fold(uint64(words[i])))
	}
	h := int64(r)
	if b.Sign() < 0 {
		h = -h
	}
	return fixHash(h)
}
