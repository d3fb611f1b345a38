package vm

// Interruptible big-int arithmetic.
//
// math/big's operations run to completion: 10 ** (10 ** 9) is one call
// that takes hours. The run's deadline must hold inside such a call, so the
// operations whose cost grows faster than their operands' size (product,
// power, modular power, factorial) go through these helpers, which do the
// work in bounded pieces and check the deadline between pieces. Small
// operands take math/big's own path.

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// mulChunk is the size, in words, of the pieces of a chunked product: one
// piece by piece product takes about a millisecond.
const mulChunk = 4096

// MulBig sets z = a * b, checking the deadline between pieces when both
// operands are large. z must not alias a or b.
func (vm *VM) MulBig(z, a, b *big.Int) error {
	aw, bw := a.Bits(), b.Bits()
	if len(aw) < 2*mulChunk || len(bw) < 2*mulChunk {
		if len(aw) > 1 && len(bw) > 1 {
			if err := vm.DeadlineErr(); err != nil {
				return err
			}
		}
		z.Mul(a, b)
		return nil
	}
	if err := vm.reserveMul(8, int64(len(aw)+len(bw))); err != nil {
		return err
	}
	res := make([]big.Word, len(aw)+len(bw)+1)
	var x, y, t big.Int
	for i := 0; i < len(aw); i += mulChunk {
		x.SetBits(aw[i:min(i+mulChunk, len(aw))])
		for j := 0; j < len(bw); j += mulChunk {
			if err := vm.DeadlineErr(); err != nil {
				return err
			}
			y.SetBits(bw[j:min(j+mulChunk, len(bw))])
			t.Mul(&x, &y)
			addWordsAt(res, t.Bits(), i+j)
		}
	}
	z.SetBits(res)
	if (a.Sign() < 0) != (b.Sign() < 0) {
		z.Neg(z)
	}
	return nil
}

// addWordsAt adds t to res at word offset off; res is long enough to hold
// the carry.
func addWordsAt(res, t []big.Word, off int) {
	var c uint
	k := off
	for _, w := range t {
		var s uint
		s, c = bits.Add(uint(res[k]), uint(w), c)
		res[k] = big.Word(s)
		k++
	}
	for c != 0 && k < len(res) {
		var s uint
		s, c = bits.Add(uint(res[k]), 0, c)
		res[k] = big.Word(s)
		k++
	}
}

// PowBig returns a ** e for e >= 0, after reserving the result's size.
func (vm *VM) PowBig(a *big.Int, e int64) (*big.Int, error) {
	if bitsEst := float64(a.BitLen()) * float64(e); bitsEst > float64(maxOneAlloc)*8 {
		return nil, vm.tooBig()
	} else if err := vm.reserveBits(int64(bitsEst)); err != nil {
		return nil, err
	}
	if len(a.Bits())*int(min(e, 1<<20)) < 4*mulChunk {
		return new(big.Int).Exp(a, big.NewInt(e), nil), nil
	}
	r := big.NewInt(1)
	base := new(big.Int).Set(a)
	t := new(big.Int)
	for e > 0 {
		if e&1 == 1 {
			if err := vm.MulBig(t, r, base); err != nil {
				return nil, err
			}
			r, t = t, r
		}
		e >>= 1
		if e > 0 {
			if err := vm.MulBig(t, base, base); err != nil {
				return nil, err
			}
			base, t = t, base
		}
	}
	return r, nil
}

// ExpModBig returns b ** e mod m (b, e >= 0, m > 0), checking the deadline
// every few steps when the work is large.
func (vm *VM) ExpModBig(b, e, m *big.Int) (*big.Int, error) {
	mw := len(m.Bits())
	if e.BitLen()*mw*mw < 1<<22 {
		return new(big.Int).Exp(b, e, m), nil
	}
	r := big.NewInt(1)
	base := new(big.Int).Mod(b, m)
	t := new(big.Int)
	for i := 0; i < e.BitLen(); i++ {
		if err := vm.DeadlineErr(); err != nil {
			return nil, err
		}
		if e.Bit(i) == 1 {
			if err := vm.MulBig(t, r, base); err != nil {
				return nil, err
			}
			r.Mod(t, m)
		}
		if err := vm.MulBig(t, base, base); err != nil {
			return nil, err
		}
		base.Mod(t, m)
	}
	return r, nil
}

