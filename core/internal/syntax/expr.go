package syntax

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

func (p *parser) canStartExpr() bool {
	t := p.tok()
	switch t.kind {
	case tName:
		if !keywords[t.val] {
			return true
		}
		switch t.val {
		case "None", "True", "False", "not", "lambda", "await":
			return true
		}
		return false
	case tNumber, tString:
		return true
	case tOp:
		switch t.val {
		case "(", "[", "{", "-", "+", "~", "...", "*":
			return true
		}
	}
	return false
}

// parseStarExpressions parses star_expressions: a possibly-starred
// expression list, yielding a Tuple if there is a comma.
func (p *parser) parseStarExpressions() Expr {
	start := p.tok().pos
	return p.parseTupleRest(start, p.parseStarExpr(), func() bool { return !p.canStartExpr() }, p.parseStarExpr)
}

// parseTupleRest parses what follows the first item of an expression list
// that began at start: nothing (the list is that item) or commas and more
// items, parsed by item, until a comma is followed by what end accepts or
// by no comma. The items make a Tuple.
func (p *parser) parseTupleRest(start Pos, first Expr, end func() bool, item func() Expr) Expr {
	if !p.isOp(",") {
		return first
	}
	elts := []Expr{first}
	for p.gotOp(",") {
		if end() {
			break
		}
		elts = append(elts, item())
	}
	return at(&Tuple{Elts: elts}, start, p.prevEnd())
}

func (p *parser) parseStarExpr() Expr {
	if p.isOp("*") {
		return p.parseStarred()
	}
	return p.parseExpression()
}

func (p *parser) parseStarNamedExpr() Expr {
	if p.isOp("*") {
		return p.parseStarred()
	}
	return p.parseNamedExpr()
}

// parseStarred parses "*" bitwise_or, at the star.
func (p *parser) parseStarred() Expr {
	st := p.advance()
	v := p.parseBitOr()
	return at(&Starred{Value: v}, st.pos, v.GetSpan().End)
}

func (p *parser) parseYield() Expr {
	t := p.advance()
	if p.gotKw("from") {
		v := p.parseExpression()
		return at(&YieldFrom{Value: v}, t.pos, v.GetSpan().End)
	}
	e := at(&Yield{}, t.pos, t.end)
	if p.canStartExpr() {
		e.Value = p.parseStarExpressions()
		e.End = e.Value.GetSpan().End
	}
	return e
}

func (p *parser) parseNamedExpr() Expr {
	t := p.tok()
	if t.kind == tName && !keywords[t.val] && p.peek(1).kind == tOp && p.peek(1).val == ":=" {
		p.advance()
		p.advance()
		target := at(&Name{Id: t.val, Ctx: Store}, t.pos, t.end)
		v := p.parseExpression()
		return at(&NamedExpr{Target: target, Value: v}, t.pos, v.GetSpan().End)
	}
	e := p.parseExpression()
	if p.isOp(":=") {
		p.fail(fmt.Sprintf("cannot use assignment expressions with %s", KindName(e)), e.GetSpan().Pos, e.GetSpan().End)
	}
	return e
}

// parseExpression parses "expression": lambda or conditional expression.
func (p *parser) parseExpression() Expr {
	p.enter()
	defer p.leave()
	if p.isKw("lambda") {
		return p.parseLambda()
	}
	body := p.parseOr()
	if p.isKw("if") {
		p.advance()
		test := p.parseOr()
		if !p.gotKw("else") {
			s := body.GetSpan()
			p.fail("expected 'else' after 'if' expression", s.Pos, test.GetSpan().End)
		}
		orelse := p.parseExpression()
		return at(&IfExp{Test: test, Body: body, Orelse: orelse}, body.GetSpan().Pos, orelse.GetSpan().End)
	}
	return body
}

func (p *parser) parseLambda() Expr {
	t := p.advance()
	args := p.parseParams(":", false)
	p.expectOp(":")
	body := p.parseExpression()
	return at(&Lambda{Args: args, Body: body}, t.pos, body.GetSpan().End)
}

func (p *parser) parseOr() Expr  { return p.parseBoolOp("or", Or, p.parseAnd) }
func (p *parser) parseAnd() Expr { return p.parseBoolOp("and", And, p.parseNot) }

