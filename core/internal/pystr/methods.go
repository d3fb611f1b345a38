package pystr

import (
	"strings"
	"unicode/utf8"
)

// Split implements str.split(sep, maxsplit) with an explicit separator.
// maxsplit < 0 means no limit. An empty sep is a ValueError.
func Split(s, sep string, maxsplit int) ([]string, error) {
	if sep == "" {
		return nil, valueError("empty separator")
	}
	if maxsplit < 0 {
		return strings.Split(s, sep), nil
	}
	return strings.SplitN(s, sep, maxsplit+1), nil
}

// RSplit implements str.rsplit(sep, maxsplit) with an explicit separator.
func RSplit(s, sep string, maxsplit int) ([]string, error) {
	if sep == "" {
		return nil, valueError("empty separator")
	}
	var parts []string
	for maxsplit != 0 {
		i := strings.LastIndex(s, sep)
		if i < 0 {
			break
		}
		parts = append(parts, s[i+len(sep):])
		s = s[:i]
		maxsplit--
	}
	parts = append(parts, s)
	reverse(parts)
	return parts, nil
}

func reverse(p []string) {
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
}

// SplitWhitespace implements str.split() / str.split(None, maxsplit):
// runs of Python whitespace separate fields and empty fields are dropped.
func SplitWhitespace(s string, maxsplit int) []string {
	n := countWords(s)
	if maxsplit >= 0 {
		n = min(n, maxsplit+1)
	}
	// Exactly sized: growing the slice by appends copied it at each step.
	parts := make([]string, 0, n)
	i := 0
	for {
		for i < len(s) {
			if c := s[i]; c < utf8.RuneSelf {
				// ASCII text needs no decoding.
				if !asciiSpace[c] {
					break
				}
				i++
				continue
			}
			r, n := utf8.DecodeRuneInString(s[i:])
			if !IsSpaceRune(r) {
				break
			}
			i += n
		}
		if i >= len(s) {
			return parts
		}
		if maxsplit >= 0 && len(parts) == maxsplit {
			return append(parts, s[i:])
		}
		j := i
		for j < len(s) {
			if c := s[j]; c < utf8.RuneSelf {
				if asciiSpace[c] {
					break
				}
				j++
				continue
			}
			r, n := utf8.DecodeRuneInString(s[j:])
			if IsSpaceRune(r) {
				break
			}
			j += n
		}
		parts = append(parts, s[i:j])
		i = j
	}
}

// countWords is the number of runs of non-whitespace in s.
func countWords(s string) int {
	n := 0
	in := false
	for i := 0; i < len(s); {
		sp := false
		if c := s[i]; c < utf8.RuneSelf {
			sp = asciiSpace[c]
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			sp = IsSpaceRune(r)
			i += size
		}
		if !sp && !in {
			n++
		}
		in = !sp
	}
	return n
}

// asciiSpace is IsSpaceRune for the ASCII characters.
var asciiSpace = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = IsSpaceRune(rune(c))
	}
	return t
}()

// RSplitWhitespace implements str.rsplit() / str.rsplit(None, maxsplit).
func RSplitWhitespace(s string, maxsplit int) []string {
	parts := []string{}
	j := len(s)
	for {
		for j > 0 {
			r, n := utf8.DecodeLastRuneInString(s[:j])
			if !IsSpaceRune(r) {
				break
			}
			j -= n
		}
		if j <= 0 {
			break
		}
		if maxsplit >= 0 && len(parts) == maxsplit {
			parts = append(parts, s[:j])
			break
		}
		i := j
		for i > 0 {
			r, n := utf8.DecodeLastRuneInString(s[:i])
			if IsSpaceRune(r) {
				break
			}
			i -= n
		}
		parts = append(parts, s[i:j])
		j = i
	}
	reverse(parts)
	return parts
}

// SplitLines implements str.splitlines(keepends).
func SplitLines(s string, keepends bool) []string {
	return splitLines(s, keepends, func(i int) (int, bool) {
		r, n := utf8.DecodeRuneInString(s[i:])
		return n, IsLineBreak(r)
	})
}

// splitLines splits s after each line break (keepends) or at it; char
// gives the length of the character at s[i] and whether it breaks a line.
// A "\r\n" is one break.
func splitLines[S string | []byte](s S, keepends bool, char func(i int) (n int, isBreak bool)) []S {
	parts := []S{}
	start := 0
	for i := 0; i < len(s); {
		n, isBreak := char(i)
		if !isBreak {
			i += n
			continue
		}
		end := i + n
		if s[i] == '\r' && end < len(s) && s[end] == '\n' {
			end++
		}
		if keepends {
			parts = append(parts, s[start:end])
		} else {
			parts = append(parts, s[start:i])
		}
		start, i = end, end
	}
	if start < len(s) {
		parts = append(parts, s[start:])
	}
	return parts
}

func stripSet(chars string, hasChars bool) func(rune) bool {
	if !hasChars {
		return IsSpaceRune
	}
	return func(r rune) bool { return strings.ContainsRune(chars, r) }
}

