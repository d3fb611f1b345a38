package pyfmt

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// PercentPiece is a part of a printf-style (%) format string: literal
// text when Conv is 0, otherwise a conversion specifier.
type PercentPiece struct {
	Literal    string
	MappingKey string // the name in %(name)s
	HasKey     bool
	Minus      bool // '-' flag
	Plus       bool // '+' flag
	Space      bool // ' ' flag
	Alt        bool // '#' flag
	Zero       bool // '0' flag
	Width      int  // -1 none, -2 for '*'
	Precision  int  // -1 none, -2 for '*'
	Conv       byte // one of "diouxXeEfFgGcrsa"; 0 for literal text
}

// ParsePercent splits a %-format string into literal text and conversion
// specifiers; "%%" becomes literal "%". Errors are reported as soon as the
// string is scanned, whereas CPython interleaves parsing with argument
// consumption ("not enough arguments" may win in CPython).
func ParsePercent(s string) ([]PercentPiece, error) {
	rs := []rune(s)
	var out []PercentPiece
	var lit strings.Builder
	incomplete := valueError("incomplete format")
	for i := 0; i < len(rs); i++ {
		if rs[i] != '%' {
			lit.WriteRune(rs[i])
			continue
		}
		i++
		if i >= len(rs) {
			return nil, incomplete
		}
		if rs[i] == '%' {
			lit.WriteByte('%')
			continue
		}
		p := PercentPiece{Width: -1, Precision: -1}
		if rs[i] == '(' {
			depth, j := 1, i+1
			for ; j < len(rs); j++ {
				if rs[j] == '(' {
					depth++
				} else if rs[j] == ')' {
					if depth--; depth == 0 {
						break
					}
				}
			}
			if j >= len(rs) {
				return nil, valueError("incomplete format key")
			}
			p.MappingKey, p.HasKey = string(rs[i+1:j]), true
			i = j + 1
		}
	flags:
		for ; i < len(rs); i++ {
			switch rs[i] {
			case '-':
				p.Minus = true
			case '+':
				p.Plus = true
			case ' ':
				p.Space = true
			case '#':
				p.Alt = true
			case '0':
				p.Zero = true
			default:
				break flags
			}
		}
		readNum := func() (int, error) {
			if i < len(rs) && rs[i] == '*' {
				i++
				return -2, nil
			}
			n, any := 0, false
			for ; i < len(rs) && rs[i] >= '0' && rs[i] <= '9'; i++ {
				if n > (1<<62)/10 {
					return 0, valueError("width too big")
				}
				n, any = n*10+int(rs[i]-'0'), true
			}
			if !any {
				return -1, nil
			}
			return n, nil
		}
		var err error
		if p.Width, err = readNum(); err != nil {
			return nil, err
		}
		if i < len(rs) && rs[i] == '.' {
			i++
			if p.Precision, err = readNum(); err != nil {
				return nil, err
			}
			if p.Precision == -1 {
				p.Precision = 0
			}
		}
		for i < len(rs) && (rs[i] == 'h' || rs[i] == 'l' || rs[i] == 'L') {
			i++
		}
		if i >= len(rs) {
			return nil, incomplete
		}
		c := rs[i]
		if c > 0x7f || !strings.ContainsRune("diouxXeEfFgGcrsa", c) {
			ch := string(c)
			if c < 0x20 || c == 0x7f {
				ch = fmt.Sprintf("\\x%02x", c)
			}
			return nil, valueError(fmt.Sprintf("unsupported format character '%s' (0x%x) at index %d", ch, c, i))
		}
		p.Conv = byte(c)
		if lit.Len() > 0 {
			out = append(out, PercentPiece{Literal: lit.String(), Width: -1, Precision: -1})
			lit.Reset()
		}
		out = append(out, p)
	}
	if lit.Len() > 0 {
		out = append(out, PercentPiece{Literal: lit.String(), Width: -1, Precision: -1})
	}
	return out, nil
}

// padPercent lays out sign+prefix and digits per the flags and width.
func padPercent(lead, body string, p PercentPiece, zeroOK bool) string {
	n := p.Width - len(lead) - pystr.Len(body)
	switch {
	case n <= 0:
		return lead + body
	case p.Minus:
		return lead + body + strings.Repeat(" ", n)
	case p.Zero && zeroOK:
		return lead + strings.Repeat("0", n) + body
	}
	return strings.Repeat(" ", n) + lead + body
}

