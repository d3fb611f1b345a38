package pyfmt

import (
	"math"
	"strconv"
	"strings"
)

// shortest returns the shortest round-trip decimal digits of |f| (f finite)
// and the decimal point position: |f| = 0.DIGITS * 10**decpt.
// Zero yields ("0", 1).
func shortest(f float64) (string, int) {
	return digitsFromE(strconv.FormatFloat(math.Abs(f), 'e', -1, 64))
}

// significant returns |f| correctly rounded to n significant digits
// (n >= 1) in the same form as shortest. Trailing zeros are kept.
func significant(f float64, n int) (string, int) {
	return digitsFromE(strconv.FormatFloat(math.Abs(f), 'e', n-1, 64))
}

// digitsFromE splits strconv 'e' output ("d.ddde+XX") into digits and decpt.
func digitsFromE(s string) (string, int) {
	i := strings.IndexByte(s, 'e')
	mant, exp := s[:i], s[i+1:]
	digits := strings.Replace(mant, ".", "", 1)
	e, _ := strconv.Atoi(exp)
	return digits, e + 1
}

// layout renders digits/decpt the way CPython's short float formatting
// does for the 'r' and 'g' modes. minDigits pads the digit string with
// zeros (used by the alternate form of 'g'); alt forces a decimal point;
// addDot0 forces at least one digit after the point in positional output.
func layout(digits string, decpt int, useExp bool, minDigits int, alt, addDot0 bool, expChar byte) string {
	if len(digits) < minDigits {
		digits += strings.Repeat("0", minDigits-len(digits))
	}
	exp := 0
	if useExp {
		exp = decpt - 1
		decpt = 1
	}
	end := len(digits)
	if !useExp && addDot0 {
		end = max(end, decpt+1)
	} else {
		end = max(end, decpt)
	}
	var b strings.Builder
	if decpt <= 0 {
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -decpt))
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", end-len(digits)))
	} else {
		if decpt <= len(digits) {
			b.WriteString(digits[:decpt])
		} else {
			b.WriteString(digits)
			b.WriteString(strings.Repeat("0", decpt-len(digits)))
		}
		if decpt < end || alt {
			b.WriteByte('.')
			if decpt < len(digits) {
				b.WriteString(digits[decpt:])
			}
			if n := end - max(decpt, len(digits)); n > 0 {
				b.WriteString(strings.Repeat("0", n))
			}
		}
	}
	if useExp {
		b.WriteByte(expChar)
		if exp < 0 {
			b.WriteByte('-')
			exp = -exp
		} else {
			b.WriteByte('+')
		}
		if exp < 10 {
			b.WriteByte('0')
		}
		b.WriteString(strconv.Itoa(exp))
	}
	return b.String()
}

// FloatRepr returns CPython's repr (and str) of f: the shortest digits
// that round-trip, in positional notation when the decimal exponent is in
// [-4, 16) and scientific notation otherwise.
func FloatRepr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	digits, decpt := shortest(f)
	s := layout(digits, decpt, decpt <= -4 || decpt > 16, 0, false, true, 'e')
	if math.Signbit(f) {
		return "-" + s
	}
	return s
}
