package pyfmt

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"testing"
)

// TestRoundFloat checks RoundFloat against the rows of
// testdata/round_cases.json: the float64's bits (a string: JSON numbers
// lose them), ndigits, and CPython 3.11's round() as its repr or the
// error it raises.
func TestRoundFloat(t *testing.T) {
	b, err := os.ReadFile("testdata/round_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var rows [][4]any
	if err := json.Unmarshal(b, &rows); err != nil {
		t.Fatal(err)
	}
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
		if wantErr != "" {
			if err == nil || err.Error() != wantErr {
				t.Errorf("RoundFloat(%v, %d) error = %v, want %q", x, n, err, wantErr)
			}
			continue
		}
		if err != nil || FloatRepr(got) != want {
			t.Errorf("RoundFloat(%v, %d) = %v, %v; want %s", x, n, got, err, want)
		}
	}
}
