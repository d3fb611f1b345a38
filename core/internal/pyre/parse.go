package pyre

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Flags, with the values of Python's re module.
const (
	TEMPLATE   = 1
	IGNORECASE = 2
	LOCALE     = 4
	MULTILINE  = 8
	DOTALL     = 16
	UNICODE    = 32
	VERBOSE    = 64
	DEBUG      = 128
	ASCII      = 256
)

const (
	maxRepeat = 1<<30 - 1 // MAXREPEAT on 64-bit CPython
	maxGroups = 1<<30 - 1
)

// Error is a pattern error, like Python's re.error. Pos is the code point
// offset in the pattern, or -1 when the error has no position.
type Error struct {
	Msg     string
	Pattern string
	Pos     int
}

func (e *Error) Error() string {
	if e.Pos < 0 {
		return e.Msg
	}
	if strings.Contains(e.Pattern, "\n") {
		p := []rune(e.Pattern)
		line, col := 1, e.Pos+1
		for i := 0; i < e.Pos && i < len(p); i++ {
			if p[i] == '\n' {
				line++
				col = e.Pos - i
			}
		}
		return fmt.Sprintf("%s at position %d (line %d, column %d)", e.Msg, e.Pos, line, col)
	}
	return fmt.Sprintf("%s at position %d", e.Msg, e.Pos)
}

// ValueError reports bad flag combinations, which Python raises as
// ValueError rather than re.error.
type ValueError struct{ Msg string }

func (e *ValueError) Error() string { return e.Msg }

// RecursionError reports a pattern nested deeper than MaxNesting, which
// Python raises as RecursionError from its parser.
type RecursionError struct{}

func (e *RecursionError) Error() string { return "maximum recursion depth exceeded" }

// MaxNesting is how deep groups may nest: what CPython's parser reaches,
// at its default recursion limit, from a module's top level (it spends two
// Python frames a level). Past it, Compile returns *RecursionError.
const MaxNesting = 495

// OverflowError reports a repeat count that is too large.
type OverflowError struct{ Msg string }

func (e *OverflowError) Error() string { return e.Msg }

type nodeKind uint8

const (
	nLit     nodeKind = iota // r
	nNotLit                  // r
	nAny                     //
	nClass                   // cls
	nCat                     // subs
	nAlt                     // subs
	nRepeat                  // subs[0], min, max, mode
	nGroup                   // group, subs[0]
	nAtomic                  // subs[0]
	nLook                    // subs[0], neg, behind
	nBackref                 // group
	nCond                    // group, subs[0] yes, subs[1] no (nil)
	nAt                      // at
)

type atKind uint8

const (
	atBeginning       atKind = iota // ^
	atEnd                           // $
	atBeginningString               // \A
	atEndString                     // \Z
	atBoundary                      // \b
	atNonBoundary                   // \B
)

const (
	greedy = iota
	lazy
	possessive
)

type node struct {
	kind     nodeKind
	r        rune
	cls      *class
	subs     []*node
	min, max int
	mode     int
	group    int
	flags    int
	neg      bool
	behind   bool
	at       atKind
	paren    bool // came from a parenthesised group (for repeat checks)
	// widthOK says wlo and whi hold the node's width: every group asks
	// for the width of what it holds, so nested groups would otherwise
	// walk their contents once per level.
	widthOK  bool
	wlo, whi int
}

type tokenizer struct {
	pat   string
	src   []rune
	index int
	next  []rune // current token: one char, or a backslash and one char; nil at end
}

func (t *tokenizer) errorf(offset int, format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...), Pattern: t.pat, Pos: t.tell() - offset}
}

func (t *tokenizer) advance() {
	i := t.index
	if i >= len(t.src) {
		t.next = nil
		return
	}
	if t.src[i] == '\\' {
		if i+1 >= len(t.src) {
			panic(&Error{Msg: "bad escape (end of pattern)", Pattern: t.pat, Pos: len(t.src) - 1})
		}
		t.next = t.src[i : i+2]
		t.index = i + 2
		return
	}
	t.next = t.src[i : i+1]
	t.index = i + 1
}

