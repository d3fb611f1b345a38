package syntax

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

type tokKind int

const (
	tEOF tokKind = iota
	tNewline
	tIndent
	tDedent
	tName
	tNumber
	tString
	tOp
	tError // the tokenizer failed here; the error is in lexer.err
)

const (
	maxParenLevel = 200
	maxIndent     = 100
	maxFDepth     = 150
)

// token is one lexical token. Strings keep their raw text (prefix and
// quotes included); f-strings also carry their parsed structure.
type token struct {
	kind      tokKind
	val       string
	pos, end  Pos
	off, eoff int // byte offsets into the (normalized) source
	fparts    []fpart
}

// fpart is a piece of an f-string body: a literal (raw range) or a
// replacement field.
type fpart struct {
	lit        bool
	start, end int // literal range, or expression range for fields
	debugEnd   int // >0: debug text is src[start:debugEnd] ("x=")
	conv       int
	hasSpec    bool
	spec       []fpart
	specStart  int
	fieldStart int // offset of '{'
	fieldEnd   int // offset after '}'
}

type paren struct {
	ch  byte
	pos Pos
}

type lexer struct {
	src       []byte
	lineStart []int // byte offset of each line start (index 0 = line 1)
	i         int
	line      int
	bol       int // offset of current line start
	indents   []int
	altIndent []int
	parens    []paren
	atBOL     bool
	toks      []token
	err       *SyntaxError
	filename  string
	full      []byte // whole source, when src is truncated (f-string fields)
	subExpr   bool   // tokenizing an f-string field: parens[0] is implicit
}

func newLexer(filename string, src []byte) *lexer {
	lx := &lexer{src: src, filename: filename, line: 1, atBOL: true, indents: []int{0}, altIndent: []int{0}}
	lx.lineStart = append(lx.lineStart, 0)
	for i, c := range src {
		if c == '\n' {
			lx.lineStart = append(lx.lineStart, i+1)
		}
	}
	return lx
}

// lineText returns the text of a 1-based line without its newline.
func (lx *lexer) lineText(line int) string {
	if line < 1 || line > len(lx.lineStart) {
		return ""
	}
	src := lx.src
	if lx.full != nil {
		src = lx.full
	}
	s := lx.lineStart[line-1]
	e := len(src)
	if line < len(lx.lineStart) {
		e = lx.lineStart[line] - 1
	}
	if s > e || e > len(src) {
		return ""
	}
	return string(src[s:e])
}

// posOf converts a byte offset to a Pos.
func (lx *lexer) posOf(off int) Pos {
	lo, hi := 0, len(lx.lineStart)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if lx.lineStart[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return Pos{Line: lo + 1, Col: off - lx.lineStart[lo]}
}

// charCol converts a byte column on a line to a 1-based character offset.
func (lx *lexer) charCol(p Pos) int {
	t := lx.lineText(p.Line)
	if p.Col > len(t) {
		return utf8.RuneCountInString(t) + 1 + (p.Col - len(t))
	}
	if p.Col < 0 {
		return 0
	}
	return utf8.RuneCountInString(t[:p.Col]) + 1
}

func (lx *lexer) mkErr(kind, msg string, start, end Pos) *SyntaxError {
	e := &SyntaxError{Kind: kind, Msg: msg, Filename: lx.filename, Line: start.Line, Col: lx.charCol(start),
		EndLine: end.Line, EndCol: lx.charCol(end), Text: lx.lineText(start.Line)}
	return e
}

// lexError is used with panic inside the lexer only; it is recovered in run.
type lexError struct{ e *SyntaxError }

func (lx *lexer) fail(msg string, start, end Pos) {
	panic(lexError{lx.mkErr("SyntaxError", msg, start, end)})
}

func (lx *lexer) failAt(msg string, off int) {
	p := lx.posOf(off)
	lx.fail(msg, p, p)
}

func (lx *lexer) emit(kind tokKind, start, end int) {
	lx.toks = append(lx.toks, token{kind: kind, val: string(lx.src[start:end]), pos: lx.posOf(start), end: lx.posOf(end), off: start, eoff: end})
}

// run tokenizes the whole source. On error the token list ends with a
// tError token and lx.err is set.
func (lx *lexer) run() {
	defer func() {
		if r := recover(); r != nil {
			le, ok := r.(lexError)
			if !ok {
				panic(r)
			}
			lx.err = le.e
			p := Pos{Line: le.e.Line}
			lx.toks = append(lx.toks, token{kind: tError, pos: p, end: p, off: len(lx.src), eoff: len(lx.src)})
		}
	}()
	for lx.next() {
	}
}

func isIdentStart(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80 && (unicode.IsLetter(r) || unicode.Is(unicode.Other_ID_Start, r) || unicode.Is(unicode.Nl, r))
}

func isIdentCont(r rune) bool {
	return isIdentStart(r) || r >= '0' && r <= '9' || r >= 0x80 && (unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc) || unicode.Is(unicode.Other_ID_Continue, r))
}

