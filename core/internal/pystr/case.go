package pystr

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

func asciiMap(s string, from, to byte) string {
	i := 0
	for i < len(s) && (s[i] < from || s[i] > to) {
		i++
	}
	if i == len(s) {
		return s // nothing to change, nothing to copy
	}
	b := []byte(s)
	for ; i < len(b); i++ {
		if c := b[i]; c >= from && c <= to {
			b[i] = c ^ 0x20
		}
	}
	// b is never written again: it becomes the result without a copy.
	return unsafe.String(&b[0], len(b))
}

func writeUpper(b *strings.Builder, r rune) {
	if m, ok := specialUpper[r]; ok {
		b.WriteString(m)
	} else {
		b.WriteRune(toUpperRune(r))
	}
}

func writeTitle(b *strings.Builder, r rune) {
	if m, ok := specialTitle[r]; ok {
		b.WriteString(m)
	} else {
		b.WriteRune(toTitleRune(r))
	}
}

// writeLower lowers the rune at byte offset i of s, applying the Greek
// final sigma rule.
func writeLower(b *strings.Builder, s string, i int, r rune) {
	if r == 0x3a3 {
		b.WriteRune(sigma(s, i))
		return
	}
	if m, ok := specialLower[r]; ok {
		b.WriteString(m)
	} else {
		b.WriteRune(toLowerRune(r))
	}
}

// sigma returns the lowercase form of the capital sigma at byte offset i:
// final sigma when preceded by a cased letter and not followed by one
// (ignoring case-ignorable characters).
func sigma(s string, i int) rune {
	j := i
	before := false
	for j > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:j])
		j -= n
		if !isCaseIgnorable(r) {
			before = isCasedRune(r)
			break
		}
	}
	if !before {
		return 0x3c3
	}
	for j = i + 2; j < len(s); {
		r, n := utf8.DecodeRuneInString(s[j:])
		j += n
		if !isCaseIgnorable(r) {
			if isCasedRune(r) {
				return 0x3c3
			}
			break
		}
	}
	return 0x3c2
}

// Upper implements str.upper with Unicode full case mapping (ß → SS).
func Upper(s string) string {
	return caseMap(s, 'a', 'z', func(b *strings.Builder, _ int, r rune) { writeUpper(b, r) })
}

// Lower implements str.lower with full case mapping and final sigma.
func Lower(s string) string {
	return caseMap(s, 'A', 'Z', func(b *strings.Builder, i int, r rune) { writeLower(b, s, i, r) })
}

// Casefold implements str.casefold.
func Casefold(s string) string {
	return caseMap(s, 'A', 'Z', func(b *strings.Builder, i int, r rune) {
		if m, ok := specialFold[r]; ok {
			b.WriteString(m)
		} else if r == 0x3a3 {
			b.WriteRune(0x3c3)
		} else {
			writeLower(b, s, i, r)
		}
	})
}

// caseMap maps the case of s: an ASCII s by flipping the letters from lo
// to hi, any other by writing each character (at byte i) with write.
func caseMap(s string, lo, hi byte, write func(b *strings.Builder, i int, r rune)) string {
	if IsASCII(s) {
		return asciiMap(s, lo, hi)
	}
	var b strings.Builder
	for i, r := range s {
		write(&b, i, r)
	}
	return b.String()
}

// SwapCase implements str.swapcase.
func SwapCase(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case isUpperRune(r):
			writeLower(&b, s, i, r)
		case isLowerRune(r):
			writeUpper(&b, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Title implements str.title: the first cased character of each run of
// cased characters is title-cased, the rest lowered.
func Title(s string) string {
	var b strings.Builder
	prevCased := false
	for i, r := range s {
		if prevCased {
			writeLower(&b, s, i, r)
		} else {
			writeTitle(&b, r)
		}
		prevCased = isCasedRune(r)
	}
	return b.String()
}

// Capitalize implements str.capitalize: title-case the first character
// and lower the rest.
func Capitalize(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i == 0 {
			writeTitle(&b, r)
		} else {
			writeLower(&b, s, i, r)
		}
	}
	return b.String()
}

func all(s string, f func(rune) bool) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !f(r) {
			return false
		}
	}
	return true
}

// IsAlpha implements str.isalpha.
func IsAlpha(s string) bool { return all(s, isAlphaRune) }

// IsDecimal implements str.isdecimal.
func IsDecimal(s string) bool { return all(s, IsDecimalRune) }

// IsDigit implements str.isdigit.
func IsDigit(s string) bool { return all(s, isDigitRune) }

// IsNumeric implements str.isnumeric.
func IsNumeric(s string) bool { return all(s, isNumericRune) }

// IsAlnum implements str.isalnum.
func IsAlnum(s string) bool {
	return all(s, func(r rune) bool { return isAlphaRune(r) || isNumericRune(r) || isDigitRune(r) })
}

// IsSpace implements str.isspace.
func IsSpace(s string) bool { return all(s, IsSpaceRune) }

// IsPrintable implements str.isprintable (true for the empty string).
func IsPrintable(s string) bool {
	for _, r := range s {
		if !IsPrintableRune(r) {
			return false
		}
	}
	return true
}

// IsUpper implements str.isupper: at least one cased character and no
// lowercase or titlecase ones.
func IsUpper(s string) bool { return allCased(s, isUpperRune, isLowerRune) }

// IsLower implements str.islower.
func IsLower(s string) bool { return allCased(s, isLowerRune, isUpperRune) }

// allCased reports whether s has a character of the case is and none of
// the case other nor titlecase.
func allCased(s string, is, other func(rune) bool) bool {
	cased := false
	for _, r := range s {
		if other(r) || isTitleRune(r) {
			return false
		}
		if is(r) {
			cased = true
		}
	}
	return cased
}

// IsTitle implements str.istitle.
func IsTitle(s string) bool {
	return isTitle(s, func(i int) (rune, int) { return utf8.DecodeRuneInString(s[i:]) }, isCaseUpperOrTitle, isLowerRune)
}

func isCaseUpperOrTitle(r rune) bool { return isUpperRune(r) || isTitleRune(r) }

// isTitle reports whether s is title-cased: it has a cased character, and
// every upper one (by upper) follows an uncased one and every lower one
// (by lower) a cased one. char decodes the character at s[i].
func isTitle[S string | []byte](s S, char func(i int) (rune, int), upper, lower func(rune) bool) bool {
	cased, prev := false, false
	for i := 0; i < len(s); {
		r, n := char(i)
		i += n
		switch {
		case upper(r):
			if prev {
				return false
			}
			prev, cased = true, true
		case lower(r):
			if !prev {
				return false
			}
			prev, cased = true, true
		default:
			prev = false
		}
	}
	return cased
}

// IsIdentifier implements str.isidentifier (keywords are identifiers).
func IsIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if i == 0 {
			if !isIDStart(r) {
				return false
			}
		} else if !isIDContinue(r) {
			return false
		}
	}
	return true
}