func (t *tokenizer) is(s string) bool {
	if t.next == nil {
		return false
	}
	return string(t.next) == s
}

func (t *tokenizer) match(s string) bool {
	if t.is(s) {
		t.advance()
		return true
	}
	return false
}

func (t *tokenizer) get() (string, bool) {
	if t.next == nil {
		return "", false
	}
	s := string(t.next)
	t.advance()
	return s, true
}

// nextIn reports whether the next token is a single char in set.
func (t *tokenizer) nextIn(set string) bool {
	return len(t.next) == 1 && strings.ContainsRune(set, t.next[0])
}

func (t *tokenizer) getwhile(n int, set string) string {
	var b strings.Builder
	for i := 0; i < n && t.nextIn(set); i++ {
		b.WriteRune(t.next[0])
		t.advance()
	}
	return b.String()
}

func (t *tokenizer) getuntil(term rune, name string) string {
	var b []rune
	for {
		c := t.next
		t.advance()
		if c == nil {
			if len(b) == 0 {
				panic(t.errorf(0, "missing %s", name))
			}
			panic(t.errorf(len(b), "missing %c, unterminated name", term))
		}
		if len(c) == 1 && c[0] == term {
			if len(b) == 0 {
				panic(t.errorf(1, "missing %s", name))
			}
			break
		}
		b = append(b, c...)
	}
	return string(b)
}

func (t *tokenizer) tell() int { return t.index - len(t.next) }

func (t *tokenizer) seek(i int) {
	t.index = i
	t.advance()
}

func (t *tokenizer) checkGroupName(name string, offset int) {
	if !isIdentifier(name) {
		panic(t.errorf(len([]rune(name))+offset, "bad character in group name %s", pyRepr(name)))
	}
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) {
			continue
		}
		if i > 0 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r)) {
			continue
		}
		return false
	}
	return true
}