// parseBoolOp parses operands (parsed by next) joined by the keyword kw.
func (p *parser) parseBoolOp(kw string, op BoolOperator, next func() Expr) Expr {
	first := next()
	if !p.isKw(kw) {
		return first
	}
	vals := []Expr{first}
	for p.gotKw(kw) {
		vals = append(vals, next())
	}
	return at(&BoolOp{Op: op, Values: vals}, first.GetSpan().Pos, vals[len(vals)-1].GetSpan().End)
}

func (p *parser) parseNot() Expr {
	if p.isKw("not") {
		t := p.advance()
		p.enter()
		defer p.leave()
		v := p.parseNot()
		return at(&UnaryOp{Op: Not, Operand: v}, t.pos, v.GetSpan().End)
	}
	return p.parseComparison()
}

var cmpOpTokens = map[string]CmpOp{"==": Eq, "!=": NotEq, "<": Lt, "<=": LtE, ">": Gt, ">=": GtE}

func (p *parser) cmpOp() (CmpOp, bool) {
	t := p.tok()
	if t.kind == tOp {
		op, ok := cmpOpTokens[t.val]
		return op, ok
	}
	if t.kind == tName {
		switch t.val {
		case "in":
			return In, true
		case "is":
			return Is, true
		case "not":
			if n := p.peek(1); n.kind == tName && n.val == "in" {
				return NotIn, true
			}
		}
	}
	return 0, false
}

func (p *parser) parseComparison() Expr {
	left := p.parseBitOr()
	op, ok := p.cmpOp()
	if !ok {
		return left
	}
	e := &Compare{Left: left}
	for ok {
		p.advance()
		if op == NotIn {
			p.advance()
		} else if op == Is && p.isKw("not") {
			p.advance()
			op = IsNot
		}
		e.Ops = append(e.Ops, op)
		e.Comparators = append(e.Comparators, p.parseBitOr())
		op, ok = p.cmpOp()
	}
	return at(e, left.GetSpan().Pos, e.Comparators[len(e.Comparators)-1].GetSpan().End)
}

type binLevel struct {
	ops map[string]Operator
}

var binLevels = []map[string]Operator{
	{"|": BitOr},
	{"^": BitXor},
	{"&": BitAnd},
	{"<<": LShift, ">>": RShift},
	{"+": Add, "-": Sub},
	{"*": Mult, "/": Div, "//": FloorDiv, "%": Mod, "@": MatMult},
}

func (p *parser) parseBitOr() Expr { return p.parseBin(0) }

func (p *parser) parseBin(level int) Expr {
	if level == len(binLevels) {
		return p.parseFactor()
	}
	left := p.parseBin(level + 1)
	defer func(c int) { p.chain = c }(p.chain)
	for {
		t := p.tok()
		if t.kind != tOp {
			return left
		}
		op, ok := binLevels[level][t.val]
		if !ok {
			return left
		}
		p.link()
		p.advance()
		right := p.parseBin(level + 1)
		left = at(&BinOp{Left: left, Op: op, Right: right}, left.GetSpan().Pos, right.GetSpan().End)
	}
}

func (p *parser) parseFactor() Expr {
	t := p.tok()
	if t.kind == tOp && (t.val == "-" || t.val == "+" || t.val == "~") {
		p.advance()
		p.enter()
		defer p.leave()
		v := p.parseFactor()
		op := USub
		switch t.val {
		case "+":
			op = UAdd
		case "~":
			op = Invert
		}
		return at(&UnaryOp{Op: op, Operand: v}, t.pos, v.GetSpan().End)
	}
	return p.parsePower()
}

func (p *parser) parsePower() Expr {
	var left Expr
	if p.isKw("await") {
		t := p.advance()
		v := p.parsePrimary()
		left = at(&Await{Value: v}, t.pos, v.GetSpan().End)
	} else {
		left = p.parsePrimary()
	}
	if p.isOp("**") {
		p.advance()
		p.enter()
		defer p.leave()
		right := p.parseFactor()
		return at(&BinOp{Left: left, Op: Pow, Right: right}, left.GetSpan().Pos, right.GetSpan().End)
	}
	return left
}

