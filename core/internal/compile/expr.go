package compile

import (
	"math/big"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// constValue returns the compile-time value of e, folding unary minus on
// numbers and tuples of constants.
func constValue(e syntax.Expr) (any, bool) {
	switch e := e.(type) {
	case *syntax.Constant:
		return convConst(e.Value), true
	case *syntax.UnaryOp:
		if e.Op != syntax.USub {
			return nil, false
		}
		k, ok := e.Operand.(*syntax.Constant)
		if !ok {
			return nil, false
		}
		switch v := convConst(k.Value).(type) {
		case int64:
			if v == -v && v != 0 { // math.MinInt64 cannot be negated
				return new(big.Int).Neg(big.NewInt(v)), true
			}
			return -v, true
		case *big.Int:
			n := new(big.Int).Neg(v)
			if n.IsInt64() {
				return n.Int64(), true
			}
			return n, true
		case float64:
			return -v, true
		case complex128:
			return -v, true
		}
	case *syntax.Tuple:
		if e.Ctx != syntax.Load {
			return nil, false
		}
		t := make(Tuple, len(e.Elts))
		for i, x := range e.Elts {
			v, ok := constValue(x)
			if !ok {
				return nil, false
			}
			t[i] = v
		}
		return t, true
	}
	return nil, false
}

func convConst(v any) any {
	switch v := v.(type) {
	case *big.Int:
		if v.IsInt64() {
			return v.Int64()
		}
		return v
	case syntax.Ellipsis:
		return Ellipsis{}
	case int:
		return int64(v)
	}
	return v
}

func (c *compiler) expr(e syntax.Expr) {
	u := c.u
	old := u.line
	u.line = e.GetSpan().Pos.Line
	c.expr1(e)
	u.line = old
}

func hasStarred(es []syntax.Expr) bool {
	for _, e := range es {
		if _, ok := e.(*syntax.Starred); ok {
			return true
		}
	}
	return false
}

// exprTuple pushes a tuple of the values (a constant when possible).
func (c *compiler) exprTuple(es []syntax.Expr) {
	t := make(Tuple, 0, len(es))
	for _, e := range es {
		v, ok := constValue(e)
		if !ok {
			t = nil
			break
		}
		t = append(t, v)
	}
	if t != nil {
		c.loadConst(t)
		return
	}
	for _, e := range es {
		c.expr(e)
	}
	c.emit(BUILD_TUPLE, len(es))
}

func (c *compiler) expr1(e syntax.Expr) {
	if v, ok := constValue(e); ok {
		c.loadConst(v)
		return
	}
	switch e := e.(type) {
	case *syntax.BoolOp:
		end := c.newLabel()
		op := JUMP_IF_FALSE_OR_POP
		if e.Op == syntax.Or {
			op = JUMP_IF_TRUE_OR_POP
		}
		for i, v := range e.Values {
			c.expr(v)
			if i < len(e.Values)-1 {
				c.emit(op, end)
			}
		}
		c.bind(end)
	case *syntax.NamedExpr:
		c.expr(e.Value)
		c.emit(COPY, 1)
		c.store(e.Target)
	case *syntax.BinOp:
		c.expr(e.Left)
		c.expr(e.Right)
		arg := int(e.Op)
		if _, ok := e.Left.(*syntax.BinOp); ok {
			arg |= BinLeftTemp
		}
		if _, ok := e.Right.(*syntax.BinOp); ok {
			arg |= BinRightTemp
		}
		c.emit(BINARY_OP, arg)
	case *syntax.UnaryOp:
		c.expr(e.Operand)
		c.emit(unaryOps[e.Op], 0)
	case *syntax.Lambda:
		c.lambda(e)
	case *syntax.IfExp:
		c.ifElse(e.Test, func() { c.expr(e.Body) }, func() { c.expr(e.Orelse) })
	case *syntax.Dict:
		c.dict(e)
	case *syntax.Set:
		c.display(e.Elts, BUILD_SET, SET_ADD, SET_UPDATE, false)
	case *syntax.List:
		if e.Ctx != syntax.Load {
			c.errorAt(e, "invalid list context")
		}
		c.display(e.Elts, BUILD_LIST, LIST_APPEND, LIST_EXTEND, false)
	case *syntax.Tuple:
		if e.Ctx != syntax.Load {
			c.errorAt(e, "invalid tuple context")
		}
		c.display(e.Elts, BUILD_TUPLE, LIST_APPEND, LIST_EXTEND, true)
	case *syntax.ListComp:
		c.comprehension(e, e.Generators, e.Elt, nil)
	case *syntax.SetComp:
		c.comprehension(e, e.Generators, e.Elt, nil)
	case *syntax.DictComp:
		c.comprehension(e, e.Generators, e.Key, e.Value)
	case *syntax.GeneratorExp:
		c.comprehension(e, e.Generators, e.Elt, nil)
	case *syntax.Await:
		c.expr(e.Value)
		c.await(0)
	case *syntax.Yield:
		if e.Value != nil {
			c.expr(e.Value)
		} else {
			c.loadConst(nil)
		}
		c.emit(YIELD_VALUE, 0)
	case *syntax.YieldFrom:
		c.expr(e.Value)
		c.emit(GET_YIELD_FROM_ITER, 0)
		c.loadConst(nil)
		c.awaitLoop()
	case *syntax.Compare:
		c.compare(e)
	case *syntax.Call:
		c.call(e)
	case *syntax.JoinedStr:
		c.joinedStr(e)
	case *syntax.FormattedValue:
		c.formattedValue(e)
	case *syntax.Attribute:
		c.expr(e.Value)
		c.u.line = e.Pos.Line
		switch e.Ctx {
		case syntax.Load:
			c.emit(LOAD_ATTR, c.nameIndex(c.mangle(e.Attr)))
		default:
			c.errorAt(e, "invalid attribute context")
		}
	case *syntax.Subscript:
		c.subscript(e, BINARY_SUBSCR)
	case *syntax.Starred:
		c.errorAt(e, "can't use starred expression here")
	case *syntax.Name:
		if e.Id == "__debug__" {
			c.loadConst(true)
			return
		}
		c.nameOp(e.Id, e.Ctx)
	case *syntax.Slice:
		c.slice(e)
	default:
		c.errorAt(e, "unsupported expression")
	}
}

func (c *compiler) slice(e *syntax.Slice) {
	n := 2
	for _, x := range []syntax.Expr{e.Lower, e.Upper} {
		if x == nil {
			c.loadConst(nil)
		} else {
			c.expr(x)
		}
	}
	if e.Step != nil {
		c.expr(e.Step)
		n = 3
	}
	c.emit(BUILD_SLICE, n)
}

// sliceExpr compiles a subscript key.
func (c *compiler) sliceExpr(e syntax.Expr) { c.expr(e) }

func (c *compiler) display(elts []syntax.Expr, build, add, extend Opcode, tuple bool) {
	if !hasStarred(elts) {
		for _, x := range elts {
			c.expr(x)
		}
		c.emit(build, len(elts))
		return
	}
	if tuple {
		build = BUILD_LIST
	}
	c.emit(build, 0)
	for _, x := range elts {
		if s, ok := x.(*syntax.Starred); ok {
			c.expr(s.Value)
			c.emit(extend, 1)
		} else {
			c.expr(x)
			c.emit(add, 1)
		}
	}
	if tuple {
		c.emit(LIST_TO_TUPLE, 0)
	}
}

func (c *compiler) dict(e *syntax.Dict) {
	n := 0
	built := false
	for i, k := range e.Keys {
		if k == nil {
			if !built {
				c.emit(BUILD_MAP, n)
				built = true
			}
			c.expr(e.Values[i])
			c.emit(DICT_UPDATE, 1)
			continue
		}
		c.expr(k)
		c.expr(e.Values[i])
		if built {
			c.emit(MAP_ADD, 1)
		} else {
			n++
		}
	}
	if !built {
		c.emit(BUILD_MAP, n)
	}
}

var unaryOps = map[syntax.UnaryOperator]Opcode{
	syntax.Invert: UNARY_INVERT, syntax.Not: UNARY_NOT, syntax.UAdd: UNARY_POSITIVE, syntax.USub: UNARY_NEGATIVE,
}

var cmpOps = map[syntax.CmpOp]int{
	syntax.Lt: CmpLt, syntax.LtE: CmpLe, syntax.Eq: CmpEq, syntax.NotEq: CmpNe, syntax.Gt: CmpGt, syntax.GtE: CmpGe,
}

func (c *compiler) cmpOp(op syntax.CmpOp) {
	switch op {
	case syntax.Is:
		c.emit(IS_OP, 0)
	case syntax.IsNot:
		c.emit(IS_OP, 1)
	case syntax.In:
		c.emit(CONTAINS_OP, 0)
	case syntax.NotIn:
		c.emit(CONTAINS_OP, 1)
	default:
		c.emit(COMPARE_OP, cmpOps[op])
	}
}

func (c *compiler) compare(e *syntax.Compare) {
	c.expr(e.Left)
	n := len(e.Ops)
	if n == 1 {
		c.expr(e.Comparators[0])
		c.u.line = e.Pos.Line
		c.cmpOp(e.Ops[0])
		return
	}
	cleanup, end := c.newLabel(), c.newLabel()
	for i := 0; i < n-1; i++ {
		c.expr(e.Comparators[i])
		c.u.line = e.Pos.Line
		c.emit(SWAP, 2)
		c.emit(COPY, 2)
		c.cmpOp(e.Ops[i])
		c.emit(JUMP_IF_FALSE_OR_POP, cleanup)
	}
	c.expr(e.Comparators[n-1])
	c.u.line = e.Pos.Line
	c.cmpOp(e.Ops[n-1])
	c.emit(JUMP, end)
	c.bind(cleanup)
	c.emit(SWAP, 2)
	c.emit(POP_TOP, 0)
	c.bind(end)
}

// jumpIf compiles a test and jumps to target when its truth equals cond.
func (c *compiler) jumpIf(e syntax.Expr, cond bool, target int) {
	old := c.u.line
	c.u.line = e.GetSpan().Pos.Line
	defer func() { c.u.line = old }()
	switch e := e.(type) {
	case *syntax.UnaryOp:
		if e.Op == syntax.Not {
			c.jumpIf(e.Operand, !cond, target)
			return
		}
	case *syntax.BoolOp:
		isOr := e.Op == syntax.Or
		if isOr == cond {
			// Any value matching cond jumps.
			for _, v := range e.Values {
				c.jumpIf(v, cond, target)
			}
			return
		}
		next := c.newLabel()
		for i, v := range e.Values {
			if i < len(e.Values)-1 {
				c.jumpIf(v, !cond, next)
			} else {
				c.jumpIf(v, cond, target)
			}
		}
		c.bind(next)
		return
	case *syntax.Compare:
		if len(e.Ops) == 1 && (e.Ops[0] == syntax.Is || e.Ops[0] == syntax.IsNot) {
			if k, ok := e.Comparators[0].(*syntax.Constant); ok && k.Value == nil {
				c.expr(e.Left)
				isNone := (e.Ops[0] == syntax.Is) == cond
				if isNone {
					c.emit(POP_JUMP_IF_NONE, target)
				} else {
					c.emit(POP_JUMP_IF_NOT_NONE, target)
				}
				return
			}
		}
	}
	c.expr(e)
	if cond {
		c.emit(POP_JUMP_IF_TRUE, target)
	} else {
		c.emit(POP_JUMP_IF_FALSE, target)
	}
}

// ---------------------------------------------------------------------------
// Calls

func (c *compiler) checkKeywords(kws []*syntax.Keyword) {
	seen := map[string]bool{}
	for _, k := range kws {
		if k.Arg == "" {
			continue
		}
		if seen[k.Arg] {
			c.errorAt(k, "keyword argument repeated: "+k.Arg)
		}
		seen[k.Arg] = true
	}
}

func (c *compiler) call(e *syntax.Call) {
	c.checkKeywords(e.Keywords)
	if a, ok := e.Func.(*syntax.Attribute); ok && a.Ctx == syntax.Load && !hasStarred(e.Args) && !hasDoubleStar(e.Keywords) {
		c.expr(a.Value)
		c.u.line = a.Pos.Line
		c.emit(LOAD_METHOD, c.nameIndex(c.mangle(a.Attr)))
		c.callHelper(0, e.Args, e.Keywords, e.Pos.Line)
		return
	}
	c.emit(PUSH_NULL, c.calleeMark(e.Func))
	c.expr(e.Func)
	c.callHelper(0, e.Args, e.Keywords, e.Pos.Line)
}

// calleeMark is PUSH_NULL's argument before the callee fn: under
// Options.MarkCallees, PushNullCallee when fn is a bare name, so the load
// that follows is known to be in call position (a start-mode feed makes a
// call of an undefined name a host call, and a read of one a name lookup;
// see vm.undefinedName).
func (c *compiler) calleeMark(fn syntax.Expr) int {
	if _, ok := fn.(*syntax.Name); ok && c.opts.MarkCallees {
		return PushNullCallee
	}
	return 0
}

func hasDoubleStar(kws []*syntax.Keyword) bool {
	for _, k := range kws {
		if k.Arg == "" {
			return true
		}
	}
	return false
}

// callHelper pushes the arguments and emits the call; n positional values
// are already on the stack above the callable.
func (c *compiler) callHelper(n int, args []syntax.Expr, kws []*syntax.Keyword, line int) {
	if !hasStarred(args) && !hasDoubleStar(kws) {
		for _, a := range args {
			c.expr(a)
		}
		for _, k := range kws {
			c.expr(k.Value)
		}
		c.u.line = line
		if len(kws) > 0 {
			names := make(Tuple, len(kws))
			for i, k := range kws {
				names[i] = k.Arg
			}
			c.emit(KW_NAMES, c.constIndex(names))
		}
		c.emit(CALL, n+len(args)+len(kws))
		return
	}
	if !hasStarred(args) {
		for _, a := range args {
			c.expr(a)
		}
		c.emit(BUILD_TUPLE, n+len(args))
	} else {
		c.emit(BUILD_LIST, n)
		for _, a := range args {
			if s, ok := a.(*syntax.Starred); ok {
				c.expr(s.Value)
				if len(args) == 1 && n == 0 {
					// f(*x) alone: errors name the callee.
					c.emit(LIST_EXTEND, 1|ExtendCallArgs)
				} else {
					c.emit(LIST_EXTEND, 1)
				}
			} else {
				c.expr(a)
				c.emit(LIST_APPEND, 1)
			}
		}
		c.emit(LIST_TO_TUPLE, 0)
	}
	flag := 0
	if len(kws) > 0 {
		flag = 1
		c.emit(BUILD_MAP, 0)
		for _, k := range kws {
			if k.Arg == "" {
				c.expr(k.Value)
				c.emit(DICT_MERGE, 1)
			} else {
				c.loadConst(k.Arg)
				c.expr(k.Value)
				c.emit(MAP_ADD, 1)
			}
		}
	}
	c.u.line = line
	c.emit(CALL_FUNCTION_EX, flag)
}

// ---------------------------------------------------------------------------
// f-strings

func (c *compiler) joinedStr(e *syntax.JoinedStr) {
	if len(e.Values) == 0 {
		c.loadConst("")
		return
	}
	for _, v := range e.Values {
		c.expr(v)
	}
	if len(e.Values) > 1 {
		c.emit(BUILD_STRING, len(e.Values))
	} else if _, ok := e.Values[0].(*syntax.FormattedValue); !ok {
		if k, ok := e.Values[0].(*syntax.Constant); !ok || !isString(k.Value) {
			c.emit(BUILD_STRING, 1)
		}
	}
}

func isString(v any) bool {
	_, ok := v.(string)
	return ok
}

func (c *compiler) formattedValue(e *syntax.FormattedValue) {
	c.expr(e.Value)
	flags := 0
	switch e.Conversion {
	case 's':
		flags = 1
	case 'r':
		flags = 2
	case 'a':
		flags = 3
	}
	if e.FormatSpec != nil {
		if js, ok := e.FormatSpec.(*syntax.JoinedStr); ok {
			allConst := true
			s := ""
			for _, v := range js.Values {
				k, ok := v.(*syntax.Constant)
				if !ok || !isString(k.Value) {
					allConst = false
					break
				}
				s += k.Value.(string)
			}
			if allConst {
				c.loadConst(s)
			} else {
				c.joinedStr(js)
			}
		} else {
			c.expr(e.FormatSpec)
		}
		flags |= 4
	}
	c.u.line = e.Pos.Line
	c.emit(FORMAT_VALUE, flags)
}

// ---------------------------------------------------------------------------
// Assignment targets

// store compiles storing the value on the stack into the target t.
func (c *compiler) store(t syntax.Expr) { c.targetOp(t, syntax.Store) }

// delete compiles "del t".
func (c *compiler) delete(t syntax.Expr) { c.targetOp(t, syntax.Del) }

// targetOp compiles a store into (ctx Store) or a deletion of (ctx Del)
// the target t.
func (c *compiler) targetOp(t syntax.Expr, ctx syntax.ExprContext) {
	old := c.u.line
	c.u.line = t.GetSpan().Pos.Line
	defer func() { c.u.line = old }()
	attrOp, subscrOp, verb := STORE_ATTR, STORE_SUBSCR, "assign to"
	if ctx == syntax.Del {
		attrOp, subscrOp, verb = DELETE_ATTR, DELETE_SUBSCR, "delete"
	}
	switch t := t.(type) {
	case *syntax.Name:
		c.nameOp(t.Id, ctx)
	case *syntax.Attribute:
		c.expr(t.Value)
		c.u.line = t.Pos.Line
		c.emit(attrOp, c.nameIndex(c.mangle(t.Attr)))
	case *syntax.Subscript:
		c.subscript(t, subscrOp)
	case *syntax.Tuple:
		c.targetsOp(t.Elts, t, ctx)
	case *syntax.List:
		c.targetsOp(t.Elts, t, ctx)
	case *syntax.Starred:
		if ctx == syntax.Store {
			c.errorAt(t, "starred assignment target must be in a list or tuple")
			return
		}
		c.errorAt(t, "cannot delete starred")
	default:
		c.errorAt(t, "cannot "+verb+" "+syntax.KindName(t))
	}
}

// ifElse compiles a branch on test to then, or to orelse unless that is
// nil.
func (c *compiler) ifElse(test syntax.Expr, then, orelse func()) {
	end := c.newLabel()
	if orelse == nil {
		c.jumpIf(test, false, end)
		then()
	} else {
		els := c.newLabel()
		c.jumpIf(test, false, els)
		then()
		c.emit(JUMP, end)
		c.bind(els)
		orelse()
	}
	c.bind(end)
}

// subscript applies op (a load, store or delete) to the subscript t.
func (c *compiler) subscript(t *syntax.Subscript, op Opcode) {
	c.expr(t.Value)
	c.sliceExpr(t.Slice)
	c.u.line = t.Pos.Line
	c.emit(op, 0)
}

// targetsOp stores into the elements of a tuple or list target n (the
// stored value is unpacked), or deletes each of them.
func (c *compiler) targetsOp(elts []syntax.Expr, n syntax.Node, ctx syntax.ExprContext) {
	if ctx == syntax.Store {
		c.unpack(elts, n)
		return
	}
	for _, e := range elts {
		c.delete(e)
	}
}

func (c *compiler) unpack(elts []syntax.Expr, n syntax.Node) {
	star := -1
	for i, e := range elts {
		if _, ok := e.(*syntax.Starred); ok {
			if star >= 0 {
				c.errorAt(n, "multiple starred expressions in assignment")
			}
			star = i
		}
	}
	if star < 0 {
		c.emit(UNPACK_SEQUENCE, len(elts))
	} else {
		after := len(elts) - star - 1
		if star > 0xff || after > 0xffff {
			c.errorAt(n, "too many expressions in star-unpacking assignment")
		}
		c.emit(UNPACK_EX, star|after<<8)
	}
	for _, e := range elts {
		if s, ok := e.(*syntax.Starred); ok {
			c.store(s.Value)
		} else {
			c.store(e)
		}
	}
}

// ---------------------------------------------------------------------------
// Comprehensions

func (c *compiler) comprehension(e syntax.Expr, gens []*syntax.Comprehension, elt, val syntax.Expr) {
	line := e.GetSpan().Pos.Line
	s := c.st.scopes[e]
	_, isGenExp := e.(*syntax.GeneratorExp)
	parent := c.pushUnit(e, s.name, line)
	code := c.u.code
	code.ArgCount = 1
	code.Flags |= FlagComprehension
	c.setGenFlags(code, s)
	switch e.(type) {
	case *syntax.ListComp:
		c.emit(BUILD_LIST, 0)
	case *syntax.SetComp:
		c.emit(BUILD_SET, 0)
	case *syntax.DictComp:
		c.emit(BUILD_MAP, 0)
	}
	c.compGenerator(e, gens, 0, elt, val)
	if isGenExp {
		c.loadConst(nil)
	}
	c.emit(RETURN_VALUE, 0)
	code = c.assemble()
	c.u = parent
	c.u.line = line
	c.emit(PUSH_NULL, 0)
	c.makeClosure(code, 0)
	c.expr(gens[0].Iter)
	c.u.line = line
	if gens[0].IsAsync {
		c.emit(GET_AITER, 0)
	} else {
		c.emit(GET_ITER, 0)
	}
	c.emit(CALL, 1)
	if s.isAsync && !isGenExp {
		c.await(0)
	}
}

func (c *compiler) compGenerator(e syntax.Expr, gens []*syntax.Comprehension, i int, elt, val syntax.Expr) {
	g := gens[i]
	if i == 0 {
		c.emit(LOAD_FAST, 0)
	} else {
		c.expr(g.Iter)
		if g.IsAsync {
			c.emit(GET_AITER, 0)
		} else {
			c.emit(GET_ITER, 0)
		}
	}
	head, exit := c.newLabel(), c.newLabel()
	c.bind(head)
	if g.IsAsync {
		c.emit(SETUP_FINALLY, exit)
		c.emit(GET_ANEXT, 0)
		c.loadConst(nil)
		c.awaitLoop()
		c.emit(POP_BLOCK, 0)
	} else {
		c.emit(FOR_ITER, exit)
	}
	c.store(g.Target)
	for _, cond := range g.Ifs {
		c.jumpIf(cond, false, head)
	}
	if i+1 < len(gens) {
		c.compGenerator(e, gens, i+1, elt, val)
	} else {
		depth := len(gens) + 1
		switch e.(type) {
		case *syntax.ListComp:
			c.expr(elt)
			c.emit(LIST_APPEND, depth)
		case *syntax.SetComp:
			c.expr(elt)
			c.emit(SET_ADD, depth)
		case *syntax.DictComp:
			c.expr(elt)
			c.expr(val)
			c.emit(MAP_ADD, depth)
		case *syntax.GeneratorExp:
			c.expr(elt)
			c.emit(YIELD_VALUE, 0)
			c.emit(POP_TOP, 0)
		}
	}
	c.emit(JUMP, head)
	c.bind(exit)
	if g.IsAsync {
		c.emit(END_ASYNC_FOR, 0)
	}
}
