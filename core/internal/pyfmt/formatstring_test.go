package pyfmt

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"testing"
)

// Expected results derived from CPython 3.11 string.Formatter().parse and
// str.format error messages.
func TestParseFormatString(t *testing.T) {
	b, err := os.ReadFile("testdata/formatstring_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	// A case's pieces spell the conversion as a letter ("r"), not a byte.
	var tests []struct {
		In   string
		Want []struct {
			Piece
			Conv string
		}
		Err string
	}
	if err := json.Unmarshal(b, &tests); err != nil || len(tests) == 0 {
		t.Fatalf("testdata/formatstring_cases.json: %d cases, %v", len(tests), err)
	}
	for _, tc := range tests {
		var want []Piece
		for _, p := range tc.Want {
			if p.Conv != "" {
				p.Conversion = p.Conv[0]
			}
			want = append(want, p.Piece)
		}
		got, err := ParseFormatString(tc.In)
		checkResult(t, fmt.Sprintf("ParseFormatString(%q)", tc.In), got, err, reflect.DeepEqual(got, want), want, tc.Err)
	}
}