func (p *parser) parsePrimary() Expr {
	e := p.parseAtom()
	defer func(c int) { p.chain = c }(p.chain)
	for {
		t := p.tok()
		if t.kind != tOp {
			return e
		}
		switch t.val {
		case ".", "(", "[":
			p.link()
		}
		switch t.val {
		case ".":
			p.advance()
			n := p.expectName()
			e = at(&Attribute{Value: e, Attr: n.val}, e.GetSpan().Pos, n.end)
		case "(":
			p.advance()
			args, kws := p.parseCallArgs()
			p.expectOp(")")
			e = at(&Call{Func: e, Args: args, Keywords: kws}, e.GetSpan().Pos, p.prevEnd())
		case "[":
			p.advance()
			sl := p.parseSlices()
			p.expectOp("]")
			e = at(&Subscript{Value: e, Slice: sl}, e.GetSpan().Pos, p.prevEnd())
		default:
			return e
		}
	}
}

func (p *parser) parseSlices() Expr {
	start := p.tok().pos
	return p.parseTupleRest(start, p.parseSlice(), func() bool { return p.isOp("]") }, p.parseSlice)
}

func (p *parser) parseSlice() Expr {
	start := p.tok().pos
	var lower Expr
	if !p.isOp(":") {
		if p.isOp("*") {
			return p.parseStarExpr()
		}
		lower = p.parseNamedExpr()
		if !p.isOp(":") {
			return lower
		}
	}
	p.advance()
	s := &Slice{Lower: lower}
	if !p.isOp(":") && !p.isOp("]") && !p.isOp(",") {
		s.Upper = p.parseExpression()
	}
	if p.gotOp(":") {
		if !p.isOp("]") && !p.isOp(",") {
			s.Step = p.parseExpression()
		}
	}
	return at(s, start, p.prevEnd())
}

// parseCallArgs parses call arguments up to (not including) ")".
func (p *parser) parseCallArgs() ([]Expr, []*Keyword) {
	var args []Expr
	var kws []*Keyword
	sawKw, sawDStar := false, false
	n := 0
	for !p.isOp(")") {
		t := p.tok()
		n++
		switch {
		case p.isOp("**"):
			p.advance()
			v := p.parseExpression()
			k := at(&Keyword{Value: v}, t.pos, v.GetSpan().End)
			kws = append(kws, k)
			sawDStar = true
		case p.isOp("*"):
			p.advance()
			v := p.parseExpression()
			s := at(&Starred{Value: v}, t.pos, v.GetSpan().End)
			if sawDStar {
				p.failNode("iterable argument unpacking follows keyword argument unpacking", s)
			}
			args = append(args, s)
		case t.kind == tName && !keywords[t.val] && p.peek(1).kind == tOp && p.peek(1).val == "=":
			p.advance()
			p.advance()
			v := p.parseExpression()
			k := at(&Keyword{Arg: t.val, Value: v}, t.pos, v.GetSpan().End)
			kws = append(kws, k)
			sawKw = true
		default:
			e := p.parseNamedExpr()
			if p.isOp("=") {
				eq := p.tok()
				if _, ok := e.(*Constant); ok && (KindName(e) == "True" || KindName(e) == "False" || KindName(e) == "None") {
					p.failNode("cannot assign to "+KindName(e), e)
				}
				p.fail(`expression cannot contain assignment, perhaps you meant "=="?`, e.GetSpan().Pos, eq.end)
			}
			if p.isKw("for") || p.isKw("async") {
				g := at(&GeneratorExp{Elt: e, Generators: p.parseComprehensionTail(e)}, e.GetSpan().Pos, p.prevEnd())
				if n > 1 || !p.isOp(")") {
					if !(n == 1 && p.isOp(",") && p.peek(1).kind == tOp && p.peek(1).val == ")") {
						p.failNode("Generator expression must be parenthesized", g)
					}
				}
				if n == 1 && p.isOp(")") {
					// f(x for x in y): the generator takes the call's parens
					g.Pos = Pos{t.pos.Line, t.pos.Col - 1}
					g.End = p.tok().end
				}
				e = g
			}
			if sawDStar {
				p.failNode("positional argument follows keyword argument unpacking", e)
			}
			if sawKw {
				p.failNode("positional argument follows keyword argument", e)
			}
			args = append(args, e)
		}
		if !p.gotOp(",") {
			if !p.isOp(")") && p.canStartExpr() {
				p.maybeMissingComma(t.pos)
			}
			break
		}
	}
	return args, kws
}

