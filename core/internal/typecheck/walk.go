package typecheck

import "github.com/amber-sandbox/amber/core/internal/syntax"

// forEachChild calls fn on each direct subexpression of e.
func forEachChild(e syntax.Expr, fn func(syntax.Expr)) {
	do := func(xs ...syntax.Expr) {
		for _, x := range xs {
			if x != nil {
				fn(x)
			}
		}
	}
	switch e := e.(type) {
	case *syntax.BoolOp:
		do(e.Values...)
	case *syntax.NamedExpr:
		do(e.Value, e.Target)
	case *syntax.BinOp:
		do(e.Left, e.Right)
	case *syntax.UnaryOp:
		do(e.Operand)
	case *syntax.Lambda:
		do(e.Args.Defaults...)
		do(e.Args.KwDefaults...)
		do(e.Body)
	case *syntax.IfExp:
		do(e.Test, e.Body, e.Orelse)
	case *syntax.Dict:
		do(e.Keys...)
		do(e.Values...)
	case *syntax.Set:
		do(e.Elts...)
	case *syntax.ListComp:
		comp(e.Generators, fn)
		do(e.Elt)
	case *syntax.SetComp:
		comp(e.Generators, fn)
		do(e.Elt)
	case *syntax.GeneratorExp:
		comp(e.Generators, fn)
		do(e.Elt)
	case *syntax.DictComp:
		comp(e.Generators, fn)
		do(e.Key, e.Value)
	case *syntax.Await:
		do(e.Value)
	case *syntax.Yield:
		do(e.Value)
	case *syntax.YieldFrom:
		do(e.Value)
	case *syntax.Compare:
		do(e.Left)
		do(e.Comparators...)
	case *syntax.Call:
		do(e.Func)
		do(e.Args...)
		for _, k := range e.Keywords {
			do(k.Value)
		}
	case *syntax.FormattedValue:
		do(e.Value, e.FormatSpec)
	case *syntax.JoinedStr:
		do(e.Values...)
	case *syntax.Attribute:
		do(e.Value)
	case *syntax.Subscript:
		do(e.Value, e.Slice)
	case *syntax.Starred:
		do(e.Value)
	case *syntax.List:
		do(e.Elts...)
	case *syntax.Tuple:
		do(e.Elts...)
	case *syntax.Slice:
		do(e.Lower, e.Upper, e.Step)
	}
}

func comp(gens []*syntax.Comprehension, fn func(syntax.Expr)) {
	for _, g := range gens {
		fn(g.Target)
		fn(g.Iter)
		for _, x := range g.Ifs {
			fn(x)
		}
	}
}

// walkExpr visits e and its subexpressions in pre-order; fn returns false
// to skip a node's children.
func walkExpr(e syntax.Expr, fn func(syntax.Expr) bool) {
	if e == nil || !fn(e) {
		return
	}
	forEachChild(e, func(x syntax.Expr) { walkExpr(x, fn) })
}

// walkStmts visits the statements of body and of its nested blocks, but
// not of nested functions and classes.
func walkStmts(body []syntax.Stmt, fn func(syntax.Stmt)) {
	for _, s := range body {
		fn(s)
		switch s := s.(type) {
		case *syntax.For:
			walkStmts(s.Body, fn)
			walkStmts(s.Orelse, fn)
		case *syntax.While:
			walkStmts(s.Body, fn)
			walkStmts(s.Orelse, fn)
		case *syntax.If:
			walkStmts(s.Body, fn)
			walkStmts(s.Orelse, fn)
		case *syntax.With:
			walkStmts(s.Body, fn)
		case *syntax.Match:
			for _, mc := range s.Cases {
				walkStmts(mc.Body, fn)
			}
		case *syntax.Try:
			walkStmts(s.Body, fn)
			for _, h := range s.Handlers {
				walkStmts(h.Body, fn)
			}
			walkStmts(s.Orelse, fn)
			walkStmts(s.Finalbody, fn)
		}
	}
}

// stmtExprs calls fn on the expressions a statement holds directly.
func stmtExprs(s syntax.Stmt, fn func(syntax.Expr)) {
	do := func(xs ...syntax.Expr) {
		for _, x := range xs {
			if x != nil {
				fn(x)
			}
		}
	}
	switch s := s.(type) {
	case *syntax.Return:
		do(s.Value)
	case *syntax.Assign:
		do(s.Value)
		do(s.Targets...)
	case *syntax.AugAssign:
		do(s.Value, s.Target)
	case *syntax.AnnAssign:
		do(s.Value)
	case *syntax.For:
		do(s.Iter)
	case *syntax.While:
		do(s.Test)
	case *syntax.If:
		do(s.Test)
	case *syntax.With:
		for _, it := range s.Items {
			do(it.ContextExpr)
		}
	case *syntax.Match:
		do(s.Subject)
	case *syntax.Raise:
		do(s.Exc, s.Cause)
	case *syntax.Assert:
		do(s.Test, s.Msg)
	case *syntax.ExprStmt:
		do(s.Value)
	}
}

// hasYield reports whether a function body yields (so it is a generator).
func hasYield(body []syntax.Stmt) bool {
	found := false
	walkStmts(body, func(s syntax.Stmt) {
		stmtExprs(s, func(e syntax.Expr) {
			walkExpr(e, func(x syntax.Expr) bool {
				switch x.(type) {
				case *syntax.Yield, *syntax.YieldFrom:
					found = true
				case *syntax.Lambda:
					return false
				}
				return !found
			})
		})
	})
	return found
}
