package vm

// Python numbers: bool, int (int64 fast path, math/big beyond), float and
// complex, with CPython 3.11's arithmetic, comparison, hashing, repr and
// formatting rules.

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

// cplx is a complex value computed with CPython's formulas.
type cplx struct{ re, im float64 }

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

// big returns an int operand as a fresh big.Int.
func (n num) bigInt() *big.Int {
	if n.K == nkBig {
		return new(big.Int).Set(n.b)
	}
	return big.NewInt(n.i)
}

// isIntegral reports whether n is an int (or bool).
func (n num) isIntegral() bool { return n.K == nkInt || n.K == nkBig }

// toFloat converts a real operand to float64 (OverflowError for huge ints).
func (vm *VM) ToFloat(n num) (float64, error) {
	switch n.K {
	case nkInt:
		return float64(n.i), nil
	case nkBig:
		f, err := pyfmt.IntToFloat(n.b)
		if err != nil {
			return 0, vm.pystrErr(err)
		}
		return f, nil
	}
	return n.f, nil
}

// toComplex converts an operand to a complex value.
func (vm *VM) toComplex(n num) (cplx, error) {
	if n.K == NkComplex {
		return cplx{n.f, n.im}, nil
	}
	f, err := vm.ToFloat(n)
	return cplx{f, 0}, err
}

func (vm *VM) newComplex(c cplx) Value {
	return vm.H.Alloc(&heap.Complex{Re: c.re, Im: c.im})
}

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

// maxIntBits bounds the size of ints built by ** and << (a MemoryError
// instead of exhausting the host).
const maxIntBits = 1 << 32

