package pyfmt

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/casefile"
)

// Expected results derived from CPython 3.11 string.Formatter().parse and
// str.format error messages.
func TestParseFormatString(t *testing.T) {
	// A case's pieces spell the conversion as a letter ("r"), not a byte.
	type formatStringCase struct {
		In   string
		Want []struct {
			Piece
			Conv string
		}
		Err string
	}
	for _, tc := range casefile.Load[formatStringCase](t, "testdata/formatstring_cases.json") {
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
