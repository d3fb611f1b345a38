package syntax

import "fmt"

// tryMatch parses a match statement if the current "match" token starts
// one; otherwise it returns nil and leaves the position unchanged.
func (p *parser) tryMatch() Stmt {
	start := p.tok()
	var subject Expr
	ok := p.try(func() {
		p.advance()
		if !p.canStartExpr() {
			p.syntaxError()
		}
		subject = p.parseMatchSubject()
		p.expectOp(":")
		if p.tok().kind != tNewline {
			p.syntaxError()
		}
	})
	if !ok {
		return nil
	}
	p.advance() // NEWLINE
	if p.tok().kind != tIndent {
		t := p.tok()
		panic(bailout{&SyntaxError{Kind: "IndentationError", Msg: fmt.Sprintf("expected an indented block after 'match' statement on line %d", start.pos.Line),
			Filename: p.lx.filename, Line: t.pos.Line, Col: t.pos.Col + 1, EndLine: t.pos.Line, EndCol: len(p.lx.lineText(t.pos.Line)) + 1, Text: p.lx.lineText(t.pos.Line)}})
	}
	p.advance()
	m := &Match{Subject: subject}
	m.Pos = start.pos
	for p.tok().kind != tDedent && p.tok().kind != tEOF {
		if !p.isKw("case") {
			p.syntaxError()
		}
		ct := p.advance()
		c := &MatchCase{}
		c.Pattern = p.parsePatterns()
		if p.gotKw("if") {
			c.Guard = p.parseNamedExpr()
		}
		c.Body = p.block(fmt.Sprintf("'case' statement on line %d", ct.pos.Line))
		m.Cases = append(m.Cases, c)
	}
	if p.tok().kind == tDedent {
		p.advance()
	}
	if len(m.Cases) == 0 {
		p.syntaxError()
	}
	last := m.Cases[len(m.Cases)-1]
	m.End = endOf(last.Body, p.prevEnd())
	return m
}

func (p *parser) parseMatchSubject() Expr {
	start := p.tok().pos
	first := p.parseStarNamedExpr()
	if !p.isOp(",") {
		if _, ok := first.(*Starred); ok {
			p.syntaxError()
		}
		return first
	}
	return p.parseTupleRest(start, first, func() bool { return p.isOp(":") }, p.parseStarNamedExpr)
}

// parsePatterns parses the pattern of a case clause (an open sequence
// pattern or a single pattern).
func (p *parser) parsePatterns() Pattern {
	start := p.tok().pos
	first := p.parseMaybeStarPattern()
	if !p.isOp(",") {
		if _, ok := first.(*MatchStar); ok {
			s := &MatchSequence{Patterns: []Pattern{first}}
			s.Span = first.GetSpan()
			return s
		}
		return first
	}
	pats := []Pattern{first}
	for p.gotOp(",") {
		if p.isOp(":") || p.isKw("if") {
			break
		}
		pats = append(pats, p.parseMaybeStarPattern())
	}
	return at(&MatchSequence{Patterns: pats}, start, p.prevEnd())
}

func (p *parser) parseMaybeStarPattern() Pattern {
	if p.isOp("*") {
		st := p.advance()
		n := p.expectName()
		s := &MatchStar{}
		if n.val != "_" {
			s.Name = n.val
		}
		return at(s, st.pos, n.end)
	}
	return p.parsePattern()
}

func (p *parser) parsePattern() Pattern {
	p.enter()
	defer p.leave()
	start := p.tok().pos
	pat := p.parseOrPattern()
	if p.gotKw("as") {
		n := p.expectName()
		if n.val == "_" {
			p.fail("cannot use '_' as a target", n.pos, n.end)
		}
		return at(&MatchAs{Pattern: pat, Name: n.val}, start, n.end)
	}
	return pat
}

func (p *parser) parseOrPattern() Pattern {
	first := p.parseClosedPattern()
	if !p.isOp("|") {
		return first
	}
	pats := []Pattern{first}
	for p.gotOp("|") {
		pats = append(pats, p.parseClosedPattern())
	}
	return at(&MatchOr{Patterns: pats}, first.GetSpan().Pos, pats[len(pats)-1].GetSpan().End)
}

