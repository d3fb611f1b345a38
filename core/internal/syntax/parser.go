package syntax

import (
	"fmt"
	"strings"
)

const maxExprDepth = 600

// maxTreeDepth bounds the depth of an expression's tree, counting the links
// of left-deep chains (a + b + c ..., a.b.c ..., f()()...), which the
// parser builds in a loop but the compiler walks recursively. CPython
// fails near 3000 with "maximum recursion depth exceeded during
// compilation".
const maxTreeDepth = 2500

var keywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

// bailout carries a syntax error up the parser's call stack; it is
// recovered in Parse and never escapes the package.
type bailout struct{ err *SyntaxError }

type parser struct {
	lx     *lexer
	toks   []token
	p      int
	depth  int
	chain  int           // links of left-deep chains on the current path
	parens map[Expr]bool // expressions written in parentheses
}

// Parse parses a Python module. src must be UTF-8. The error, if any, is a
// *SyntaxError.
func Parse(filename string, src []byte) (mod *Module, err error) {
	norm := normalizeNewlines(src)
	lx := newLexer(filename, norm)
	lx.run()
	p := &parser{lx: lx, toks: lx.toks, parens: map[Expr]bool{}}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				// Last resort: never let an internal bug crash the caller.
				err = &SyntaxError{Kind: "SyntaxError", Msg: fmt.Sprintf("internal parser error: %v", r), Filename: filename, Line: 1}
				mod = nil
				return
			}
			if lx.err != nil && b.err.Msg == "invalid syntax" {
				b.err = lx.err
			}
			mod, err = nil, b.err
		}
	}()
	mod = p.parseModule()
	return mod, nil
}

func normalizeNewlines(src []byte) []byte {
	out := make([]byte, 0, len(src)+1)
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\r' {
			if i+1 < len(src) && src[i+1] == '\n' {
				continue
			}
			c = '\n'
		}
		out = append(out, c)
	}
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	return out
}

// ---------------------------------------------------------------------------
// token helpers

func (p *parser) tok() *token {
	t := &p.toks[p.p]
	if t.kind == tError {
		panic(bailout{p.lx.err})
	}
	return t
}

func (p *parser) peek(n int) *token {
	i := p.p + n
	if i >= len(p.toks) {
		i = len(p.toks) - 1
	}
	return &p.toks[i]
}

func (p *parser) advance() *token {
	t := p.tok()
	if p.p < len(p.toks)-1 {
		p.p++
	}
	return t
}

func (p *parser) prevEnd() Pos {
	if p.p == 0 {
		return Pos{1, 0}
	}
	return p.toks[p.p-1].end
}

func (p *parser) isOp(s string) bool {
	t := p.tok()
	return t.kind == tOp && t.val == s
}

func (p *parser) isKw(s string) bool {
	t := p.tok()
	return t.kind == tName && t.val == s
}

func (p *parser) gotOp(s string) bool {
	if p.isOp(s) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) gotKw(s string) bool {
	if p.isKw(s) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) errAt(msg string, start, end Pos) *SyntaxError {
	return p.lx.mkErr("SyntaxError", msg, start, end)
}

func (p *parser) fail(msg string, start, end Pos) {
	panic(bailout{p.errAt(msg, start, end)})
}

func (p *parser) failNode(msg string, n Node) {
	s := n.GetSpan()
	p.fail(msg, s.Pos, s.End)
}

// syntaxError reports "invalid syntax" at the current token.
func (p *parser) syntaxError() {
	t := p.tok()
	if t.kind == tIndent {
		panic(bailout{&SyntaxError{Kind: "IndentationError", Msg: "unexpected indent", Filename: p.lx.filename, Line: t.end.Line, Col: t.end.Col, EndLine: t.end.Line, EndCol: -1, Text: p.lx.lineText(t.end.Line)}})
	}
	if t.kind == tDedent {
		panic(bailout{&SyntaxError{Kind: "IndentationError", Msg: "unexpected unindent", Filename: p.lx.filename, Line: t.pos.Line, Col: t.pos.Col + 1, EndLine: t.pos.Line, EndCol: -1, Text: p.lx.lineText(t.pos.Line)}})
	}
	if t.kind == tEOF || t.kind == tNewline && t.off >= len(p.lx.src) {
		p.fail("invalid syntax", t.pos, t.pos)
	}
	p.fail("invalid syntax", t.pos, t.end)
}

