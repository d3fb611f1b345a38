package pyfmt

import (
	"fmt"
	"strconv"
	"strings"
)

// Accessor is one step of a replacement field's name: ".attr" or "[key]".
type Accessor struct {
	Attr    bool   // true for .Name, false for [key]
	Name    string // attribute name or string key
	IsIndex bool   // [key] where key is all digits
	Index   int    // the integer key when IsIndex
}

// Piece is a part of a str.format format string: literal text when Field
// is false, otherwise a replacement field.
type Piece struct {
	Field   bool
	Literal string // text with {{ and }} unescaped

	// Name is "" for automatic numbering, all digits for a positional
	// argument, otherwise a keyword. Deciding between automatic and manual
	// numbering (and the "cannot switch ..." errors) is the caller's job,
	// since nested fields in Spec share the counter with the outer string.
	Name       string
	Path       []Accessor
	Conversion byte   // 0, 's', 'r' or 'a'
	Spec       string // raw; may contain nested {fields} to expand
}

// ArgIndex returns the positional index named by Name and whether Name is
// positional.
func (p Piece) ArgIndex() (int, bool) {
	if p.Name == "" || strings.Trim(p.Name, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(p.Name)
	return n, err == nil
}

// ParseFormatString splits a str.format format string into pieces.
func ParseFormatString(s string) ([]Piece, error) {
	var pieces []Piece
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			pieces = append(pieces, Piece{Literal: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '}':
			if i+1 < len(s) && s[i+1] == '}' {
				lit.WriteByte('}')
				i += 2
				continue
			}
			return nil, valueError("Single '}' encountered in format string")
		case c == '{':
			if i+1 < len(s) && s[i+1] == '{' {
				lit.WriteByte('{')
				i += 2
				continue
			}
			if i+1 >= len(s) {
				return nil, valueError("Single '{' encountered in format string")
			}
			j, err := fieldEnd(s, i+1)
			if err != nil {
				return nil, err
			}
			field := s[i+1 : j]
			p, err := parseField(field)
			if err != nil {
				return nil, err
			}
			flush()
			pieces = append(pieces, p)
			i = j + 1
		default:
			lit.WriteByte(c)
			i++
		}
	}
	flush()
	return pieces, nil
}

// fieldEnd returns the index of the '}' closing the replacement field
// whose text starts at s[i].
func fieldEnd(s string, i int) (int, error) {
	missing := func() error { return valueError("expected '}' before end of string") }
	for ; i < len(s); i++ {
		switch s[i] {
		case '[':
			for i < len(s) && s[i] != ']' {
				i++
			}
			if i >= len(s) {
				return 0, missing()
			}
			continue
		case '{':
			return 0, valueError("unexpected '{' in field name")
		case '}':
			return i, nil
		case '!':
			if i+2 >= len(s) {
				return 0, valueError("unmatched '{' in format spec")
			}
			if s[i+2] == '}' {
				return i + 2, nil
			}
			if s[i+2] != ':' {
				return 0, valueError("expected ':' after conversion specifier")
			}
			i += 2
		}
		if s[i] == ':' {
			depth := 1
			for i++; i < len(s); i++ {
				if s[i] == '{' {
					depth++
				} else if s[i] == '}' {
					if depth--; depth == 0 {
						return i, nil
					}
				}
			}
			return 0, missing()
		}
	}
	return 0, missing()
}

// fieldNameEnd returns the index of the ':' or '!' ending the field name,
// skipping over [...] keys, or len(field).
func fieldNameEnd(field string) int {
	for k := 0; k < len(field); k++ {
		switch field[k] {
		case '[':
			for k < len(field) && field[k] != ']' {
				k++
			}
		case ':', '!':
			return k
		}
	}
	return len(field)
}

func parseField(field string) (Piece, error) {
	p := Piece{Field: true}
	k := fieldNameEnd(field)
	name := field[:k]
	if strings.IndexByte(name, '{') >= 0 {
		return p, valueError("unexpected '{' in field name")
	}
	rest := field[k:]
	if strings.HasPrefix(rest, "!") {
		if len(rest) < 2 {
			return p, valueError("unmatched '{' in format spec")
		}
		p.Conversion = rest[1]
		rest = rest[2:]
		if rest != "" && rest[0] != ':' {
			return p, valueError("expected ':' after conversion specifier")
		}
		if p.Conversion != 's' && p.Conversion != 'r' && p.Conversion != 'a' {
			return p, valueError(fmt.Sprintf("Unknown conversion specifier %c", p.Conversion))
		}
	}
	if strings.HasPrefix(rest, ":") {
		p.Spec = rest[1:]
	}
	end := strings.IndexAny(name, ".[")
	if end < 0 {
		end = len(name)
	}
	p.Name = name[:end]
	for i := end; i < len(name); {
		if name[i] == '.' {
			j := i + 1
			for j < len(name) && name[j] != '.' && name[j] != '[' {
				j++
			}
			if j == i+1 {
				return p, valueError("Empty attribute in format string")
			}
			p.Path = append(p.Path, Accessor{Attr: true, Name: name[i+1 : j]})
			i = j
			continue
		}
		if name[i] != '[' {
			return p, valueError("Only '.' or '[' may follow ']' in format field specifier")
		}
		j := strings.IndexByte(name[i:], ']')
		if j < 0 {
			return p, valueError("Missing ']' in format string")
		}
		key := name[i+1 : i+j]
		if key == "" {
			return p, valueError("Empty attribute in format string")
		}
		a := Accessor{Name: key}
		if strings.Trim(key, "0123456789") == "" {
			if n, err := strconv.Atoi(key); err == nil {
				a.IsIndex, a.Index = true, n
			}
		}
		p.Path = append(p.Path, a)
		i += j + 1
	}
	return p, nil
}