// ProductRange returns lo * (lo+1) * ... * hi (1 when hi < lo), as a
// balanced product tree whose large products are interruptible.
func (vm *VM) ProductRange(lo, hi int64) (*big.Int, error) {
	if hi < lo {
		return big.NewInt(1), nil
	}
	const block = 2048
	var parts []*big.Int
	for s := lo; s <= hi; s += block {
		if err := vm.DeadlineErr(); err != nil {
			return nil, err
		}
		e := min(s+block-1, hi)
		parts = append(parts, new(big.Int).MulRange(s, e))
		if e == hi {
			break
		}
	}
	for len(parts) > 1 {
		var next []*big.Int
		for i := 0; i+1 < len(parts); i += 2 {
			z := new(big.Int)
			if err := vm.reserveMul(8, int64(len(parts[i].Bits())+len(parts[i+1].Bits()))); err != nil {
				return nil, err
			}
			if err := vm.MulBig(z, parts[i], parts[i+1]); err != nil {
				return nil, err
			}
			next = append(next, z)
		}
		if len(parts)%2 == 1 {
			next = append(next, parts[len(parts)-1])
		}
		parts = next
	}
	return parts[0], nil
}

// GCDBig returns gcd(|a|, |b|). math/big's GCD (Lehmer) is quadratic and
// runs to completion; under a duration limit, operands past 2**17 bits are
// first reduced by Euclid's steps, each of which meets the deadline.
func (vm *VM) GCDBig(a, b *big.Int) (*big.Int, error) {
	x, y := new(big.Int).Abs(a), new(big.Int).Abs(b)
	if vm.Limits.MaxDuration > 0 {
		for y.Sign() != 0 && min(x.BitLen(), y.BitLen()) > 1<<17 {
			if err := vm.DeadlineErr(); err != nil {
				return nil, err
			}
			x.Rem(x, y)
			x, y = y, x
		}
	}
	return new(big.Int).GCD(nil, nil, x, y), nil
}

// QuoRemBig is big.Int's QuoRem (truncated division) in bounded pieces
// when both the divisor and the quotient are large: the dividend is taken
// mulChunk words at a time from the top, each piece dividing a number at
// most mulChunk words longer than the divisor, with the deadline checked
// in between.
func (vm *VM) QuoRemBig(x, y *big.Int) (q, r *big.Int, err error) {
	xw, yw := x.Bits(), y.Bits()
	if len(yw) < 2*mulChunk || len(xw)-len(yw) < 2*mulChunk {
		if len(yw) > mulChunk {
			if err := vm.DeadlineErr(); err != nil {
				return nil, nil, err
			}
		}
		q, r = new(big.Int).QuoRem(x, y, new(big.Int))
		return q, r, nil
	}
	ay := new(big.Int).Abs(y)
	qw := make([]big.Word, len(xw)+1)
	rem := new(big.Int)
	var piece, qi big.Int
	// A piece costs about its length times the divisor's: a long divisor
	// takes shorter pieces, so that each stays near a millisecond.
	chunk := min(max((1<<22)/len(yw), 256), mulChunk)
	for hi := len(xw); hi > 0; hi -= chunk {
		if err := vm.DeadlineErr(); err != nil {
			return nil, nil, err
		}
		lo := max(hi-chunk, 0)
		// rem = rem * B^(hi-lo) + x[lo:hi]
		rem.Lsh(rem, uint(hi-lo)*bits.UintSize)
		piece.SetBits(xw[lo:hi])
		rem.Add(rem, &piece)
		qi.QuoRem(rem, ay, rem)
		copy(qw[lo:], qi.Bits())
	}
	q = new(big.Int).SetBits(qw)
	if (x.Sign() < 0) != (y.Sign() < 0) {
		q.Neg(q)
	}
	if x.Sign() < 0 {
		rem.Neg(rem)
	}
	return q, rem, nil
}

