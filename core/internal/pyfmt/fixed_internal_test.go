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

// appendFixedExact, wherever it answers, must match strconv's 'f'
// format, and it must answer for the everyday values ({x:.2f} of a
// quotient, a price, a small fraction).
func TestAppendFixedExactMatchesStrconv(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	answered := 0
	check := func(a float64, prec int) {
		t.Helper()
		got, ok := appendFixedExact([]byte("x"), a, prec)
		if !ok {
			return
		}
		answered++
		if want := "x" + strconv.FormatFloat(a, 'f', prec, 64); string(got) != want {
			t.Fatalf("appendFixedExact(%v (%#x), %d) = %q, want %q", a, math.Float64bits(a), prec, got, want)
		}
	}
	special := []float64{0, 1, 0.5, 0.125, 0.375, 2.5, 1.005, 2.675, 9.995, 0.045, 5e-324, 1e-300,
		math.SmallestNonzeroFloat64 * 3, 1 << 53, 1<<63 - 1024, 1 << 63, 1 << 64, 18446744073709549568,
		1844674407370955161, 0.9999999999999999, 99.995, 1e19, 9.999999999999999e18, math.Nextafter(0.5, 0),
		math.Nextafter(0.5, 1), 1.0 / 3, 2.0 / 3}
	for _, a := range special {
		for prec := 0; prec <= 20; prec++ {
			check(a, prec)
		}
	}
	for i := 0; i < 400000; i++ {
		var a float64
		switch i % 5 {
		case 0:
			a = r.Float64() * math.Pow(10, float64(r.Intn(22)-3))
		case 1:
			a = float64(r.Intn(1000000)) / float64(1+r.Intn(1000))
		case 2:
			a = (float64(r.Intn(1000000)) + 0.5) / math.Pow(2, float64(r.Intn(30)))
		case 3:
			a = float64(r.Int63()) / math.Pow(2, float64(r.Intn(140)))
		default:
			a = math.Float64frombits(r.Uint64() &^ (1 << 63))
			if math.IsInf(a, 0) || math.IsNaN(a) {
				continue
			}
		}
		check(a, r.Intn(21))
	}
	for _, a := range []float64{1.0 / 7, 12345.678, 0.001, 42} {
		if _, ok := appendFixedExact(nil, a, 2); !ok {
			t.Errorf("appendFixedExact(%v, 2) declined", a)
		}
	}
	if answered < 200000 {
		t.Errorf("answered only %d cases", answered)
	}
}