// Strip implements str.strip(chars); when hasChars is false (chars is
// None) whitespace is stripped.
func Strip(s, chars string, hasChars bool) string {
	return RStrip(LStrip(s, chars, hasChars), chars, hasChars)
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// LStrip implements str.lstrip(chars).
func LStrip(s, chars string, hasChars bool) string {
	// ASCII whitespace and ASCII chars are trimmed bytewise, without a
	// call per character; a non-ASCII byte is never in an ASCII set.
	if !hasChars {
		i := 0
		for i < len(s) && s[i] < utf8.RuneSelf && asciiSpace[s[i]] {
			i++
		}
		if i == len(s) || s[i] < utf8.RuneSelf {
			return s[i:]
		}
		return strings.TrimLeftFunc(s[i:], IsSpaceRune)
	}
	if len(chars) <= 16 && isASCII(chars) {
		// As in RStrip.
		i := 0
		for i < len(s) && strings.IndexByte(chars, s[i]) >= 0 {
			i++
		}
		return s[i:]
	}
	if isASCII(chars) {
		return strings.TrimLeft(s, chars)
	}
	return strings.TrimLeftFunc(s, stripSet(chars, hasChars))
}

// RStrip implements str.rstrip(chars).
func RStrip(s, chars string, hasChars bool) string {
	if !hasChars {
		j := len(s)
		for j > 0 && s[j-1] < utf8.RuneSelf && asciiSpace[s[j-1]] {
			j--
		}
		if j == 0 || s[j-1] < utf8.RuneSelf {
			return s[:j]
		}
		return strings.TrimRightFunc(s[:j], IsSpaceRune)
	}
	if len(chars) <= 16 && isASCII(chars) {
		// Bytewise against the few chars usually given (strings.TrimRight
		// would build a byte set per call); no byte of a multi-byte code
		// point is in an ASCII set.
		j := len(s)
		for j > 0 && strings.IndexByte(chars, s[j-1]) >= 0 {
			j--
		}
		return s[:j]
	}
	if isASCII(chars) {
		return strings.TrimRight(s, chars)
	}
	return strings.TrimRightFunc(s, stripSet(chars, hasChars))
}

// Partition implements str.partition(sep).
func Partition(s, sep string) (string, string, string, error) {
	if sep == "" {
		return "", "", "", valueError("empty separator")
	}
	i := strings.Index(s, sep)
	if i < 0 {
		return s, "", "", nil
	}
	return s[:i], sep, s[i+len(sep):], nil
}

// RPartition implements str.rpartition(sep).
func RPartition(s, sep string) (string, string, string, error) {
	if sep == "" {
		return "", "", "", valueError("empty separator")
	}
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return "", "", s, nil
	}
	return s[:i], sep, s[i+len(sep):], nil
}

// margin is how much padding reaches width from a text of length n:
// width - n, or 0 when width <= n. Comparing first matters: width may be
// any int64 from Python, and width - n of a very negative width wraps
// around to a huge positive margin.
func margin(width, n int) int {
	if width <= n {
		return 0
	}
	return width - n
}

func pad(s string, left, right int, fill rune) string {
	if left <= 0 && right <= 0 {
		return s
	}
	f := string(fill)
	return strings.Repeat(f, max(left, 0)) + s + strings.Repeat(f, max(right, 0))
}

// Center implements str.center(width, fill).
func Center(s string, width int, fill rune) string {
	marg := margin(width, Len(s))
	if marg <= 0 {
		return s
	}
	left := marg/2 + (marg & width & 1)
	return pad(s, left, marg-left, fill)
}

// LJust implements str.ljust(width, fill).
func LJust(s string, width int, fill rune) string {
	return pad(s, 0, margin(width, Len(s)), fill)
}

// RJust implements str.rjust(width, fill).
func RJust(s string, width int, fill rune) string {
	return pad(s, margin(width, Len(s)), 0, fill)
}

// ZFill implements str.zfill(width): zeros go after a leading sign.
func ZFill(s string, width int) string {
	n := margin(width, Len(s))
	if n <= 0 {
		return s
	}
	z := strings.Repeat("0", n)
	if s != "" && (s[0] == '+' || s[0] == '-') {
		return s[:1] + z + s[1:]
	}
	return z + s
}

// ExpandTabs implements str.expandtabs(tabsize).
func ExpandTabs(s string, tabsize int) string {
	if !strings.ContainsRune(s, '\t') {
		return s
	}
	return string(expandTabs(s, tabsize, func(i int) int {
		_, n := utf8.DecodeRuneInString(s[i:])
		return n
	}))
}

// expandTabs replaces each tab of s by the spaces up to the next multiple
// of tabsize columns; a newline or carriage return starts a line again.
// charLen is the length of the character at s[i] (a column).
func expandTabs[S string | []byte](s S, tabsize int, charLen func(i int) int) []byte {
	out := make([]byte, 0, len(s))
	col := 0
	for i := 0; i < len(s); {
		n := charLen(i)
		switch s[i] {
		case '\t':
			if tabsize > 0 {
				k := tabsize - col%tabsize
				out = append(out, strings.Repeat(" ", k)...)
				col += k
			}
		case '\n', '\r':
			out = append(out, s[i:i+n]...)
			col = 0
		default:
			out = append(out, s[i:i+n]...)
			col++
		}
		i += n
	}
	return out
}