// floorDivModBig is Python's // and % of big ints (the remainder takes the
// divisor's sign), interruptible like QuoRemBig.
func (vm *VM) floorDivModBig(a, b *big.Int) (*big.Int, *big.Int, error) {
	q, r, err := vm.QuoRemBig(a, b)
	if err != nil {
		return nil, nil, err
	}
	if r.Sign() != 0 && r.Sign() != b.Sign() {
		q.Sub(q, big.NewInt(1))
		r.Add(r, b)
	}
	return q, r, nil
}

// bigWork is the operand size, in bits, past which the operations below
// leave math/big's uninterruptible algorithms for step-wise ones.
const bigWork = 1 << 17

// SqrtBig returns isqrt(n) for n >= 0. math/big's Sqrt runs to completion;
// past bigWork bits, Newton's steps go through the interruptible division,
// from a start above the root, so the steps decrease until they stop.
func (vm *VM) SqrtBig(n *big.Int) (*big.Int, error) {
	if n.BitLen() < bigWork || vm.Limits.MaxDuration <= 0 {
		return new(big.Int).Sqrt(n), nil
	}
	x := new(big.Int).Lsh(big.NewInt(1), uint(n.BitLen()+1)/2)
	for {
		q, _, err := vm.QuoRemBig(n, x)
		if err != nil {
			return nil, err
		}
		q.Add(q, x).Rsh(q, 1)
		if q.Cmp(x) >= 0 {
			return x, nil
		}
		x = q
	}
}

// ModInverseBig returns the inverse of a modulo m (m > 1, 0 <= a < m), or
// nil when there is none. math/big's ModInverse (Lehmer's GCD) runs to
// completion; past bigWork bits, the extended Euclid's steps meet the
// deadline one by one.
func (vm *VM) ModInverseBig(a, m *big.Int) (*big.Int, error) {
	if min(a.BitLen(), m.BitLen()) < bigWork || vm.Limits.MaxDuration <= 0 {
		return new(big.Int).ModInverse(a, m), nil
	}
	// Invariant: r0 = s0*a (mod m), r1 = s1*a (mod m).
	r0, r1 := new(big.Int).Set(m), new(big.Int).Set(a)
	s0, s1 := new(big.Int), big.NewInt(1)
	q, t := new(big.Int), new(big.Int)
	for r1.Sign() != 0 {
		if err := vm.DeadlineErr(); err != nil {
			return nil, err
		}
		q.QuoRem(r0, r1, r0)
		r0, r1 = r1, r0
		t.Mul(q, s1)
		s0.Sub(s0, t)
		s0, s1 = s1, s0
	}
	if r0.Cmp(big.NewInt(1)) != 0 {
		return nil, nil
	}
	return s0.Mod(s0, m), nil
}

// bigResult is the int with magnitude z (words from bigWords for o) and
// sign neg: a machine int when it fits, else o holding z.
func (vm *VM) bigResult(o *heap.BigInt, z []big.Word, neg bool) Value {
	n := len(z)
	for n > 0 && z[n-1] == 0 {
		n--
	}
	z = z[:n]
	switch {
	case n == 0:
		vm.dropBig(o, z)
		return heap.Int(0)
	case n == 1 && uint64(z[0]) <= math.MaxInt64:
		vm.dropBig(o, z)
		if neg {
			return heap.Int(-int64(z[0]))
		}
		return heap.Int(int64(z[0]))
	case n == 1 && neg && uint64(z[0]) == 1<<63:
		vm.dropBig(o, z)
		return heap.Int(math.MinInt64)
	}
	o.V.SetBits(z)
	if neg {
		o.V.Neg(&o.V)
	}
	return vm.storeBig(o)
}

