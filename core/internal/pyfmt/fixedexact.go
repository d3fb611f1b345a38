package pyfmt

import (
	"math"
	"math/bits"
	"strconv"
)

// pow10u64 holds the powers of ten that fit in a uint64.
var pow10u64 = [20]uint64{
	1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// appendFixedExact appends a (finite, non-negative) in fixed notation
// with prec decimals when a scaled by 10**prec, rounded, fits in a
// uint64: a is m * 2**e exactly, so m * 10**prec is an exact 128-bit
// product, and shifting it right by -e while rounding half to even is
// the correctly rounded decimal that strconv's 'f' format (and CPython's)
// gives, without any float-to-decimal conversion. ok is false, and b
// unchanged, for the values and precisions it does not cover.
func appendFixedExact(b []byte, a float64, prec int) ([]byte, bool) {
	if prec >= len(pow10u64) {
		return b, false
	}
	fb := math.Float64bits(a)
	exp := int(fb>>52) & 0x7ff
	mant := fb & (1<<52 - 1)
	if exp == 0x7ff || fb>>63 != 0 {
		return b, false
	}
	if exp == 0 {
		exp = 1
	} else {
		mant |= 1 << 52
	}
	e := exp - 1075 // a == mant * 2**e
	var q uint64
	switch {
	case mant == 0:
	case e >= 0:
		if e > 10 {
			return b, false
		}
		hi, lo := bits.Mul64(mant<<uint(e), pow10u64[prec])
		if hi != 0 {
			return b, false
		}
		q = lo
	default:
		hi, lo := bits.Mul64(mant, pow10u64[prec])
		s := uint(-e)
		var up, tie bool
		switch {
		case s >= 128:
			// The product is below 2**117: far below half a unit.
		case s < 64:
			if hi>>s != 0 {
				return b, false
			}
			q = hi<<(64-s) | lo>>s
			rem, half := lo&(1<<s-1), uint64(1)<<(s-1)
			up, tie = rem > half, rem == half
		case s == 64:
			q = hi
			up, tie = lo > 1<<63, lo == 1<<63
		default:
			t := s - 64
			q = hi >> t
			remHi, halfHi := hi&(1<<t-1), uint64(1)<<(t-1)
			up = remHi > halfHi || remHi == halfHi && lo != 0
			tie = remHi == halfHi && lo == 0
		}
		if up || tie && q&1 != 0 {
			if q == math.MaxUint64 {
				return b, false
			}
			q++
		}
	}
	var db [48]byte
	digits := db[:0]
	if q < pow10u64[prec] {
		n := digitCount(q)
		// Leading zeros, so that one integer digit is left.
		for ; n <= prec; n++ {
			digits = append(digits, '0')
		}
	}
	digits = strconv.AppendUint(digits, q, 10)
	intLen := len(digits) - prec
	b = append(b, digits[:intLen]...)
	if prec > 0 {
		b = append(b, '.')
		b = append(b, digits[intLen:]...)
	}
	return b, true
}

// digitCount is the number of decimal digits of q (one for zero).
func digitCount(q uint64) int {
	n := 1
	for q >= 10 {
		q /= 10
		n++
	}
	return n
}