func (p *parser) expectOp(s string) *token {
	if !p.isOp(s) {
		if s == ":" {
			t := p.tok()
			e := p.prevEnd()
			if t.kind == tNewline || t.kind == tName || t.kind == tOp && t.val != ")" && t.val != "]" {
				p.fail("expected ':'", e, e)
			}
		}
		p.syntaxError()
	}
	return p.advance()
}

func (p *parser) expectName() *token {
	t := p.tok()
	if t.kind != tName || keywords[t.val] {
		p.syntaxError()
	}
	return p.advance()
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxExprDepth {
		t := p.tok()
		p.fail("too many nested parentheses", t.pos, t.pos)
	}
}

func (p *parser) leave() { p.depth-- }

// link counts one more link of a left-deep chain; the caller restores
// p.chain when the chain ends.
func (p *parser) link() {
	p.chain++
	if p.depth+p.chain > maxTreeDepth {
		t := p.tok()
		p.fail("expression too deeply nested (maximum recursion depth exceeded during compilation)", t.pos, t.pos)
	}
}

// try runs f and reports whether it succeeded; on failure it rewinds.
func (p *parser) try(f func()) (ok bool) {
	save := p.p
	saveDepth, saveChain := p.depth, p.chain
	defer func() {
		if r := recover(); r != nil {
			if _, isB := r.(bailout); !isB {
				panic(r)
			}
			if p.lx.err != nil && p.toks[p.p].kind == tError {
				panic(r)
			}
			p.p = save
			p.depth, p.chain = saveDepth, saveChain
			ok = false
		}
	}()
	f()
	return true
}

// ---------------------------------------------------------------------------
// statements

func (p *parser) parseModule() *Module {
	m := &Module{}
	for p.tok().kind != tEOF {
		if p.tok().kind == tNewline {
			p.advance()
			continue
		}
		m.Body = append(m.Body, p.parseStatement()...)
	}
	if len(m.Body) > 0 {
		m.Pos = m.Body[0].GetSpan().Pos
		m.End = m.Body[len(m.Body)-1].GetSpan().End
	} else {
		m.Pos = Pos{1, 0}
		m.End = Pos{1, 0}
	}
	return m
}

func (p *parser) parseStatement() []Stmt {
	t := p.tok()
	if t.kind == tName {
		switch t.val {
		case "if":
			return []Stmt{p.parseIf()}
		case "while":
			return []Stmt{p.parseWhile()}
		case "for":
			return []Stmt{p.parseFor(t.pos, false)}
		case "try":
			return []Stmt{p.parseTry()}
		case "with":
			return []Stmt{p.parseWith(t.pos, false)}
		case "def":
			return []Stmt{p.parseFuncDef(t.pos, nil, false)}
		case "class":
			return []Stmt{p.parseClassDef(t.pos, nil)}
		case "async":
			p.advance()
			switch {
			case p.isKw("def"):
				return []Stmt{p.parseFuncDef(t.pos, nil, true)}
			case p.isKw("for"):
				return []Stmt{p.parseFor(t.pos, true)}
			case p.isKw("with"):
				return []Stmt{p.parseWith(t.pos, true)}
			}
			p.syntaxError()
		case "match":
			if s := p.tryMatch(); s != nil {
				return []Stmt{s}
			}
		}
	}
	if t.kind == tOp && t.val == "@" {
		return []Stmt{p.parseDecorated()}
	}
	if t.kind == tIndent || t.kind == tDedent {
		p.syntaxError()
	}
	return p.parseSimpleStmts()
}

func (p *parser) parseSimpleStmts() []Stmt {
	var out []Stmt
	for {
		out = append(out, p.parseSmallStmt())
		if p.gotOp(";") {
			if p.tok().kind == tNewline {
				break
			}
			continue
		}
		break
	}
	if p.tok().kind != tNewline {
		p.syntaxError()
	}
	p.advance()
	return out
}

// block parses ":" followed by a suite. what names the statement for
// IndentationError messages, e.g. "'if' statement on line 3".
func (p *parser) block(what string) []Stmt {
	p.expectOp(":")
	return p.suite(what)
}