// bigSmallBinary computes +, -, * (either order) and //, %, >> (big on
// the left, a positive divisor) of a big int and a machine int straight
// on the words, without math/big's operand views. ok is false for every
// other case, which the general path handles.
func (vm *VM) bigSmallBinary(op int, x, y num) (v Value, ok bool, err error) {
	bg, sm, swapped := x, y, false
	if bg.K != nkBig {
		bg, sm, swapped = y, x, true
	}
	if bg.K != nkBig || sm.K != nkInt {
		return Value{}, false, nil
	}
	return vm.bigSmallWords(op, bg.b, sm.i, swapped)
}

// bigSmallWords is bigSmallBinary for the big int b and the machine int
// s: b <op> s, or s <op> b when swapped.
func (vm *VM) bigSmallWords(op int, b *big.Int, s int64, swapped bool) (v Value, ok bool, err error) {
	if bits.UintSize != 64 {
		return Value{}, false, nil
	}
	a := b.Bits()
	if len(a) == 0 {
		return Value{}, false, nil
	}
	aNeg := b.Sign() < 0
	sNeg := s < 0
	m := uint64(s)
	if sNeg {
		m = -m
	}
	switch op {
	case compile.BinAdd:
		return vm.bigAddSmall(a, aNeg, m, sNeg), true, nil
	case compile.BinSub:
		if m == 0 {
			sNeg = false
		}
		// a - s is a + (-s); s - a is -(a - s).
		r := vm.bigAddSmall(a, aNeg != swapped, m, !sNeg != swapped)
		return r, true, nil
	case compile.BinMul:
		if m == 0 {
			return heap.Int(0), true, nil
		}
		if err := vm.reserveMul(8, int64(len(a)+1)); err != nil {
			return Value{}, true, err
		}
		// math/big multiplies by a one-word operand in its assembly
		// loop, in place when computing into b (the words have room).
		o, z := vm.resultWords(len(a) + 1)
		if &o.V != b {
			o.V.SetBits(z[:0])
		}
		o.V.Mul(b, vm.bigTemps.word(m))
		if sNeg {
			o.V.Neg(&o.V)
		}
		return vm.bigFinish(o), true, nil
	case compile.BinFloorDiv, compile.BinMod:
		if swapped || sNeg || m == 0 {
			return Value{}, false, nil
		}
		if op == compile.BinMod {
			var r uint64
			for i := len(a) - 1; i >= 0; i-- {
				_, r = bits.Div64(r, uint64(a[i]), m)
			}
			if aNeg && r != 0 {
				r = m - r
			}
			return heap.Int(int64(r)), true, nil
		}
		o, z := vm.resultWords(len(a))
		var r uint64
		for i := len(a) - 1; i >= 0; i-- {
			var q uint64
			q, r = bits.Div64(r, uint64(a[i]), m)
			z[i] = big.Word(q)
		}
		if aNeg && r != 0 {
			// Floor: -a // m is -(|a| // m) - 1 when inexact. m >= 2
			// here (m == 1 leaves no remainder), so the quotient plus
			// one still fits len(a) words.
			addOne(z)
		}
		return vm.bigResult(o, z, aNeg), true, nil
	case compile.BinRShift:
		if swapped || sNeg {
			return Value{}, false, nil
		}
		if m >= uint64(len(a))*64 {
			if aNeg {
				return heap.Int(-1), true, nil
			}
			return heap.Int(0), true, nil
		}
		// math/big shifts in its assembly loop and floors a negative
		// (its magnitude minus one, shifted, plus one: the spare word).
		o, z := vm.resultWords(len(a) - int(m/64) + 1)
		if &o.V != b {
			o.V.SetBits(z[:0])
		}
		o.V.Rsh(b, uint(m))
		return vm.bigFinish(o), true, nil
	}
	return Value{}, false, nil
}

