package pystr

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

func quoteFor(hasSingle, hasDouble bool) byte {
	if hasSingle && !hasDouble {
		return '"'
	}
	return '\''
}

func repr(s string, asciiOnly bool) string {
	q := quoteFor(strings.IndexByte(s, '\'') >= 0, strings.IndexByte(s, '"') >= 0)
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(q)
	for i := 0; i < len(s); {
		// A run of printable ASCII that needs no escape is copied whole:
		// most text is, and a huge str's repr stays a few memory copies.
		j := i
		for j < len(s) && s[j] >= 0x20 && s[j] < 0x7f && s[j] != q && s[j] != '\\' {
			j++
		}
		if j > i {
			b.WriteString(s[i:j])
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if escapeCommon(&b, r, q) {
			continue
		}
		switch {
		case r < 0x7f && r >= 0x20:
			b.WriteRune(r)
		case !asciiOnly && r >= 0x7f && IsPrintableRune(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// escapeCommon writes the escape the reprs of str and bytes give r when
// it is the quote q, a backslash, a newline, a carriage return or a tab,
// and reports whether it was one of them.
func escapeCommon(b *strings.Builder, r rune, q byte) bool {
	switch {
	case r == rune(q) || r == '\\':
		b.WriteByte('\\')
		b.WriteByte(byte(r))
	case r == '\t' || r == '\n' || r == '\r':
		b.WriteString(controlEscapes[r])
	default:
		return false
	}
	return true
}

var controlEscapes = [...]string{'\t': `\t`, '\n': `\n`, '\r': `\r`}

// Repr returns Python's repr() of the str s.
func Repr(s string) string { return repr(s, false) }

// ASCII returns Python's ascii() of the str s: like Repr but with every
// non-ASCII character escaped.
func ASCII(s string) string { return repr(s, true) }

// BytesRepr returns Python's repr() of a bytes object, e.g. b'a\x00'.
func BytesRepr(p []byte) string {
	q := quoteFor(strings.IndexByte(string(p), '\'') >= 0, strings.IndexByte(string(p), '"') >= 0)
	var b strings.Builder
	b.WriteString("b")
	b.WriteByte(q)
	for _, c := range p {
		if escapeCommon(&b, rune(c), q) {
			continue
		}
		switch {
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, `\x%02x`, c)
		}
	}
	b.WriteByte(q)
	return b.String()
}
