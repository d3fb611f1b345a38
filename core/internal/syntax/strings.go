package syntax

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// namedChars is the small table of \N{...} names supported.
var namedChars = map[string]rune{
	"SPACE": ' ', "NO-BREAK SPACE": 0xA0, "EM DASH": 0x2014, "EN DASH": 0x2013, "BULLET": 0x2022,
	"HORIZONTAL ELLIPSIS": 0x2026, "DEGREE SIGN": 0xB0, "COPYRIGHT SIGN": 0xA9, "EURO SIGN": 0x20AC,
	"GREEK SMALL LETTER ALPHA": 0x3B1, "GREEK SMALL LETTER BETA": 0x3B2, "GREEK SMALL LETTER PI": 0x3C0,
	"LATIN SMALL LETTER E WITH ACUTE": 0xE9, "SNOWMAN": 0x2603, "BLACK STAR": 0x2605, "CHECK MARK": 0x2713,
	"RIGHTWARDS ARROW": 0x2192, "LEFTWARDS ARROW": 0x2190, "NULL": 0, "LINE FEED": '\n', "TAB": '\t',
	"CHARACTER TABULATION": '\t', "ZERO WIDTH SPACE": 0x200B, "REPLACEMENT CHARACTER": 0xFFFD,
	"MULTIPLICATION SIGN": 0xD7, "DIVISION SIGN": 0xF7, "PLUS-MINUS SIGN": 0xB1, "INFINITY": 0x221E,
	"GRINNING FACE": 0x1F600, "THUMBS UP SIGN": 0x1F44D, "HEAVY BLACK HEART": 0x2764,
}

