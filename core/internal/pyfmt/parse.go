package pyfmt

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// toASCIIDigits strips Python whitespace from both ends of s and converts
// Unicode decimal digits to ASCII. ok is false when a non-ASCII character
// other than a decimal digit remains.
func toASCIIDigits(s string) (string, bool) {
	s = pystr.Strip(s, "", false)
	if pystr.IsASCII(s) {
		return s, true
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case pystr.DecimalValue(r) >= 0:
			b.WriteByte(byte('0' + pystr.DecimalValue(r)))
		default:
			return "", false
		}
	}
	return b.String(), true
}

// digitRun consumes a run of decimal digits with single underscores
// between digits starting at s[i]; it returns the digits without
// underscores and the new position, or ok=false on a misplaced underscore.
func digitRun(s string, i int) (string, int, bool) {
	var b strings.Builder
	for i < len(s) {
		c := s[i]
		if c >= '0' && c <= '9' {
			b.WriteByte(c)
			i++
			continue
		}
		if c == '_' {
			if b.Len() == 0 || i+1 >= len(s) || s[i+1] < '0' || s[i+1] > '9' {
				return "", i, false
			}
			i++
			continue
		}
		break
	}
	return b.String(), i, true
}

// ParseFloat implements float(str): surrounding whitespace, Unicode
// digits, underscores between digits and inf/infinity/nan are accepted.
func ParseFloat(s string) (float64, error) {
	fail := valueError("could not convert string to float: " + pystr.Repr(s))
	t, ok := toASCIIDigits(s)
	if !ok || t == "" {
		return 0, fail
	}
	i := 0
	var b strings.Builder
	if t[0] == '+' || t[0] == '-' {
		b.WriteByte(t[0])
		i++
	}
	switch strings.ToLower(t[i:]) {
	case "nan":
		return math.NaN(), nil
	case "inf", "infinity":
		return math.Inf(1 - 2*strings.Count(b.String(), "-")), nil
	}
	intPart, i, ok := digitRun(t, i)
	if !ok {
		return 0, fail
	}
	b.WriteString(intPart)
	frac := ""
	if i < len(t) && t[i] == '.' {
		i++
		if i < len(t) && t[i] == '_' {
			return 0, fail
		}
		frac, i, ok = digitRun(t, i)
		if !ok {
			return 0, fail
		}
		b.WriteByte('.')
		b.WriteString(frac)
	}
	if intPart == "" && frac == "" {
		return 0, fail
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		b.WriteByte('e')
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			b.WriteByte(t[i])
			i++
		}
		var exp string
		exp, i, ok = digitRun(t, i)
		if !ok || exp == "" {
			return 0, fail
		}
		b.WriteString(exp)
	}
	if i != len(t) {
		return 0, fail
	}
	f, err := strconv.ParseFloat(b.String(), 64)
	if err != nil {
		if ne, isNum := err.(*strconv.NumError); !isNum || ne.Err != strconv.ErrRange {
			return 0, fail
		}
	}
	return f, nil
}

// ParseInt implements int(str, base) for base 0 or 2..36. It does not
// enforce sys.int_info's string-conversion digit limit; the caller may.
func ParseInt(s string, base int) (*big.Int, error) {
	if base != 0 && (base < 2 || base > 36) {
		return nil, valueError("int() base must be >= 2 and <= 36, or 0")
	}
	r := s
	if len(r) > 200 {
		r = pystr.Slice(s, 0, min(200, pystr.Len(s)), 1)
	}
	fail := valueError(fmt.Sprintf("invalid literal for int() with base %d: %s", base, pystr.Repr(r)))
	t, ok := toASCIIDigits(s)
	if !ok {
		return nil, fail
	}
	i := 0
	neg := false
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		neg = t[i] == '-'
		i++
	}
	b := base
	prefixed := false
	if len(t)-i >= 2 && t[i] == '0' {
		p := t[i+1] | 0x20
		if (p == 'x' && (b == 0 || b == 16)) || (p == 'o' && (b == 0 || b == 8)) || (p == 'b' && (b == 0 || b == 2)) {
			b = map[byte]int{'x': 16, 'o': 8, 'b': 2}[p]
			i += 2
			prefixed = true
		}
	}
	if b == 0 {
		b = 10
	}
	var digits strings.Builder
	allowUnderscore := prefixed
	for ; i < len(t); i++ {
		c := t[i]
		if c == '_' {
			if !allowUnderscore {
				return nil, fail
			}
			allowUnderscore = false
			continue
		}
		var v int
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c|0x20 >= 'a' && c|0x20 <= 'z':
			v = int(c|0x20-'a') + 10
		default:
			return nil, fail
		}
		if v >= b {
			return nil, fail
		}
		digits.WriteByte(c)
		allowUnderscore = true
	}
	d := digits.String()
	if d == "" || t[len(t)-1] == '_' {
		return nil, fail
	}
	if base == 0 && !prefixed && d[0] == '0' && strings.Trim(d, "0") != "" {
		return nil, fail
	}
	n, ok := new(big.Int).SetString(d, b)
	if !ok {
		return nil, fail
	}
	if neg {
		n.Neg(n)
	}
	return n, nil
}
