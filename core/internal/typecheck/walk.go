package typecheck

import "github.com/amber-sandbox/amber/core/internal/syntax"

// walkExpr visits e and its subexpressions in pre-order; fn returns false
// to skip a node's children.
func walkExpr(e syntax.Expr, fn func(syntax.Expr) bool) {
	if e == nil || !fn(e) {
		return
	}
	syntax.Children(e, func(x syntax.Expr) { walkExpr(x, fn) })
}

// walkStmts visits the statements of body and of its nested blocks, but
// not of nested functions and classes.
func walkStmts(body []syntax.Stmt, fn func(syntax.Stmt)) {
	p := syntax.Parts{Block: func(b []syntax.Stmt) { walkStmts(b, fn) }}
	for _, s := range body {
		fn(s)
		p.Walk(s)
	}
}

// stmtExprs calls fn on the expressions a statement evaluates directly.
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
	default:
		syntax.Parts{Expr: fn}.Walk(s)
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