var ops3 = []string{"**=", "//=", ">>=", "<<=", "...", "!="}
var ops2 = []string{"->", ":=", "**", "//", ">>", "<<", "<=", ">=", "==", "!=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="}

const ops1 = "+-*/%@&|^~<>()[]{},:;.=!"

// next scans the next logical piece; it returns false at EOF.
func (lx *lexer) next() bool {
	src := lx.src
	if lx.atBOL {
		lx.atBOL = false
		if !lx.indentation() {
			return true
		}
	}
	// skip whitespace and continuation lines
	for {
		if lx.i >= len(src) {
			return lx.eof()
		}
		c := src[lx.i]
		if c == ' ' || c == '\t' || c == '\f' {
			lx.i++
			continue
		}
		if c == '\\' {
			if lx.i+1 < len(src) && src[lx.i+1] == '\n' {
				lx.i += 2
				lx.line++
				if lx.i >= len(src) {
					lx.failAt("unexpected EOF while parsing", lx.i)
				}
				continue
			}
			if lx.i+1 >= len(src) {
				lx.failAt("unexpected EOF while parsing", lx.i)
			}
			lx.fail("unexpected character after line continuation character", lx.posOf(lx.i+1), lx.posOf(lx.i+1))
		}
		if c == '#' {
			for lx.i < len(src) && src[lx.i] != '\n' {
				lx.i++
			}
			continue
		}
		break
	}
	c := src[lx.i]
	start := lx.i
	if c == '\n' {
		lx.i++
		if len(lx.parens) == 0 {
			lx.emit(tNewline, start, start+1)
			lx.atBOL = true
		}
		return true
	}
	r, size := utf8.DecodeRune(src[lx.i:])
	if isIdentStart(r) {
		// string prefix?
		j := lx.i
		for j < len(src) && j-lx.i < 3 && strings.IndexByte("rRbBuUfF", src[j]) >= 0 {
			j++
		}
		if j < len(src) && (src[j] == '"' || src[j] == '\'') && validPrefix(string(src[lx.i:j])) {
			lx.scanString(lx.i, j)
			return true
		}
		lx.i += size
		lx.skipIdentCont()
		lx.emit(tName, start, lx.i)
		return true
	}
	if c >= '0' && c <= '9' || c == '.' && lx.i+1 < len(src) && src[lx.i+1] >= '0' && src[lx.i+1] <= '9' {
		lx.scanNumber()
		return true
	}
	if c == '"' || c == '\'' {
		lx.scanString(lx.i, lx.i)
		return true
	}
	for _, op := range ops3 {
		if strings.HasPrefix(string(src[lx.i:min(lx.i+3, len(src))]), op) && len(op) == 3 {
			lx.i += 3
			lx.emit(tOp, start, lx.i)
			return true
		}
	}
	if lx.i+1 < len(src) {
		two := string(src[lx.i : lx.i+2])
		for _, op := range ops2 {
			if two == op {
				lx.i += 2
				lx.emit(tOp, start, lx.i)
				return true
			}
		}
	}
	if strings.IndexByte(ops1, c) >= 0 {
		p := lx.posOf(lx.i)
		switch c {
		case '(', '[', '{':
			if len(lx.parens) >= maxParenLevel {
				lx.fail("too many nested parentheses", p, p)
			}
			lx.parens = append(lx.parens, paren{c, p})
		case ')', ']', '}':
			if len(lx.parens) == 0 {
				lx.fail(fmt.Sprintf("unmatched '%c'", c), p, p)
			}
			o := lx.parens[len(lx.parens)-1]
			if closer(o.ch) != c {
				if o.pos.Line != p.Line {
					lx.fail(fmt.Sprintf("closing parenthesis '%c' does not match opening parenthesis '%c' on line %d", c, o.ch, o.pos.Line), p, p)
				}
				lx.fail(fmt.Sprintf("closing parenthesis '%c' does not match opening parenthesis '%c'", c, o.ch), p, p)
			}
			lx.parens = lx.parens[:len(lx.parens)-1]
		}
		lx.i++
		lx.emit(tOp, start, lx.i)
		return true
	}
	if c == '$' || c == '?' || c == '`' {
		lx.fail("invalid syntax", lx.posOf(lx.i), lx.posOf(lx.i))
	}
	if r == utf8.RuneError && size == 1 {
		lx.failAt("invalid non-printable character", lx.i)
	}
	if unicode.IsPrint(r) {
		lx.failAt(fmt.Sprintf("invalid character '%c' (U+%04X)", r, r), lx.i)
	}
	lx.failAt(fmt.Sprintf("invalid non-printable character U+%04X", r), lx.i)
	return false
}