func (p *parser) suite(what string) []Stmt {
	if p.tok().kind != tNewline {
		return p.parseSimpleStmts()
	}
	p.advance()
	t := p.tok()
	if t.kind != tIndent {
		panic(bailout{&SyntaxError{Kind: "IndentationError", Msg: "expected an indented block after " + what, Filename: p.lx.filename,
			Line: t.pos.Line, Col: t.pos.Col + 1, EndLine: t.pos.Line, EndCol: len(p.lx.lineText(t.pos.Line)) + 1, Text: p.lx.lineText(t.pos.Line)}})
	}
	p.advance()
	var body []Stmt
	for p.tok().kind != tDedent && p.tok().kind != tEOF {
		if p.tok().kind == tNewline {
			p.advance()
			continue
		}
		body = append(body, p.parseStatement()...)
	}
	if p.tok().kind == tDedent {
		p.advance()
	}
	return body
}

func endOf(body []Stmt, def Pos) Pos {
	if len(body) == 0 {
		return def
	}
	return body[len(body)-1].GetSpan().End
}

func (p *parser) parseIf() Stmt {
	start := p.advance()
	test := p.parseNamedExpr()
	s := &If{Test: test}
	s.Pos = start.pos
	s.Body = p.block(fmt.Sprintf("'if' statement on line %d", start.pos.Line))
	s.End = endOf(s.Body, p.prevEnd())
	cur := s
	for {
		if p.isKw("elif") {
			et := p.advance()
			n := &If{Test: p.parseNamedExpr()}
			n.Pos = et.pos
			n.Body = p.block(fmt.Sprintf("'elif' statement on line %d", et.pos.Line))
			n.End = endOf(n.Body, p.prevEnd())
			cur.Orelse = []Stmt{n}
			cur = n
			continue
		}
		cur.Orelse = p.parseElse()
		break
	}
	// fix up ends of the elif chain
	fixIfEnds(s)
	return s
}

func fixIfEnds(s *If) Pos {
	if len(s.Orelse) > 0 {
		if n, ok := s.Orelse[0].(*If); ok && len(s.Orelse) == 1 {
			s.End = fixIfEnds(n)
			return s.End
		}
		s.End = endOf(s.Orelse, s.End)
	}
	return s.End
}

// parseElse parses the else block of an if, a loop or a try, if there is one.
func (p *parser) parseElse() []Stmt {
	if !p.isKw("else") {
		return nil
	}
	et := p.advance()
	return p.block(fmt.Sprintf("'else' statement on line %d", et.pos.Line))
}

func (p *parser) parseWhile() Stmt {
	start := p.advance()
	s := &While{Test: p.parseNamedExpr()}
	s.Pos = start.pos
	s.Body = p.block(fmt.Sprintf("'while' statement on line %d", start.pos.Line))
	s.Orelse = p.parseElse()
	s.End = endOf(s.Orelse, endOf(s.Body, p.prevEnd()))
	return s
}

func (p *parser) parseFor(pos Pos, async bool) Stmt {
	ft := p.advance() // for
	target := p.parseTargetList("in")
	p.setCtx(target, Store, "assign")
	if !p.gotKw("in") {
		p.syntaxError()
	}
	iter := p.parseStarExpressions()
	s := &For{Target: target, Iter: iter, IsAsync: async}
	s.Pos = pos
	s.Body = p.block(fmt.Sprintf("'for' statement on line %d", ft.pos.Line))
	s.Orelse = p.parseElse()
	s.End = endOf(s.Orelse, endOf(s.Body, p.prevEnd()))
	return s
}

// parseTargetList parses a comma-separated target list up to the keyword
// stop (e.g. "in").
func (p *parser) parseTargetList(stop string) Expr {
	start := p.tok().pos
	var elts []Expr
	comma := false
	for {
		if p.isOp("*") {
			st := p.advance()
			v := p.parseBitOr()
			e := at(&Starred{Value: v}, st.pos, v.GetSpan().End)
			elts = append(elts, e)
		} else {
			elts = append(elts, p.parseBitOr())
		}
		if !p.isOp(",") {
			break
		}
		p.advance()
		comma = true
		if p.isKw(stop) || p.isOp("=") {
			break
		}
	}
	if !comma {
		return elts[0]
	}
	return at(&Tuple{Elts: elts}, start, p.prevEnd())
}