// maybeMissingComma reports "Perhaps you forgot a comma?" if an expression
// follows directly on another inside brackets.
func (p *parser) maybeMissingComma(start Pos) {
	prev := p.toks[p.p-1]
	cur := p.tok()
	if prev.kind == tName && cur.kind == tString {
		return
	}
	save := p.p
	var end Pos
	if p.try(func() { end = p.parseExpression().GetSpan().End }) {
		p.fail("invalid syntax. Perhaps you forgot a comma?", start, end)
	}
	p.p = save
}

// parseParams parses a parameter list up to the closer (")" for def, ":"
// for lambda).
func (p *parser) parseParams(closer string, annotations bool) *Arguments {
	a := &Arguments{}
	a.Pos = p.tok().pos
	star := false
	sawDefault := false
	var plain []*Arg
	parseArg := func() *Arg {
		n := p.expectName()
		arg := at(&Arg{Arg: n.val}, n.pos, n.end)
		if annotations && p.gotOp(":") {
			if p.isOp("*") && star {
				arg.Annotation = p.parseStarExpr()
			} else {
				arg.Annotation = p.parseExpression()
			}
			arg.End = p.prevEnd()
		}
		return arg
	}
	seen := map[string]bool{}
	check := func(arg *Arg) {
		if seen[arg.Arg] {
			p.failNode(fmt.Sprintf("duplicate argument '%s' in function definition", arg.Arg), arg)
		}
		seen[arg.Arg] = true
	}
	for !p.isOp(closer) {
		t := p.tok()
		switch {
		case p.isOp("/"):
			if star || a.PosOnlyArgs != nil || len(plain) == 0 {
				if len(plain) == 0 && !star {
					p.fail("at least one argument must precede /", t.pos, t.end)
				}
				p.fail("/ may appear only once", t.pos, t.end)
			}
			p.advance()
			a.PosOnlyArgs = plain
			plain = nil
		case p.isOp("**"):
			p.advance()
			a.KwArg = parseArg()
			check(a.KwArg)
			if p.isOp(",") {
				p.advance()
			}
			if !p.isOp(closer) {
				p.fail("arguments cannot follow var-keyword argument", p.tok().pos, p.tok().end)
			}
			continue
		case p.isOp("*"):
			if star {
				p.fail("* argument may appear only once", t.pos, t.end)
			}
			p.advance()
			star = true
			if p.isOp(",") || p.isOp(closer) {
				if p.isOp(closer) || p.peek(1).kind == tOp && (p.peek(1).val == closer || p.peek(1).val == "**") {
					p.fail("named arguments must follow bare *", t.pos, t.end)
				}
			} else {
				a.VarArg = parseArg()
				check(a.VarArg)
			}
		default:
			arg := parseArg()
			check(arg)
			var def Expr
			if p.gotOp("=") {
				def = p.parseExpression()
			}
			if star {
				a.KwOnlyArgs = append(a.KwOnlyArgs, arg)
				a.KwDefaults = append(a.KwDefaults, def)
			} else {
				if def != nil {
					sawDefault = true
					a.Defaults = append(a.Defaults, def)
				} else if sawDefault {
					if closer == ")" {
						p.failNode("non-default argument follows default argument", arg)
					}
					p.failNode("non-default argument follows default argument", arg)
				}
				plain = append(plain, arg)
			}
		}
		if !p.gotOp(",") {
			break
		}
	}
	a.Args = plain
	if a.PosOnlyArgs == nil {
		a.PosOnlyArgs = nil
	}
	a.End = p.prevEnd()
	return a
}

// ---------------------------------------------------------------------------
// atoms

