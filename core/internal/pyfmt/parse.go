package pyfmt

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

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

// ErrNotFloat is ParseFloatPoll's error for text that is not a float
// literal: the caller words the message (CPython's repeats the whole text).
var ErrNotFloat = errors.New("not a float literal")

// ParseFloat implements float(str): surrounding whitespace, Unicode
// digits, underscores between digits and inf/infinity/nan are accepted.
func ParseFloat(s string) (float64, error) {
	f, err := ParseFloatPoll(s, nil)
	if errors.Is(err, ErrNotFloat) {
		return 0, valueError("could not convert string to float: " + pystr.Repr(s))
	}
	return f, err
}

const (
	// floatPollBytes is how much text ParseFloatPoll reads between two
	// calls of its poll function: well under a millisecond of scanning.
	floatPollBytes = 1 << 16
	// floatKeepDigits is how many significant digits ParseFloatPoll hands
	// to strconv. A point halfway between two float64s has at most 767
	// significant digits, so the first 768 digits and one nonzero digit
	// standing for any nonzero digit dropped after them round as all the
	// digits do.
	floatKeepDigits = 768
	// floatMaxExp bounds the decimal exponent: past it every mantissa
	// overflows or underflows, and the sum with the digit count cannot
	// overflow an int64.
	floatMaxExp = 1 << 40
)

// ParseFloatPoll is ParseFloat doing work bounded by the number of
// significant digits a float64 can tell apart, whatever the length of s:
// the digits are scanned and validated in pieces, with poll (when not
// nil) called between pieces, and strconv gets a bounded mantissa and an
// exponent. Text that is not a float literal gives ErrNotFloat; poll's
// error ends the scan and is returned as it is.
func ParseFloatPoll(s string, poll func() error) (float64, error) {
	t := pystr.Strip(s, "", false)
	neg := false
	if t != "" && (t[0] == '+' || t[0] == '-') {
		neg = t[0] == '-'
		t = t[1:]
	}
	sign := 1.0
	if neg {
		sign = -1
	}
	if len(t) <= len("infinity") {
		switch strings.ToLower(t) {
		case "nan":
			return math.NaN(), nil
		case "inf", "infinity":
			return math.Inf(int(sign)), nil
		}
	}
	sc := floatScanner{s: t, poll: poll, nextPoll: floatPollBytes}
	if err := sc.mantissa(); err != nil {
		return 0, err
	}
	exp, err := sc.exponent()
	if err != nil {
		return 0, err
	}
	if sc.i != len(t) {
		return 0, ErrNotFloat
	}
	if len(sc.digits) == 0 {
		return sign * 0, nil
	}
	if sc.sticky {
		sc.digits = append(sc.digits, '1')
	}
	exp = max(min(exp+sc.point, floatMaxExp), -floatMaxExp)
	f, err := strconv.ParseFloat("0."+string(sc.digits)+"e"+strconv.FormatInt(exp, 10), 64)
	if err != nil {
		if ne, isNum := err.(*strconv.NumError); !isNum || ne.Err != strconv.ErrRange {
			return 0, ErrNotFloat
		}
	}
	return sign * f, nil
}

// floatScanner reads the parts of a float literal: the value of its
// digits is 0.digits (and sticky's nonzero digit) times ten to point.
type floatScanner struct {
	s        string
	i        int
	poll     func() error
	nextPoll int
	digits   []byte // the significant digits kept, up to floatKeepDigits
	sticky   bool   // a nonzero digit was dropped
	point    int64
}

// digit reads the decimal digit (any Unicode decimal digit) at the
// scanner's position without consuming it: its value and size, or -1.
func (sc *floatScanner) digit(i int) (int, int) {
	if i >= len(sc.s) {
		return -1, 0
	}
	if c := sc.s[i]; c < utf8.RuneSelf {
		if c >= '0' && c <= '9' {
			return int(c - '0'), 1
		}
		return -1, 0
	}
	r, n := utf8.DecodeRuneInString(sc.s[i:])
	return pystr.DecimalValue(r), n
}

// The parts of a float literal, which use their digits differently.
const (
	intDigits = iota
	fracDigits
	expDigits
)