func (p *parser) parseTry() Stmt {
	start := p.advance()
	s := &Try{}
	s.Pos = start.pos
	s.Body = p.block(fmt.Sprintf("'try' statement on line %d", start.pos.Line))
	sawStar, sawPlain := false, false
	for p.isKw("except") {
		et := p.advance()
		h := &ExceptHandler{}
		h.Pos = et.pos
		star := false
		if p.isOp("*") {
			p.advance()
			star = true
			sawStar = true
		} else {
			sawPlain = true
		}
		if sawStar && sawPlain {
			p.fail("cannot have both 'except' and 'except*' on the same 'try'", et.pos, p.prevEnd())
		}
		if !p.isOp(":") {
			h.Type = p.parseExpression()
			if p.isOp(",") {
				// except A, B: -- CPython 3.11 message
				p.fail("multiple exception types must be parenthesized", h.Type.GetSpan().Pos, p.tok().end)
			}
			if p.gotKw("as") {
				h.Name = p.expectName().val
			}
		} else if star {
			p.fail("expected one or more exception types", p.tok().pos, p.tok().end)
		}
		kind := "'except' statement"
		if star {
			kind = "'except*' statement"
		}
		h.Body = p.block(fmt.Sprintf("%s on line %d", kind, et.pos.Line))
		h.End = endOf(h.Body, p.prevEnd())
		s.Handlers = append(s.Handlers, h)
	}
	s.IsStar = sawStar
	if p.isKw("else") {
		if len(s.Handlers) == 0 {
			p.syntaxError()
		}
		et := p.advance()
		s.Orelse = p.block(fmt.Sprintf("'else' statement on line %d", et.pos.Line))
	}
	if p.isKw("finally") {
		ft := p.advance()
		s.Finalbody = p.block(fmt.Sprintf("'finally' statement on line %d", ft.pos.Line))
	}
	if len(s.Handlers) == 0 && s.Finalbody == nil {
		t := p.tok()
		p.fail("expected 'except' or 'finally' block", t.pos, t.end)
	}
	end := endOf(s.Body, p.prevEnd())
	if len(s.Handlers) > 0 {
		end = s.Handlers[len(s.Handlers)-1].End
	}
	end = endOf(s.Finalbody, endOf(s.Orelse, end))
	s.End = end
	return s
}

func (p *parser) parseWith(pos Pos, async bool) Stmt {
	wt := p.advance()
	s := &With{IsAsync: async}
	s.Pos = pos
	// parenthesized with-items: "with (a as b, c):"
	parsed := false
	if p.isOp("(") {
		parsed = p.try(func() {
			p.advance()
			for {
				s.Items = append(s.Items, p.parseWithItem())
				if !p.gotOp(",") || p.isOp(")") {
					break
				}
			}
			p.expectOp(")")
			if !p.isOp(":") {
				p.syntaxError()
			}
		})
		if !parsed {
			s.Items = nil
		}
	}
	if !parsed {
		for {
			s.Items = append(s.Items, p.parseWithItem())
			if !p.gotOp(",") {
				break
			}
		}
	}
	s.Body = p.block(fmt.Sprintf("'with' statement on line %d", wt.pos.Line))
	s.End = endOf(s.Body, p.prevEnd())
	return s
}

func (p *parser) parseWithItem() *WithItem {
	e := p.parseExpression()
	w := &WithItem{ContextExpr: e}
	w.Span = e.GetSpan()
	if p.gotKw("as") {
		t := p.parseTarget()
		p.setCtx(t, Store, "assign")
		w.OptionalVars = t
		w.End = t.GetSpan().End
	}
	return w
}

// parseTarget parses a single star_target (used after "as").
func (p *parser) parseTarget() Expr {
	if p.isOp("*") {
		return p.parseStarred()
	}
	return p.parseBitOr()
}

func (p *parser) parseDecorated() Stmt {
	var decos []Expr
	start := p.tok().pos
	for p.isOp("@") {
		p.advance()
		decos = append(decos, p.parseNamedExpr())
		if p.tok().kind != tNewline {
			p.syntaxError()
		}
		p.advance()
	}
	t := p.tok()
	switch {
	case p.isKw("def"):
		return p.parseFuncDef(start, decos, false)
	case p.isKw("class"):
		return p.parseClassDef(start, decos)
	case p.isKw("async"):
		p.advance()
		if p.isKw("def") {
			f := p.parseFuncDef(start, decos, true)
			_ = t
			return f
		}
	}
	p.syntaxError()
	return nil
}

