package pyfmt

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/casefile"
)

// TestRoundFloat checks RoundFloat against the rows of
// testdata/round_cases.json: the float64's bits (a string: JSON numbers
// lose them), ndigits, and CPython 3.11's round() as its repr or the
// error it raises.
func TestRoundFloat(t *testing.T) {
	rows := casefile.Load[[4]any](t, "testdata/round_cases.json")
	if len(rows) < 60 {
		t.Fatalf("only %d cases", len(rows))
	}
	for _, r := range rows {
		bits, err := strconv.ParseUint(r[0].(string), 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		x, n, want, wantErr := math.Float64frombits(bits), int(r[1].(float64)), r[2].(string), r[3].(string)
		got, err := RoundFloat(x, n)
		checkResult(t, fmt.Sprintf("RoundFloat(%v, %d)", x, n), got, err, FloatRepr(got) == want, want, wantErr)
	}
}
