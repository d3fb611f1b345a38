package pyfmt

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// group inserts sep every size digits from the right of digits, padding
// with zeros until the result is at least minWidth characters long.
func group(digits string, sep byte, size, minWidth int) string {
	var parts []string
	remaining := len(digits)
	first := true
	for {
		if !first {
			minWidth--
		}
		l := min(size, max(remaining, minWidth, 1))
		chars := min(remaining, l)
		zeros := l - chars
		parts = append(parts, strings.Repeat("0", zeros)+digits[remaining-chars:remaining])
		remaining -= chars
		minWidth -= l
		first = false
		if remaining <= 0 && minWidth <= 0 {
			break
		}
	}
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteString(parts[i])
		if i > 0 {
			b.WriteByte(sep)
		}
	}
	return b.String()
}

// number lays out a formatted number: sign, prefix, integer digits
// (grouped when requested) and the rest (fraction, exponent, suffix),
// padded to the spec's width.
func number(spec Spec, neg bool, prefix, intDigits, rest string, groupSize int) string {
	sign := ""
	switch {
	case neg:
		sign = "-"
	case spec.Sign == '+':
		sign = "+"
	case spec.Sign == ' ':
		sign = " "
	}
	fill, align := spec.fillAlign('>')
	if spec.Grouping != 0 && intDigits != "" {
		minWidth := 0
		if fill == '0' && align == '=' {
			minWidth = spec.Width - len(sign) - len(prefix) - len(rest)
		}
		intDigits = group(intDigits, spec.Grouping, groupSize, minWidth)
	}
	return padNumber(sign+prefix, intDigits+rest, spec.Width, fill, align)
}

func padNumber(lead, body string, width int, fill rune, align byte) string {
	n := width - len(lead) - pystr.Len(body)
	if n <= 0 {
		return lead + body
	}
	// One buffer for the result: the pieces were concatenated pairwise.
	var b strings.Builder
	b.Grow(len(lead) + len(body) + n*max(utf8.RuneLen(fill), 1))
	run := func(k int) {
		for ; k > 0; k-- {
			b.WriteRune(fill)
		}
	}
	switch align {
	case '<':
		b.WriteString(lead)
		b.WriteString(body)
		run(n)
	case '^':
		run(n / 2)
		b.WriteString(lead)
		b.WriteString(body)
		run(n - n/2)
	case '=':
		b.WriteString(lead)
		run(n)
		b.WriteString(body)
	default:
		run(n)
		b.WriteString(lead)
		b.WriteString(body)
	}
	return b.String()
}

// FormatStr implements format(str, spec).
func FormatStr(s string, spec Spec) (string, error) {
	if spec.Type != 0 && spec.Type != 's' {
		return "", unknownCode(spec.Type, "str")
	}
	if spec.Sign == ' ' {
		return "", valueError("Space not allowed in string format specifier")
	}
	if spec.Sign != 0 {
		return "", valueError("Sign not allowed in string format specifier")
	}
	if spec.NoNegZero {
		return "", valueError("Negative zero coercion (z) not allowed in string format specifier")
	}
	if spec.Alt {
		return "", valueError("Alternate form (#) not allowed in string format specifier")
	}
	if spec.Align == '=' {
		return "", valueError("'=' alignment not allowed in string format specifier")
	}
	if spec.Grouping != 0 {
		return "", valueError("Cannot specify '" + string(spec.Grouping) + "' with 's'.")
	}
	if spec.Precision >= 0 && spec.Precision < pystr.Len(s) {
		s = pystr.Slice(s, 0, spec.Precision, 1)
	}
	fill, align := spec.fillAlign('<')
	return padNumber("", s, spec.Width, fill, align), nil
}

// plainPad reports whether spec only pads (with an ASCII fill, if any) a
// number laid out without grouping or a 'z' flag: the shape of the specs
// programs use most ({i:>6}, {n:03d}, {x:.2f}), which padASCII lays out
// in one buffer.
func (s Spec) plainPad() bool {
	return s.Grouping == 0 && !s.NoNegZero && s.Fill < utf8.RuneSelf
}

// padASCII pads body, ASCII text of a number that starts with its sign
// when signed, to the spec's width, aligned as the spec says (defAlign
// when it does not), in a single allocation.
func padASCII(body []byte, signed bool, spec Spec, defAlign byte) string {
	if spec.Width <= len(body) {
		return string(body)
	}
	// Short results are laid out on the stack and copied once into the
	// string; longer ones get a buffer of their own.
	var small [64]byte
	return string(appendPadASCII(small[:0], body, signed, spec, defAlign))
}

