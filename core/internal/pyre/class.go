package pyre

import "unicode"

// class is a compiled character set.
type class struct {
	items []setItem
	neg   bool
	fold  bool // IGNORECASE
	ascii bool // ASCII: categories and case folding are ASCII-only
	bits  [2]uint64
}

func (c *class) init(flags int) {
	c.fold = flags&IGNORECASE != 0
	c.ascii = flags&ASCII != 0
	for r := rune(0); r < 128; r++ {
		if c.slow(r) {
			c.bits[r>>6] |= 1 << (r & 63)
		}
	}
}

func (c *class) matches(r rune) bool {
	if r < 128 {
		return c.bits[r>>6]&(1<<(r&63)) != 0
	}
	return c.slow(r)
}

func (c *class) slow(r rune) bool {
	m := c.raw(r)
	if !m && c.fold {
		foldEach(r, c.ascii, func(f rune) bool {
			m = c.raw(f)
			return m
		})
	}
	return m != c.neg
}

func (c *class) raw(r rune) bool {
	for _, it := range c.items {
		switch {
		case it.lit:
			if r == it.r {
				return true
			}
		case it.cat != 0:
			if inCategory(it.cat, r, c.ascii) {
				return true
			}
		default:
			if it.lo <= r && r <= it.hi {
				return true
			}
		}
	}
	return false
}

// foldEach calls f with each other case form of r until f returns true.
func foldEach(r rune, ascii bool, f func(rune) bool) {
	if ascii || r < 128 && !(r == 'k' || r == 'K' || r == 's' || r == 'S') {
		if r < 128 && isASCIILetter(r) {
			f(r ^ 0x20)
		}
		return
	}
	for g := unicode.SimpleFold(r); g != r; g = unicode.SimpleFold(g) {
		if f(g) {
			return
		}
	}
}

// folds returns all case forms of r (including r).
func folds(r rune, ascii bool) []rune {
	out := []rune{r}
	foldEach(r, ascii, func(g rune) bool {
		out = append(out, g)
		return false
	})
	return out
}

func inCategory(cat byte, r rune, ascii bool) bool {
	switch cat {
	case 'd':
		return isDigit(r, ascii)
	case 'D':
		return !isDigit(r, ascii)
	case 'w':
		return isWord(r, ascii)
	case 'W':
		return !isWord(r, ascii)
	case 's':
		return isSpace(r, ascii)
	case 'S':
		return !isSpace(r, ascii)
	}
	return false
}

func isDigit(r rune, ascii bool) bool {
	if r < 128 || ascii {
		return r >= '0' && r <= '9'
	}
	return unicode.IsDigit(r)
}

var asciiWord = [2]uint64{0x03ff000000000000, 0x07fffffe87fffffe}

func isWord(r rune, ascii bool) bool {
	if r < 128 {
		return asciiWord[r>>6]&(1<<(r&63)) != 0
	}
	if ascii {
		return false
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}

func isSpace(r rune, ascii bool) bool {
	if r < 128 {
		switch r {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			return true
		case 0x1c, 0x1d, 0x1e, 0x1f:
			return !ascii
		}
		return false
	}
	if ascii {
		return false
	}
	return unicode.IsSpace(r)
}
