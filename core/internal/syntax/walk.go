package syntax

// Parts receives the parts of a statement or pattern from Walk and
// WalkPattern, for the passes over a tree (the compiler's symbol table,
// the type checker's binding and checking passes) that treat most
// statements alike and differ in what they do with an expression, a
// target, a block or a name. A nil func is not called; no func is given
// a nil expression or pattern.
type Parts struct {
	Expr    func(Expr)         // an expression the statement evaluates
	Target  func(Expr)         // an expression a value is stored into
	Block   func([]Stmt)       // a nested block of statements
	Pattern func(Pattern)      // a case's pattern, or a subpattern
	Bind    func(string, Node) // a name a pattern or handler binds, and where
}

// Walk hands the parts of s to p, in the order CPython's symbol table
// visits them, when s is a statement whose parts need no treatment of
// their own: a loop, an if, a with, a match, a try, a raise, an assert or
// an expression statement. It reports whether s was one of them.
func (p Parts) Walk(s Stmt) bool {
	switch s := s.(type) {
	case *For:
		p.target(s.Target)
		p.expr(s.Iter)
		p.block(s.Body, s.Orelse)
	case *While:
		p.expr(s.Test)
		p.block(s.Body, s.Orelse)
	case *If:
		p.expr(s.Test)
		p.block(s.Body, s.Orelse)
	case *With:
		for _, it := range s.Items {
			p.expr(it.ContextExpr)
			p.target(it.OptionalVars)
		}
		p.block(s.Body)
	case *Match:
		p.expr(s.Subject)
		for _, mc := range s.Cases {
			p.matchCase(mc)
		}
	case *Try:
		p.block(s.Body)
		for _, h := range s.Handlers {
			p.handler(h)
		}
		p.block(s.Orelse, s.Finalbody)
	case *Raise:
		p.expr(s.Exc, s.Cause)
	case *Assert:
		p.expr(s.Test, s.Msg)
	case *ExprStmt:
		p.expr(s.Value)
	default:
		return false
	}
	return true
}

// WalkPattern hands the parts of pat to p: the expressions it compares
// against, its subpatterns and the names it binds, in the order CPython's
// symbol table visits them.
func (p Parts) WalkPattern(pat Pattern) {
	switch q := pat.(type) {
	case *MatchValue:
		p.expr(q.Value)
	case *MatchSequence:
		p.patterns(q.Patterns)
	case *MatchMapping:
		p.expr(q.Keys...)
		p.patterns(q.Patterns)
		p.bind(q.Rest, q)
	case *MatchClass:
		p.expr(q.Cls)
		p.patterns(q.Patterns)
		p.patterns(q.KwdPatterns)
	case *MatchStar:
		p.bind(q.Name, q)
	case *MatchAs:
		p.pattern(q.Pattern)
		p.bind(q.Name, q)
	case *MatchOr:
		p.patterns(q.Patterns)
	}
}

// matchCase hands over a case of a match: its pattern, its guard, its
// body.
func (p Parts) matchCase(mc *MatchCase) {
	p.pattern(mc.Pattern)
	p.expr(mc.Guard)
	p.block(mc.Body)
}

// handler hands over an except clause: its type, its name, its body.
func (p Parts) handler(h *ExceptHandler) {
	p.expr(h.Type)
	p.bind(h.Name, h)
	p.block(h.Body)
}

func (p Parts) expr(es ...Expr) {
	for _, e := range es {
		if e != nil && p.Expr != nil {
			p.Expr(e)
		}
	}
}

func (p Parts) target(e Expr) {
	if e != nil && p.Target != nil {
		p.Target(e)
	}
}

func (p Parts) block(bs ...[]Stmt) {
	for _, b := range bs {
		if p.Block != nil {
			p.Block(b)
		}
	}
}

func (p Parts) pattern(q Pattern) {
	if q != nil && p.Pattern != nil {
		p.Pattern(q)
	}
}

func (p Parts) patterns(qs []Pattern) {
	for _, q := range qs {
		p.pattern(q)
	}
}

func (p Parts) bind(name string, n Node) {
	if name != "" && p.Bind != nil {
		p.Bind(name, n)
	}
}

// Children calls fn on each direct subexpression of e, in the order
// Python evaluates them (a comprehension's targets included).
func Children(e Expr, fn func(Expr)) {
	do := func(xs ...Expr) {
		for _, x := range xs {
			if x != nil {
				fn(x)
			}
		}
	}
	switch e := e.(type) {
	case *BoolOp:
		do(e.Values...)
	case *NamedExpr:
		do(e.Value, e.Target)
	case *BinOp:
		do(e.Left, e.Right)
	case *UnaryOp:
		do(e.Operand)
	case *Lambda:
		do(e.Args.Defaults...)
		do(e.Args.KwDefaults...)
		do(e.Body)
	case *IfExp:
		do(e.Test, e.Body, e.Orelse)
	case *Dict:
		do(e.Keys...)
		do(e.Values...)
	case *Set:
		do(e.Elts...)
	case *ListComp:
		generators(e.Generators, fn)
		do(e.Elt)
	case *SetComp:
		generators(e.Generators, fn)
		do(e.Elt)
	case *GeneratorExp:
		generators(e.Generators, fn)
		do(e.Elt)
	case *DictComp:
		generators(e.Generators, fn)
		do(e.Key, e.Value)
	case *Await:
		do(e.Value)
	case *Yield:
		do(e.Value)
	case *YieldFrom:
		do(e.Value)
	case *Compare:
		do(e.Left)
		do(e.Comparators...)
	case *Call:
		do(e.Func)
		do(e.Args...)
		for _, k := range e.Keywords {
			do(k.Value)
		}
	case *FormattedValue:
		do(e.Value, e.FormatSpec)
	case *JoinedStr:
		do(e.Values...)
	case *Attribute:
		do(e.Value)
	case *Subscript:
		do(e.Value, e.Slice)
	case *Starred:
		do(e.Value)
	case *List:
		do(e.Elts...)
	case *Tuple:
		do(e.Elts...)
	case *Slice:
		do(e.Lower, e.Upper, e.Step)
	}
}

func generators(gens []*Comprehension, fn func(Expr)) {
	for _, g := range gens {
		fn(g.Target)
		fn(g.Iter)
		for _, x := range g.Ifs {
			fn(x)
		}
	}
}