// appendPadASCII appends padASCII's result to dst. body must not share
// dst's memory.
func appendPadASCII(dst, body []byte, signed bool, spec Spec, defAlign byte) []byte {
	n := spec.Width - len(body)
	if n <= 0 {
		return append(dst, body...)
	}
	fill, align := spec.fillAlign(defAlign)
	start := len(dst)
	dst = slices.Grow(dst, spec.Width)[:start+spec.Width]
	out := dst[start:]
	at := 0 // where body goes
	switch align {
	case '<':
	case '^':
		at = n / 2
	case '=':
		if signed {
			out[0] = body[0]
			body = body[1:]
			at = 1 + n
			for i := 1; i < at; i++ {
				out[i] = byte(fill)
			}
			copy(out[at:], body)
			return dst
		}
		at = n
	default:
		at = n
	}
	for i := 0; i < at; i++ {
		out[i] = byte(fill)
	}
	copy(out[at:], body)
	for i := at + len(body); i < len(out); i++ {
		out[i] = byte(fill)
	}
	return dst
}

// AppendInt64Plain appends format(x, spec) to dst when spec is a plain
// decimal one ({i:>6}, {n:03d}: no grouping, precision or non-ASCII
// fill), whose result is ASCII; ok is false, and dst unchanged, for any
// other spec.
func AppendInt64Plain(dst []byte, x int64, spec Spec) (out []byte, ok bool) {
	if !((spec.Type == 0 || spec.Type == 'd') && spec.Precision < 0 && spec.plainPad()) {
		return dst, false
	}
	var buf [24]byte
	return appendPadASCII(dst, appendSignedInt(buf[:0], x, spec), x < 0 || spec.Sign == '+' || spec.Sign == ' ', spec, '>'), true
}

// appendSignedInt appends x in decimal with the sign the spec asks for.
// ('#' adds no prefix to decimal digits.)
func appendSignedInt(b []byte, x int64, spec Spec) []byte {
	switch {
	case x >= 0 && spec.Sign == '+':
		b = append(b, '+')
	case x >= 0 && spec.Sign == ' ':
		b = append(b, ' ')
	}
	return strconv.AppendInt(b, x, 10)
}

// AppendFixedPlain appends format(f, spec) to dst when f is finite and
// spec a plain 'f' or 'F' one ({x:.2f}, {x:10.3f}), whose result is
// ASCII; ok is false, and dst unchanged, otherwise.
func AppendFixedPlain(dst []byte, f float64, spec Spec) (out []byte, ok bool) {
	if !((spec.Type == 'f' || spec.Type == 'F') && spec.plainPad() && !math.IsInf(f, 0) && !math.IsNaN(f)) {
		return dst, false
	}
	var buf [48]byte
	b, signed := fixedBody(buf[:0], f, spec)
	return appendPadASCII(dst, b, signed, spec, '>'), true
}

// FormatInt64 implements format(int, spec) for values that fit in int64.
func FormatInt64(x int64, spec Spec) (string, error) {
	if (spec.Type == 0 || spec.Type == 'd') && spec.Precision < 0 && spec.plainPad() {
		var buf [24]byte
		b := appendSignedInt(buf[:0], x, spec)
		return padASCII(b, x < 0 || spec.Sign == '+' || spec.Sign == ' ', spec, '>'), nil
	}
	switch spec.Type {
	case 0, 'b', 'd', 'n', 'o', 'x', 'X':
		// The integer presentations without an error case need no
		// math/big for a machine-sized int.
		if spec.Precision < 0 && !spec.NoNegZero {
			base, prefix, size := intBase(spec)
			u := uint64(x)
			if x < 0 {
				u = -u
			}
			return intNumber(spec, x < 0, prefix, strconv.FormatUint(u, base), size), nil
		}
	}
	return FormatInt(big.NewInt(x), spec)
}

// IntToFloat converts x to the nearest float64 (ties to even), or returns
// Python's OverflowError when it is too large.
func IntToFloat(x *big.Int) (float64, error) {
	f, _ := new(big.Float).SetInt(x).Float64()
	if math.IsInf(f, 0) {
		return 0, overflowError("int too large to convert to float")
	}
	return f, nil
}

// FormatInt implements format(int, spec).
func FormatInt(x *big.Int, spec Spec) (string, error) { return FormatIntWith(x, spec, nil) }

// Decimal converts a non-negative big int to its decimal digits. Callers
// whose deadline must hold inside a huge conversion pass their own to the
// ...With functions; nil is math/big's, which runs to completion.
type Decimal func(*big.Int) (string, error)

// digitsOf is |x| in base, through dec for base 10 when dec is set.
func digitsOf(x *big.Int, base int, dec Decimal) (string, error) {
	a := new(big.Int).Abs(x)
	if base == 10 && dec != nil {
		return dec(a)
	}
	return a.Text(base), nil
}

