package compile

import (
	"strings"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

func docstring(body []syntax.Stmt) (string, bool) {
	if len(body) == 0 {
		return "", false
	}
	if es, ok := body[0].(*syntax.ExprStmt); ok {
		if k, ok := es.Value.(*syntax.Constant); ok {
			if s, ok := k.Value.(string); ok {
				return s, true
			}
		}
	}
	return "", false
}

// hasAnnotations reports whether a body has a simple annotated assignment
// (not looking into nested functions or classes).
func hasAnnotations(body []syntax.Stmt) bool {
	for _, s := range body {
		switch s := s.(type) {
		case *syntax.AnnAssign:
			if s.Simple {
				return true
			}
		case *syntax.For:
			if hasAnnotations(s.Body) || hasAnnotations(s.Orelse) {
				return true
			}
		case *syntax.While:
			if hasAnnotations(s.Body) || hasAnnotations(s.Orelse) {
				return true
			}
		case *syntax.If:
			if hasAnnotations(s.Body) || hasAnnotations(s.Orelse) {
				return true
			}
		case *syntax.With:
			if hasAnnotations(s.Body) {
				return true
			}
		case *syntax.Try:
			if hasAnnotations(s.Body) || hasAnnotations(s.Orelse) || hasAnnotations(s.Finalbody) {
				return true
			}
			for _, h := range s.Handlers {
				if hasAnnotations(h.Body) {
					return true
				}
			}
		case *syntax.Match:
			for _, mc := range s.Cases {
				if hasAnnotations(mc.Body) {
					return true
				}
			}
		}
	}
	return false
}

func (c *compiler) compileModule(m *syntax.Module) *Code {
	s := c.st.top
	c.u = c.newUnit(s, "<module>", "<module>", 1)
	c.u.code.Flags |= FlagModule
	body := m.Body
	if hasAnnotations(body) {
		c.emit(SETUP_ANNOTATIONS, 0)
	}
	last := len(body) - 1
	if doc, ok := docstring(body); ok && !(c.opts.ReturnLastExpr && last == 0) {
		c.u.line = body[0].GetSpan().Pos.Line
		c.u.code.Docstring = doc
		c.loadConst(doc)
		c.emit(STORE_GLOBAL, c.nameIndex("__doc__"))
		body = body[1:]
		last--
	}
	for i, st := range body {
		if es, ok := st.(*syntax.ExprStmt); ok && i == last && c.opts.ReturnLastExpr {
			c.u.line = es.Pos.Line
			c.expr(es.Value)
			c.emit(RETURN_VALUE, 0)
			return c.assemble()
		}
		c.stmt(st)
	}
	c.loadConst(nil)
	c.emit(RETURN_VALUE, 0)
	return c.assemble()
}

// qualname computes the qualified name of a new scope named name.
func (c *compiler) qualname(name string) string {
	u := c.u
	if u == nil || u.scope.kind == scModule {
		return name
	}
	if u.scope.resolve(c.mangle(name)) == resGlobalExplicit {
		return name
	}
	if u.scope.kind == scClass {
		return u.code.QualName + "." + name
	}
	return u.code.QualName + ".<locals>." + name
}

// pushUnit starts compiling a nested scope; popUnit returns to the parent.
func (c *compiler) pushUnit(node syntax.Node, name string, firstLine int) *unit {
	s := c.st.scopes[node]
	qn := c.qualname(name)
	parent := c.u
	c.u = c.newUnit(s, name, qn, firstLine)
	return parent
}

// makeClosure emits LOAD_CONST code; MAKE_FUNCTION, with the closure
// tuple if the code has free variables. extra are the flags already pushed.
func (c *compiler) makeClosure(code *Code, flags int) {
	if len(code.Freevars) > 0 {
		for _, name := range code.Freevars {
			c.emit(LOAD_CLOSURE, c.derefIndex(name))
		}
		c.emit(BUILD_TUPLE, len(code.Freevars))
		flags |= 8
	}
	c.loadConst(code)
	c.emit(MAKE_FUNCTION, flags)
}

// functionDefaults pushes defaults, kwdefaults and annotations, returning
// the MAKE_FUNCTION flags.
func (c *compiler) functionDefaults(a *syntax.Arguments, returns syntax.Expr, annotations bool) int {
	flags := 0
	if len(a.Defaults) > 0 {
		c.exprTuple(a.Defaults)
		flags |= 1
	}
	n := 0
	for i, k := range a.KwOnlyArgs {
		if i < len(a.KwDefaults) && a.KwDefaults[i] != nil {
			c.loadConst(c.mangle(k.Arg))
			c.expr(a.KwDefaults[i])
			n++
		}
	}
	if n > 0 {
		c.emit(BUILD_MAP, n)
		flags |= 2
	}
	if annotations {
		n = 0
		for _, p := range allArgs(a) {
			if p.Annotation != nil {
				c.loadConst(c.mangle(p.Arg))
				c.expr(p.Annotation)
				n++
			}
		}
		if returns != nil {
			c.loadConst("return")
			c.expr(returns)
			n++
		}
		if n > 0 {
			c.emit(BUILD_MAP, n)
			flags |= 4
		}
	}
	return flags
}

// pushFunction starts the code unit of a def or lambda with arguments a.
func (c *compiler) pushFunction(node syntax.Node, name string, firstLine int, a *syntax.Arguments) (parent *unit, s *scope, code *Code) {
	parent = c.pushUnit(node, name, firstLine)
	s, code = c.u.scope, c.u.code
	c.setArgCounts(code, a)
	c.setGenFlags(code, s)
	return parent, s, code
}

func (c *compiler) setArgCounts(code *Code, a *syntax.Arguments) {
	code.PosOnlyCount = len(a.PosOnlyArgs)
	code.ArgCount = len(a.PosOnlyArgs) + len(a.Args)
	code.KwOnlyCount = len(a.KwOnlyArgs)
	if a.VarArg != nil {
		code.Flags |= FlagVarArgs
	}
	if a.KwArg != nil {
		code.Flags |= FlagVarKw
	}
}

func (c *compiler) setGenFlags(code *Code, s *scope) {
	switch {
	case s.isAsync && s.isGenerator:
		code.Flags |= FlagAsyncGenerator
	case s.isAsync:
		code.Flags |= FlagCoroutine
	case s.isGenerator:
		code.Flags |= FlagGenerator
	}
}

// decorators evaluates the decorators of a def or class on line and
// returns the line its code starts on: the first decorator's.
func (c *compiler) decorators(decs []syntax.Expr, line int) (firstLine int) {
	firstLine = line
	if len(decs) > 0 {
		firstLine = decs[0].GetSpan().Pos.Line
	}
	for _, d := range decs {
		c.emit(PUSH_NULL, c.calleeMark(d))
		c.expr(d)
	}
	c.u.line = line
	return firstLine
}

func (c *compiler) applyDecorators(decs []syntax.Expr, line int) {
	c.u.line = line
	for range decs {
		c.emit(CALL, 1)
	}
}

func (c *compiler) functionDef(f *syntax.FunctionDef) {
	firstLine := c.decorators(f.DecoratorList, f.Pos.Line)
	flags := c.functionDefaults(f.Args, f.Returns, true)
	parent, s, code := c.pushFunction(f, f.Name, firstLine, f.Args)
	if s.isAsync && s.isGenerator && s.hasReturnValue != (syntax.Span{}) {
		c.errorSpan(s.hasReturnValue, "'return' with value in async generator")
	}
	body := f.Body
	if doc, ok := docstring(body); ok {
		code.Docstring = doc
		body = body[1:]
	}
	c.stmts(body)
	c.loadConst(nil)
	c.emit(RETURN_VALUE, 0)
	code = c.assemble()
	c.u = parent
	c.u.line = f.Pos.Line
	c.makeClosure(code, flags)
	c.applyDecorators(f.DecoratorList, f.Pos.Line)
	c.nameOp(f.Name, syntax.Store)
}

func (c *compiler) lambda(e *syntax.Lambda) {
	flags := c.functionDefaults(e.Args, nil, false)
	parent, s, code := c.pushFunction(e, "<lambda>", e.Pos.Line, e.Args)
	c.expr(e.Body)
	if s.isGenerator {
		c.emit(POP_TOP, 0)
		c.loadConst(nil)
	}
	c.emit(RETURN_VALUE, 0)
	code = c.assemble()
	c.u = parent
	c.makeClosure(code, flags)
}

func (c *compiler) classDef(cd *syntax.ClassDef) {
	firstLine := c.decorators(cd.DecoratorList, cd.Pos.Line)
	parent := c.pushUnit(cd, cd.Name, firstLine)
	s := c.u.scope
	code := c.u.code
	code.Flags |= FlagClassBody
	c.u.line = cd.Pos.Line
	c.emit(LOAD_GLOBAL, c.nameIndex("__name__"))
	c.emit(STORE_NAME, c.nameIndex("__module__"))
	c.loadConst(code.QualName)
	c.emit(STORE_NAME, c.nameIndex("__qualname__"))
	body := cd.Body
	if hasAnnotations(body) {
		c.emit(SETUP_ANNOTATIONS, 0)
	}
	if doc, ok := docstring(body); ok {
		code.Docstring = doc
		c.u.line = body[0].GetSpan().Pos.Line
		c.loadConst(doc)
		c.emit(STORE_NAME, c.nameIndex("__doc__"))
		body = body[1:]
	}
	c.stmts(body)
	if s.needsClassCell {
		c.emit(LOAD_CLOSURE, c.derefIndex("__class__"))
	} else {
		c.loadConst(nil)
	}
	c.emit(RETURN_VALUE, 0)
	code = c.assemble()
	c.u = parent
	c.u.line = cd.Pos.Line
	c.emit(PUSH_NULL, 0)
	c.emit(LOAD_BUILD_CLASS, 0)
	c.makeClosure(code, 0)
	c.loadConst(cd.Name)
	c.callHelper(2, cd.Bases, cd.Keywords, cd.Pos.Line)
	c.applyDecorators(cd.DecoratorList, cd.Pos.Line)
	c.nameOp(cd.Name, syntax.Store)
}

// ---------------------------------------------------------------------------
// Statements

func (c *compiler) stmts(body []syntax.Stmt) {
	for _, s := range body {
		c.stmt(s)
	}
}

func (c *compiler) stmt(s syntax.Stmt) {
	c.u.line = s.GetSpan().Pos.Line
	switch s := s.(type) {
	case *syntax.FunctionDef:
		c.functionDef(s)
	case *syntax.ClassDef:
		c.classDef(s)
	case *syntax.Return:
		c.returnStmt(s)
	case *syntax.Delete:
		for _, t := range s.Targets {
			c.delete(t)
		}
	case *syntax.Assign:
		if c.swapAssign(s) {
			break
		}
		c.expr(s.Value)
		for i, t := range s.Targets {
			if i < len(s.Targets)-1 {
				c.emit(COPY, 1)
			}
			c.store(t)
		}
	case *syntax.AugAssign:
		c.augAssign(s)
	case *syntax.AnnAssign:
		c.annAssign(s)
	case *syntax.For:
		if s.IsAsync {
			c.asyncFor(s)
		} else {
			c.forStmt(s)
		}
	case *syntax.While:
		c.whileStmt(s)
	case *syntax.If:
		var orelse func()
		if len(s.Orelse) > 0 {
			orelse = func() { c.stmts(s.Orelse) }
		}
		c.ifElse(s.Test, func() { c.stmts(s.Body) }, orelse)
	case *syntax.With:
		c.with(s, 0)
	case *syntax.Match:
		c.match(s)
	case *syntax.Raise:
		n := 0
		if s.Exc != nil {
			c.expr(s.Exc)
			n++
			if s.Cause != nil {
				c.expr(s.Cause)
				n++
			}
		}
		c.u.line = s.Pos.Line
		c.emit(RAISE_VARARGS, n)
	case *syntax.Try:
		c.try(s)
	case *syntax.Assert:
		ok := c.newLabel()
		c.jumpIf(s.Test, true, ok)
		c.emit(PUSH_NULL, 0)
		c.emit(LOAD_ASSERTION_ERROR, 0)
		n := 0
		if s.Msg != nil {
			c.expr(s.Msg)
			n = 1
		}
		c.emit(CALL, n)
		c.emit(RAISE_VARARGS, 1)
		c.bind(ok)
	case *syntax.Import:
		c.importStmt(s)
	case *syntax.ImportFrom:
		c.importFrom(s)
	case *syntax.Global, *syntax.Nonlocal, *syntax.Pass:
	case *syntax.ExprStmt:
		if _, ok := s.Value.(*syntax.Constant); ok {
			return // a constant expression statement has no effect
		}
		c.expr(s.Value)
		c.emit(POP_TOP, 0)
	case *syntax.Break:
		c.breakContinue(s, true)
	case *syntax.Continue:
		c.breakContinue(s, false)
	default:
		c.errorAt(s, "unsupported statement")
	}
}

func (c *compiler) importStmt(s *syntax.Import) {
	for _, a := range s.Names {
		c.loadConst(int64(0))
		c.loadConst(nil)
		c.emit(IMPORT_NAME, c.nameIndex(a.Name))
		if a.Asname != "" {
			parts := strings.Split(a.Name, ".")
			for _, p := range parts[1:] {
				c.emit(IMPORT_FROM, c.nameIndex(p))
				c.emit(SWAP, 2)
				c.emit(POP_TOP, 0)
			}
			c.nameOp(a.Asname, syntax.Store)
		} else {
			name := a.Name
			if i := strings.IndexByte(name, '.'); i >= 0 {
				name = name[:i]
			}
			c.nameOp(name, syntax.Store)
		}
	}
}

func (c *compiler) importFrom(s *syntax.ImportFrom) {
	c.loadConst(int64(s.Level))
	names := make(Tuple, len(s.Names))
	for i, a := range s.Names {
		names[i] = a.Name
	}
	c.loadConst(names)
	c.emit(IMPORT_NAME, c.nameIndex(s.Module))
	if len(s.Names) == 1 && s.Names[0].Name == "*" {
		c.emit(IMPORT_STAR, 0)
		return
	}
	for _, a := range s.Names {
		c.emit(IMPORT_FROM, c.nameIndex(a.Name))
		store := a.Asname
		if store == "" {
			store = a.Name
		}
		c.nameOp(store, syntax.Store)
	}
	c.emit(POP_TOP, 0)
}

func (c *compiler) augAssign(s *syntax.AugAssign) {
	op := int(s.Op) + BinInplace
	switch t := s.Target.(type) {
	case *syntax.Name:
		c.nameOp(t.Id, syntax.Load)
		c.expr(s.Value)
		c.u.line = s.Pos.Line
		c.emit(BINARY_OP, op)
		c.nameOp(t.Id, syntax.Store)
	case *syntax.Attribute:
		c.expr(t.Value)
		c.u.line = s.Pos.Line
		c.emit(COPY, 1)
		c.emit(LOAD_ATTR, c.nameIndex(c.mangle(t.Attr)))
		c.expr(s.Value)
		c.u.line = s.Pos.Line
		c.emit(BINARY_OP, op)
		c.emit(SWAP, 2)
		c.emit(STORE_ATTR, c.nameIndex(c.mangle(t.Attr)))
	case *syntax.Subscript:
		c.expr(t.Value)
		c.sliceExpr(t.Slice)
		c.u.line = s.Pos.Line
		c.emit(COPY, 2)
		c.emit(COPY, 2)
		c.emit(BINARY_SUBSCR, 0)
		c.expr(s.Value)
		c.u.line = s.Pos.Line
		c.emit(BINARY_OP, op)
		c.emit(SWAP, 3)
		c.emit(SWAP, 2)
		c.emit(STORE_SUBSCR, 0)
	default:
		c.errorAt(s.Target, "'"+syntax.KindName(s.Target)+"' is an illegal expression for augmented assignment")
	}
}

// evalTargetParts evaluates the object (and the subscript) of an
// attribute or subscript target and drops them, as an annotation without
// a value does.
func (c *compiler) evalTargetParts(t syntax.Expr) {
	switch t := t.(type) {
	case *syntax.Attribute:
		c.expr(t.Value)
	case *syntax.Subscript:
		c.expr(t.Value)
		c.emit(POP_TOP, 0)
		c.sliceExpr(t.Slice)
	}
	c.emit(POP_TOP, 0)
}

func (c *compiler) annAssign(s *syntax.AnnAssign) {
	switch t := s.Target.(type) {
	case *syntax.Name:
		if s.Value != nil {
			c.expr(s.Value)
			c.nameOp(t.Id, syntax.Store)
		}
		if s.Simple && (c.u.scope.kind == scModule || c.u.scope.kind == scClass) {
			c.expr(s.Annotation)
			c.emit(STORE_ANNOTATION, c.nameIndex(c.mangle(t.Id)))
		}
	case *syntax.Attribute, *syntax.Subscript:
		if s.Value != nil {
			c.expr(s.Value)
			c.store(t)
		} else {
			c.evalTargetParts(t)
		}
		if c.u.scope.kind != scFunction {
			c.expr(s.Annotation)
			c.emit(POP_TOP, 0)
		}
	default:
		c.errorAt(s.Target, "illegal target for annotation")
	}
}

// ---------------------------------------------------------------------------
// Loops and jumps

func (c *compiler) forStmt(s *syntax.For) {
	head, exit, end := c.forIter(s, GET_ITER), c.newLabel(), c.newLabel()
	c.emit(FOR_ITER, exit)
	c.forBody(s, fbFor, head, end)
	c.bind(exit)
	c.stmts(s.Orelse)
	c.bind(end)
}

// forIter evaluates a for loop's iterable and gets its iterator with
// getIter; it returns the loop's head, where the next item is fetched.
func (c *compiler) forIter(s *syntax.For, getIter Opcode) (head int) {
	head = c.newLabel()
	c.expr(s.Iter)
	c.u.line = s.Pos.Line
	c.emit(getIter, 0)
	c.bind(head)
	return head
}

// forBody stores the item on the stack into the loop's target, runs the
// body and goes back to head for the next item.
func (c *compiler) forBody(s *syntax.For, kind fblockKind, head, end int) {
	c.store(s.Target)
	c.stmtsIn(fblock{kind: kind, head: head, exit: end}, s.Body)
	c.u.line = s.Pos.Line
	c.emit(JUMP, head)
}

func (c *compiler) asyncFor(s *syntax.For) {
	if !c.u.scope.isAsync {
		c.errorAt(s, "'async for' outside async function")
	}
	head, exc, end := c.forIter(s, GET_AITER), c.newLabel(), c.newLabel()
	c.emit(SETUP_FINALLY, exc)
	c.emit(GET_ANEXT, 0)
	c.loadConst(nil)
	c.awaitLoop()
	c.emit(POP_BLOCK, 0)
	c.forBody(s, fbAsyncFor, head, end)
	c.bind(exc)
	c.emit(END_ASYNC_FOR, 0)
	c.stmts(s.Orelse)
	c.bind(end)
}

// awaitLoop emits the SEND/YIELD_VALUE loop; the stack is [awaitable, v].
func (c *compiler) awaitLoop() {
	loop, end := c.newLabel(), c.newLabel()
	c.bind(loop)
	c.emit(SEND, end)
	c.emit(YIELD_VALUE, 0)
	c.emit(JUMP, loop)
	c.bind(end)
}

// await emits the await protocol for the awaitable on TOS.
func (c *compiler) await(kind int) {
	c.emit(GET_AWAITABLE, kind)
	c.loadConst(nil)
	c.awaitLoop()
}

func isTrueConst(e syntax.Expr) bool {
	k, ok := e.(*syntax.Constant)
	if !ok {
		return false
	}
	switch v := convConst(k.Value).(type) {
	case bool:
		return v
	case string:
		return v != ""
	case int64:
		return v != 0
	}
	return false
}

func (c *compiler) whileStmt(s *syntax.While) {
	head, els, end := c.newLabel(), c.newLabel(), c.newLabel()
	c.bind(head)
	if !isTrueConst(s.Test) {
		c.jumpIf(s.Test, false, els)
	}
	c.stmtsIn(fblock{kind: fbWhile, head: head, exit: end}, s.Body)
	c.u.line = s.Pos.Line
	c.emit(JUMP, head)
	c.bind(els)
	c.stmts(s.Orelse)
	c.bind(end)
}

func (c *compiler) breakContinue(s syntax.Stmt, isBreak bool) {
	u := c.u
	saved := append([]fblock(nil), u.fblocks...)
	defer func() { u.fblocks = saved }()
	for i := len(saved) - 1; i >= 0; i-- {
		fb := saved[i]
		switch fb.kind {
		case fbWhile, fbFor, fbAsyncFor:
			if isBreak {
				if fb.kind != fbWhile {
					c.emit(POP_TOP, 0)
				}
				c.emit(JUMP, fb.exit)
			} else {
				c.emit(JUMP, fb.head)
			}
			return
		}
		u.fblocks = saved[:i:i]
		c.unwind(fb, false)
		c.u.line = s.GetSpan().Pos.Line
	}
	if isBreak {
		c.errorAt(s, "'break' outside loop")
	}
	c.errorAt(s, "'continue' not properly in loop")
}

func (c *compiler) returnStmt(s *syntax.Return) {
	sc := c.u.scope
	if !sc.functionLike() {
		c.errorAt(s, "'return' outside function")
	}
	preserve := s.Value != nil
	if preserve {
		c.expr(s.Value)
	}
	u := c.u
	saved := append([]fblock(nil), u.fblocks...)
	for i := len(saved) - 1; i >= 0; i-- {
		fb := saved[i]
		u.fblocks = saved[:i:i]
		c.unwind(fb, preserve)
	}
	u.fblocks = saved
	c.u.line = s.Pos.Line
	if !preserve {
		c.loadConst(nil)
	}
	c.emit(RETURN_VALUE, 0)
}

// unwind emits the cleanup for leaving a frame block early. When preserve
// is set, a value on TOS is kept on top.
func (c *compiler) unwind(fb fblock, preserve bool) {
	switch fb.kind {
	case fbWhile:
	case fbFor, fbAsyncFor:
		if preserve {
			c.emit(SWAP, 2)
		}
		c.emit(POP_TOP, 0)
	case fbTryExcept:
		c.emit(POP_BLOCK, 0)
	case fbFinallyTry:
		c.emit(POP_BLOCK, 0)
		if preserve {
			c.stmtsIn(fblock{kind: fbPopValue}, fb.finalbody)
		} else {
			c.stmts(fb.finalbody)
		}
	case fbPopValue:
		if preserve {
			c.emit(SWAP, 2)
		}
		c.emit(POP_TOP, 0)
	case fbFinallyEnd:
		c.emit(POP_BLOCK, 0)
		if preserve {
			c.emit(SWAP, 2)
			c.emit(POP_TOP, 0)
			c.emit(SWAP, 2)
		} else {
			c.emit(POP_TOP, 0)
		}
		c.emit(POP_EXCEPT, 0)
	case fbHandlerCleanup:
		c.emit(POP_BLOCK, 0)
		if preserve {
			c.emit(SWAP, 2)
		}
		c.emit(POP_EXCEPT, 0)
		if fb.name != "" {
			c.clearName(fb.name)
		}
	case fbWith, fbAsyncWith:
		c.emit(POP_BLOCK, 0)
		if preserve {
			c.emit(SWAP, 2)
		}
		c.withExit(fb.kind == fbAsyncWith)
	}
}

func (c *compiler) withExit(async bool) {
	if async {
		c.emit(WITH_EXIT_ASYNC, 0)
		c.await(2)
		c.emit(POP_TOP, 0)
	} else {
		c.emit(WITH_EXIT, 0)
	}
}

func (c *compiler) clearName(name string) {
	c.loadConst(nil)
	c.nameOp(name, syntax.Store)
	c.nameOp(name, syntax.Del)
}

// ---------------------------------------------------------------------------
// try / with

func (c *compiler) try(s *syntax.Try) {
	if len(s.Finalbody) > 0 {
		c.tryFinally(s)
	} else {
		c.tryExcept(s)
	}
}

func (c *compiler) tryFinally(s *syntax.Try) {
	fin, cleanup, end := c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(SETUP_FINALLY, fin)
	c.u.fblocks = append(c.u.fblocks, fblock{kind: fbFinallyTry, finalbody: s.Finalbody})
	if len(s.Handlers) > 0 {
		c.tryExcept(s)
	} else {
		c.stmts(s.Body)
	}
	c.u.fblocks = c.u.fblocks[:len(c.u.fblocks)-1]
	c.emit(POP_BLOCK, 0)
	c.stmts(s.Finalbody)
	c.emit(JUMP, end)
	c.bind(fin)
	c.emit(PUSH_EXC_INFO, 0)
	c.emit(SETUP_FINALLY, cleanup)
	c.stmtsIn(fblock{kind: fbFinallyEnd}, s.Finalbody)
	c.emit(POP_BLOCK, 0)
	c.emit(POP_EXCEPT_RERAISE, 0)
	c.bind(cleanup)
	c.emit(SWAP, 2)
	c.emit(POP_TOP, 0)
	c.emit(POP_EXCEPT_RERAISE, 0)
	c.bind(end)
}

// stmtsIn compiles body inside the frame block fb.
func (c *compiler) stmtsIn(fb fblock, body []syntax.Stmt) {
	c.u.fblocks = append(c.u.fblocks, fb)
	c.stmts(body)
	c.u.fblocks = c.u.fblocks[:len(c.u.fblocks)-1]
}

// tryBody compiles the body and else block of a try with handlers, and
// starts its handler: the exception is pushed, and an exception the
// handlers raise goes to matchCleanup. After the else block it jumps to
// end.
func (c *compiler) tryBody(s *syntax.Try) (matchCleanup, end int) {
	handler, matchCleanup, end := c.newLabel(), c.newLabel(), c.newLabel()
	c.u.line = s.Pos.Line
	c.emit(SETUP_FINALLY, handler)
	c.stmtsIn(fblock{kind: fbTryExcept}, s.Body)
	c.emit(POP_BLOCK, 0)
	c.stmts(s.Orelse)
	c.emit(JUMP, end)

	c.bind(handler)
	c.u.line = s.Pos.Line
	c.emit(PUSH_EXC_INFO, 0) // [prev, exc]
	c.emit(SETUP_FINALLY, matchCleanup)
	return matchCleanup, end
}

func (c *compiler) tryExcept(s *syntax.Try) {
	if s.IsStar {
		c.tryExceptStar(s)
		return
	}
	matchCleanup, end := c.tryBody(s)
	for i, h := range s.Handlers {
		c.u.line = h.Pos.Line
		if h.Type == nil && i != len(s.Handlers)-1 {
			c.errorAt(h, "default 'except:' must be last")
		}
		next := c.newLabel()
		if h.Type != nil {
			c.expr(h.Type)
			c.emit(CHECK_EXC_MATCH, 0)
			c.emit(POP_JUMP_IF_FALSE, next)
		}
		c.emit(POP_BLOCK, 0)
		cleanup := c.newLabel()
		if h.Name != "" {
			c.nameOp(h.Name, syntax.Store)
		} else {
			c.emit(POP_TOP, 0)
		}
		c.emit(SETUP_FINALLY, cleanup) // depth [prev]
		c.stmtsIn(fblock{kind: fbHandlerCleanup, name: h.Name}, h.Body)
		c.emit(POP_BLOCK, 0)
		if h.Name != "" {
			c.clearName(h.Name)
		}
		c.emit(POP_EXCEPT, 0)
		c.emit(JUMP, end)
		c.bind(cleanup) // [prev, newexc]
		if h.Name != "" {
			c.clearName(h.Name)
		}
		c.emit(POP_EXCEPT_RERAISE, 0)
		c.bind(next)
	}
	c.u.line = s.Pos.Line
	c.emit(POP_BLOCK, 0)
	c.emit(POP_EXCEPT_RERAISE, 0)
	c.bind(matchCleanup) // [prev, exc, newexc]
	c.emit(SWAP, 2)
	c.emit(POP_TOP, 0)
	c.emit(POP_EXCEPT_RERAISE, 0)
	c.bind(end)
}

// tryExceptStar compiles try/except*. The handler asks a
// _amber_excstar.Star, made from the exception, for the part of it each
// handler's type matches, runs the handler with that part as the handled
// exception, collects what handlers raise, and at the end lets the Star
// raise whatever is left unhandled or newly raised.
func (c *compiler) tryExceptStar(s *syntax.Try) {
	for _, h := range s.Handlers {
		if n := exceptStarEscape(h.Body, false); n != nil {
			c.errorAt(n, "'break', 'continue' and 'return' cannot appear in an except* block")
			return
		}
	}
	matchCleanup, end := c.tryBody(s)
	c.loadConst(int64(0))
	c.loadConst(nil)
	c.emit(IMPORT_NAME, c.nameIndex("_amber_excstar"))
	c.emit(LOAD_METHOD, c.nameIndex("Star"))
	c.emit(COPY, 3)
	c.emit(CALL, 1) // [prev, exc, star]
	for _, h := range s.Handlers {
		c.u.line = h.Pos.Line
		next, matched, cleanup := c.newLabel(), c.newLabel(), c.newLabel()
		c.emit(COPY, 1)
		c.emit(LOAD_METHOD, c.nameIndex("match"))
		c.expr(h.Type)
		c.emit(CALL, 1) // [prev, exc, star, part]
		c.emit(COPY, 1)
		c.emit(POP_JUMP_IF_NOT_NONE, matched)
		c.emit(POP_TOP, 0)
		c.emit(JUMP, next)
		c.bind(matched)
		c.emit(PUSH_EXC_INFO, 0) // [prev, exc, star, exc, part]
		if h.Name != "" {
			c.nameOp(h.Name, syntax.Store)
		} else {
			c.emit(POP_TOP, 0)
		}
		c.emit(SETUP_FINALLY, cleanup)
		c.stmtsIn(fblock{kind: fbHandlerCleanup, name: h.Name}, h.Body)
		c.emit(POP_BLOCK, 0)
		if h.Name != "" {
			c.clearName(h.Name)
		}
		c.emit(POP_EXCEPT, 0) // [prev, exc, star]
		c.emit(JUMP, next)
		c.bind(cleanup) // [prev, exc, star, exc, raised]
		if h.Name != "" {
			c.clearName(h.Name)
		}
		c.emit(SWAP, 2)
		c.emit(POP_EXCEPT, 0) // [prev, exc, star, raised]
		c.emit(COPY, 2)
		c.emit(LOAD_METHOD, c.nameIndex("add"))
		c.emit(COPY, 3)
		c.emit(CALL, 1)
		c.emit(POP_TOP, 0)
		c.emit(POP_TOP, 0) // [prev, exc, star]
		c.bind(next)
	}
	c.u.line = s.Pos.Line
	c.emit(LOAD_METHOD, c.nameIndex("finish"))
	c.emit(CALL, 0)
	c.emit(POP_TOP, 0) // [prev, exc]
	c.emit(POP_BLOCK, 0)
	c.emit(POP_TOP, 0)
	c.emit(POP_EXCEPT, 0)
	c.emit(JUMP, end)
	c.bind(matchCleanup) // [prev, exc, newexc]
	c.emit(SWAP, 2)
	c.emit(POP_TOP, 0)
	c.emit(POP_EXCEPT_RERAISE, 0)
	c.bind(end)
}

// exceptStarEscape finds a return, or a break or continue outside a loop,
// in an except* handler's body.
func exceptStarEscape(body []syntax.Stmt, inLoop bool) syntax.Node {
	for _, st := range body {
		var n syntax.Node
		switch s := st.(type) {
		case *syntax.Return:
			return s
		case *syntax.Break:
			if !inLoop {
				return s
			}
		case *syntax.Continue:
			if !inLoop {
				return s
			}
		case *syntax.For:
			if n = exceptStarEscape(s.Body, true); n == nil {
				n = exceptStarEscape(s.Orelse, inLoop)
			}
		case *syntax.While:
			if n = exceptStarEscape(s.Body, true); n == nil {
				n = exceptStarEscape(s.Orelse, inLoop)
			}
		case *syntax.If:
			if n = exceptStarEscape(s.Body, inLoop); n == nil {
				n = exceptStarEscape(s.Orelse, inLoop)
			}
		case *syntax.With:
			n = exceptStarEscape(s.Body, inLoop)
		case *syntax.Match:
			for _, mc := range s.Cases {
				if n = exceptStarEscape(mc.Body, inLoop); n != nil {
					break
				}
			}
		case *syntax.Try:
			parts := [][]syntax.Stmt{s.Body, s.Orelse, s.Finalbody}
			for _, h := range s.Handlers {
				parts = append(parts, h.Body)
			}
			for _, p := range parts {
				if n = exceptStarEscape(p, inLoop); n != nil {
					break
				}
			}
		}
		if n != nil {
			return n
		}
	}
	return nil
}

func (c *compiler) with(s *syntax.With, i int) {
	if s.IsAsync && !c.u.scope.isAsync {
		c.errorAt(s, "'async with' outside async function")
	}
	item := s.Items[i]
	handler, cleanup, suppress, end := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
	c.expr(item.ContextExpr)
	c.u.line = s.Pos.Line
	if s.IsAsync {
		c.emit(BEFORE_ASYNC_WITH, 0)
		c.await(1)
	} else {
		c.emit(BEFORE_WITH, 0)
	}
	if item.OptionalVars != nil {
		c.store(item.OptionalVars)
	} else {
		c.emit(POP_TOP, 0)
	}
	c.emit(SETUP_FINALLY, handler)
	kind := fbWith
	if s.IsAsync {
		kind = fbAsyncWith
	}
	c.u.fblocks = append(c.u.fblocks, fblock{kind: kind})
	if i+1 < len(s.Items) {
		c.with(s, i+1)
	} else {
		c.stmts(s.Body)
	}
	c.u.fblocks = c.u.fblocks[:len(c.u.fblocks)-1]
	c.u.line = s.Pos.Line
	c.emit(POP_BLOCK, 0)
	c.withExit(s.IsAsync)
	c.emit(JUMP, end)

	c.bind(handler) // [exit, exc]
	c.emit(PUSH_EXC_INFO, 0)
	c.emit(SETUP_FINALLY, cleanup)
	c.emit(WITH_EXCEPT_START, 0)
	if s.IsAsync {
		c.await(2)
	}
	c.emit(POP_JUMP_IF_TRUE, suppress)
	c.emit(RERAISE, 0)
	c.bind(suppress)
	c.emit(POP_BLOCK, 0)
	c.emit(POP_TOP, 0)
	c.emit(POP_EXCEPT, 0)
	c.emit(POP_TOP, 0)
	c.emit(JUMP, end)
	c.bind(cleanup) // [exit, prev, exc, newexc]
	c.emit(SWAP, 2)
	c.emit(POP_TOP, 0)
	c.emit(POP_EXCEPT_RERAISE, 0)
	c.bind(end)
}

// swapAssign compiles "a, b = x, y" (and three names and values) the way
// CPython does: the values are pushed and reordered on the stack, with
// no tuple made and unpacked. The targets are still stored left to
// right after every value is computed, so nothing observable changes.
func (c *compiler) swapAssign(s *syntax.Assign) bool {
	if len(s.Targets) != 1 {
		return false
	}
	var targets []syntax.Expr
	switch t := s.Targets[0].(type) {
	case *syntax.Tuple:
		targets = t.Elts
	case *syntax.List:
		targets = t.Elts
	default:
		return false
	}
	v, ok := s.Value.(*syntax.Tuple)
	n := len(targets)
	if !ok || (n != 2 && n != 3) || len(v.Elts) != n {
		return false
	}
	for i := range n {
		if _, star := targets[i].(*syntax.Starred); star {
			return false
		}
		if _, star := v.Elts[i].(*syntax.Starred); star {
			return false
		}
	}
	for _, e := range v.Elts {
		c.expr(e)
	}
	c.emit(SWAP, n)
	for _, t := range targets {
		c.store(t)
	}
	return true
}
