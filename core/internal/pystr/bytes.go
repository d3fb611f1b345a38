package pystr

import (
	"bytes"
	"fmt"
)

// Functions in this file implement bytes methods with Python's ASCII-only
// semantics. Index arguments are byte indices with the same raw-Python
// conventions as Find.

func isBytesSpace(c byte) bool {
	return c == ' ' || (c >= '\t' && c <= '\r')
}

func bwindow(p []byte, start, end, sublen int) ([]byte, int, bool) {
	start, end = adjust(start, end, len(p))
	if end-start < sublen {
		return nil, start, false
	}
	return p[start:end], start, true
}

// BytesFind implements bytes.find(sub, start, end).
func BytesFind(p, sub []byte, start, end int) int { return bfind(p, sub, start, end, bytes.Index) }

// BytesRFind implements bytes.rfind(sub, start, end).
func BytesRFind(p, sub []byte, start, end int) int {
	return bfind(p, sub, start, end, bytes.LastIndex)
}

// bfind is BytesFind or BytesRFind, as index finds the first or the last
// match.
func bfind(p, sub []byte, start, end int, index func(p, sub []byte) int) int {
	w, off, ok := bwindow(p, start, end, len(sub))
	if !ok {
		return -1
	}
	if i := index(w, sub); i >= 0 {
		return off + i
	}
	return -1
}

// BytesCount implements bytes.count(sub, start, end).
func BytesCount(p, sub []byte, start, end int) int {
	w, _, ok := bwindow(p, start, end, len(sub))
	if !ok {
		return 0
	}
	if len(sub) == 0 {
		return len(w) + 1
	}
	return bytes.Count(w, sub)
}

// BytesStartsWith implements bytes.startswith(prefix, start, end).
func BytesStartsWith(p, prefix []byte, start, end int) bool {
	w, _, ok := bwindow(p, start, end, len(prefix))
	return ok && bytes.HasPrefix(w, prefix)
}

// BytesEndsWith implements bytes.endswith(suffix, start, end).
func BytesEndsWith(p, suffix []byte, start, end int) bool {
	w, _, ok := bwindow(p, start, end, len(suffix))
	return ok && bytes.HasSuffix(w, suffix)
}

// BytesReplace implements bytes.replace(old, new, count); count < 0
// replaces all. An empty old inserts new around every byte.
func BytesReplace(p, old, new []byte, count int) []byte {
	if len(old) > 0 {
		return bytes.Replace(p, old, new, count)
	}
	var out []byte
	n := 0
	for i := 0; i <= len(p); i++ {
		if count < 0 || n < count {
			out = append(out, new...)
			n++
		}
		if i < len(p) {
			out = append(out, p[i])
		}
	}
	return out
}

// BytesSplit implements bytes.split(sep, maxsplit) with a separator.
func BytesSplit(p, sep []byte, maxsplit int) ([][]byte, error) {
	if len(sep) == 0 {
		return nil, valueError("empty separator")
	}
	if maxsplit < 0 {
		return bytes.Split(p, sep), nil
	}
	return bytes.SplitN(p, sep, maxsplit+1), nil
}

// BytesSplitWhitespace implements bytes.split() / bytes.split(None, n)
// using ASCII whitespace.
func BytesSplitWhitespace(p []byte, maxsplit int) [][]byte {
	parts := [][]byte{}
	i := 0
	for {
		for i < len(p) && isBytesSpace(p[i]) {
			i++
		}
		if i >= len(p) {
			return parts
		}
		if maxsplit >= 0 && len(parts) == maxsplit {
			return append(parts, p[i:])
		}
		j := i
		for j < len(p) && !isBytesSpace(p[j]) {
			j++
		}
		parts = append(parts, p[i:j])
		i = j
	}
}

func bytesStripSet(chars []byte, hasChars bool) func(byte) bool {
	if !hasChars {
		return isBytesSpace
	}
	return func(c byte) bool { return bytes.IndexByte(chars, c) >= 0 }
}

// BytesLStrip implements bytes.lstrip(chars); hasChars false means None.
func BytesLStrip(p, chars []byte, hasChars bool) []byte {
	f := bytesStripSet(chars, hasChars)
	i := 0
	for i < len(p) && f(p[i]) {
		i++
	}
	return p[i:]
}

// BytesRStrip implements bytes.rstrip(chars).
func BytesRStrip(p, chars []byte, hasChars bool) []byte {
	f := bytesStripSet(chars, hasChars)
	j := len(p)
	for j > 0 && f(p[j-1]) {
		j--
	}
	return p[:j]
}

// BytesStrip implements bytes.strip(chars).
func BytesStrip(p, chars []byte, hasChars bool) []byte {
	return BytesRStrip(BytesLStrip(p, chars, hasChars), chars, hasChars)
}

// BytesUpper implements bytes.upper (ASCII only).
func BytesUpper(p []byte) []byte {
	out := bytes.Clone(p)
	for i, c := range out {
		if c >= 'a' && c <= 'z' {
			out[i] = c - 32
		}
	}
	return out
}