// FormatIntWith is FormatInt with the decimal conversion dec.
func FormatIntWith(x *big.Int, spec Spec, dec Decimal) (string, error) {
	switch spec.Type {
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		f, err := IntToFloat(x)
		if err != nil {
			return "", err
		}
		return FormatFloat(f, spec)
	case 0, 'b', 'c', 'd', 'o', 'x', 'X', 'n':
	default:
		return "", unknownCode(spec.Type, "int")
	}
	if spec.Precision >= 0 {
		return "", valueError("Precision not allowed in integer format specifier")
	}
	if spec.NoNegZero {
		return "", valueError("Negative zero coercion (z) not allowed in integer format specifier")
	}
	if spec.Type == 'c' {
		if spec.Sign != 0 {
			return "", valueError("Sign not allowed with integer format specifier 'c'")
		}
		if spec.Alt {
			return "", valueError("Alternate form (#) not allowed with integer format specifier 'c'")
		}
		if !x.IsInt64() {
			return "", overflowError("Python int too large to convert to C long")
		}
		if x.Sign() < 0 || x.Cmp(big.NewInt(0x110000)) >= 0 {
			return "", overflowError("%c arg not in range(0x110000)")
		}
		fill, align := spec.fillAlign('>')
		return padNumber("", string(rune(x.Int64())), spec.Width, fill, align), nil
	}
	base, prefix, size := intBase(spec)
	digits, err := digitsOf(x, base, dec)
	if err != nil {
		return "", err
	}
	return intNumber(spec, x.Sign() < 0, prefix, digits, size), nil
}

// intBase is the base, the prefix (with '#') and the digit group size of
// an integer presentation type.
func intBase(spec Spec) (base int, prefix string, size int) {
	base, prefix, size = 10, "", 3
	switch spec.Type {
	case 'b':
		base, prefix, size = 2, "0b", 4
	case 'o':
		base, prefix, size = 8, "0o", 4
	case 'x':
		base, prefix, size = 16, "0x", 4
	case 'X':
		base, prefix, size = 16, "0X", 4
	}
	if !spec.Alt {
		prefix = ""
	}
	return base, prefix, size
}

// intNumber lays out the digits of an int's magnitude.
func intNumber(spec Spec, neg bool, prefix, digits string, size int) string {
	if spec.Type == 'X' {
		digits = strings.ToUpper(digits)
	}
	return number(spec, neg, prefix, digits, "", size)
}

// FormatFloat implements format(float, spec).
func FormatFloat(f float64, spec Spec) (string, error) {
	typ := spec.Type
	prec := spec.Precision
	switch typ {
	case 0, 'e', 'E', 'f', 'F', 'g', 'G', 'n', '%':
	default:
		return "", unknownCode(typ, "float")
	}
	if (typ == 'f' || typ == 'F') && spec.plainPad() && !math.IsInf(f, 0) && !math.IsNaN(f) {
		return fixedASCII(f, spec), nil
	}
	upper := typ == 'E' || typ == 'F' || typ == 'G'
	neg := math.Signbit(f)
	a := math.Abs(f)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		s := "inf"
		if math.IsNaN(f) {
			s, neg = "nan", false
		}
		if upper {
			s = strings.ToUpper(s)
		}
		if typ == '%' {
			s += "%"
		}
		return number(spec, neg, "", "", s, 3), nil
	}
	expChar := byte('e')
	if upper {
		expChar = 'E'
	}
	var s string
	switch typ {
	case 'f', 'F', '%':
		if prec < 0 {
			prec = 6
		}
		if typ == '%' {
			a *= 100
			if math.IsInf(a, 0) {
				return number(spec, neg, "", "", "inf%", 3), nil
			}
		}
		var fb [48]byte
		s = string(appendFixed(fb[:0], a, prec))
		if spec.Alt && prec == 0 {
			s += "."
		}
		if typ == '%' {
			s += "%"
		}
	case 'e', 'E':
		if prec < 0 {
			prec = 6
		}
		s = strconv.FormatFloat(a, 'e', prec, 64)
		if spec.Alt && prec == 0 {
			s = s[:1] + "." + s[1:]
		}
		if upper {
			s = strings.ToUpper(s)
		}
	default: // g, G, n, none
		if typ == 0 && prec < 0 {
			digits, decpt := shortest(a)
			s = layout(digits, decpt, decpt <= -4 || decpt > 16, 0, spec.Alt, true, 'e')
			break
		}
		addDot0 := typ == 0
		if prec < 0 {
			prec = 6
		} else if prec == 0 {
			prec = 1
		}
		digits, decpt := significant(a, prec)
		if a == 0 {
			decpt = 1
		}
		limit := prec
		if addDot0 {
			limit--
		}
		useExp := decpt <= -4 || decpt > limit
		trimmed := strings.TrimRight(digits, "0")
		if trimmed == "" {
			trimmed = "0"
		}
		minDigits := 0
		if spec.Alt {
			minDigits = prec
		}
		s = layout(trimmed, decpt, useExp, minDigits, spec.Alt, addDot0, expChar)
	}
	if neg && spec.NoNegZero && strings.Trim(s, "0.e+-E%") == "" {
		neg = false
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return number(spec, neg, "", s[:i], s[i:], 3), nil
}

