package pyfmt

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestParseFloat(t *testing.T) {
	for _, tc := range parseFloatTests {
		f, err := ParseFloat(tc.in)
		checkResult(t, fmt.Sprintf("ParseFloat(%q)", tc.in), f, err, err == nil && FloatRepr(f) == tc.want, tc.want, tc.err)
	}
}

func TestParseInt(t *testing.T) {
	for _, tc := range parseIntTests {
		n, err := ParseInt(tc.in, tc.base)
		checkResult(t, fmt.Sprintf("ParseInt(%q, %d)", tc.in, tc.base), n, err, err == nil && n.String() == tc.want, tc.want, tc.err)
	}
}

func TestParseFloatMatchesCPython(t *testing.T) {
	for _, tc := range cpythonFloats {
		f, err := ParseFloat(tc.in)
		got := "ValueError"
		if err == nil {
			got = FloatRepr(f)
		}
		if got != tc.want {
			t.Errorf("ParseFloat(%.60q) = %s, CPython gives %s", tc.in, got, tc.want)
		}
	}
}

// Long random literals round as their exact value does (big.Rat's
// rounding): dropping digits past the ones a float64 can tell apart must
// change nothing. (strconv is no oracle here: past 800 digits without a
// decimal point it misplaces the point.)
func TestParseFloatLongDigits(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
			if rng.IntN(4) == 0 {
				b[i] = '0' // runs of zeros make near-halfway cases
			}
		}
		return string(b)
	}
	for range 2000 {
		s := digits(rng.IntN(1200))
		if rng.IntN(2) == 0 {
			s = strings.Repeat("0", rng.IntN(500)) + s
		}
		if rng.IntN(2) == 0 {
			s += "." + digits(rng.IntN(1200))
		}
		if strings.Trim(s, ".") == "" {
			continue
		}
		if rng.IntN(2) == 0 {
			s += "e" + strconv.Itoa(rng.IntN(1400)-700)
		}
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("big.Rat cannot parse %q", s)
		}
		want, _ := r.Float64()
		got, err := ParseFloat(s)
		if err != nil || got != want {
			t.Fatalf("ParseFloat(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
}

func TestParseFloatPollStops(t *testing.T) {
	stop := errors.New("stop")
	polls := 0
	s := strings.Repeat("1", 10*floatPollBytes) + "e-" + strings.Repeat("9", 5*floatPollBytes)
	_, err := ParseFloatPoll(s, func() error {
		if polls++; polls == 12 {
			return stop
		}
		return nil
	})
	if err != stop || polls != 12 {
		t.Fatalf("err %v after %d polls, want the poll's error after 12", err, polls)
	}
}
