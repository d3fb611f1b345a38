package vm

// Big-int bit operations (<<, &, |, ^) computed into pooled words.
//
// Bit masks kept in ints (mask |= 1 << k, mask & (1 << k)) made four Go
// allocations an operation on the general path: a big.Int for each
// machine-int operand, the result's words and its object. Here the
// machine-int operands are views on scratch words and the result takes
// the pool's words (or a temporary operand's, see bigtemp.go).

import (
	"math/big"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// maxLongDigits is the most 30-bit digits a CPython int object holds on
// a 64-bit host.
const maxLongDigits = ((1<<63 - 1) - 24) / 4

// operand is n as a *big.Int that math/big only reads, until the next
// call with the same slot (0 or 1): a big int's own, or a view on scratch
// words for a machine int.
func (t *bigTemps) operand(slot int, n num) *big.Int {
	if n.K == nkBig {
		return n.b
	}
	m := uint64(n.i)
	if n.i < 0 {
		m = -m
	}
	z := &t.ops[slot]
	t.opW[slot][0] = big.Word(m)
	z.SetBits(t.opW[slot][:])
	if n.i < 0 {
		z.Neg(z)
	}
	return z
}

// bigBitOp is x <op> y for <<, &, | and ^ of two ints (not both machine
// ints for &, |, ^; the machine-int arithmetic takes those), with the
// general path's errors. ok is false for other operators.
func (vm *VM) bigBitOp(op int, x, y num) (v Value, ok bool, err error) {
	t := &vm.bigTemps
	switch op {
	case compile.BinLShift:
		a, b := t.operand(0, x), t.operand(1, y)
		if b.Sign() < 0 {
			return Value{}, true, vm.ValueError("negative shift count")
		}
		if a.Sign() == 0 {
			return heap.Int(0), true, nil
		}
		if !b.IsInt64() {
			// CPython counts the result in 30-bit digits: more than
			// its object can hold is an OverflowError, any other huge
			// shift a MemoryError.
			q, r := new(big.Int).QuoRem(b, big.NewInt(30), new(big.Int))
			q.Add(q, big.NewInt(int64(a.BitLen()+29)/30+int64(r.Sign())))
			if q.Cmp(big.NewInt(maxLongDigits)) <= 0 {
				return Value{}, true, vm.tooBig()
			}
			return Value{}, true, vm.Errorf(TOverflowError, "too many digits in integer")
		}
		s := b.Int64()
		if s+int64(a.BitLen()) > maxIntBits {
			return Value{}, true, vm.tooBig()
		}
		if err := vm.reserveBits(s + int64(a.BitLen())); err != nil {
			return Value{}, true, err
		}
		o, w := vm.resultWords(len(a.Bits()) + int(s/64) + 1)
		if &o.V != a {
			o.V.SetBits(w[:0])
		}
		o.V.Lsh(a, uint(s))
		return vm.bigFinish(o), true, nil
	case compile.BinAnd, compile.BinOr, compile.BinXor:
		a, b := t.operand(0, x), t.operand(1, y)
		o, w := vm.resultWords(max(len(a.Bits()), len(b.Bits())) + 1)
		if &o.V != a && &o.V != b {
			o.V.SetBits(w[:0])
		}
		switch op {
		case compile.BinAnd:
			o.V.And(a, b)
		case compile.BinOr:
			o.V.Or(a, b)
		default:
			o.V.Xor(a, b)
		}
		return vm.bigFinish(o), true, nil
	}
	return Value{}, false, nil
}

// bigUnary is -x or ~x (op UNARY_NEGATIVE or UNARY_INVERT) of the big
// int x, computed into the pool's words: one object, where a new big.Int
// and NewBigInt's copy made four allocations.
func (vm *VM) bigUnary(op compile.Opcode, x *big.Int) Value {
	o, w := vm.H.BigWords(len(x.Bits()) + 1)
	o.V.SetBits(w[:0])
	if op == compile.UNARY_INVERT {
		o.V.Not(x)
	} else {
		o.V.Neg(x)
	}
	if o.V.IsInt64() {
		r := heap.Int(o.V.Int64())
		vm.H.FreeBig(o, o.V.Bits())
		return r
	}
	return vm.H.Alloc(o)
}

// bigDivModPooled is a // b or a % b (op) with Python's floor rules, for
// a divisor of more than one word and operands small enough for
// math/big's division to take well under a millisecond: the result is
// computed into the pool's words and the other half of the division into
// scratch words kept in bigTemps, where floorDivModBig made two objects
// and NewBigInt copied one.
func (vm *VM) bigDivModPooled(op int, a, b *big.Int) Value {
	t := &vm.bigTemps
	o, w := vm.H.BigWords(len(a.Bits()) + 1)
	o.V.SetBits(w[:0])
	q, r := &t.other, &o.V
	if op == compile.BinFloorDiv {
		q, r = &o.V, &t.other
	}
	q.QuoRem(a, b, r)
	if r.Sign() != 0 && r.Sign() != b.Sign() {
		q.Sub(q, bigOne)
		r.Add(r, b)
	}
	if o.V.IsInt64() {
		v := heap.Int(o.V.Int64())
		vm.H.FreeBig(o, o.V.Bits())
		return v
	}
	return vm.H.Alloc(o)
}
