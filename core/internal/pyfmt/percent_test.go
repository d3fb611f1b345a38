package pyfmt

import (
	"math"
	"math/big"
	"testing"
)

// Expected values from CPython 3.11 printf-style formatting.
func TestPercentFormat(t *testing.T) {
	tests := []struct {
		format string
		val    any
		want   string
	}{
		{"%05f", math.Inf(1), "00inf"},
		{"%-05d", 3, "3    "},
		{"%+05d", -3, "-0003"},
		{"%#08x", 255, "0x0000ff"},
		{"%.3d", -5, "-005"},
		{"%08.3d", 5, "00000005"},
		{"%#o", 8, "0o10"},
		{"%x", -255, "-ff"},
		{"%d", math.MinInt64, "-9223372036854775808"},
		{"%#X", math.MinInt64, "-0X8000000000000000"},
		{"%o", math.MaxInt64, "777777777777777777777"},
		{"% d", 5, " 5"},
		{"%5.2f", 3.14159, " 3.14"},
		{"%-8s", "ab", "ab      "},
		{"%.3s", "abcdef", "abc"},
		{"%e", 12345.678, "1.234568e+04"},
		{"%g", 0.00001234, "1.234e-05"},
		{"%#g", 1.0, "1.00000"},
		{"%G", 1e-10, "1E-10"},
		{"%10.4e", -1.5, "-1.5000e+00"},
		{"%-+8.1f", 2.25, "+2.2    "},
		{"%#.0f", 2.0, "2."},
		{"%i", 7, "7"},
		{"%u", 7, "7"},
		{"%05s", "ab", "   ab"},
		{"%.0e", 25.0, "2e+01"},
		{"%F", math.NaN(), "NAN"},
		{"%010.2f", -1.5, "-000001.50"},
		{"% 08.2f", 1.5, " 0001.50"},
		{"%#X", 255, "0XFF"},
		{"%#.3o", 8, "0o010"},
		{"%d", 0, "0"},
		{"%5d", 42, "   42"},
	}
	for _, tc := range tests {
		pieces, err := ParsePercent(tc.format)
		if err != nil || len(pieces) != 1 {
			t.Errorf("ParsePercent(%q) = %v, %v", tc.format, pieces, err)
			continue
		}
		p := pieces[0]
		var got string
		switch v := tc.val.(type) {
		case int:
			got = FormatPercentInt(big.NewInt(int64(v)), p)
		case float64:
			got = FormatPercentFloat(v, p)
		case string:
			got = PadPercentStr(v, p)
		}
		if got != tc.want {
			t.Errorf("%q %% %v = %q, want %q", tc.format, tc.val, got, tc.want)
		}
	}
}

func TestParsePercent(t *testing.T) {
	errs := map[string]string{
		"abc%":   "incomplete format",
		"ab%(x":  "incomplete format key",
		"%(x)y":  "unsupported format character 'y' (0x79) at index 4",
		"%5%":    "unsupported format character '%' (0x25) at index 2",
		"a%-5y":  "unsupported format character 'y' (0x79) at index 4",
		"é%-5":   "incomplete format",
		"%(a)-5": "incomplete format",
	}
	for in, msg := range errs {
		if _, err := ParsePercent(in); err == nil || err.Error() != msg {
			t.Errorf("ParsePercent(%q) error = %v, want %q", in, err, msg)
		}
	}
	got, err := ParsePercent("a%%b%(k)-*.*lds")
	want := []PercentPiece{
		{Literal: "a%b", Width: -1, Precision: -1},
		{MappingKey: "k", HasKey: true, Minus: true, Width: -2, Precision: -2, Conv: 'd'},
		{Literal: "s", Width: -1, Precision: -1},
	}
	if err != nil || len(got) != len(want) {
		t.Fatalf("ParsePercent = %+v, %v", got, err)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("piece %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