// run consumes digits with single underscores between them into the
// part of the literal it reads, and reports how many digits it read. The
// exponent's value is added to *exp, saturated at floatMaxExp.
func (sc *floatScanner) run(part int, exp *int64) (int, error) {
	n := 0
	for {
		if sc.poll != nil && sc.i >= sc.nextPoll {
			sc.nextPoll = sc.i + floatPollBytes
			if err := sc.poll(); err != nil {
				return n, err
			}
		}
		d, size := sc.digit(sc.i)
		if d < 0 && n > 0 && sc.i < len(sc.s) && sc.s[sc.i] == '_' {
			if d, _ = sc.digit(sc.i + 1); d < 0 {
				return n, ErrNotFloat
			}
			sc.i++
			continue
		}
		if d < 0 {
			return n, nil
		}
		sc.i += size
		n++
		switch {
		case part == expDigits:
			*exp = min(*exp*10+int64(d), floatMaxExp)
		case len(sc.digits) == floatKeepDigits:
			sc.sticky = sc.sticky || d != 0
			if part == intDigits {
				sc.point++
			}
		case d != 0 || len(sc.digits) > 0:
			sc.digits = append(sc.digits, byte('0'+d))
			if part == intDigits {
				sc.point++
			}
		case part == fracDigits:
			// A zero before the first significant digit of the fraction.
			sc.point--
		}
	}
}

// mantissa reads digits [. digits] or . digits.
func (sc *floatScanner) mantissa() error {
	nInt, err := sc.run(intDigits, nil)
	if err != nil {
		return err
	}
	nFrac := 0
	if sc.i < len(sc.s) && sc.s[sc.i] == '.' {
		sc.i++
		if nFrac, err = sc.run(fracDigits, nil); err != nil {
			return err
		}
	}
	if nInt == 0 && nFrac == 0 {
		return ErrNotFloat
	}
	return nil
}

// exponent reads an optional exponent, saturated at floatMaxExp.
func (sc *floatScanner) exponent() (int64, error) {
	if sc.i >= len(sc.s) || (sc.s[sc.i] != 'e' && sc.s[sc.i] != 'E') {
		return 0, nil
	}
	sc.i++
	neg := false
	if sc.i < len(sc.s) && (sc.s[sc.i] == '+' || sc.s[sc.i] == '-') {
		neg = sc.s[sc.i] == '-'
		sc.i++
	}
	var e int64
	n, err := sc.run(expDigits, &e)
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, ErrNotFloat
	}
	if neg {
		e = -e
	}
	return e, nil
}

// ParseInt implements int(str, base) for base 0 or 2..36. It does not
// enforce sys.int_info's string-conversion digit limit; the caller may.
func ParseInt(s string, base int) (*big.Int, error) {
	d, b, neg, err := IntText(s, base, nil)
	if err != nil {
		return nil, err
	}
	n, _ := new(big.Int).SetString(d, b)
	if neg {
		n.Neg(n)
	}
	return n, nil
}

// IntText validates the text of int(s, base) (base 0 or 2..36) and gives
// its digits without underscores, prefix or sign, in base b, for the
// caller to convert (math/big's conversion is quadratic in the length of
// a decimal text, which a caller with a deadline does in pieces). poll,
// when not nil, is called between pieces of a long text, and its error
// ends the scan.
func IntText(s string, base int, poll func() error) (digits string, b int, neg bool, err error) {
	if base != 0 && (base < 2 || base > 36) {
		return "", 0, false, valueError("int() base must be >= 2 and <= 36, or 0")
	}
	fail := func() error {
		r := s
		if len(r) > 200 {
			r = pystr.Slice(s, 0, min(200, pystr.Len(s)), 1)
		}
		return valueError(fmt.Sprintf("invalid literal for int() with base %d: %s", base, pystr.Repr(r)))
	}
	t, ok := toASCIIDigits(s)
	if !ok {
		return "", 0, false, fail()
	}
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		neg = t[i] == '-'
		i++
	}
	b = base
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
	var out strings.Builder
	out.Grow(len(t) - i)
	allowUnderscore := prefixed
	for next := i + floatPollBytes; i < len(t); i++ {
		if i >= next && poll != nil {
			next = i + floatPollBytes
			if err := poll(); err != nil {
				return "", 0, false, err
			}
		}
		c := t[i]
		if c == '_' {
			if !allowUnderscore {
				return "", 0, false, fail()
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
			return "", 0, false, fail()
		}
		if v >= b {
			return "", 0, false, fail()
		}
		out.WriteByte(c)
		allowUnderscore = true
	}
	d := out.String()
	if d == "" || t[len(t)-1] == '_' {
		return "", 0, false, fail()
	}
	if base == 0 && !prefixed && d[0] == '0' && strings.Trim(d, "0") != "" {
		return "", 0, false, fail()
	}
	return d, b, neg, nil
}