func (p *parser) parseFuncDef(pos Pos, decos []Expr, async bool) Stmt {
	dt := p.advance() // def
	name := p.expectName()
	if p.isOp("[") {
		t := p.tok()
		p.fail("generic functions (PEP 695) are not supported", t.pos, t.end)
	}
	p.expectOp("(")
	args := p.parseParams(")", true)
	p.expectOp(")")
	f := &FunctionDef{Name: name.val, Args: args, DecoratorList: decos, IsAsync: async}
	if p.gotOp("->") {
		f.Returns = p.parseExpression()
	}
	f.Pos = pos
	if len(decos) > 0 {
		f.Pos = dt.pos
		if async {
			f.Pos = p.toks[indexOfTok(p.toks, dt)-1].pos
		}
	}
	f.Body = p.block(fmt.Sprintf("function definition on line %d", dt.pos.Line))
	f.End = endOf(f.Body, p.prevEnd())
	return f
}

func indexOfTok(toks []token, t *token) int {
	for i := range toks {
		if &toks[i] == t {
			return i
		}
	}
	return 1
}

func (p *parser) parseClassDef(pos Pos, decos []Expr) Stmt {
	ct := p.advance()
	name := p.expectName()
	if p.isOp("[") {
		t := p.tok()
		p.fail("generic classes (PEP 695) are not supported", t.pos, t.end)
	}
	c := &ClassDef{Name: name.val, DecoratorList: decos}
	c.Pos = pos
	if len(decos) > 0 {
		c.Pos = ct.pos
	}
	if p.gotOp("(") {
		c.Bases, c.Keywords = p.parseCallArgs()
		p.expectOp(")")
	}
	c.Body = p.block(fmt.Sprintf("class definition on line %d", ct.pos.Line))
	c.End = endOf(c.Body, p.prevEnd())
	return c
}

func (p *parser) parseSmallStmt() Stmt {
	t := p.tok()
	pos := t.pos
	if t.kind == tName {
		switch t.val {
		case "pass":
			p.advance()
			return at(&Pass{}, pos, t.end)
		case "break":
			p.advance()
			return at(&Break{}, pos, t.end)
		case "continue":
			p.advance()
			return at(&Continue{}, pos, t.end)
		case "return":
			p.advance()
			s := &Return{}
			if !p.atStmtEnd() {
				s.Value = p.parseStarExpressions()
			}
			return at(s, pos, p.prevEnd())
		case "raise":
			p.advance()
			s := &Raise{}
			if !p.atStmtEnd() {
				s.Exc = p.parseExpression()
				if p.gotKw("from") {
					s.Cause = p.parseExpression()
				}
			}
			return at(s, pos, p.prevEnd())
		case "global", "nonlocal":
			p.advance()
			var names []string
			for {
				names = append(names, p.expectName().val)
				if !p.gotOp(",") {
					break
				}
			}
			if t.val == "global" {
				return at(&Global{Names: names}, pos, p.prevEnd())
			}
			return at(&Nonlocal{Names: names}, pos, p.prevEnd())
		case "del":
			p.advance()
			var targets []Expr
			for {
				e := p.parseBitOr()
				p.setCtx(e, Del, "delete")
				targets = append(targets, e)
				if !p.gotOp(",") || p.atStmtEnd() {
					break
				}
			}
			return at(&Delete{Targets: targets}, pos, p.prevEnd())
		case "assert":
			p.advance()
			s := &Assert{Test: p.parseExpression()}
			if p.gotOp(",") {
				s.Msg = p.parseExpression()
			}
			return at(s, pos, p.prevEnd())
		case "import":
			return p.parseImport()
		case "from":
			return p.parseFromImport()
		case "type":
			nt := p.peek(1)
			if nt.kind == tName && !keywords[nt.val] {
				if n2 := p.peek(2); n2.kind == tOp && (n2.val == "=" || n2.val == "[") {
					p.fail("type alias statements (PEP 695) are not supported", t.pos, t.end)
				}
			}
		}
	}
	return p.parseExprStmt()
}

func (p *parser) atStmtEnd() bool {
	t := p.tok()
	return t.kind == tNewline || t.kind == tEOF || t.kind == tOp && t.val == ";"
}

func (p *parser) dottedName() (string, Pos) {
	var b strings.Builder
	n := p.expectName()
	b.WriteString(n.val)
	for p.isOp(".") {
		p.advance()
		b.WriteString(".")
		b.WriteString(p.expectName().val)
	}
	return b.String(), p.prevEnd()
}