// BytesLower implements bytes.lower (ASCII only).
func BytesLower(p []byte) []byte {
	out := bytes.Clone(p)
	for i, c := range out {
		if c >= 'A' && c <= 'Z' {
			out[i] = c + 32
		}
	}
	return out
}

// Hex implements bytes.hex() without a separator.
func Hex(p []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(p))
	for i, c := range p {
		out[2*i] = digits[c>>4]
		out[2*i+1] = digits[c&15]
	}
	return string(out)
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// FromHex implements bytes.fromhex(s): pairs of hex digits, with ASCII
// whitespace allowed between pairs. Position in errors is a code-point
// index, as in CPython.
func FromHex(s string) ([]byte, error) {
	rs := []rune(s)
	var out []byte
	fail := func(i int) error {
		return valueError(fmt.Sprintf("non-hexadecimal number found in fromhex() arg at position %d", i))
	}
	val := func(r rune) int {
		if r >= 0x80 {
			return -1
		}
		return hexVal(byte(r))
	}
	for i := 0; i < len(rs); {
		if rs[i] < 0x80 && isBytesSpace(byte(rs[i])) {
			i++
			continue
		}
		hi := val(rs[i])
		if hi < 0 {
			return nil, fail(i)
		}
		if i+1 >= len(rs) {
			return nil, fail(i + 1)
		}
		lo := val(rs[i+1])
		if lo < 0 {
			return nil, fail(i + 1)
		}
		out = append(out, byte(hi<<4|lo))
		i += 2
	}
	return out, nil
}

// BytesSplitLines implements bytes.splitlines(keepends): only \n, \r and
// \r\n end a line.
func BytesSplitLines(p []byte, keepends bool) [][]byte {
	return splitLines(p, keepends, func(i int) (int, bool) { return 1, p[i] == '\n' || p[i] == '\r' })
}

func bytesPad(p []byte, left, right int, fill byte) []byte {
	left, right = max(left, 0), max(right, 0)
	out := make([]byte, 0, left+len(p)+right)
	out = append(out, bytes.Repeat([]byte{fill}, left)...)
	out = append(out, p...)
	return append(out, bytes.Repeat([]byte{fill}, right)...)
}

// BytesCenter implements bytes.center(width, fill).
func BytesCenter(p []byte, width int, fill byte) []byte {
	marg := margin(width, len(p))
	if marg <= 0 {
		return p
	}
	left := marg/2 + (marg & width & 1)
	return bytesPad(p, left, marg-left, fill)
}

// BytesLJust implements bytes.ljust(width, fill).
func BytesLJust(p []byte, width int, fill byte) []byte {
	return bytesPad(p, 0, margin(width, len(p)), fill)
}

// BytesRJust implements bytes.rjust(width, fill).
func BytesRJust(p []byte, width int, fill byte) []byte {
	return bytesPad(p, margin(width, len(p)), 0, fill)
}

// BytesZFill implements bytes.zfill(width).
func BytesZFill(p []byte, width int) []byte {
	n := margin(width, len(p))
	if n <= 0 {
		return p
	}
	out := make([]byte, 0, width)
	if len(p) > 0 && (p[0] == '+' || p[0] == '-') {
		out = append(out, p[0])
		p = p[1:]
	}
	out = append(out, bytes.Repeat([]byte{'0'}, n)...)
	return append(out, p...)
}

// BytesExpandTabs implements bytes.expandtabs(tabsize).
func BytesExpandTabs(p []byte, tabsize int) []byte {
	return expandTabs(p, tabsize, func(int) int { return 1 })
}

func isBytesLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isBytesUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// BytesCapitalize implements bytes.capitalize: ASCII only.
func BytesCapitalize(p []byte) []byte {
	out := BytesLower(p)
	if len(out) > 0 && isBytesLower(out[0]) {
		out[0] -= 32
	}
	return out
}

// BytesTitle implements bytes.title: ASCII only.
func BytesTitle(p []byte) []byte {
	out := make([]byte, len(p))
	prevCased := false
	for i, c := range p {
		switch {
		case isBytesLower(c):
			if !prevCased {
				c -= 32
			}
			prevCased = true
		case isBytesUpper(c):
			if prevCased {
				c += 32
			}
			prevCased = true
		default:
			prevCased = false
		}
		out[i] = c
	}
	return out
}

// BytesIsTitle implements bytes.istitle.
func BytesIsTitle(p []byte) bool {
	return isTitle(p, func(i int) (rune, int) { return rune(p[i]), 1 },
		func(r rune) bool { return isBytesUpper(byte(r)) }, func(r rune) bool { return isBytesLower(byte(r)) })
}

// BytesWindow is Window for bytes.
func BytesWindow(p []byte, start, end int) ([]byte, bool) {
	w, _, ok := bwindow(p, start, end, 0)
	return w, ok
}
