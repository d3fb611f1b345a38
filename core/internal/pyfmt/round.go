package pyfmt

import (
	"math"
	"math/big"
)

// RoundFloat implements Python's round(x, ndigits): x is rounded to
// ndigits decimal places (negative values round to tens, hundreds, ...)
// using round-half-even on the exact binary value, and the result is the
// float nearest that decimal. OverflowError is returned when the rounded
// value does not fit in a float.
func RoundFloat(x float64, ndigits int) (float64, error) {
	if math.IsInf(x, 0) || math.IsNaN(x) || x == 0 || ndigits > 330 {
		return x, nil
	}
	if ndigits < -330 {
		return math.Copysign(0, x), nil
	}
	r := new(big.Rat).SetFloat64(x)
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(ndigits))), nil))
	if ndigits >= 0 {
		r.Mul(r, scale)
	} else {
		r.Quo(r, scale)
	}
	// Round r to the nearest integer, ties to even.
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	twice := new(big.Int).Abs(m)
	twice.Lsh(twice, 1)
	if c := twice.Cmp(r.Denom()); c > 0 || (c == 0 && q.Bit(0) == 1) {
		if r.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	res := new(big.Rat).SetInt(q)
	if ndigits >= 0 {
		res.Quo(res, scale)
	} else {
		res.Mul(res, scale)
	}
	f, _ := res.Float64()
	if math.IsInf(f, 0) {
		return 0, overflowError("rounded value too large to represent")
	}
	return math.Copysign(f, x), nil
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
