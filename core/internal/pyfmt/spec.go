package pyfmt

import (
	"fmt"
	"math"
	"unicode/utf8"
)

// Spec is a parsed format specification (the part after ':' in a
// str.format replacement field, or format()'s second argument).
type Spec struct {
	Fill      rune // 0 when not given
	Align     byte // '<', '>', '=', '^' or 0 when not given
	Sign      byte // '+', '-', ' ' or 0
	NoNegZero bool // 'z'
	Alt       bool // '#'
	Zero      bool // '0' before the width (only when no fill was given)
	Width     int  // -1 when not given
	Grouping  byte // ',', '_' or 0
	Precision int  // -1 when not given
	Type      byte // 0 when not given
}

func isAlign(r rune) bool { return r == '<' || r == '>' || r == '=' || r == '^' }

// readInt reads decimal digits at spec[i:], returning -1 when there are none.
func readInt(spec string, i int) (int, int, error) {
	n, start := 0, i
	for i < len(spec) && spec[i] >= '0' && spec[i] <= '9' {
		d := int(spec[i] - '0')
		if n > (math.MaxInt64-d)/10 {
			return 0, i, valueError("Too many decimal digits in format string")
		}
		n = n*10 + d
		i++
	}
	if i == start {
		return -1, i, nil
	}
	return n, i, nil
}

// ParseSpec parses a format specification. typeName is the Python type of
// the object being formatted ("int", "float", "str", ...), used only in
// the "Invalid format specifier" message.
func ParseSpec(spec, typeName string) (Spec, error) {
	s := Spec{Width: -1, Precision: -1}
	i := 0
	r0, n0 := utf8.DecodeRuneInString(spec)
	if len(spec) > n0 {
		if r1, n1 := utf8.DecodeRuneInString(spec[n0:]); isAlign(r1) {
			s.Fill, s.Align = r0, byte(r1)
			i = n0 + n1
		}
	}
	if i == 0 && len(spec) > 0 && isAlign(r0) {
		s.Align = byte(r0)
		i = 1
	}
	if i < len(spec) && (spec[i] == '+' || spec[i] == '-' || spec[i] == ' ') {
		s.Sign = spec[i]
		i++
	}
	if i < len(spec) && spec[i] == 'z' {
		s.NoNegZero = true
		i++
	}
	if i < len(spec) && spec[i] == '#' {
		s.Alt = true
		i++
	}
	if s.Fill == 0 && i < len(spec) && spec[i] == '0' {
		s.Zero = true
		i++
	}
	var err error
	if s.Width, i, err = readInt(spec, i); err != nil {
		return s, err
	}
	if i < len(spec) && (spec[i] == ',' || spec[i] == '_') {
		s.Grouping = spec[i]
		i++
		if i < len(spec) && (spec[i] == ',' || spec[i] == '_') && spec[i] != s.Grouping {
			return s, valueError("Cannot specify both ',' and '_'.")
		}
	}
	if i < len(spec) && spec[i] == '.' {
		i++
		if s.Precision, i, err = readInt(spec, i); err != nil {
			return s, err
		}
		if s.Precision < 0 {
			return s, valueError("Format specifier missing precision")
		}
	}
	if len(spec)-i > 1 {
		return s, valueError(fmt.Sprintf("Invalid format specifier '%s' for object of type '%s'", spec, typeName))
	}
	if i < len(spec) {
		s.Type = spec[i]
	}
	if s.Grouping != 0 {
		switch s.Type {
		case 0, 'd', 'e', 'f', 'g', 'E', 'G', '%', 'F':
		case 'b', 'o', 'x', 'X':
			if s.Grouping == '_' {
				break
			}
			fallthrough
		default:
			return s, valueError(fmt.Sprintf("Cannot specify '%c' with '%s'.", s.Grouping, typeChar(s.Type)))
		}
	}
	return s, nil
}

func typeChar(t byte) string {
	if t > 32 && t < 128 {
		return string(rune(t))
	}
	return fmt.Sprintf("\\x%x", t)
}

func unknownCode(t byte, typeName string) *Error {
	return valueError(fmt.Sprintf("Unknown format code '%s' for object of type '%s'", typeChar(t), typeName))
}

// fillAlign resolves the effective fill character and alignment.
func (s Spec) fillAlign(defaultAlign byte) (rune, byte) {
	fill, align := s.Fill, s.Align
	if fill == 0 {
		fill = ' '
		if s.Zero {
			fill = '0'
			if align == 0 && defaultAlign == '>' {
				align = '='
			}
		}
	}
	if align == 0 {
		align = defaultAlign
	}
	return fill, align
}