// keywordConstant is the value of None, True or False.
func keywordConstant(name string) any {
	switch name {
	case "True":
		return true
	case "False":
		return false
	}
	return nil
}

// takeName consumes the name token t. None, True and False come back as
// their constant value with isConst set; another keyword is a syntax error.
func (p *parser) takeName(t *token) (value any, isConst bool) {
	switch t.val {
	case "None", "True", "False":
		p.advance()
		return keywordConstant(t.val), true
	}
	if keywords[t.val] {
		p.syntaxError()
	}
	p.advance()
	return nil, false
}

func (p *parser) parseAtom() Expr {
	t := p.tok()
	switch t.kind {
	case tName:
		if v, ok := p.takeName(t); ok {
			return at(&Constant{Value: v}, t.pos, t.end)
		}
		return nameExpr(t)
	case tNumber:
		p.advance()
		return at(&Constant{Value: p.number(t)}, t.pos, t.end)
	case tString:
		return p.parseStrings()
	case tOp:
		switch t.val {
		case "...":
			p.advance()
			return at(&Constant{Value: Ellipsis{}}, t.pos, t.end)
		case "(":
			return p.parseParen()
		case "[":
			return p.parseListDisplay()
		case "{":
			return p.parseBraceDisplay()
		}
	}
	p.syntaxError()
	return nil
}

func (p *parser) number(t *token) any {
	s := strings.ReplaceAll(t.val, "_", "")
	last := s[len(s)-1]
	if last == 'j' || last == 'J' {
		f, _ := strconv.ParseFloat(s[:len(s)-1], 64)
		return complex(0, f)
	}
	if len(s) > 1 && s[0] == '0' && strings.IndexByte("xXoObB", s[1]) >= 0 {
		base := 16
		switch s[1] | 0x20 {
		case 'o':
			base = 8
		case 'b':
			base = 2
		}
		v, ok := new(big.Int).SetString(s[2:], base)
		if !ok {
			p.fail("invalid number literal", t.pos, t.end)
		}
		return v
	}
	if strings.ContainsAny(s, ".eE") {
		f, _ := strconv.ParseFloat(s, 64)
		return f
	}
	if len(s) > 4300 {
		p.fail("Exceeds the limit (4300 digits) for integer string conversion: value has "+strconv.Itoa(len(s))+" digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.", t.pos, t.end)
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		p.fail("invalid number literal", t.pos, t.end)
	}
	return v
}

func (p *parser) parseParen() Expr {
	open := p.advance()
	p.enter()
	defer p.leave()
	if p.isOp(")") {
		cl := p.advance()
		return at(&Tuple{}, open.pos, cl.end)
	}
	if p.isKw("yield") {
		y := p.parseYield()
		p.expectOp(")")
		p.parens[y] = true
		return y
	}
	first := p.parseStarNamedExpr()
	if p.isKw("for") || p.isKw("async") {
		gens := p.parseComprehensionTail(first)
		p.expectOp(")")
		return at(&GeneratorExp{Elt: first, Generators: gens}, open.pos, p.prevEnd())
	}
	if p.isOp(")") {
		p.advance()
		if _, ok := first.(*Starred); ok {
			p.failNode("cannot use starred expression here", first)
		}
		p.parens[first] = true
		return first
	}
	elts := []Expr{first}
	if !p.isOp(",") {
		p.maybeMissingComma(first.GetSpan().Pos)
		p.syntaxError()
	}
	for p.gotOp(",") {
		if p.isOp(")") {
			break
		}
		e := p.parseStarNamedExpr()
		elts = append(elts, e)
		if !p.isOp(",") && !p.isOp(")") {
			p.maybeMissingComma(e.GetSpan().Pos)
		}
	}
	p.expectOp(")")
	return at(&Tuple{Elts: elts}, open.pos, p.prevEnd())
}

