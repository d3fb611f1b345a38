package pyfmt

import "testing"

func TestParseFloat(t *testing.T) {
	for _, tc := range parseFloatTests {
		f, err := ParseFloat(tc.in)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseFloat(%q) error = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || FloatRepr(f) != tc.want {
			t.Errorf("ParseFloat(%q) = %v, %v; want %s", tc.in, f, err, tc.want)
		}
	}
}

func TestParseInt(t *testing.T) {
	for _, tc := range parseIntTests {
		n, err := ParseInt(tc.in, tc.base)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseInt(%q, %d) error = %v, want %q", tc.in, tc.base, err, tc.err)
			}
			continue
		}
		if err != nil || n.String() != tc.want {
			t.Errorf("ParseInt(%q, %d) = %v, %v; want %s", tc.in, tc.base, n, err, tc.want)
		}
	}
}