func (vm *VM) bigIntBinary(op int, x, y num) (Value, error) {
	a, b := x.bigInt(), y.bigInt()
	z := new(big.Int)
	switch op {
	case compile.BinAdd:
		z.Add(a, b)
	case compile.BinSub:
		z.Sub(a, b)
	case compile.BinMul:
		z.Mul(a, b)
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
		q, r := bigFloorDivMod(a, b)
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
			return Value{}, vm.Errorf(TMemoryError, "")
		}
		z.Exp(a, b, nil)
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
			return Value{}, vm.Errorf(TMemoryError, "")
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
	return vm.NewBigInt(z), nil
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

// floatDivMod is CPython's float_divmod (b != 0).
func floatDivMod(vx, wx float64) (float64, float64) {
	mod := math.Mod(vx, wx)
	div := (vx - mod) / wx
	if mod != 0 {
		if (wx < 0) != (mod < 0) {
			mod += wx
			div -= 1.0
		}
	} else {
		mod = math.Copysign(0, wx)
	}
	var floordiv float64
	if div != 0 {
		floordiv = math.Floor(div)
		if div-floordiv > 0.5 {
			floordiv += 1.0
		}
	} else {
		floordiv = math.Copysign(0, vx/wx)
	}
	return floordiv, mod
}

// floatMod is CPython's float_rem (b != 0).
func floatMod(vx, wx float64) float64 {
	mod := math.Mod(vx, wx)
	if mod != 0 {
		if (wx < 0) != (mod < 0) {
			mod += wx
		}
	} else {
		mod = math.Copysign(0, wx)
	}
	return mod
}

func (vm *VM) floatBinary(op int, x, y num) (Value, error) {
	switch op {
	case compile.BinAdd, compile.BinSub, compile.BinMul, compile.BinTrueDiv,
		compile.BinFloorDiv, compile.BinMod, compile.BinPow:
	default:
		return heap.NotImplemented, nil
	}
	a, err := vm.ToFloat(x)
	if err != nil {
		return Value{}, err
	}
	b, err := vm.ToFloat(y)
	if err != nil {
		return Value{}, err
	}
	switch op {
	case compile.BinAdd:
		return heap.Float(a + b), nil
	case compile.BinSub:
		return heap.Float(a - b), nil
	case compile.BinMul:
		return heap.Float(a * b), nil
	case compile.BinTrueDiv:
		if b == 0 {
			return Value{}, vm.zeroDiv("float division by zero")
		}
		return heap.Float(a / b), nil
	case compile.BinFloorDiv:
		if b == 0 {
			return Value{}, vm.zeroDiv("float floor division by zero")
		}
		q, _ := floatDivMod(a, b)
		return heap.Float(q), nil
	case compile.BinMod:
		if b == 0 {
			return Value{}, vm.zeroDiv("float modulo")
		}
		return heap.Float(floatMod(a, b)), nil
	}
	return vm.floatPowValue(a, b)
}

func isOddInteger(f float64) bool {
	return math.Abs(math.Mod(f, 2)) == 1
}

// floatPowValue is CPython's float_pow: a float, or a complex for a
// negative base raised to a fractional power.
func (vm *VM) floatPowValue(iv, iw float64) (Value, error) {
	switch {
	case iw == 0:
		return heap.Float(1), nil
	case math.IsNaN(iv):
		return heap.Float(iv), nil
	case math.IsNaN(iw):
		if iv == 1 {
			return heap.Float(1), nil
		}
		return heap.Float(iw), nil
	case math.IsInf(iw, 0):
		av := math.Abs(iv)
		if av == 1 {
			return heap.Float(1), nil
		}
		if (iw > 0) == (av > 1) {
			return heap.Float(math.Inf(1)), nil
		}
		return heap.Float(0), nil
	case math.IsInf(iv, 0):
		odd := isOddInteger(iw)
		if iw > 0 {
			if odd {
				return heap.Float(iv), nil
			}
			return heap.Float(math.Abs(iv)), nil
		}
		if odd {
			return heap.Float(math.Copysign(0, iv)), nil
		}
		return heap.Float(0), nil
	case iv == 0:
		if iw < 0 {
			return Value{}, vm.zeroDiv("0.0 cannot be raised to a negative power")
		}
		if isOddInteger(iw) {
			return heap.Float(iv), nil
		}
		return heap.Float(0), nil
	}
	negate := false
	if iv < 0 {
		if iw != math.Floor(iw) {
			return vm.complexPowValue(cplx{iv, 0}, cplx{iw, 0})
		}
		iv = -iv
		negate = isOddInteger(iw)
	}
	if iv == 1 {
		if negate {
			return heap.Float(-1), nil
		}
		return heap.Float(1), nil
	}
	r := math.Pow(iv, iw)
	if math.IsInf(r, 0) {
		return Value{}, vm.ErrorArgs(TOverflowError, heap.Int(34), vm.NewStr("Numerical result out of range"))
	}
	if negate {
		r = -r
	}
	return heap.Float(r), nil
}

func cProd(a, b cplx) cplx {
	return cplx{float64(a.re*b.re) - float64(a.im*b.im), float64(a.re*b.im) + float64(a.im*b.re)}
}

// cQuot is CPython's _Py_c_quot; ok=false on division by zero.
func cQuot(a, b cplx) (cplx, bool) {
	absBr, absBi := math.Abs(b.re), math.Abs(b.im)
	switch {
	case absBr >= absBi:
		if absBr == 0 {
			return cplx{}, false
		}
		ratio := b.im / b.re
		denom := b.re + float64(b.im*ratio)
		return cplx{(a.re + float64(a.im*ratio)) / denom, (a.im - float64(a.re*ratio)) / denom}, true
	case absBi >= absBr:
		ratio := b.re / b.im
		denom := float64(b.re*ratio) + b.im
		return cplx{(float64(a.re*ratio) + a.im) / denom, (float64(a.im*ratio) - a.re) / denom}, true
	}
	return cplx{math.NaN(), math.NaN()}, true
}

// complexPowValue is CPython's complex_pow.
func (vm *VM) complexPowValue(a, b cplx) (Value, error) {
	var p cplx
	edom := false
	if b.im == 0 && b.re == math.Floor(b.re) && math.Abs(b.re) <= 100 {
		n := int64(b.re)
		neg := n < 0
		if neg {
			n = -n
		}
		r, q := cplx{1, 0}, a
		for mask := int64(1); mask > 0 && n >= mask; mask <<= 1 {
			if n&mask != 0 {
				r = cProd(r, q)
			}
			q = cProd(q, q)
		}
		p = r
		if neg {
			var ok bool
			p, ok = cQuot(cplx{1, 0}, r)
			edom = !ok
		}
	} else {
		switch {
		case b.re == 0 && b.im == 0:
			p = cplx{1, 0}
		case a.re == 0 && a.im == 0:
			if b.im != 0 || b.re < 0 {
				edom = true
			}
		default:
			vabs := math.Hypot(a.re, a.im)
			length := math.Pow(vabs, b.re)
			at := math.Atan2(a.im, a.re)
			phase := at * b.re
			if b.im != 0 {
				length /= math.Exp(at * b.im)
				phase += b.im * math.Log(vabs)
			}
			// libm's cos and sin of an infinity fail with EDOM, which
			// CPython reports as a ZeroDivisionError.
			edom = math.IsInf(phase, 0)
			p = cplx{length * math.Cos(phase), length * math.Sin(phase)}
		}
	}
	if edom {
		return Value{}, vm.zeroDiv("0.0 to a negative or complex power")
	}
	if math.IsInf(p.re, 0) || math.IsInf(p.im, 0) {
		return Value{}, vm.Errorf(TOverflowError, "complex exponentiation")
	}
	return vm.newComplex(p), nil
}

func (vm *VM) complexBinary(op int, x, y num) (Value, error) {
	switch op {
	case compile.BinAdd, compile.BinSub, compile.BinMul, compile.BinTrueDiv, compile.BinPow:
	default:
		return heap.NotImplemented, nil
	}
	a, err := vm.toComplex(x)
	if err != nil {
		return Value{}, err
	}
	b, err := vm.toComplex(y)
	if err != nil {
		return Value{}, err
	}
	switch op {
	case compile.BinAdd:
		return vm.newComplex(cplx{a.re + b.re, a.im + b.im}), nil
	case compile.BinSub:
		return vm.newComplex(cplx{a.re - b.re, a.im - b.im}), nil
	case compile.BinMul:
		return vm.newComplex(cProd(a, b)), nil
	case compile.BinTrueDiv:
		q, ok := cQuot(a, b)
		if !ok {
			return Value{}, vm.zeroDiv("complex division by zero")
		}
		return vm.newComplex(q), nil
	}
	return vm.complexPowValue(a, b)
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
			return vm.NewBigInt(new(big.Int).Neg(x.b)), nil
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
			return vm.NewBigInt(new(big.Int).Not(x.b)), nil
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

// cmpIntFloat compares int n with finite-or-infinite, non-NaN float f.
func cmpIntFloat(n num, f float64) int {
	if math.IsInf(f, 1) {
		return -1
	}
	if math.IsInf(f, -1) {
		return 1
	}
	if n.K == nkInt && n.i >= -(1<<53) && n.i <= 1<<53 {
		return cmpFloat(float64(n.i), f)
	}
	bf := new(big.Float).SetInt(n.bigInt())
	return bf.Cmp(big.NewFloat(f))
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
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
		return x.bigInt().Cmp(y.bigInt()), false
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

func complexEq(x, y num) bool {
	if x.K != NkComplex {
		x, y = y, x
	}
	if y.K == NkComplex {
		return x.f == y.f && x.im == y.im
	}
	if x.im != 0 {
		return false
	}
	c, unordered := realCmp(num{K: nkFloat, f: x.f}, y)
	return !unordered && c == 0
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
	m := new(big.Int).Abs(b)
	m.Mod(m, big.NewInt(hashModulus))
	h := m.Int64()
	if b.Sign() < 0 {
		h = -h
	}
	return fixHash(h)
}

func hashFloat(v float64) int64 {
	if math.IsInf(v, 1) {
		return hashInf
	}
	if math.IsInf(v, -1) {
		return -hashInf
	}
	if math.IsNaN(v) {
		return 0
	}
	m, e := math.Frexp(v)
	sign := int64(1)
	if m < 0 {
		sign = -1
		m = -m
	}
	var x uint64
	for m != 0 {
		x = ((x << 28) & hashModulus) | x>>(hashBits-28)
		m *= 268435456.0
		e -= 28
		y := uint64(m)
		m -= float64(y)
		x += y
		if x >= hashModulus {
			x -= hashModulus
		}
	}
	if e >= 0 {
		e %= hashBits
	} else {
		e = hashBits - 1 - ((-1 - e) % hashBits)
	}
	x = ((x << uint(e)) & hashModulus) | x>>uint(hashBits-e)
	return fixHash(int64(x) * sign)
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

// complexPart renders one part of a complex repr (no forced ".0").
func complexPart(f float64, sign bool) string {
	s := pyfmt.FloatRepr(f)
	s = strings.TrimSuffix(s, ".0")
	if sign && !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	return s
}

func complexRepr(re, im float64) string {
	if re == 0 && !math.Signbit(re) {
		return complexPart(im, false) + "j"
	}
	return "(" + complexPart(re, false) + complexPart(im, true) + "j)"
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
		var sp pyfmt.Spec
		if sp, err = pyfmt.ParseSpec(spec, "int"); err == nil {
			if x.K == nkInt {
				s, err = pyfmt.FormatInt64(x.i, sp)
			} else {
				s, err = pyfmt.FormatInt(x.b, sp)
			}
		}
	case nkFloat:
		var sp pyfmt.Spec
		if sp, err = pyfmt.ParseSpec(spec, "float"); err == nil {
			s, err = pyfmt.FormatFloat(x.f, sp)
		}
	default:
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

// formatComplex is CPython's format_complex_internal.
func formatComplex(re, im float64, spec string) (string, error) {
	sp, err := pyfmt.ParseSpec(spec, "complex")
	if err != nil {
		return "", err
	}
	if sp.Zero {
		return "", fmtValueError("Zero padding is not allowed in complex format specifier")
	}
	if sp.Align == '=' {
		return "", fmtValueError("'=' alignment flag is not allowed in complex format specifier")
	}
	typ := sp.Type
	switch typ {
	case 0, 'e', 'E', 'f', 'F', 'g', 'G', 'n':
	default:
		return "", fmtValueError("Unknown format code '" + string(rune(typ)) + "' for object of type 'complex'")
	}
	skipRe, parens := false, false
	repr := false
	if typ == 0 {
		if re == 0 && !math.Signbit(re) {
			skipRe = true
		} else {
			parens = true
		}
		if sp.Precision < 0 {
			repr = true
		} else {
			typ = 'g'
		}
	}
	part := pyfmt.Spec{Fill: 0, Align: 0, Sign: sp.Sign, NoNegZero: sp.NoNegZero, Alt: sp.Alt,
		Width: -1, Grouping: sp.Grouping, Precision: sp.Precision, Type: typ}
	one := func(f float64, sign byte) (string, error) {
		if repr {
			s := complexPart(f, sign == '+')
			if sign == ' ' && !strings.HasPrefix(s, "-") {
				s = " " + s
			}
			if sp.NoNegZero && f == 0 {
				s = strings.Replace(s, "-", "", 1)
				if sign == '+' {
					s = "+" + s
				}
			}
			return s, nil
		}
		ps := part
		ps.Sign = sign
		return pyfmt.FormatFloat(f, ps)
	}
	var out string
	if !skipRe {
		s, err := one(re, sp.Sign)
		if err != nil {
			return "", err
		}
		out = s
	}
	imSign := sp.Sign
	if !skipRe {
		imSign = '+'
	}
	s, err := one(im, imSign)
	if err != nil {
		return "", err
	}
	out += s + "j"
	if parens {
		out = "(" + out + ")"
	}
	return padFormatted(out, sp), nil
}

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
