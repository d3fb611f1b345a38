package vm

import (
	"cmp"
	"math"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// intFast computes small-int arithmetic without allocation, reporting
// ok=false when the result does not fit or the operation needs the slow path.
func intFast(op int, a, b int64) (Value, bool) {
	switch op {
	case compile.BinAdd:
		r := a + b
		if (r > a) == (b > 0) {
			return heap.Int(r), true
		}
	case compile.BinSub:
		r := a - b
		if (r < a) == (b > 0) {
			return heap.Int(r), true
		}
	case compile.BinMul:
		if a > -(1<<31) && a < 1<<31 && b > -(1<<31) && b < 1<<31 {
			return heap.Int(a * b), true
		}
		if a == 0 || b == 0 {
			return heap.Int(0), true
		}
		r := a * b
		if r/b == a && !(a == -1 && b == math.MinInt64) && !(b == -1 && a == math.MinInt64) {
			return heap.Int(r), true
		}
	case compile.BinFloorDiv:
		if b != 0 && !(a == math.MinInt64 && b == -1) {
			q := a / b
			if (a%b != 0) && ((a < 0) != (b < 0)) {
				q--
			}
			return heap.Int(q), true
		}
	case compile.BinMod:
		if b != 0 && !(a == math.MinInt64 && b == -1) {
			m := a % b
			if m != 0 && ((m < 0) != (b < 0)) {
				m += b
			}
			return heap.Int(m), true
		}
	case compile.BinAnd:
		return heap.Int(a & b), true
	case compile.BinOr:
		return heap.Int(a | b), true
	case compile.BinXor:
		return heap.Int(a ^ b), true
	case compile.BinTrueDiv:
		if b != 0 && a < 1<<53 && a > -(1<<53) && b < 1<<53 && b > -(1<<53) {
			return heap.Float(float64(a) / float64(b)), true
		}
	case compile.BinLShift:
		if b >= 0 && b < 63 && a >= 0 && a < (1<<(62-b)) {
			return heap.Int(a << b), true
		}
	case compile.BinRShift:
		if b >= 0 {
			if b > 63 {
				b = 63
			}
			return heap.Int(a >> b), true
		}
	}
	return heap.Undef, false
}

// floatSimple is floatFast's + - and *, small enough to inline into the
// eval loop's cases, which try floatFast after it (ok false: another op).
func floatSimple(op int, a, b float64) (Value, bool) {
	switch op {
	case compile.BinAdd:
		return heap.Float(a + b), true
	case compile.BinSub:
		return heap.Float(a - b), true
	case compile.BinMul:
		return heap.Float(a * b), true
	}
	return heap.Undef, false
}

func floatFast(op int, a, b float64) (Value, bool) {
	if v, ok := floatSimple(op, a, b); ok {
		return v, true
	}
	switch op {
	case compile.BinTrueDiv:
		if b != 0 {
			return heap.Float(a / b), true
		}
	case compile.BinFloorDiv:
		if b != 0 {
			q, _ := floatDivMod(a, b)
			return heap.Float(q), true
		}
	case compile.BinMod:
		if b != 0 {
			return heap.Float(floatMod(a, b)), true
		}
	case compile.BinPow:
		// A positive finite base and a finite exponent: what
		// floatPowValue computes after its special cases, none of which
		// apply. b-b == 0 rules out NaN and infinities.
		if a > 0 && a <= math.MaxFloat64 && b-b == 0 {
			if r := FloatPow(a, b); !math.IsInf(r, 0) {
				return heap.Float(r), true
			}
		}
	}
	return heap.Undef, false
}

// mixedFloatFast is floatFast for a float and a machine int in either
// order: the int converts to the nearest float, as Python's mixed
// arithmetic does (an int64 never overflows a float).
func mixedFloatFast(op int, a, b Value) (Value, bool) {
	switch {
	case a.K == heap.KFloat && b.K == heap.KInt:
		return floatFast(op, a.F(), float64(b.I()))
	case a.K == heap.KInt && b.K == heap.KFloat:
		return floatFast(op, float64(a.I()), b.F())
	}
	return heap.Undef, false
}

// numCmpFast is an ordering or equality comparison of a machine int and a
// float or a big int (either order);
// ok is false for anything else. Ints and floats compare exactly, as in
// Python, not through a rounded conversion.
func (vm *VM) numCmpFast(op int, a, b Value) (t, ok bool) {
	var x, y num
	switch {
	case a.K == heap.KInt && b.K == heap.KFloat:
		x, y = num{K: nkInt, i: a.I()}, num{K: nkFloat, f: b.F()}
	case a.K == heap.KFloat && b.K == heap.KInt:
		x, y = num{K: nkFloat, f: a.F()}, num{K: nkInt, i: b.I()}
	case (a.K == heap.KRef) != (b.K == heap.KRef) && (a.K == heap.KInt || b.K == heap.KInt):
		// A big int against a machine int (x > 0); two objects (strs,
		// most often) take the generic path without a look at either.
		if x, ok = vm.intOperand(a); !ok {
			return false, false
		}
		if y, ok = vm.intOperand(b); !ok {
			return false, false
		}
		return numCmpResult(op, bigCmp(x, y)), true
	default:
		return false, false
	}
	c, unordered := realCmp(x, y)
	if unordered {
		return op == compile.CmpNe, true
	}
	return numCmpResult(op, c), true
}

// bigCmp compares two ints, at least one big, without converting the
// machine int to a big.Int.
func bigCmp(x, y num) int {
	if x.K == nkBig && y.K == nkBig {
		return x.b.Cmp(y.b)
	}
	if x.K == nkInt {
		if y.K == nkInt {
			return cmp.Compare(x.i, y.i)
		}
		return -bigCmp(y, x)
	}
	if x.b.IsInt64() {
		// Not normalised: compare as machine ints.
		return cmp.Compare(x.b.Int64(), y.i)
	}
	return x.b.Sign()
}

// cmpOrdered applies comparison op to two ints or two floats. For floats
// NaN is unordered, so only != holds for it, as in Python.
func cmpOrdered[T int64 | float64](op int, a, b T) bool {
	switch op {
	case compile.CmpLt:
		return a < b
	case compile.CmpLe:
		return a <= b
	case compile.CmpEq:
		return a == b
	case compile.CmpNe:
		return a != b
	case compile.CmpGt:
		return a > b
	}
	return a >= b
}
