package pyfmt

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"testing"
)

func TestFormat(t *testing.T) {
	names := map[string]string{"i": "int", "f": "float", "s": "str"}
	for _, tc := range loadFormatCases(t) {
		var got string
		spec, err := ParseSpec(tc.spec, names[tc.kind])
		if err == nil {
			switch tc.kind {
			case "i":
				n, _ := new(big.Int).SetString(tc.val, 10)
				got, err = FormatInt(n, spec)
				if n.IsInt64() {
					got64, err64 := FormatInt64(n.Int64(), spec)
					if got64 != got || (err == nil) != (err64 == nil) {
						t.Errorf("FormatInt64(%s, %q) = %q, %v; FormatInt gave %q, %v", tc.val, tc.spec, got64, err64, got, err)
					}
				}
			case "f":
				bits, _ := strconv.ParseUint(tc.val, 10, 64)
				got, err = FormatFloat(math.Float64frombits(bits), spec)
			case "s":
				got, err = FormatStr(tc.val, spec)
			}
		}
		checkResult(t, fmt.Sprintf("format(%s %s, %q)", tc.kind, tc.val, tc.spec), got, err, got == tc.want, tc.want, tc.err)
	}
}