func (p *parser) parseListDisplay() Expr {
	open := p.advance()
	p.enter()
	defer p.leave()
	l := &List{}
	if !p.isOp("]") {
		first := p.parseStarNamedExpr()
		if p.isKw("for") || p.isKw("async") {
			gens := p.parseComprehensionTail(first)
			p.expectOp("]")
			return at(&ListComp{Elt: first, Generators: gens}, open.pos, p.prevEnd())
		}
		l.Elts = append(l.Elts, first)
		if !p.isOp(",") && !p.isOp("]") {
			p.maybeMissingComma(first.GetSpan().Pos)
		}
		for p.gotOp(",") {
			if p.isOp("]") {
				break
			}
			e := p.parseStarNamedExpr()
			l.Elts = append(l.Elts, e)
			if !p.isOp(",") && !p.isOp("]") {
				p.maybeMissingComma(e.GetSpan().Pos)
			}
		}
	}
	p.expectOp("]")
	return at(l, open.pos, p.prevEnd())
}

func (p *parser) parseBraceDisplay() Expr {
	open := p.advance()
	p.enter()
	defer p.leave()
	if p.gotOp("}") {
		return at(&Dict{}, open.pos, p.prevEnd())
	}
	// dict?
	if p.isOp("**") {
		return p.parseDictRest(open, nil, nil)
	}
	first := p.parseStarNamedExpr()
	if p.gotOp(":") {
		v := p.parseExpression()
		if p.isKw("for") || p.isKw("async") {
			gens := p.parseComprehensionTail(first)
			p.expectOp("}")
			return at(&DictComp{Key: first, Value: v, Generators: gens}, open.pos, p.prevEnd())
		}
		return p.parseDictRest(open, first, v)
	}
	if p.isKw("for") || p.isKw("async") {
		gens := p.parseComprehensionTail(first)
		p.expectOp("}")
		return at(&SetComp{Elt: first, Generators: gens}, open.pos, p.prevEnd())
	}
	s := &Set{Elts: []Expr{first}}
	for p.gotOp(",") {
		if p.isOp("}") {
			break
		}
		s.Elts = append(s.Elts, p.parseStarNamedExpr())
	}
	if !p.isOp("}") && p.canStartExpr() {
		p.maybeMissingComma(s.Elts[len(s.Elts)-1].GetSpan().Pos)
	}
	p.expectOp("}")
	return at(s, open.pos, p.prevEnd())
}

func (p *parser) parseDictRest(open *token, k, v Expr) Expr {
	d := &Dict{}
	if v != nil {
		d.Keys = append(d.Keys, k)
		d.Values = append(d.Values, v)
		if !p.gotOp(",") {
			p.expectOp("}")
			return at(d, open.pos, p.prevEnd())
		}
	}
	for !p.isOp("}") {
		if p.gotOp("**") {
			d.Keys = append(d.Keys, nil)
			d.Values = append(d.Values, p.parseBitOr())
		} else {
			key := p.parseExpression()
			if !p.isOp(":") {
				if p.isOp(",") || p.isOp("}") {
					p.fail("':' expected after dictionary key", key.GetSpan().Pos, key.GetSpan().End)
				}
			}
			p.expectOp(":")
			d.Keys = append(d.Keys, key)
			d.Values = append(d.Values, p.parseExpression())
		}
		if !p.gotOp(",") {
			break
		}
	}
	p.expectOp("}")
	return at(d, open.pos, p.prevEnd())
}

// parseComprehensionTail parses the one or more "for ... in ... if ..."
// clauses that follow a comprehension's element elt.
func (p *parser) parseComprehensionTail(elt Expr) []*Comprehension {
	if s, ok := elt.(*Starred); ok {
		p.failNode("iterable unpacking cannot be used in comprehension", s)
	}
	var gens []*Comprehension
	for p.isKw("for") || p.isKw("async") && p.peek(1).kind == tName && p.peek(1).val == "for" {
		start := p.tok().pos
		c := &Comprehension{}
		if p.gotKw("async") {
			c.IsAsync = true
		}
		p.advance() // for
		c.Target = p.parseTargetList("in")
		p.setCtx(c.Target, Store, "assign")
		if !p.gotKw("in") {
			p.syntaxError()
		}
		c.Iter = p.parseOr()
		for p.gotKw("if") {
			c.Ifs = append(c.Ifs, p.parseOr())
		}
		c.Pos, c.End = start, p.prevEnd()
		gens = append(gens, c)
	}
	if len(gens) == 0 {
		p.syntaxError()
	}
	return gens
}