// decodeEscapes decodes backslash escapes of a str (bytes=false) or bytes
// literal body. It returns an error message on failure.
func decodeEscapes(s string, bytes bool) (string, string) {
	if !strings.Contains(s, `\`) {
		return s, ""
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			i++
			continue
		}
		start := i
		i += 2
		switch e := s[i-1]; e {
		case '\n':
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'f':
			b.WriteByte(12)
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte(11)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := int(e - '0')
			for k := 0; k < 2 && i < len(s) && s[i] >= '0' && s[i] <= '7'; k++ {
				v = v*8 + int(s[i]-'0')
				i++
			}
			if bytes {
				b.WriteByte(byte(v))
			} else {
				b.WriteRune(rune(v))
			}
		case 'x', 'u', 'U':
			n := 2
			if !bytes && e == 'u' {
				n = 4
			} else if !bytes && e == 'U' {
				n = 8
			} else if bytes && e != 'x' {
				b.WriteString(s[start:i])
				continue
			}
			if i+n > len(s) || !allHex(s[i:i+n]) {
				codec := "unicodeescape"
				if bytes {
					return "", fmt.Sprintf("(value error) invalid \\x escape at position %d", start)
				}
				kind := map[byte]string{'x': "truncated \\xXX escape", 'u': "truncated \\uXXXX escape", 'U': "truncated \\UXXXXXXXX escape"}[e]
				return "", fmt.Sprintf("(unicode error) '%s' codec can't decode bytes in position %d-%d: %s", codec, start, min(len(s), i+n)-1, kind)
			}
			var v rune
			for _, h := range s[i : i+n] {
				v = v*16 + hexVal(h)
			}
			i += n
			if bytes {
				b.WriteByte(byte(v))
			} else {
				if v > 0x10FFFF {
					return "", fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: illegal Unicode character", start, i-1)
				}
				b.WriteRune(v)
			}
		case 'N':
			if bytes {
				b.WriteString(s[start:i])
				continue
			}
			end := strings.IndexByte(s[i:], '}')
			if i >= len(s) || s[i] != '{' || end < 0 {
				return "", fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: malformed \\N character escape", start, i-1)
			}
			name := strings.ToUpper(s[i+1 : i+end])
			r, ok := namedChars[name]
			if !ok {
				return "", fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: unknown Unicode character name", start, i+end)
			}
			b.WriteRune(r)
			i += end + 1
		default:
			b.WriteString(s[start:i])
		}
	}
	return b.String(), ""
}

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigitOf(s[i], 16) {
			return false
		}
	}
	return true
}

func hexVal(c rune) rune {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// strInfo splits a string token into prefix flags and raw body.
func strInfo(val string) (prefix string, body string) {
	q := strings.IndexAny(val, `'"`)
	prefix = strings.ToLower(val[:q])
	rest := val[q:]
	n := 1
	if len(rest) >= 6 && rest[1] == rest[0] && rest[2] == rest[0] {
		n = 3
	}
	if len(rest) < 2*n {
		return prefix, ""
	}
	return prefix, rest[n : len(rest)-n]
}

// parseStrings parses one or more adjacent string literal tokens.
func (p *parser) parseStrings() Expr {
	first := p.tok()
	var toks []*token
	for p.tok().kind == tString {
		toks = append(toks, p.advance())
	}
	start, end := first.pos, toks[len(toks)-1].end
	isBytes, isF := false, false
	for i, t := range toks {
		prefix, _ := strInfo(t.val)
		b := strings.Contains(prefix, "b")
		if i == 0 {
			isBytes = b
		} else if b != isBytes {
			p.fail("cannot mix bytes and nonbytes literals", t.pos, t.pos)
		}
		if strings.Contains(prefix, "f") {
			isF = true
		}
	}
	kind := ""
	if pf, _ := strInfo(first.val); strings.Contains(pf, "u") {
		kind = "u"
	}
	if isBytes {
		var b strings.Builder
		for _, t := range toks {
			prefix, body := strInfo(t.val)
			for i := 0; i < len(body); i++ {
				if body[i] >= 0x80 {
					p.fail("bytes can only contain ASCII literal characters", t.pos, t.end)
				}
			}
			if !strings.Contains(prefix, "r") {
				s, msg := decodeEscapes(body, true)
				if msg != "" {
					p.fail(msg, t.pos, t.end)
				}
				body = s
			}
			b.WriteString(body)
		}
		return at(&Constant{Value: []byte(b.String())}, start, end)
	}
	if !isF {
		var b strings.Builder
		for _, t := range toks {
			b.WriteString(p.strValue(t))
		}
		return at(&Constant{Value: b.String(), Kind: kind}, start, end)
	}
	js := at(&JoinedStr{Values: []Expr{}}, start, end)
	var lit strings.Builder
	litStart := start
	flush := func(e Pos) {
		if lit.Len() > 0 {
			c := at(&Constant{Value: lit.String()}, litStart, e)
			js.Values = append(js.Values, c)
			lit.Reset()
		}
	}
	for _, t := range toks {
		prefix, _ := strInfo(t.val)
		if !strings.Contains(prefix, "f") {
			if lit.Len() == 0 {
				litStart = t.pos
			}
			lit.WriteString(p.strValue(t))
			continue
		}
		raw := strings.Contains(prefix, "r")
		for _, part := range t.fparts {
			if part.lit {
				if lit.Len() == 0 {
					litStart = p.lx.posOf(part.start)
				}
				lit.WriteString(p.decodeLit(part, raw))
				continue
			}
			if part.debugEnd > 0 {
				if lit.Len() == 0 {
					litStart = p.lx.posOf(part.start)
				}
				lit.WriteString(string(p.lx.src[part.start:part.debugEnd]))
			}
			flush(p.lx.posOf(part.fieldStart))
			js.Values = append(js.Values, p.fieldValue(part, raw))
		}
	}
	flush(end)
	return js
}

func (p *parser) decodeLit(part fpart, raw bool) string {
	s := string(p.lx.src[part.start:part.end])
	if raw {
		return s
	}
	v, msg := decodeEscapes(s, false)
	if msg != "" {
		pos := p.lx.posOf(part.start)
		p.fail(msg, pos, pos)
	}
	return v
}

func (p *parser) strValue(t *token) string {
	prefix, body := strInfo(t.val)
	if strings.Contains(prefix, "r") {
		return body
	}
	s, msg := decodeEscapes(body, false)
	if msg != "" {
		p.fail(msg, t.pos, t.end)
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return s
}

// fieldValue builds the FormattedValue for a replacement field.
func (p *parser) fieldValue(part fpart, raw bool) Expr {
	e := p.subParse(part.start, part.end)
	fv := at(&FormattedValue{Value: e, Conversion: part.conv}, p.lx.posOf(part.fieldStart), p.lx.posOf(part.fieldEnd))
	if part.debugEnd > 0 && part.conv == -1 && !part.hasSpec {
		fv.Conversion = 'r'
	}
	if part.hasSpec {
		spec := &JoinedStr{Values: []Expr{}}
		spec.Pos = p.lx.posOf(part.specStart)
		spec.End = p.lx.posOf(part.fieldEnd - 1)
		for _, sp := range part.spec {
			if sp.lit {
				c := at(&Constant{Value: p.decodeLit(sp, raw)}, p.lx.posOf(sp.start), p.lx.posOf(sp.end))
				spec.Values = append(spec.Values, c)
				continue
			}
			spec.Values = append(spec.Values, p.fieldValue(sp, raw))
		}
		fv.FormatSpec = spec
	}
	return fv
}

// subParse parses the expression in src[start:end] of an f-string field.
func (p *parser) subParse(start, end int) Expr {
	sub := &lexer{src: p.lx.src[:end], filename: p.lx.filename, line: 1, indents: []int{0}, altIndent: []int{0},
		lineStart: p.lx.lineStart, i: start, full: p.lx.src}
	sub.parens = []paren{{'(', p.lx.posOf(start)}}
	sub.subExpr = true
	sub.run()
	if sub.err != nil {
		panic(bailout{sub.err})
	}
	sp := &parser{lx: sub, toks: sub.toks, parens: p.parens, depth: p.depth + 1}
	if sp.depth > maxExprDepth {
		pos := p.lx.posOf(start)
		p.fail("f-string: expressions nested too deeply", pos, pos)
	}
	var e Expr
	if sp.isKw("yield") {
		e = sp.parseYield()
	} else {
		e = sp.parseStarExpressions()
	}
	if sp.tok().kind != tEOF {
		sp.syntaxError()
	}
	return e
}
