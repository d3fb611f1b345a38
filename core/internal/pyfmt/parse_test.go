package pyfmt

import (
	"fmt"
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
