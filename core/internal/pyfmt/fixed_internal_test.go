package pyfmt

import (
	"math"
	"math/rand"
	"strconv"
	"testing"
)

// appendFixed must match strconv's 'f' format exactly, including the
// halfway cases and the roundings that carry into a new digit.
func TestAppendFixedMatchesStrconv(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	check := func(a float64, prec int) {
		t.Helper()
		want := strconv.FormatFloat(a, 'f', prec, 64)
		if got := string(appendFixed(nil, a, prec)); got != want {
			t.Fatalf("appendFixed(%v, %d) = %q, want %q", a, prec, got, want)
		}
	}
	special := []float64{0, 1, math.NaN(), math.Inf(1), 9.995, 9.9999, 99.5, 0.5, 1.005, 2.675, 1e15, 1e16 - 1, 1e17 - 8,
		9.999999999999998, 999999.9999999, 123456.789, 0.9999999, 1.5, 2.5, 12.345, 5e-324,
		math.MaxFloat64, 1 << 53, 1<<53 - 1, 99999999999999.99}
	for _, a := range special {
		for prec := 0; prec <= 18; prec++ {
			check(a, prec)
		}
	}
	for i := 0; i < 200000; i++ {
		var a float64
		switch i % 4 {
		case 0:
			a = r.Float64() * math.Pow(10, float64(r.Intn(18)))
		case 1:
			a = float64(r.Intn(100000)) / 7
		case 2:
			// Near halfway: k + 0.5 ulp-ish at a decimal place.
			a = (float64(r.Intn(1000000)) + 0.5) / math.Pow(10, float64(r.Intn(6)))
		default:
			a = math.Float64frombits(r.Uint64() &^ (1 << 63))
			if math.IsInf(a, 0) || math.IsNaN(a) {
				continue
			}
		}
		check(a, r.Intn(8))
	}
}