func percentSign(neg bool, p PercentPiece) string {
	switch {
	case neg:
		return "-"
	case p.Plus:
		return "+"
	case p.Space:
		return " "
	}
	return ""
}

// FormatPercentInt formats x for a d, i, u, o, x or X conversion. Width
// and Precision must already be resolved (not -2).
func FormatPercentInt(x *big.Int, p PercentPiece) string {
	s, _ := FormatPercentIntWith(x, p, nil)
	return s
}

// FormatPercentIntWith is FormatPercentInt with the decimal conversion
// dec, whose error it returns.
func FormatPercentIntWith(x *big.Int, p PercentPiece, dec Decimal) (string, error) {
	base, prefix := 10, ""
	switch p.Conv {
	case 'o':
		base, prefix = 8, "0o"
	case 'x':
		base, prefix = 16, "0x"
	case 'X':
		base, prefix = 16, "0X"
	}
	if !p.Alt {
		prefix = ""
	}
	var digits string
	if x.IsInt64() && base == 10 && p.Precision < 0 {
		return FormatPercentInt64(x.Int64(), p), nil
	}
	if x.IsInt64() {
		// Most ints are machine-sized: no big.Int arithmetic.
		v := x.Int64()
		u := uint64(v)
		if v < 0 {
			u = -u
		}
		digits = strconv.FormatUint(u, base)
	} else {
		var err error
		if digits, err = digitsOf(x, base, dec); err != nil {
			return "", err
		}
	}
	if p.Conv == 'X' {
		digits = strings.ToUpper(digits)
	}
	if p.Precision > len(digits) {
		digits = strings.Repeat("0", p.Precision-len(digits)) + digits
	}
	return padPercent(percentSign(x.Sign() < 0, p)+prefix, digits, p, true), nil
}

// FormatPercentInt64 formats x for a d, i or u conversion without a
// precision: sign, digits and padding in one buffer.
func FormatPercentInt64(x int64, p PercentPiece) string {
	var buf [24]byte
	return string(AppendPercentInt64(buf[:0], x, p))
}

// AppendPercentInt64 appends what FormatPercentInt64 formats to dst.
func AppendPercentInt64(dst []byte, x int64, p PercentPiece) []byte {
	start := len(dst)
	switch {
	case x < 0:
	case p.Plus:
		dst = append(dst, '+')
	case p.Space:
		dst = append(dst, ' ')
	}
	dst = strconv.AppendInt(dst, x, 10)
	body := len(dst) - start
	n := p.Width - body
	if n <= 0 {
		return dst
	}
	dst = slices.Grow(dst, n)[:len(dst)+n]
	out := dst[start:]
	switch {
	case p.Minus:
		for i := body; i < len(out); i++ {
			out[i] = ' '
		}
	case p.Zero:
		signed := 0
		if x < 0 || p.Plus || p.Space {
			signed = 1
		}
		copy(out[signed+n:], out[signed:body])
		for i := signed; i < signed+n; i++ {
			out[i] = '0'
		}
	default:
		copy(out[n:], out[:body])
		for i := 0; i < n; i++ {
			out[i] = ' '
		}
	}
	return dst
}

// FormatPercentFloat formats f for an e, E, f, F, g or G conversion.
// Width and Precision must already be resolved (not -2).
func FormatPercentFloat(f float64, p PercentPiece) string {
	spec := Spec{Width: -1, Precision: p.Precision, Alt: p.Alt, Type: p.Conv}
	if spec.Precision < 0 {
		spec.Precision = 6
	}
	body, _ := FormatFloat(f, spec)
	neg := strings.HasPrefix(body, "-")
	body = strings.TrimPrefix(body, "-")
	return padPercent(percentSign(neg, p), body, p, true)
}

// PadPercentStr applies precision (truncation in code points) and width
// to the already converted string of an s, r, a or c conversion.
func PadPercentStr(s string, p PercentPiece) string {
	if p.Precision >= 0 && p.Conv != 'c' && p.Precision < pystr.Len(s) {
		s = pystr.Slice(s, 0, p.Precision, 1)
	}
	return padPercent("", s, p, false)
}