// bigAddSmall is the sum of the big int with magnitude a (non-empty) and
// sign aNeg and the machine int with magnitude m and sign mNeg.
func (vm *VM) bigAddSmall(a []big.Word, aNeg bool, m uint64, mNeg bool) Value {
	if aNeg == mNeg || m == 0 {
		o, z := vm.resultWords(len(a) + 1)
		c := m
		i := 0
		for ; c != 0 && i < len(a); i++ {
			var s uint64
			s, c = bits.Add64(uint64(a[i]), c, 0)
			z[i] = big.Word(s)
		}
		copyRest(z, a, i)
		z[len(a)] = big.Word(c)
		return vm.bigResult(o, z, aNeg)
	}
	if len(a) == 1 && uint64(a[0]) < m {
		// |a| < m: the machine int's sign wins.
		o, z := vm.resultWords(1)
		z[0] = big.Word(m - uint64(a[0]))
		return vm.bigResult(o, z, mNeg)
	}
	o, z := vm.resultWords(len(a))
	b := m
	i := 0
	for ; b != 0 && i < len(a); i++ {
		var d uint64
		d, b = bits.Sub64(uint64(a[i]), b, 0)
		z[i] = big.Word(d)
	}
	copyRest(z, a, i)
	return vm.bigResult(o, z, aNeg)
}

// copyRest copies a[i:] to z[i:], the words a carry or borrow no longer
// reaches; nothing when z is a's own words (an operand computed into).
func copyRest(z, a []big.Word, i int) {
	if i < len(a) && &z[i] != &a[i] {
		copy(z[i:len(a)], a[i:])
	}
}

// addOne adds one to the magnitude z, which has room for the carry.
func addOne(z []big.Word) {
	for i := range z {
		z[i]++
		if z[i] != 0 {
			return
		}
	}
}

// addWordsTo sets z = x + y, three slices of one length, and returns
// the carry; z may be x's or y's own words.
func addWordsTo(z, x, y []big.Word) uint {
	x, y = x[:len(z)], y[:len(z)]
	var c uint
	for i := range z {
		var s uint
		s, c = bits.Add(uint(x[i]), uint(y[i]), c)
		z[i] = big.Word(s)
	}
	return c
}

// addLoopWords is the length, in words, up to which bigAddBig adds
// magnitudes in its own loop; math/big's assembly wins on longer ones.
const addLoopWords = 16

// bigAddBig is a + b (a - b when sub) of two big ints, computed by
// math/big straight into the words of the result's object (one
// allocation when they fit a box).
func (vm *VM) bigAddBig(a, b *big.Int, sub bool) Value {
	x, y := a.Bits(), b.Bits()
	if (a.Sign() < 0) == ((b.Sign() < 0) != sub) && len(x) > 0 && len(y) > 0 && max(len(x), len(y)) <= addLoopWords {
		// The magnitudes add (a + b of one sign, a - b of two): for
		// the short ints of most loops (a, b = b, a + b), one word
		// loop costs less than math/big's sign and length handling.
		if len(x) < len(y) {
			x, y = y, x
		}
		o, z := vm.resultWords(len(x) + 1)
		z = z[:len(x)+1]
		c := addWordsTo(z[:len(y)], x[:len(y)], y)
		for i := len(y); i < len(x); i++ {
			var s uint
			s, c = bits.Add(uint(x[i]), 0, c)
			z[i] = big.Word(s)
		}
		z[len(x)] = big.Word(c)
		return vm.bigResult(o, z, a.Sign() < 0)
	}
	o, w := vm.resultWords(max(len(x), len(y)) + 1)
	if &o.V != a && &o.V != b {
		// Not an operand computed into (math/big allows that alias).
		o.V.SetBits(w[:0])
	}
	if sub {
		o.V.Sub(a, b)
	} else {
		o.V.Add(a, b)
	}
	return vm.bigFinish(o)
}

// bigFinish is the int math/big computed in o (from resultWords): a
// machine int when it fits, else o stored.
func (vm *VM) bigFinish(o *heap.BigInt) Value {
	if o.V.IsInt64() {
		r := heap.Int(o.V.Int64())
		vm.dropBig(o, o.V.Bits())
		return r
	}
	return vm.storeBig(o)
}