// fixedASCII is FormatFloat for a finite f and an 'f' or 'F' spec that
// plainPad accepts: sign, digits and padding in one buffer.
func fixedASCII(f float64, spec Spec) string {
	var buf [48]byte
	b, signed := fixedBody(buf[:0], f, spec)
	return padASCII(b, signed, spec, '>')
}

// appendFixed appends a (finite, non-negative) in fixed notation with
// prec decimals, as strconv's 'f' format does. strconv lays out 'f' with
// a precision through multi-precision decimal arithmetic; when the
// result has at most 17 significant digits it is the same as the 'e'
// format with that many digits (correctly rounded at the same decimal
// place), which strconv computes with Ryu, re-laid out here.
func appendFixed(b []byte, a float64, prec int) []byte {
	if r, ok := appendFixedExact(b, a, prec); ok {
		return r
	}
	if !(a >= 1 && a < 1e17) || prec > 16 { // NaN too
		return strconv.AppendFloat(b, a, 'f', prec, 64)
	}
	// The decimal exponent of a: its shortest form's is exact here (each
	// power of ten up to 1e22 is a float, so no float below one rounds
	// to it).
	var sb [32]byte
	short := strconv.AppendFloat(sb[:0], a, 'e', -1, 64)
	e := decimalExp(short)
	n := e + 1 + prec // significant digits up to the prec'th decimal
	if n > 17 {
		return strconv.AppendFloat(b, a, 'f', prec, 64)
	}
	var eb [32]byte
	sci := strconv.AppendFloat(eb[:0], a, 'e', n-1, 64)
	var db [24]byte
	digits := db[:0]
	for _, c := range sci {
		if c == 'e' {
			break
		}
		if c != '.' {
			digits = append(digits, c)
		}
	}
	if decimalExp(sci) != e {
		// Rounding carried into a new leading digit (9.996 to "10.00"):
		// the digits are a one and zeros, one more integer digit.
		digits = append(digits, '0')
	}
	intLen := len(digits) - prec
	b = append(b, digits[:intLen]...)
	if prec > 0 {
		b = append(b, '.')
		b = append(b, digits[intLen:]...)
	}
	return b
}

// decimalExp reads the exponent of strconv's 'e' format.
func decimalExp(sci []byte) int {
	i := len(sci) - 1
	for sci[i] != 'e' {
		i--
	}
	neg := sci[i+1] == '-'
	e := 0
	for _, c := range sci[i+2:] {
		e = e*10 + int(c-'0')
	}
	if neg {
		e = -e
	}
	return e
}

// fixedBody appends fixedASCII's text before padding to b, and reports
// whether it starts with a sign.
func fixedBody(b []byte, f float64, spec Spec) ([]byte, bool) {
	prec := spec.Precision
	if prec < 0 {
		prec = 6
	}
	neg := math.Signbit(f)
	switch {
	case neg:
		b = append(b, '-')
	case spec.Sign == '+':
		b = append(b, '+')
	case spec.Sign == ' ':
		b = append(b, ' ')
	}
	b = appendFixed(b, math.Abs(f), prec)
	if spec.Alt && prec == 0 {
		b = append(b, '.')
	}
	return b, neg || spec.Sign == '+' || spec.Sign == ' '
}

// AppendStrPlain appends format(s, spec) to dst, for an ASCII s, when
// spec only pads it (with an ASCII fill) or truncates it ({h:>8},
// {w:<5}, {w:.3}); ok is false, and dst unchanged, for any other spec:
// FormatStr reports the errors.
func AppendStrPlain(dst []byte, s string, spec Spec) (out []byte, ok bool) {
	if !(spec.Type == 0 || spec.Type == 's') || spec.Sign != 0 || spec.NoNegZero || spec.Alt ||
		spec.Align == '=' || spec.Grouping != 0 || spec.Fill >= utf8.RuneSelf {
		return dst, false
	}
	if spec.Precision >= 0 && spec.Precision < len(s) {
		s = s[:spec.Precision]
	}
	// appendPadASCII only reads the body.
	body := unsafe.Slice(unsafe.StringData(s), len(s))
	return appendPadASCII(dst, body, false, spec, '<'), true
}