func (p *parser) parseClosedPattern() Pattern {
	t := p.tok()
	switch t.kind {
	case tNumber, tString:
		return p.literalPattern()
	case tOp:
		switch t.val {
		case "-":
			return p.literalPattern()
		case "(", "[":
			p.advance()
			closer := ")"
			if t.val == "[" {
				closer = "]"
			}
			var pats []Pattern
			comma := false
			for !p.isOp(closer) {
				pats = append(pats, p.parseMaybeStarPattern())
				if !p.gotOp(",") {
					break
				}
				comma = true
			}
			p.expectOp(closer)
			if t.val == "(" && len(pats) == 1 && !comma {
				if _, ok := pats[0].(*MatchStar); !ok {
					return pats[0]
				}
			}
			return at(&MatchSequence{Patterns: pats}, t.pos, p.prevEnd())
		case "{":
			return p.mappingPattern()
		}
	case tName:
		if v, ok := p.takeName(t); ok {
			return at(&MatchSingleton{Value: v}, t.pos, t.end)
		}
		var e Expr = nameExpr(t)
		dotted := false
		for p.gotOp(".") {
			n := p.expectName()
			e = at(&Attribute{Value: e, Attr: n.val}, t.pos, n.end)
			dotted = true
		}
		if p.isOp("(") {
			return p.classPattern(e)
		}
		if dotted {
			v := &MatchValue{Value: e}
			v.Span = e.GetSpan()
			return v
		}
		a := &MatchAs{}
		if t.val != "_" {
			a.Name = t.val
		}
		return at(a, t.pos, t.end)
	}
	p.syntaxError()
	return nil
}

func nameExpr(t *token) *Name {
	return at(&Name{Id: t.val}, t.pos, t.end)
}

func (p *parser) literalExpr() Expr {
	t := p.tok()
	if t.kind == tString {
		e := p.parseStrings()
		if _, ok := e.(*JoinedStr); ok {
			p.failNode("patterns may only match literals and attribute lookups", e)
		}
		return e
	}
	var e Expr
	if t.kind == tOp && t.val == "-" {
		p.advance()
		c := p.parseNumberConst()
		e = at(&UnaryOp{Op: USub, Operand: c}, t.pos, c.End)
	} else if t.kind == tNumber {
		p.advance()
		e = at(&Constant{Value: p.number(t)}, t.pos, t.end)
	} else {
		p.syntaxError()
	}
	if p.isOp("+") || p.isOp("-") {
		op := Add
		if p.isOp("-") {
			op = Sub
		}
		p.advance()
		c := p.parseNumberConst()
		if _, ok := c.Value.(complex128); !ok {
			p.failNode("imaginary number required in complex literal", c)
		}
		e = at(&BinOp{Left: e, Op: op, Right: c}, t.pos, c.End)
	}
	return e
}

func (p *parser) literalPattern() Pattern {
	e := p.literalExpr()
	v := &MatchValue{Value: e}
	v.Span = e.GetSpan()
	return v
}

func (p *parser) mappingPattern() Pattern {
	open := p.advance()
	m := &MatchMapping{}
	for !p.isOp("}") {
		if p.gotOp("**") {
			m.Rest = p.expectName().val
			p.gotOp(",")
			break
		}
		var key Expr
		t := p.tok()
		switch {
		case t.kind == tName && (t.val == "None" || t.val == "True" || t.val == "False"):
			key = p.parseAtom()
		case t.kind == tName:
			p.advance()
			var e Expr = nameExpr(t)
			for p.gotOp(".") {
				n := p.expectName()
				e = at(&Attribute{Value: e, Attr: n.val}, t.pos, n.end)
			}
			if _, ok := e.(*Name); ok {
				p.syntaxError()
			}
			key = e
		default:
			key = p.literalExpr()
		}
		p.expectOp(":")
		m.Keys = append(m.Keys, key)
		m.Patterns = append(m.Patterns, p.parsePattern())
		if !p.gotOp(",") {
			break
		}
	}
	p.expectOp("}")
	return at(m, open.pos, p.prevEnd())
}

func (p *parser) classPattern(cls Expr) Pattern {
	p.advance() // (
	c := &MatchClass{Cls: cls}
	for !p.isOp(")") {
		t := p.tok()
		if t.kind == tName && p.peek(1).kind == tOp && p.peek(1).val == "=" {
			p.advance()
			p.advance()
			c.KwdAttrs = append(c.KwdAttrs, t.val)
			c.KwdPatterns = append(c.KwdPatterns, p.parsePattern())
		} else {
			pat := p.parsePattern()
			if len(c.KwdAttrs) > 0 {
				p.failNode("positional patterns follow keyword patterns", pat)
			}
			c.Patterns = append(c.Patterns, pat)
		}
		if !p.gotOp(",") {
			break
		}
	}
	p.expectOp(")")
	return at(c, cls.GetSpan().Pos, p.prevEnd())
}

// parseNumberConst parses the number a literal pattern must have here.
func (p *parser) parseNumberConst() *Constant {
	nt := p.tok()
	if nt.kind != tNumber {
		p.syntaxError()
	}
	p.advance()
	return at(&Constant{Value: p.number(nt)}, nt.pos, nt.end)
}