func (p *parser) parseImport() Stmt {
	start := p.advance()
	s := &Import{}
	for {
		a := &Alias{}
		a.Pos = p.tok().pos
		a.Name, a.End = p.dottedName()
		p.parseAsName(a)
		s.Names = append(s.Names, a)
		if !p.gotOp(",") {
			break
		}
	}
	return at(s, start.pos, p.prevEnd())
}

// parseAsName parses the "as name" that may follow what a imports.
func (p *parser) parseAsName(a *Alias) {
	if p.gotKw("as") {
		a.Asname = p.expectName().val
		a.End = p.prevEnd()
	}
}

func (p *parser) parseFromImport() Stmt {
	start := p.advance()
	s := &ImportFrom{}
	for {
		if p.gotOp(".") {
			s.Level++
		} else if p.gotOp("...") {
			s.Level += 3
		} else {
			break
		}
	}
	if !p.isKw("import") {
		s.Module, _ = p.dottedName()
	} else if s.Level == 0 {
		p.syntaxError()
	}
	if !p.gotKw("import") {
		p.syntaxError()
	}
	if p.isOp("*") {
		t := p.advance()
		a := at(&Alias{Name: "*"}, t.pos, t.end)
		s.Names = []*Alias{a}
	} else {
		paren := p.gotOp("(")
		for {
			a := &Alias{}
			n := p.expectName()
			a.Pos, a.End, a.Name = n.pos, n.end, n.val
			p.parseAsName(a)
			s.Names = append(s.Names, a)
			if !p.gotOp(",") {
				break
			}
			if paren && p.isOp(")") {
				break
			}
			if !paren && p.atStmtEnd() {
				p.fail("trailing comma not allowed without surrounding parentheses", p.prevEnd(), p.prevEnd())
			}
		}
		if paren {
			p.expectOp(")")
		}
	}
	return at(s, start.pos, p.prevEnd())
}

var augOps = map[string]Operator{
	"+=": Add, "-=": Sub, "*=": Mult, "@=": MatMult, "/=": Div, "%=": Mod, "**=": Pow,
	"<<=": LShift, ">>=": RShift, "|=": BitOr, "^=": BitXor, "&=": BitAnd, "//=": FloorDiv,
}

func (p *parser) parseExprStmt() Stmt {
	start := p.tok()
	var first Expr
	if p.isKw("yield") {
		first = p.parseYield()
	} else {
		first = p.parseStarExpressions()
	}
	t := p.tok()
	if t.kind == tOp {
		if t.val == ":" {
			p.advance()
			switch first.(type) {
			case *Name, *Attribute, *Subscript:
			case *Tuple:
				p.failNode("only single target (not tuple) can be annotated", first)
			case *List:
				p.failNode("only single target (not list) can be annotated", first)
			default:
				p.failNode("illegal target for annotation", first)
			}
			p.setCtx(first, Store, "assign")
			s := &AnnAssign{Target: first, Annotation: p.parseExpression()}
			_, isName := first.(*Name)
			s.Simple = isName && !p.parens[first]
			if p.gotOp("=") {
				if p.isKw("yield") {
					s.Value = p.parseYield()
				} else {
					s.Value = p.parseStarExpressions()
				}
			}
			return at(s, start.pos, p.prevEnd())
		}
		if op, ok := augOps[t.val]; ok {
			switch first.(type) {
			case *Name, *Attribute, *Subscript:
			default:
				p.failNode(fmt.Sprintf("'%s' is an illegal expression for augmented assignment", KindName(first)), first)
			}
			p.advance()
			p.setCtx(first, Store, "assign")
			s := &AugAssign{Target: first, Op: op}
			if p.isKw("yield") {
				s.Value = p.parseYield()
			} else {
				s.Value = p.parseStarExpressions()
			}
			return at(s, start.pos, p.prevEnd())
		}
		if t.val == "=" {
			targets := []Expr{first}
			var value Expr
			for p.gotOp("=") {
				if p.isKw("yield") {
					value = p.parseYield()
				} else {
					value = p.parseStarExpressions()
				}
				if p.isOp("=") {
					targets = append(targets, value)
				}
			}
			for _, tg := range targets {
				p.checkAssignTarget(tg)
				p.setCtx(tg, Store, "assign")
			}
			return at(&Assign{Targets: targets, Value: value}, start.pos, p.prevEnd())
		}
	}
	if !p.atStmtEnd() {
		if n, ok := first.(*Name); ok && (n.Id == "print" || n.Id == "exec") && p.canStartExpr() {
			save := p.p
			if p.try(func() { p.parseStarExpressions() }) && p.atStmtEnd() {
				p.fail(fmt.Sprintf("Missing parentheses in call to '%s'. Did you mean %s(...)?", n.Id, n.Id), start.pos, p.prevEnd())
			}
			p.p = save
		}
		if p.canStartExpr() && !p.isKw("in") && !p.isKw("if") {
			save := p.p
			if p.try(func() { p.parseExpression() }) {
				_ = save
				// "a b": generic error at the second expression
			}
			p.p = save
		}
		p.syntaxError()
	}
	s := &ExprStmt{Value: first}
	s.Span = first.GetSpan()
	return s
}

