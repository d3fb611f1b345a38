package pystr

import (
	"strings"
	"unicode/utf8"
)

// IsASCII reports whether s contains only ASCII characters
// (str.isascii; true for the empty string).
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Len returns the number of code points in s (Python's len(str)).
func Len(s string) int {
	if IsASCII(s) {
		return len(s)
	}
	return utf8.RuneCountInString(s)
}

// byteOffset returns the byte offset of code point index i in s
// (0 <= i <= Len(s)); i beyond the end yields len(s).
func byteOffset(s string, i int) int {
	if i <= 0 {
		return 0
	}
	n := 0
	for off := range s {
		if n == i {
			return off
		}
		n++
	}
	return len(s)
}

// CharAt returns the code point at index i (0 <= i < Len(s)) as a string,
// or "" if i is out of range.
func CharAt(s string, i int) string {
	if i < 0 {
		return ""
	}
	if IsASCII(s) {
		if i >= len(s) {
			return ""
		}
		return s[i : i+1]
	}
	n := 0
	for off, r := range s {
		if n == i {
			return s[off : off+utf8.RuneLen(r)]
		}
		n++
	}
	return ""
}

// Slice returns s[start:stop:step] for indices already normalised by the
// caller as Python's slice.indices does (step != 0; for step > 0,
// 0 <= start, stop <= Len(s); for step < 0, -1 <= start, stop < Len(s)).
func Slice(s string, start, stop, step int) string {
	if step == 0 {
		return ""
	}
	if step == 1 {
		if stop <= start {
			return ""
		}
		if IsASCII(s) {
			return s[start:stop]
		}
		b := byteOffset(s, start)
		e := b + byteOffset(s[b:], stop-start)
		return s[b:e]
	}
	if IsASCII(s) {
		var out []byte
		if step > 0 {
			for i := start; i < stop; i += step {
				out = append(out, s[i])
			}
		} else {
			for i := start; i > stop; i += step {
				out = append(out, s[i])
			}
		}
		return string(out)
	}
	rs := []rune(s)
	var b strings.Builder
	if step > 0 {
		for i := start; i < stop && i < len(rs); i += step {
			b.WriteRune(rs[i])
		}
	} else {
		for i := start; i > stop && i >= 0; i += step {
			if i < len(rs) {
				b.WriteRune(rs[i])
			}
		}
	}
	return b.String()
}

// adjust clamps start and end to [0, n] following Python's slice rules for
// str.find and friends: negative values count from the end.
func adjust(start, end, n int) (int, int) {
	if end > n {
		end = n
	} else if end < 0 {
		end += n
		if end < 0 {
			end = 0
		}
	}
	if start < 0 {
		start += n
		if start < 0 {
			start = 0
		}
	}
	return start, end
}

// window returns s restricted to code points [start, end) after adjusting
// the raw Python indices, the byte offset of the window, and ok=false when
// the window cannot hold a string of sublen code points.
func window(s string, start, end, sublen int) (string, int, int, bool) {
	ascii := IsASCII(s)
	n := len(s)
	if !ascii {
		n = utf8.RuneCountInString(s)
	}
	start, end = adjust(start, end, n)
	if end-start < sublen {
		return "", 0, start, false
	}
	if ascii {
		return s[start:end], start, start, true
	}
	b := byteOffset(s, start)
	e := b + byteOffset(s[b:], end-start)
	return s[b:e], b, start, true
}

// whole reports whether the raw Python indices start and end cover all of
// s, which needs no count of its code points (there are at most len(s)).
// A method called with a large text and many candidates (startswith with
// a tuple) then costs what the candidates do, not a pass over s for each.
func whole(s string, start, end int) bool { return start == 0 && end >= len(s) }

// Find returns the lowest code-point index of sub in s[start:end], or -1
// (str.find). start and end are raw Python arguments: negative values count
// from the end and out-of-range values are clamped; pass 0 and
// math.MaxInt when they are omitted.
func Find(s, sub string, start, end int) int { return find(s, sub, start, end, strings.Index) }

// RFind returns the highest code-point index of sub in s[start:end], or
// -1 (str.rfind). Index arguments are as for Find.
func RFind(s, sub string, start, end int) int { return find(s, sub, start, end, strings.LastIndex) }

// find is Find or RFind, as index finds the first or the last match.
func find(s, sub string, start, end int, index func(s, sub string) int) int {
	if whole(s, start, end) {
		// No window to measure: the scan is the only pass over s.
		i := index(s, sub)
		if i <= 0 {
			return i
		}
		return Len(s[:i])
	}
	w, _, cpStart, ok := window(s, start, end, Len(sub))
	if !ok {
		return -1
	}
	i := index(w, sub)
	if i < 0 {
		return -1
	}
	return cpStart + Len(w[:i])
}

// Count returns the number of non-overlapping occurrences of sub in
// s[start:end] (str.count). Index arguments are as for Find.
func Count(s, sub string, start, end int) int {
	if sub != "" && whole(s, start, end) {
		return strings.Count(s, sub)
	}
	w, _, _, ok := window(s, start, end, Len(sub))
	if !ok {
		return 0
	}
	if sub == "" {
		return Len(w) + 1
	}
	return strings.Count(w, sub)
}

// StartsWith reports whether s[start:end] starts with prefix
// (str.startswith with one prefix). Index arguments are as for Find.
func StartsWith(s, prefix string, start, end int) bool {
	if whole(s, start, end) {
		return strings.HasPrefix(s, prefix)
	}
	w, _, _, ok := window(s, start, end, Len(prefix))
	return ok && strings.HasPrefix(w, prefix)
}

// EndsWith reports whether s[start:end] ends with suffix (str.endswith
// with one suffix). Index arguments are as for Find.
func EndsWith(s, suffix string, start, end int) bool {
	if whole(s, start, end) {
		return strings.HasSuffix(s, suffix)
	}
	w, _, _, ok := window(s, start, end, Len(suffix))
	return ok && strings.HasSuffix(w, suffix)
}

// Replace returns s with the first count occurrences of old replaced by
// new (all when count < 0). An empty old inserts new before every code
// point and at the end, as Python does.
func Replace(s, old, new string, count int) string {
	return strings.Replace(s, old, new, count)
}

// Window returns s[start:end] for the raw Python indices of str.find and
// friends (negative values count from the end, out-of-range values are
// clamped), and false when start is past end: a method that tests many
// candidates against one range (startswith with a tuple) finds the range
// once.
func Window(s string, start, end int) (string, bool) {
	if whole(s, start, end) {
		return s, true
	}
	w, _, _, ok := window(s, start, end, 0)
	return w, ok
}