func closer(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

func validPrefix(p string) bool {
	switch strings.ToLower(p) {
	case "", "r", "u", "b", "br", "rb", "f", "fr", "rf":
		return true
	}
	return false
}

func (lx *lexer) eof() bool {
	if lx.subExpr {
		if len(lx.parens) > 1 {
			o := lx.parens[len(lx.parens)-1]
			lx.fail(fmt.Sprintf("'%c' was never closed", o.ch), o.pos, o.pos)
		}
		p := len(lx.src)
		lx.toks = append(lx.toks, token{kind: tEOF, pos: lx.posOf(p), end: lx.posOf(p), off: p, eoff: p})
		return false
	}
	if len(lx.parens) > 0 {
		o := lx.parens[len(lx.parens)-1]
		lx.fail(fmt.Sprintf("'%c' was never closed", o.ch), o.pos, o.pos)
	}
	p := len(lx.src)
	if n := len(lx.toks); n > 0 && lx.toks[n-1].kind != tNewline && lx.toks[n-1].kind != tDedent && lx.toks[n-1].kind != tIndent {
		lx.toks = append(lx.toks, token{kind: tNewline, pos: lx.posOf(p), end: lx.posOf(p), off: p, eoff: p})
	}
	for len(lx.indents) > 1 {
		lx.indents = lx.indents[:len(lx.indents)-1]
		lx.toks = append(lx.toks, token{kind: tDedent, pos: lx.posOf(p), end: lx.posOf(p), off: p, eoff: p})
	}
	lx.toks = append(lx.toks, token{kind: tEOF, pos: lx.posOf(p), end: lx.posOf(p), off: p, eoff: p})
	return false
}

// indentation handles the start of a line. It returns false if it emitted
// tokens and the caller should return.
func (lx *lexer) indentation() bool {
	src := lx.src
	for {
		col, alt := 0, 0
		start := lx.i
		for lx.i < len(src) {
			c := src[lx.i]
			if c == ' ' {
				col++
				alt++
			} else if c == '\t' {
				col = (col/8 + 1) * 8
				alt++
			} else if c == '\f' {
				col, alt = 0, 0
			} else {
				break
			}
			lx.i++
		}
		if lx.i >= len(src) {
			return true
		}
		c := src[lx.i]
		if c == '#' || c == '\n' || c == '\\' && lx.i+1 < len(src) && src[lx.i+1] == '\n' && false {
			// blank or comment-only line
			for lx.i < len(src) && src[lx.i] != '\n' {
				lx.i++
			}
			if lx.i < len(src) {
				lx.i++
			}
			continue
		}
		p := lx.posOf(lx.i)
		cur := lx.indents[len(lx.indents)-1]
		curAlt := lx.altIndent[len(lx.altIndent)-1]
		if col == cur {
			if alt != curAlt {
				lx.tabError(p)
			}
			return true
		}
		if col > cur {
			if alt <= curAlt {
				lx.tabError(p)
			}
			if len(lx.indents) >= maxIndent {
				panic(lexError{&SyntaxError{Kind: "IndentationError", Msg: "too many levels of indentation", Filename: lx.filename, Line: p.Line, Col: p.Col + 1, EndLine: p.Line, EndCol: -1, Text: lx.lineText(p.Line)}})
			}
			lx.indents = append(lx.indents, col)
			lx.altIndent = append(lx.altIndent, alt)
			lx.toks = append(lx.toks, token{kind: tIndent, pos: Pos{p.Line, 0}, end: p, off: start, eoff: lx.i})
			return false
		}
		for len(lx.indents) > 1 && col < lx.indents[len(lx.indents)-1] {
			lx.indents = lx.indents[:len(lx.indents)-1]
			lx.altIndent = lx.altIndent[:len(lx.altIndent)-1]
			lx.toks = append(lx.toks, token{kind: tDedent, pos: p, end: p, off: lx.i, eoff: lx.i})
		}
		if col != lx.indents[len(lx.indents)-1] {
			panic(lexError{&SyntaxError{Kind: "IndentationError", Msg: "unindent does not match any outer indentation level", Filename: lx.filename, Line: p.Line, Col: len(lx.lineText(p.Line)), EndLine: p.Line, EndCol: -1, Text: lx.lineText(p.Line)}})
		}
		if alt != lx.altIndent[len(lx.altIndent)-1] {
			lx.tabError(p)
		}
		return false
	}
}

func (lx *lexer) tabError(p Pos) {
	panic(lexError{&SyntaxError{Kind: "TabError", Msg: "inconsistent use of tabs and spaces in indentation", Filename: lx.filename, Line: p.Line, Col: 1, EndLine: p.Line, EndCol: -1, Text: lx.lineText(p.Line)}})
}

func isDigitOf(c byte, base int) bool {
	switch base {
	case 2:
		return c == '0' || c == '1'
	case 8:
		return c >= '0' && c <= '7'
	case 16:
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
	}
	return c >= '0' && c <= '9'
}

// digits scans digits of base with single underscores between them. It
// returns the number of digits.
func (lx *lexer) digits(base int, kind string) int {
	n := 0
	src := lx.src
	for lx.i < len(src) {
		c := src[lx.i]
		if isDigitOf(c, base) {
			n++
			lx.i++
			continue
		}
		if c == '_' {
			if lx.i+1 < len(src) && isDigitOf(src[lx.i+1], base) && n > 0 {
				lx.i++
				continue
			}
			lx.failAt("invalid "+kind+" literal", lx.i+1)
		}
		break
	}
	return n
}

func (lx *lexer) peekRune() rune {
	if lx.i >= len(lx.src) {
		return -1
	}
	r, _ := utf8.DecodeRune(lx.src[lx.i:])
	return r
}

// skipIdentCont moves past the identifier characters at lx.i.
func (lx *lexer) skipIdentCont() {
	for lx.i < len(lx.src) {
		r, size := utf8.DecodeRune(lx.src[lx.i:])
		if !isIdentCont(r) {
			break
		}
		lx.i += size
	}
}

// endOfNumber checks that a number is not followed by an identifier.
func (lx *lexer) endOfNumber(kind string) {
	r := lx.peekRune()
	if r < 0 || !isIdentCont(r) {
		return
	}
	rest := string(lx.src[lx.i:])
	for _, kw := range []string{"and", "else", "for", "if", "in", "is", "not", "or"} {
		if strings.HasPrefix(rest, kw) {
			after := rest[len(kw):]
			r2, _ := utf8.DecodeRuneInString(after)
			if after == "" || !isIdentCont(r2) {
				return
			}
		}
	}
	lx.failAt("invalid "+kind+" literal", lx.i)
}

func (lx *lexer) scanNumber() {
	src := lx.src
	start := lx.i
	if src[lx.i] == '0' && lx.i+1 < len(src) && strings.IndexByte("xXoObB", src[lx.i+1]) >= 0 {
		base, kind := 16, "hexadecimal"
		switch src[lx.i+1] | 0x20 {
		case 'o':
			base, kind = 8, "octal"
		case 'b':
			base, kind = 2, "binary"
		}
		lx.i += 2
		if lx.i < len(src) && src[lx.i] == '_' {
			lx.i++
		}
		if lx.digits(base, kind) == 0 {
			if lx.i < len(src) && src[lx.i] >= '0' && src[lx.i] <= '9' {
				lx.failAt(fmt.Sprintf("invalid digit '%c' in %s literal", src[lx.i], kind), lx.i)
			}
			lx.failAt("invalid "+kind+" literal", lx.i)
		}
		if lx.i < len(src) && src[lx.i] >= '0' && src[lx.i] <= '9' {
			lx.failAt(fmt.Sprintf("invalid digit '%c' in %s literal", src[lx.i], kind), lx.i)
		}
		lx.endOfNumber(kind)
		lx.emit(tNumber, start, lx.i)
		return
	}
	isFloat := false
	if src[lx.i] != '.' {
		lx.digits(10, "decimal")
	}
	if lx.i < len(src) && src[lx.i] == '.' {
		isFloat = true
		lx.i++
		if lx.i < len(src) && src[lx.i] >= '0' && src[lx.i] <= '9' {
			lx.digits(10, "decimal")
		}
	}
	if lx.i < len(src) && (src[lx.i] == 'e' || src[lx.i] == 'E') {
		j := lx.i + 1
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		if j < len(src) && src[j] >= '0' && src[j] <= '9' {
			isFloat = true
			lx.i = j
			lx.digits(10, "decimal")
		} else {
			lx.failAt("invalid decimal literal", lx.i)
		}
	}
	if lx.i < len(src) && (src[lx.i] == 'j' || src[lx.i] == 'J') {
		lx.i++
		lx.endOfNumber("imaginary")
		lx.emit(tNumber, start, lx.i)
		return
	}
	if !isFloat {
		text := string(src[start:lx.i])
		if len(text) > 1 && text[0] == '0' && strings.Trim(text, "0_") != "" {
			lx.fail("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", lx.posOf(start), lx.posOf(start+1))
		}
	}
	lx.endOfNumber("decimal")
	lx.emit(tNumber, start, lx.i)
}

// scanString scans a string literal whose prefix starts at start and whose
// opening quote is at q.
func (lx *lexer) scanString(start, q int) {
	prefix := strings.ToLower(string(lx.src[start:q]))
	raw := strings.Contains(prefix, "r")
	isF := strings.Contains(prefix, "f")
	quote := string(lx.src[q : q+1])
	if q+2 < len(lx.src) && lx.src[q+1] == lx.src[q] && lx.src[q+2] == lx.src[q] {
		quote = strings.Repeat(quote, 3)
	}
	lx.i = q + len(quote)
	var parts []fpart
	if isF {
		parts = lx.fstringBody(start, quote, raw, 0, false)
	} else {
		lx.plainBody(start, quote)
	}
	lx.emit(tString, start, lx.i)
	lx.toks[len(lx.toks)-1].fparts = parts
}

func (lx *lexer) unterminated(start int, triple bool) {
	p := lx.posOf(start)
	detected := lx.posOf(min(lx.i, len(lx.src))).Line
	if lx.i >= len(lx.src) && len(lx.src) > 0 && lx.src[len(lx.src)-1] == '\n' && triple {
		detected = len(lx.lineStart) - 1
	}
	if triple {
		lx.fail(fmt.Sprintf("unterminated triple-quoted string literal (detected at line %d)", detected), p, p)
	}
	lx.fail(fmt.Sprintf("unterminated string literal (detected at line %d)", detected), p, p)
}

// stringChar returns the byte at lx.i inside the string literal that
// began at start, failing if the source ends first, and whether the
// literal's closing quote begins there.
func (lx *lexer) stringChar(start int, quote string) (c byte, closing bool) {
	src := lx.src
	if lx.i >= len(src) {
		lx.unterminated(start, len(quote) == 3)
	}
	c = src[lx.i]
	return c, c == quote[0] && strings.HasPrefix(string(src[lx.i:min(len(src), lx.i+len(quote))]), quote)
}

func (lx *lexer) plainBody(start int, quote string) {
	triple := len(quote) == 3
	for {
		c, closing := lx.stringChar(start, quote)
		if closing {
			lx.i += len(quote)
			return
		}
		if c == '\\' {
			lx.i += 2
			continue
		}
		if c == '\n' && !triple {
			lx.unterminated(start, false)
		}
		lx.i++
	}
}

// fstringBody scans the body of an f-string (or, with inSpec, a format
// spec) and returns its parts. It stops after the closing quote, or, in a
// spec, before the closing '}'.
func (lx *lexer) fstringBody(start int, quote string, raw bool, depth int, inSpec bool) []fpart {
	src := lx.src
	triple := len(quote) == 3
	var parts []fpart
	litStart := lx.i
	flush := func(end int) {
		if end > litStart {
			parts = append(parts, fpart{lit: true, start: litStart, end: end})
		}
	}
	for {
		if lx.i >= len(src) {
			if inSpec {
				lx.failAt("f-string: expecting '}'", lx.i)
			}
			lx.unterminated(start, triple)
		}
		c := src[lx.i]
		if c == quote[0] && strings.HasPrefix(string(src[lx.i:min(len(src), lx.i+len(quote))]), quote) {
			if inSpec {
				lx.failAt("f-string: expecting '}'", lx.i)
			}
			flush(lx.i)
			lx.i += len(quote)
			return parts
		}
		switch c {
		case '\\':
			if lx.i+1 < len(src) && src[lx.i+1] == 'N' && !raw && lx.i+2 < len(src) && src[lx.i+2] == '{' {
				j := strings.IndexByte(string(src[lx.i:]), '}')
				if j < 0 {
					lx.unterminated(start, triple)
				}
				lx.i += j + 1
				continue
			}
			if lx.i+1 < len(src) && (src[lx.i+1] == '{' || src[lx.i+1] == '}') {
				lx.i++
				continue
			}
			lx.i += 2
			continue
		case '\n':
			if !triple {
				if inSpec {
					lx.failAt("f-string: expecting '}'", lx.i)
				}
				lx.unterminated(start, false)
			}
		case '{':
			if !inSpec && lx.i+1 < len(src) && src[lx.i+1] == '{' {
				flush(lx.i + 1)
				lx.i += 2
				litStart = lx.i
				continue
			}
			flush(lx.i)
			parts = append(parts, lx.fstringField(start, quote, raw, depth+1))
			litStart = lx.i
			continue
		case '}':
			if inSpec {
				flush(lx.i)
				return parts
			}
			if lx.i+1 < len(src) && src[lx.i+1] == '}' {
				flush(lx.i + 1)
				lx.i += 2
				litStart = lx.i
				continue
			}
			lx.failAt("f-string: single '}' is not allowed", lx.i)
		}
		lx.i++
	}
}

// fstringField scans a replacement field starting at '{'.
func (lx *lexer) fstringField(start int, quote string, raw bool, depth int) fpart {
	src := lx.src
	if depth > maxFDepth {
		lx.failAt("f-string: expressions nested too deeply", lx.i)
	}
	f := fpart{fieldStart: lx.i, conv: -1}
	lx.i++
	f.start = lx.i
	nest := 0
	triple := len(quote) == 3
	for {
		c, closing := lx.stringChar(start, quote)
		if closing {
			// PEP 701 allows reusing the quote in a nested string; if that
			// does not scan, the enclosing f-string ends here instead.
			if !lx.tryNested(depth) {
				lx.failAt("f-string: expecting '}'", lx.i)
			}
			continue
		}
		switch {
		case c == '\n' && !triple:
			lx.unterminated(start, false)
		case c == '\'' || c == '"':
			save := lx.i
			lx.scanNested(save, save, depth)
			continue
		case c == '#':
			lx.failAt("f-string expression part cannot include '#'", lx.i)
		case c == '\\' && !(lx.i+1 < len(src) && src[lx.i+1] == '\n'):
			lx.failAt("f-string expression part cannot include a backslash", lx.i)
		case c == '(' || c == '[' || c == '{':
			nest++
		case c == ')' || c == ']':
			nest--
		case c == '}':
			if nest == 0 {
				if lx.i == f.start {
					lx.failAt("f-string: valid expression required before '}'", lx.i)
				}
				f.end = lx.i
				lx.i++
				f.fieldEnd = lx.i
				return f
			}
			nest--
		case nest == 0 && c == '=' && lx.i+1 < len(src) && src[lx.i+1] != '=' && lx.i > f.start && strings.IndexByte("=!<>", src[lx.i-1]) < 0:
			f.end = lx.i
			lx.i++
			for lx.i < len(src) && (src[lx.i] == ' ' || src[lx.i] == '\t') {
				lx.i++
			}
			f.debugEnd = lx.i
			lx.fieldTail(&f, start, quote, raw, depth)
			return f
		case nest == 0 && (c == '!' && lx.i+1 < len(src) && src[lx.i+1] != '=' || c == ':'):
			if lx.i == f.start {
				lx.failAt("f-string: valid expression required before '"+string(c)+"'", lx.i)
			}
			f.end = lx.i
			lx.fieldTail(&f, start, quote, raw, depth)
			return f
		default:
			if r, size := utf8.DecodeRune(src[lx.i:]); isIdentStart(r) {
				j := lx.i
				for j < len(src) && j-lx.i < 3 && strings.IndexByte("rRbBuUfF", src[j]) >= 0 {
					j++
				}
				if j < len(src) && j > lx.i && (src[j] == '"' || src[j] == '\'') && validPrefix(string(src[lx.i:j])) {
					lx.scanNested(lx.i, j, depth)
					continue
				}
				lx.i += size
				lx.skipIdentCont()
				continue
			}
		}
		lx.i++
	}
}

func (lx *lexer) scanNested(start, q, depth int) {
	if depth > maxFDepth {
		lx.failAt("f-string: expressions nested too deeply", lx.i)
	}
	prefix := strings.ToLower(string(lx.src[start:q]))
	quote := string(lx.src[q : q+1])
	if q+2 < len(lx.src) && lx.src[q+1] == lx.src[q] && lx.src[q+2] == lx.src[q] {
		quote = strings.Repeat(quote, 3)
	}
	lx.i = q + len(quote)
	if strings.Contains(prefix, "f") {
		lx.fstringBody(start, quote, strings.Contains(prefix, "r"), depth+1, false)
	} else {
		lx.plainBody(start, quote)
	}
}

// fieldTail scans an optional conversion and format spec and the closing
// '}' of a replacement field.
func (lx *lexer) fieldTail(f *fpart, start int, quote string, raw bool, depth int) {
	src := lx.src
	if lx.i < len(src) && src[lx.i] == '!' {
		lx.i++
		if lx.i >= len(src) || strings.IndexByte("sra", src[lx.i]) < 0 || lx.i+1 < len(src) && strings.IndexByte(":}", src[lx.i+1]) < 0 {
			lx.failAt("f-string: invalid conversion character: expected 's', 'r', or 'a'", lx.i)
		}
		f.conv = int(src[lx.i])
		lx.i++
	}
	if lx.i < len(src) && src[lx.i] == ':' {
		lx.i++
		f.hasSpec = true
		f.specStart = lx.i
		f.spec = lx.fstringBody(start, quote, raw, depth, true)
	}
	if lx.i >= len(src) || src[lx.i] != '}' {
		lx.failAt("f-string: expecting '}'", lx.i)
	}
	lx.i++
	f.fieldEnd = lx.i
}

// tryNested tries to scan a nested string at lx.i, restoring the position
// and reporting false if it does not scan.
func (lx *lexer) tryNested(depth int) (ok bool) {
	save := lx.i
	defer func() {
		if r := recover(); r != nil {
			if _, isLex := r.(lexError); !isLex {
				panic(r)
			}
			lx.i = save
			ok = false
		}
	}()
	lx.scanNested(save, save, depth)
	return true
}