// pyRepr formats s like Python's repr of a str (enough for error messages).
func pyRepr(s string) string {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == rune(q):
			b.WriteByte('\\')
			b.WriteByte(q)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x80 && !unicode.IsPrint(r):
			if r <= 0xff {
				fmt.Fprintf(&b, `\x%02x`, r)
			} else if r <= 0xffff {
				fmt.Fprintf(&b, `\u%04x`, r)
			} else {
				fmt.Fprintf(&b, `\U%08x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

type parseState struct {
	flags            int
	groupNames       map[string]int
	names            []string // in definition order
	groupWidths      [][2]int // nil entry (open) marked by open[i]
	open             []bool
	lookbehindGroups int // -1 when not inside a lookbehind
	groupRefPos      map[int]int
	groupRefOrder    []int
}

func (s *parseState) groups() int { return len(s.open) }

func (s *parseState) checkGroup(g int) bool { return g < s.groups() && !s.open[g] }

func (s *parseState) checkLookbehindGroup(g int, t *tokenizer) {
	if s.lookbehindGroups >= 0 {
		if !s.checkGroup(g) {
			panic(t.errorf(0, "cannot refer to an open group"))
		}
		if g >= s.lookbehindGroups {
			panic(t.errorf(0, "cannot refer to group defined in the same lookbehind subpattern"))
		}
	}
}

const (
	whitespace   = " \t\n\r\v\f"
	specialChars = ".\\[{()*+?^$|"
	digits       = "0123456789"
	octDigits    = "01234567"
	hexDigits    = "0123456789abcdefABCDEF"
)

var flagChars = map[rune]int{'i': IGNORECASE, 'L': LOCALE, 'm': MULTILINE, 's': DOTALL, 'x': VERBOSE, 'a': ASCII, 't': TEMPLATE, 'u': UNICODE}

const (
	typeFlags   = ASCII | LOCALE | UNICODE
	globalFlags = DEBUG | TEMPLATE
)

func isASCIILetter(r rune) bool { return r < 128 && (r|0x20) >= 'a' && (r|0x20) <= 'z' }

var escapes = map[rune]rune{'a': 7, 'b': 8, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11, '\\': '\\'}

// item is one element of a character set while parsing.
type setItem struct {
	lit    bool // a single literal (r)
	r      rune
	lo, hi rune
	cat    byte // category: d D s S w W, or 0
}

func classEscape(t *tokenizer, esc string) setItem {
	c := []rune(esc)[1]
	if r, ok := escapes[c]; ok {
		return setItem{lit: true, r: r}
	}
	switch c {
	case 'd', 'D', 's', 'S', 'w', 'W':
		return setItem{cat: byte(c)}
	}
	if r, ok := numericEscape(t, esc, c); ok {
		return setItem{lit: true, r: r}
	}
	if c >= '0' && c <= '7' {
		esc += t.getwhile(2, octDigits)
		v, _ := strconv.ParseInt(esc[1:], 8, 32)
		if v > 0o377 {
			panic(t.errorf(len(esc), "octal escape value %s outside of range 0-0o377", esc))
		}
		return setItem{lit: true, r: rune(v)}
	}
	if c == '8' || c == '9' || isASCIILetter(c) {
		panic(t.errorf(len([]rune(esc)), "bad escape %s", esc))
	}
	return setItem{lit: true, r: c}
}

// numericEscape handles \x \u \U \N.
func numericEscape(t *tokenizer, esc string, c rune) (rune, bool) {
	n := 0
	switch c {
	case 'x':
		n = 2
	case 'u':
		n = 4
	case 'U':
		n = 8
	case 'N':
		if !t.match("{") {
			panic(t.errorf(0, "missing {"))
		}
		name := t.getuntil('}', "character name")
		r, ok := lookupName(name)
		if !ok {
			panic(t.errorf(len([]rune(name))+4, "undefined character name %s", pyRepr(name)))
		}
		return r, true
	default:
		return 0, false
	}
	esc += t.getwhile(n, hexDigits)
	if len(esc) != n+2 {
		panic(t.errorf(len(esc), "incomplete escape %s", esc))
	}
	v, _ := strconv.ParseUint(esc[2:], 16, 32)
	if v > unicode.MaxRune {
		panic(t.errorf(len(esc), "bad escape %s", esc))
	}
	return rune(v), true
}

// lookupName resolves \N{...}; only a few common names are known.
func lookupName(name string) (rune, bool) {
	r, ok := charNames[strings.ToUpper(name)]
	return r, ok
}

var charNames = map[string]rune{
	"SPACE": ' ', "NO-BREAK SPACE": 0xa0, "EM DASH": 0x2014, "EN DASH": 0x2013,
	"LINE FEED": '\n', "CARRIAGE RETURN": '\r', "CHARACTER TABULATION": '\t',
	"HYPHEN-MINUS": '-', "FULL STOP": '.', "COMMA": ',', "BULLET": 0x2022,
	"HORIZONTAL ELLIPSIS": 0x2026, "LEFT SINGLE QUOTATION MARK": 0x2018,
	"RIGHT SINGLE QUOTATION MARK": 0x2019, "LEFT DOUBLE QUOTATION MARK": 0x201c,
	"RIGHT DOUBLE QUOTATION MARK": 0x201d, "EURO SIGN": 0x20ac, "DEGREE SIGN": 0xb0,
	"ZERO WIDTH SPACE": 0x200b, "SNOWMAN": 0x2603, "GREEK SMALL LETTER ALPHA": 0x3b1,
	"LATIN SMALL LETTER E WITH ACUTE": 0xe9, "LATIN CAPITAL LETTER E WITH ACUTE": 0xc9,
}

func (p *parser) escape(esc string) *node {
	t := p.t
	c := []rune(esc)[1]
	switch c {
	case 'A':
		return &node{kind: nAt, at: atBeginningString}
	case 'Z':
		return &node{kind: nAt, at: atEndString}
	case 'b':
		return &node{kind: nAt, at: atBoundary, flags: p.flags}
	case 'B':
		return &node{kind: nAt, at: atNonBoundary, flags: p.flags}
	case 'd', 'D', 's', 'S', 'w', 'W':
		return &node{kind: nClass, cls: &class{items: []setItem{{cat: byte(c)}}}, flags: p.flags}
	}
	if r, ok := escapes[c]; ok {
		return p.lit(r)
	}
	if r, ok := numericEscape(t, esc, c); ok {
		return p.lit(r)
	}
	if c == '0' {
		esc += t.getwhile(2, octDigits)
		v, _ := strconv.ParseInt(esc[1:], 8, 32)
		return p.lit(rune(v))
	}
	if c >= '1' && c <= '9' {
		if t.nextIn(digits) {
			d, _ := t.get()
			esc += d
			if strings.ContainsRune(octDigits, rune(esc[1])) && strings.ContainsRune(octDigits, rune(esc[2])) && t.nextIn(octDigits) {
				d, _ := t.get()
				esc += d
				v, _ := strconv.ParseInt(esc[1:], 8, 32)
				if v > 0o377 {
					panic(t.errorf(len(esc), "octal escape value %s outside of range 0-0o377", esc))
				}
				return p.lit(rune(v))
			}
		}
		g, _ := strconv.Atoi(esc[1:])
		if g < p.s.groups() {
			if !p.s.checkGroup(g) {
				panic(t.errorf(len(esc), "cannot refer to an open group"))
			}
			p.s.checkLookbehindGroup(g, t)
			return &node{kind: nBackref, group: g, flags: p.flags}
		}
		panic(t.errorf(len(esc)-1, "invalid group reference %d", g))
	}
	if isASCIILetter(c) {
		panic(t.errorf(len([]rune(esc)), "bad escape %s", esc))
	}
	return p.lit(c)
}

type parser struct {
	// check, when set, is called every few thousand items parsed; its
	// error stops the parse (a deadline, say).
	check         func() error
	items         int
	lookbehindErr bool
	t             *tokenizer
	s             *parseState
	flags         int // flags in effect for leaves being parsed
}

func (p *parser) lit(r rune) *node { return &node{kind: nLit, r: r, flags: p.flags} }

func (p *parser) parseSub(verbose bool, nested int) *node {
	// parseSub and parseSeq each count a level: nested is twice the
	// depth of groups.
	if nested > 2*MaxNesting {
		panic(&RecursionError{})
	}
	var items []*node
	for {
		items = append(items, p.parseSeq(verbose, nested+1, nested == 0 && len(items) == 0))
		if !p.t.match("|") {
			break
		}
		if nested == 0 {
			verbose = p.s.flags&VERBOSE != 0
		}
	}
	if len(items) == 1 {
		return items[0]
	}
	return &node{kind: nAlt, subs: items}
}

func (p *parser) parseSeq(verbose bool, nested int, first bool) *node {
	t := p.t
	seq := &node{kind: nCat}
	for {
		if t.next == nil || t.is("|") || t.is(")") {
			break
		}
		if p.items++; p.items&4095 == 0 && p.check != nil {
			if err := p.check(); err != nil {
				panic(checkErr{err})
			}
		}
		this, _ := t.get()
		if verbose {
			if len(this) == 1 && strings.Contains(whitespace, this) {
				continue
			}
			if this == "#" {
				for {
					c, ok := t.get()
					if !ok || c == "\n" {
						break
					}
				}
				continue
			}
		}
		tr := []rune(this)
		switch {
		case tr[0] == '\\':
			seq.subs = append(seq.subs, p.escape(this))
		case !strings.ContainsRune(specialChars, tr[0]):
			seq.subs = append(seq.subs, p.lit(tr[0]))
		case this == "[":
			seq.subs = append(seq.subs, p.parseClass())
		case strings.ContainsRune("*+?{", tr[0]):
			here := t.tell()
			min, max := 0, maxRepeat
			switch this {
			case "?":
				max = 1
			case "+":
				min = 1
			case "{":
				if t.is("}") {
					seq.subs = append(seq.subs, p.lit('{'))
					continue
				}
				lo := t.getwhile(1<<30, digits)
				hi := ""
				if t.match(",") {
					hi = t.getwhile(1<<30, digits)
				} else {
					hi = lo
				}
				if !t.match("}") {
					seq.subs = append(seq.subs, p.lit('{'))
					t.seek(here)
					continue
				}
				if lo != "" {
					v, err := strconv.Atoi(lo)
					if err != nil || v >= maxRepeat {
						panic(&OverflowError{"the repetition number is too large"})
					}
					min = v
				}
				if hi != "" {
					v, err := strconv.Atoi(hi)
					if err != nil || v >= maxRepeat {
						panic(&OverflowError{"the repetition number is too large"})
					}
					max = v
					if max < min {
						panic(t.errorf(t.tell()-here, "min repeat greater than max repeat"))
					}
				}
			}
			off := t.tell() - here + 1
			if len(seq.subs) == 0 {
				panic(t.errorf(off, "nothing to repeat"))
			}
			item := seq.subs[len(seq.subs)-1]
			if item.kind == nAt {
				panic(t.errorf(off, "nothing to repeat"))
			}
			if item.kind == nRepeat && !item.paren {
				panic(t.errorf(off, "multiple repeat"))
			}
			mode := greedy
			if t.match("?") {
				mode = lazy
			} else if t.match("+") {
				mode = possessive
			}
			seq.subs[len(seq.subs)-1] = &node{kind: nRepeat, subs: []*node{item}, min: min, max: max, mode: mode}
		case this == ".":
			seq.subs = append(seq.subs, &node{kind: nAny, flags: p.flags})
		case this == "(":
			if n := p.parseGroup(verbose, nested, first && len(seq.subs) == 0, &verbose); n != nil {
				seq.subs = append(seq.subs, n)
			}
		case this == "^":
			seq.subs = append(seq.subs, &node{kind: nAt, at: atBeginning, flags: p.flags})
		case this == "$":
			seq.subs = append(seq.subs, &node{kind: nAt, at: atEnd, flags: p.flags})
		}
	}
	return seq
}

// parseGroup parses after "(". It returns nil for comments and global flags.
func (p *parser) parseGroup(verbose bool, nested int, first bool, verboseOut *bool) *node {
	t := p.t
	start := t.tell() - 1
	capture := true
	atomic := false
	name := ""
	hasName := false
	addFlags, delFlags := 0, 0
	if t.match("?") {
		char, ok := t.get()
		if !ok {
			panic(t.errorf(0, "unexpected end of pattern"))
		}
		switch {
		case char == "P":
			if t.match("<") {
				name = t.getuntil('>', "group name")
				hasName = true
				t.checkGroupName(name, 1)
			} else if t.match("=") {
				name = t.getuntil(')', "group name")
				t.checkGroupName(name, 1)
				gid, ok := p.s.groupNames[name]
				if !ok {
					panic(t.errorf(len([]rune(name))+1, "unknown group name %s", pyRepr(name)))
				}
				if !p.s.checkGroup(gid) {
					panic(t.errorf(len([]rune(name))+1, "cannot refer to an open group"))
				}
				p.s.checkLookbehindGroup(gid, t)
				return &node{kind: nBackref, group: gid, flags: p.flags}
			} else {
				c, ok := t.get()
				if !ok {
					panic(t.errorf(0, "unexpected end of pattern"))
				}
				panic(t.errorf(len([]rune(c))+2, "unknown extension ?P%s", c))
			}
		case char == ":":
			capture = false
		case char == "#":
			for {
				if t.next == nil {
					panic(t.errorf(t.tell()-start, "missing ), unterminated comment"))
				}
				if c, _ := t.get(); c == ")" {
					break
				}
			}
			return nil
		case char == "=" || char == "!" || char == "<":
			behind := false
			if char == "<" {
				c, ok := t.get()
				if !ok {
					panic(t.errorf(0, "unexpected end of pattern"))
				}
				if c != "=" && c != "!" {
					panic(t.errorf(len([]rune(c))+2, "unknown extension ?<%s", c))
				}
				char = c
				behind = true
			}
			saved := p.s.lookbehindGroups
			if behind && saved < 0 {
				p.s.lookbehindGroups = p.s.groups()
			}
			sub := p.parseSub(verbose, nested+1)
			if behind && saved < 0 {
				p.s.lookbehindGroups = -1
			}
			if !t.match(")") {
				panic(t.errorf(t.tell()-start, "missing ), unterminated subpattern"))
			}
			lo := 0
			if behind {
				var hi int
				lo, hi = width(sub, p.s)
				if lo != hi {
					p.lookbehindErr = true
				}
			}
			return &node{kind: nLook, subs: []*node{sub}, neg: char == "!", behind: behind, min: lo}
		case char == "(":
			condName := t.getuntil(')', "group name")
			var cond int
			if isIdentifier(condName) {
				g, ok := p.s.groupNames[condName]
				if !ok {
					panic(t.errorf(len([]rune(condName))+1, "unknown group name %s", pyRepr(condName)))
				}
				cond = g
			} else {
				v, err := strconv.Atoi(condName)
				if err != nil || v < 0 || strings.ContainsAny(condName, "+- _") {
					panic(t.errorf(len([]rune(condName))+1, "bad character in group name %s", pyRepr(condName)))
				}
				if v == 0 {
					panic(t.errorf(len([]rune(condName))+1, "bad group number"))
				}
				if v >= maxGroups {
					panic(t.errorf(len([]rune(condName))+1, "invalid group reference %d", v))
				}
				if _, ok := p.s.groupRefPos[v]; !ok {
					p.s.groupRefPos[v] = t.tell() - len([]rune(condName)) - 1
					p.s.groupRefOrder = append(p.s.groupRefOrder, v)
				}
				cond = v
			}
			p.s.checkLookbehindGroup(cond, t)
			yes := p.parseSeq(verbose, nested+1, false)
			var no *node
			if t.match("|") {
				no = p.parseSeq(verbose, nested+1, false)
				if t.is("|") {
					panic(t.errorf(0, "conditional backref with more than two branches"))
				}
			}
			if !t.match(")") {
				panic(t.errorf(t.tell()-start, "missing ), unterminated subpattern"))
			}
			subs := []*node{yes, no}
			return &node{kind: nCond, group: cond, subs: subs}
		case char == ">":
			capture = false
			atomic = true
		case char == "-" || (len([]rune(char)) == 1 && flagChars[[]rune(char)[0]] != 0):
			add, del, global := p.parseFlags(char)
			if global {
				if !first {
					panic(t.errorf(t.tell()-start, "global flags not at the start of the expression"))
				}
				p.s.flags |= add
				p.flags |= add
				*verboseOut = p.s.flags&VERBOSE != 0
				return nil
			}
			addFlags, delFlags = add, del
			capture = false
		default:
			panic(t.errorf(len([]rune(char))+1, "unknown extension ?%s", char))
		}
	}
	group := -1
	if capture {
		group = p.s.groups()
		p.s.open = append(p.s.open, true)
		p.s.groupWidths = append(p.s.groupWidths, [2]int{})
		if group > maxGroups {
			panic(t.errorf(len([]rune(name))+1, "too many groups"))
		}
		if hasName {
			if og, ok := p.s.groupNames[name]; ok {
				panic(t.errorf(len([]rune(name))+1, "redefinition of group name %s as group %d; was group %d", pyRepr(name), group, og))
			}
			p.s.groupNames[name] = group
			p.s.names = append(p.s.names, name)
		}
	}
	subVerbose := (verbose || addFlags&VERBOSE != 0) && delFlags&VERBOSE == 0
	savedFlags := p.flags
	p.flags = (p.flags | addFlags) &^ delFlags
	sub := p.parseSub(subVerbose, nested+1)
	p.flags = savedFlags
	if !t.match(")") {
		panic(t.errorf(t.tell()-start, "missing ), unterminated subpattern"))
	}
	if group >= 0 {
		lo, hi := width(sub, p.s)
		p.s.groupWidths[group] = [2]int{lo, hi}
		p.s.open[group] = false
		return &node{kind: nGroup, group: group, subs: []*node{sub}, paren: true}
	}
	if atomic {
		return &node{kind: nAtomic, subs: []*node{sub}, paren: true}
	}
	return &node{kind: nCat, subs: []*node{sub}, paren: true}
}

func (p *parser) parseFlags(char string) (add, del int, global bool) {
	t := p.t
	one := func(s string) (rune, bool) {
		r := []rune(s)
		if len(r) != 1 {
			return 0, false
		}
		_, ok := flagChars[r[0]]
		return r[0], ok
	}
	// mustBeFlag fails unless char is a flag letter: a letter is an
	// unknown flag, anything else is reported as missing.
	mustBeFlag := func(char, missing string) {
		if _, ok := one(char); ok {
			return
		}
		r := []rune(char)
		if len(r) == 1 && unicode.IsLetter(r[0]) {
			missing = "unknown flag"
		}
		panic(t.errorf(len(r), "%s", missing))
	}
	if char != "-" {
		for {
			c, _ := one(char)
			flag := flagChars[c]
			if c == 'L' {
				panic(t.errorf(0, "bad inline flags: cannot use 'L' flag with a str pattern"))
			}
			add |= flag
			if flag&typeFlags != 0 && add&typeFlags != flag {
				panic(t.errorf(0, "bad inline flags: flags 'a', 'u' and 'L' are incompatible"))
			}
			var ok bool
			char, ok = t.get()
			if !ok {
				panic(t.errorf(0, "missing -, : or )"))
			}
			if char == ")" || char == "-" || char == ":" {
				break
			}
			mustBeFlag(char, "missing -, : or )")
		}
	}
	if char == ")" {
		return add, 0, true
	}
	if add&globalFlags != 0 {
		panic(t.errorf(1, "bad inline flags: cannot turn on global flag"))
	}
	if char == "-" {
		var ok bool
		char, ok = t.get()
		if !ok {
			panic(t.errorf(0, "missing flag"))
		}
		mustBeFlag(char, "missing flag")
		for {
			c, _ := one(char)
			flag := flagChars[c]
			if flag&typeFlags != 0 {
				panic(t.errorf(0, "bad inline flags: cannot turn off flags 'a', 'u' and 'L'"))
			}
			del |= flag
			char, ok = t.get()
			if !ok {
				panic(t.errorf(0, "missing :"))
			}
			if char == ":" {
				break
			}
			mustBeFlag(char, "missing :")
		}
	}
	if del&globalFlags != 0 {
		panic(t.errorf(1, "bad inline flags: cannot turn off global flag"))
	}
	if add&del != 0 {
		panic(t.errorf(1, "bad inline flags: flag turned on and off"))
	}
	return add, del, false
}

func (p *parser) parseClass() *node {
	t := p.t
	here := t.tell() - 1
	var set []setItem
	negate := t.match("^")
	for {
		this, ok := t.get()
		if !ok {
			panic(t.errorf(t.tell()-here, "unterminated character set"))
		}
		if this == "]" && len(set) > 0 {
			break
		}
		var code1 setItem
		tr := []rune(this)
		if tr[0] == '\\' && len(tr) == 2 {
			code1 = classEscape(t, this)
		} else {
			code1 = setItem{lit: true, r: tr[0]}
		}
		if t.match("-") {
			that, ok := t.get()
			if !ok {
				panic(t.errorf(t.tell()-here, "unterminated character set"))
			}
			if that == "]" {
				set = append(set, code1, setItem{lit: true, r: '-'})
				break
			}
			var code2 setItem
			if ta := []rune(that); ta[0] == '\\' && len(ta) == 2 {
				code2 = classEscape(t, that)
			} else {
				code2 = setItem{lit: true, r: ta[0]}
			}
			off := len([]rune(this)) + 1 + len([]rune(that))
			if !code1.lit || !code2.lit || code2.r < code1.r {
				panic(t.errorf(off, "bad character range %s-%s", this, that))
			}
			set = append(set, setItem{lo: code1.r, hi: code2.r})
		} else {
			set = append(set, code1)
		}
	}
	if len(set) == 1 && set[0].lit {
		if negate {
			return &node{kind: nNotLit, r: set[0].r, flags: p.flags}
		}
		return p.lit(set[0].r)
	}
	return &node{kind: nClass, cls: &class{items: set, neg: negate}, flags: p.flags}
}

const inf = 1 << 40

// width returns the minimum and maximum number of characters n can match.
func width(n *node, s *parseState) (int, int) {
	if n == nil {
		return 0, 0
	}
	if n.widthOK {
		return n.wlo, n.whi
	}
	lo, hi := measure(n, s)
	// A backreference's width is its group's, known once the group is
	// closed (a reference to an open group is an error), so a width
	// never changes once measured.
	n.widthOK, n.wlo, n.whi = true, lo, hi
	return lo, hi
}

// measure is width without the memo.
func measure(n *node, s *parseState) (int, int) {
	switch n.kind {
	case nLit, nNotLit, nAny, nClass:
		return 1, 1
	case nCat:
		lo, hi := 0, 0
		for _, c := range n.subs {
			l, h := width(c, s)
			lo, hi = lo+l, hi+h
		}
		return capw(lo), capw(hi)
	case nAlt:
		lo, hi := inf, 0
		for _, c := range n.subs {
			l, h := width(c, s)
			lo, hi = minInt(lo, l), maxInt(hi, h)
		}
		return lo, hi
	case nRepeat:
		l, h := width(n.subs[0], s)
		hi := h * n.max
		if h > 0 && n.max >= maxRepeat {
			hi = inf
		}
		return capw(l * n.min), capw(hi)
	case nGroup, nAtomic:
		return width(n.subs[0], s)
	case nBackref:
		if n.group < len(s.groupWidths) {
			w := s.groupWidths[n.group]
			return w[0], w[1]
		}
		return 0, inf
	case nCond:
		l1, h1 := width(n.subs[0], s)
		l2, h2 := width(n.subs[1], s)
		if n.subs[1] == nil {
			l2, h2 = 0, 0
		}
		return minInt(l1, l2), maxInt(h1, h2)
	}
	return 0, 0
}

func capw(v int) int {
	if v > inf || v < 0 {
		return inf
	}
	return v
}

func minInt(a, b int) int {
	if a < b {
		return a
	}
	return b
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// checkErr carries the error of a parser's check out of the parse.
type checkErr struct{ err error }

// parse parses pattern; it returns the tree, the final flags and the state.
func parse(pattern string, flags int, check func() error) (root *node, st *parseState, err error) {
	defer func() {
		if r := recover(); r != nil {
			switch e := r.(type) {
			case *Error:
				err = e
			case *OverflowError:
				err = e
			case *RecursionError:
				err = e
			case checkErr:
				err = e.err
			default:
				panic(r)
			}
		}
	}()
	t := &tokenizer{pat: pattern, src: []rune(pattern)}
	t.advance()
	st = &parseState{flags: flags, groupNames: map[string]int{}, open: []bool{false}, groupWidths: [][2]int{{0, 0}}, lookbehindGroups: -1, groupRefPos: map[int]int{}}
	p := &parser{t: t, s: st, flags: flags, check: check}
	root = p.parseSub(flags&VERBOSE != 0, 0)
	// fix_flags
	if st.flags&LOCALE != 0 {
		return nil, nil, &ValueError{"cannot use LOCALE flag with a str pattern"}
	}
	if st.flags&ASCII == 0 {
		st.flags |= UNICODE
	} else if st.flags&UNICODE != 0 {
		return nil, nil, &ValueError{"ASCII and UNICODE flags are incompatible"}
	}
	if t.next != nil {
		panic(t.errorf(0, "unbalanced parenthesis"))
	}
	for _, g := range st.groupRefOrder {
		if g >= st.groups() {
			return nil, nil, &Error{Msg: fmt.Sprintf("invalid group reference %d", g), Pattern: pattern, Pos: st.groupRefPos[g]}
		}
	}
	if p.lookbehindErr {
		return nil, nil, &Error{Msg: "look-behind requires fixed-width pattern", Pattern: pattern, Pos: -1}
	}
	return root, st, nil
}