func (p *parser) checkAssignTarget(e Expr) {
	switch e.(type) {
	case *Name, *Attribute, *Subscript, *Tuple, *List:
		return
	case *Starred:
		p.failNode("starred assignment target must be in a list or tuple", e)
	case *Yield, *YieldFrom:
		p.failNode("assignment to yield expression not possible", e)
	}
	if c, ok := e.(*Constant); ok {
		switch c.Value {
		case nil:
			if c.Kind == "" {
				p.failNode("cannot assign to None", e)
			}
		case true:
			p.failNode("cannot assign to True", e)
		case false:
			p.failNode("cannot assign to False", e)
		}
	}
	p.failNode(fmt.Sprintf("cannot assign to %s here. Maybe you meant '==' instead of '='?", KindName(e)), e)
}

// KindName names an expression kind as CPython's error messages do.
func KindName(e Expr) string {
	switch e := e.(type) {
	case *Call:
		return "function call"
	case *Constant:
		switch e.Value {
		case nil:
			return "None"
		case true:
			return "True"
		case false:
			return "False"
		}
		if _, ok := e.Value.(Ellipsis); ok {
			return "ellipsis"
		}
		return "literal"
	case *JoinedStr, *FormattedValue:
		return "f-string expression"
	case *BoolOp, *BinOp, *UnaryOp:
		return "expression"
	case *Compare:
		return "comparison"
	case *Lambda:
		return "lambda"
	case *IfExp:
		return "conditional expression"
	case *NamedExpr:
		return "named expression"
	case *Dict:
		return "dict literal"
	case *Set:
		return "set display"
	case *ListComp:
		return "list comprehension"
	case *SetComp:
		return "set comprehension"
	case *DictComp:
		return "dict comprehension"
	case *GeneratorExp:
		return "generator expression"
	case *Await:
		return "await expression"
	case *Yield, *YieldFrom:
		return "yield expression"
	case *Tuple:
		return "tuple"
	case *List:
		return "list"
	case *Starred:
		return "starred"
	case *Name:
		return "name"
	case *Attribute:
		return "attribute"
	case *Subscript:
		return "subscript"
	}
	return "expression"
}

// setCtx sets the context of a target expression, reporting CPython's
// errors for invalid targets. what is "assign" or "delete".
func (p *parser) setCtx(e Expr, ctx ExprContext, what string) {
	switch e := e.(type) {
	case *Name:
		if ctx != Load && (e.Id == "__debug__") {
			p.failNode("cannot assign to __debug__", e)
		}
		e.Ctx = ctx
		return
	case *Attribute:
		e.Ctx = ctx
		return
	case *Subscript:
		e.Ctx = ctx
		return
	case *Starred:
		if ctx == Del {
			p.failNode("cannot delete starred", e)
		}
		e.Ctx = ctx
		p.setCtx(e.Value, ctx, what)
		return
	case *Tuple:
		e.Ctx = ctx
		p.setEltsCtx(e.Elts, ctx, what)
		return
	case *List:
		e.Ctx = ctx
		p.setEltsCtx(e.Elts, ctx, what)
		return
	}
	verb := "assign to"
	if what == "delete" {
		verb = "delete"
	}
	p.failNode(fmt.Sprintf("cannot %s %s", verb, KindName(e)), e)
}

func (p *parser) setEltsCtx(elts []Expr, ctx ExprContext, what string) {
	stars := 0
	for _, x := range elts {
		if _, ok := x.(*Starred); ok {
			stars++
			if stars > 1 && ctx == Store {
				p.failNode("multiple starred expressions in assignment", x)
			}
		}
		p.setCtx(x, ctx, what)
	}
}
