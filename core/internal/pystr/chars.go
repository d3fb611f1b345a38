package pystr

import "unicode"

// IsSpaceRune reports whether r is whitespace in Python's sense
// (str.isspace, str.split() and str.strip() with no arguments).
func IsSpaceRune(r rune) bool {
	switch {
	case r < 0x80:
		return r == ' ' || (r >= '\t' && r <= '\r') || (r >= 0x1c && r <= 0x1f)
	case r == 0x85 || r == 0xa0 || r == 0x1680 || (r >= 0x2000 && r <= 0x200a):
		return true
	case r == 0x2028 || r == 0x2029 || r == 0x202f || r == 0x205f || r == 0x3000:
		return true
	}
	return false
}

// IsLineBreak reports whether r ends a line for str.splitlines.
func IsLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// IsDecimalRune reports whether r is a decimal digit (category Nd).
func IsDecimalRune(r rune) bool {
	if r < 0x80 {
		return r >= '0' && r <= '9'
	}
	return unicode.Is(unicode.Nd, r) && !newer(r)
}

// newer reports whether r is unassigned in Unicode 14.0 but known to Go.
//go:generate go run gen_tables.go

func newer(r rune) bool { return r >= 0xcf3 && unicode.Is(newerThan14, r) }

// DecimalValue returns the value of the decimal digit r, or -1 if r is
// not a decimal digit. Nd characters come in contiguous, aligned runs of
// ten starting at zero, which this relies on.
func DecimalValue(r rune) int {
	if r >= '0' && r <= '9' {
		return int(r - '0')
	}
	if !IsDecimalRune(r) {
		return -1
	}
	start := r
	for start > 0 && unicode.Is(unicode.Nd, start-1) {
		start--
	}
	return int(r-start) % 10
}

func isDigitRune(r rune) bool {
	return IsDecimalRune(r) || unicode.Is(digitExtra, r)
}

func isNumericRune(r rune) bool {
	if r < 0x80 {
		return r >= '0' && r <= '9'
	}
	return (unicode.Is(unicode.N, r) && !newer(r)) || unicode.Is(numericExtra, r)
}

func isAlphaRune(r rune) bool {
	if r < 0x80 {
		return (r|0x20) >= 'a' && (r|0x20) <= 'z'
	}
	return unicode.IsLetter(r) && !newer(r)
}

func isUpperRune(r rune) bool {
	if r < 0x80 {
		return r >= 'A' && r <= 'Z'
	}
	return (unicode.IsUpper(r) || unicode.Is(unicode.Other_Uppercase, r)) && !newer(r)
}

func isLowerRune(r rune) bool {
	if r < 0x80 {
		return r >= 'a' && r <= 'z'
	}
	return (unicode.IsLower(r) || unicode.Is(unicode.Other_Lowercase, r)) && !unicode.Is(lowerExclude, r) && !newer(r)
}

func isTitleRune(r rune) bool { return r >= 0x80 && unicode.IsTitle(r) }

func isCasedRune(r rune) bool { return isUpperRune(r) || isLowerRune(r) || isTitleRune(r) }

// isCaseIgnorable approximates the Unicode Case_Ignorable property, used
// for the final-sigma rule of lower().
func isCaseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', '^', '`', 0xb7, 0x2018, 0x2019, 0x2024, 0xfe52, 0xff07, 0xff0e:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}

// IsPrintableRune reports whether Python considers r printable: anything
// except categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs other than ' '.
func IsPrintableRune(r rune) bool {
	if r < 0x80 {
		return r >= 0x20 && r < 0x7f
	}
	if r == 0xad { // soft hyphen is Cf
		return false
	}
	if unicode.In(r, unicode.Cc, unicode.Cf, unicode.Cs, unicode.Co, unicode.Zl, unicode.Zp, unicode.Zs) {
		return false
	}
	// Anything assigned in some category is printable; Cn is unassigned.
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S) && !newer(r)
}

func isIDStart(r rune) bool {
	if r < 0x80 {
		return r == '_' || isAlphaRune(r)
	}
	if unicode.Is(xidStartExclude, r) || newer(r) {
		return false
	}
	return (unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start) &&
		!unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space))
}

func isIDContinue(r rune) bool {
	if r < 0x80 {
		return r == '_' || isAlphaRune(r) || (r >= '0' && r <= '9')
	}
	if unicode.Is(xidContinueExclude, r) || newer(r) {
		return false
	}
	return unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) &&
		!unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
}

func toUpperRune(r rune) rune {
	if r < 0x80 {
		if r >= 'a' && r <= 'z' {
			return r - 32
		}
		return r
	}
	return unicode.ToUpper(r)
}

func toLowerRune(r rune) rune {
	if r < 0x80 {
		if r >= 'A' && r <= 'Z' {
			return r + 32
		}
		return r
	}
	return unicode.ToLower(r)
}

func toTitleRune(r rune) rune {
	if r < 0x80 {
		return toUpperRune(r)
	}
	return unicode.ToTitle(r)
}
