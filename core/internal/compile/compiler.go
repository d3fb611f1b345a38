package compile

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// Options control compilation.
type Options struct {
	// ReturnLastExpr makes the module code return the value of its last
	// statement when that is an expression statement (REPL/feed mode).
	ReturnLastExpr bool
	// NameLocals makes module-level code look names up in its frame's
	// locals mapping first (exec and eval with separate locals).
	NameLocals bool
	// MarkCallees marks the PUSH_NULL before a call's bare-name callee
	// (f(...), @f) with PushNullCallee, so the VM can tell a call of an
	// undefined name from a read of it. Off for the standard library,
	// whose code is part of the base image dumps refer to.
	MarkCallees bool
}

// bailout carries a SyntaxError up the compiler's call stack; it is
// recovered in Compile and never escapes the package.
type bailout struct{ err *syntax.SyntaxError }

type compiler struct {
	filename string
	lines    []string
	opts     Options
	st       *symtable
	u        *unit
}

// Compile compiles a parsed module. Errors are *syntax.SyntaxError.
func Compile(mod *syntax.Module, filename string, source []byte, opts Options) (code *Code, err error) {
	if mod == nil {
		return nil, &syntax.SyntaxError{Kind: "SyntaxError", Msg: "no module to compile", Filename: filename}
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(source), "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	c := &compiler{filename: filename, lines: lines, opts: opts}
	defer func() {
		if r := recover(); r != nil {
			code = nil
			if b, ok := r.(bailout); ok {
				err = b.err
				return
			}
			err = &syntax.SyntaxError{Kind: "SyntaxError", Msg: fmt.Sprintf("internal compiler error: %v", r), Filename: filename, Line: c.curLine()}
		}
	}()
	c.st = newSymtable(c)
	c.st.module(mod)
	c.st.analyze(c.st.top, map[string]bool{}, map[string]bool{})
	return c.compileModule(mod), nil
}

func (c *compiler) curLine() int {
	if c.u != nil {
		return c.u.line
	}
	return 0
}

func (c *compiler) errorSpan(sp syntax.Span, msg string) {
	e := &syntax.SyntaxError{Kind: "SyntaxError", Msg: msg, Filename: c.filename, Line: sp.Pos.Line, EndLine: sp.End.Line}
	if sp.Pos.Line >= 1 && sp.Pos.Line <= len(c.lines) {
		text := c.lines[sp.Pos.Line-1]
		e.Text = text
		e.Col = runeCol(text, sp.Pos.Col)
	}
	if sp.End.Line >= 1 && sp.End.Line <= len(c.lines) {
		e.EndCol = runeCol(c.lines[sp.End.Line-1], sp.End.Col)
	}
	panic(bailout{e})
}

func runeCol(text string, byteCol int) int {
	if byteCol > len(text) {
		byteCol = len(text)
	}
	if byteCol < 0 {
		byteCol = 0
	}
	return utf8.RuneCountInString(text[:byteCol]) + 1
}

func (c *compiler) errorAt(n syntax.Node, msg string) { c.errorSpan(n.GetSpan(), msg) }

// ---------------------------------------------------------------------------
// Code units

type fblockKind int

const (
	fbWhile fblockKind = iota
	fbFor
	fbAsyncFor
	fbTryExcept
	fbFinallyTry
	fbFinallyEnd
	fbHandlerCleanup
	fbWith
	fbAsyncWith
	// fbPopValue covers a finally body inlined by a return that keeps its
	// value on the stack: a break, continue or return inside that body
	// leaves the block early and must drop the kept value first.
	fbPopValue
)

type fblock struct {
	kind      fblockKind
	head      int // continue target (loops)
	exit      int // break target (loops)
	name      string
	finalbody []syntax.Stmt
}

type pinstr struct {
	op   Opcode
	arg  int
	line int32
}

type unit struct {
	scope   *scope
	code    *Code
	instrs  []pinstr
	labels  []int
	consts  map[string]int
	names   map[string]int
	fblocks []fblock
	line    int
}

func (c *compiler) newUnit(s *scope, name, qualname string, firstLine int) *unit {
	u := &unit{scope: s, consts: map[string]int{}, names: map[string]int{}, line: firstLine}
	u.code = &Code{
		Name: name, QualName: qualname, Filename: c.filename, FirstLine: firstLine,
		Source: c.lines, Varnames: s.varnames, Cellvars: s.cellvars, Freevars: s.freevars,
	}
	for _, cv := range s.cellvars {
		idx := -1
		for i, p := range s.params {
			if p == cv {
				idx = i
				break
			}
		}
		u.code.CellArgs = append(u.code.CellArgs, idx)
	}
	return u
}

func (c *compiler) emit(op Opcode, arg int) int {
	u := c.u
	u.instrs = append(u.instrs, pinstr{op, arg, int32(u.line)})
	return len(u.instrs) - 1
}

func (c *compiler) newLabel() int {
	c.u.labels = append(c.u.labels, -1)
	return len(c.u.labels) - 1
}

func (c *compiler) bind(l int) { c.u.labels[l] = len(c.u.instrs) }

func isJump(op Opcode) bool {
	switch op {
	case JUMP, POP_JUMP_IF_FALSE, POP_JUMP_IF_TRUE, JUMP_IF_FALSE_OR_POP, JUMP_IF_TRUE_OR_POP,
		POP_JUMP_IF_NONE, POP_JUMP_IF_NOT_NONE, FOR_ITER, SEND, SETUP_FINALLY:
		return true
	}
	return false
}

func constKey(v any) string {
	switch v := v.(type) {
	case nil:
		return "N"
	case bool:
		return fmt.Sprintf("b%v", v)
	case int64:
		return fmt.Sprintf("i%d", v)
	case *big.Int:
		return "i" + v.String()
	case float64:
		return fmt.Sprintf("f%x", math.Float64bits(v))
	case complex128:
		return fmt.Sprintf("c%x,%x", math.Float64bits(real(v)), math.Float64bits(imag(v)))
	case string:
		return "s" + v
	case []byte:
		return "y" + string(v)
	case Ellipsis:
		return "E"
	case Tuple:
		var b strings.Builder
		b.WriteString("t(")
		for _, x := range v {
			k := constKey(x)
			fmt.Fprintf(&b, "%d:%s", len(k), k)
		}
		b.WriteString(")")
		return b.String()
	default:
		return fmt.Sprintf("p%p", v)
	}
}

func (c *compiler) constIndex(v any) int {
	return tableIndex(c.u.consts, &c.u.code.Consts, constKey(v), v)
}

func (c *compiler) loadConst(v any) { c.emit(LOAD_CONST, c.constIndex(v)) }

func (c *compiler) nameIndex(name string) int {
	return tableIndex(c.u.names, &c.u.code.Names, name, name)
}

// tableIndex returns the index in table of the entry whose key is k,
// adding v as that entry the first time; index remembers where each key
// is.
func tableIndex[K comparable, V any](index map[K]int, table *[]V, k K, v V) int {
	if i, ok := index[k]; ok {
		return i
	}
	*table = append(*table, v)
	index[k] = len(*table) - 1
	return len(*table) - 1
}

func (c *compiler) mangle(name string) string { return mangle(c.u.scope.private, name) }

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// derefIndex is the cell slot of name: own cells first, then free vars.
func (c *compiler) derefIndex(name string) int {
	code := c.u.code
	if i := indexOf(code.Cellvars, name); i >= 0 {
		return i
	}
	if i := indexOf(code.Freevars, name); i >= 0 {
		return len(code.Cellvars) + i
	}
	panic(fmt.Sprintf("no cell for %q in %s", name, code.QualName))
}

// nameOp emits a load, store or delete of a variable.
func (c *compiler) nameOp(name string, ctx syntax.ExprContext) {
	name = c.mangle(name)
	s := c.u.scope
	r := s.resolve(name)
	pick := func(load, store, del Opcode) Opcode {
		switch ctx {
		case syntax.Store:
			return store
		case syntax.Del:
			return del
		}
		return load
	}
	switch {
	case s.kind == scModule && c.opts.NameLocals && r != resGlobalExplicit:
		c.emit(pick(LOAD_NAME, STORE_NAME, DELETE_NAME), c.nameIndex(name))
	case s.kind == scModule:
		c.emit(pick(LOAD_GLOBAL, STORE_GLOBAL, DELETE_GLOBAL), c.nameIndex(name))
	case r == resFree || r == resCell:
		if s.kind == scClass && r == resCell {
			// Only __class__ is a class cell; user code sees it by name.
			c.emit(pick(LOAD_NAME, STORE_NAME, DELETE_NAME), c.nameIndex(name))
			return
		}
		c.emit(pick(LOAD_DEREF, STORE_DEREF, DELETE_DEREF), c.derefIndex(name))
	case r == resGlobalExplicit:
		c.emit(pick(LOAD_GLOBAL, STORE_GLOBAL, DELETE_GLOBAL), c.nameIndex(name))
	case s.kind == scClass:
		c.emit(pick(LOAD_NAME, STORE_NAME, DELETE_NAME), c.nameIndex(name))
	case r == resLocal:
		c.emit(pick(LOAD_FAST, STORE_FAST, DELETE_FAST), indexOf(c.u.code.Varnames, name))
	default:
		c.emit(pick(LOAD_GLOBAL, STORE_GLOBAL, DELETE_GLOBAL), c.nameIndex(name))
	}
}

// ---------------------------------------------------------------------------
// Assembly

// stackEffect returns the depth change on fall-through and on the jump edge.
func stackEffect(op Opcode, arg int) (fall, jump int) {
	switch op {
	case NOP, DELETE_FAST, DELETE_DEREF, DELETE_GLOBAL, DELETE_NAME, LOAD_ATTR, SWAP, JUMP,
		GET_ITER, LIST_TO_TUPLE, KW_NAMES, YIELD_VALUE, GET_YIELD_FROM_ITER, GET_AWAITABLE,
		GET_AITER, ASYNC_GEN_WRAP, POP_BLOCK, CHECK_EXC_MATCH, CHECK_EG_MATCH, SETUP_ANNOTATIONS,
		RETURN_GENERATOR, COPY_DICT_WITHOUT_KEYS, UNARY_NEGATIVE, UNARY_POSITIVE, UNARY_INVERT,
		UNARY_NOT, WITH_EXIT_ASYNC, SET_FUNC_ATTRS:
		return 0, 0
	case LOAD_CONST, LOAD_FAST, LOAD_DEREF, LOAD_CLOSURE, LOAD_GLOBAL, LOAD_NAME, LOAD_METHOD,
		LOAD_BUILD_CLASS, COPY, PUSH_NULL, PUSH_EXC_INFO, BEFORE_WITH, BEFORE_ASYNC_WITH,
		WITH_EXCEPT_START, LOAD_ASSERTION_ERROR, IMPORT_FROM, MATCH_MAPPING, MATCH_SEQUENCE,
		MATCH_KEYS, GET_LEN, LOAD_LOCALS, GET_ANEXT:
		return 1, 1
	case STORE_FAST, STORE_DEREF, STORE_GLOBAL, STORE_NAME, DELETE_ATTR, BINARY_SUBSCR, BINARY_OP,
		COMPARE_OP, IS_OP, CONTAINS_OP, POP_TOP, LIST_APPEND, SET_ADD, LIST_EXTEND, SET_UPDATE,
		DICT_UPDATE, DICT_MERGE, RETURN_VALUE, POP_EXCEPT, RERAISE, WITH_EXIT, IMPORT_NAME,
		IMPORT_STAR, PRINT_EXPR, STORE_ANNOTATION:
		return -1, -1
	case STORE_ATTR, DELETE_SUBSCR, MAP_ADD, END_ASYNC_FOR, POP_EXCEPT_RERAISE, MATCH_CLASS:
		return -2, -2
	case STORE_SUBSCR:
		return -3, -3
	case BUILD_SLICE:
		return 1 - arg, 1 - arg
	case POP_JUMP_IF_FALSE, POP_JUMP_IF_TRUE, POP_JUMP_IF_NONE, POP_JUMP_IF_NOT_NONE:
		return -1, -1
	case JUMP_IF_FALSE_OR_POP, JUMP_IF_TRUE_OR_POP:
		return -1, 0
	case FOR_ITER:
		return 1, -1
	case SEND:
		return 0, -1
	case SETUP_FINALLY:
		return 0, 1
	case BUILD_TUPLE, BUILD_LIST, BUILD_SET, BUILD_STRING:
		return 1 - arg, 1 - arg
	case BUILD_MAP:
		return 1 - 2*arg, 1 - 2*arg
	case BUILD_CONST_KEY_MAP:
		return -arg, -arg
	case UNPACK_SEQUENCE:
		return arg - 1, arg - 1
	case UNPACK_EX:
		n := arg&0xff + arg>>8
		return n, n
	case FORMAT_VALUE:
		if arg&4 != 0 {
			return -1, -1
		}
		return 0, 0
	case CALL:
		return -(arg + 1), -(arg + 1)
	case CALL_FUNCTION_EX:
		n := -2 - arg&1
		return n, n
	case MAKE_FUNCTION:
		n := 0
		for f := arg; f != 0; f >>= 1 {
			n += f & 1
		}
		return -n, -n
	case RAISE_VARARGS:
		return -arg, -arg
	}
	return 0, 0
}

func terminates(op Opcode) bool {
	switch op {
	case JUMP, RETURN_VALUE, RERAISE, RAISE_VARARGS, POP_EXCEPT_RERAISE:
		return true
	}
	return false
}

// assemble resolves labels and computes the stack size.
func (c *compiler) assemble() *Code {
	u := c.u
	code := u.code
	code.Instrs = make([]Instr, len(u.instrs))
	code.Lines = make([]int32, len(u.instrs))
	for i, in := range u.instrs {
		arg := in.arg
		if isJump(in.op) {
			arg = u.labels[arg]
			if arg < 0 {
				panic("unbound label")
			}
		}
		if arg < 0 || arg > MaxArg {
			panic(fmt.Sprintf("instruction argument out of range: %d", arg))
		}
		code.Instrs[i] = MakeInstr(in.op, arg)
		code.Lines[i] = in.line
	}
	depth, err := StackDepths(code)
	if err != nil {
		panic(err.Error())
	}
	max := 0
	for pc, d := range depth {
		if d < 0 {
			continue
		}
		fall, jump := stackEffect(code.Instrs[pc].Op(), code.Instrs[pc].Arg())
		for _, x := range []int{d, d + fall, d + jump} {
			if x > max {
				max = x
			}
		}
	}
	code.StackSize = max
	return code
}

// StackDepths computes the stack depth before every instruction by flow
// analysis (-1 for unreachable instructions). It reports an error if two
// paths reach an instruction with different depths or the depth becomes
// negative.
func StackDepths(code *Code) ([]int, error) {
	n := len(code.Instrs)
	depth := make([]int, n)
	for i := range depth {
		depth[i] = -1
	}
	var work []int
	visit := func(pc, d int, from int) error {
		if d < 0 {
			return fmt.Errorf("%s: negative stack depth at %d (from %d)", code.QualName, pc, from)
		}
		if pc >= n {
			return fmt.Errorf("%s: falls off the end at %d", code.QualName, from)
		}
		if depth[pc] == -1 {
			depth[pc] = d
			work = append(work, pc)
			return nil
		}
		if depth[pc] != d {
			return fmt.Errorf("%s: inconsistent stack depth at %d: %d vs %d (from %d)", code.QualName, pc, depth[pc], d, from)
		}
		return nil
	}
	if n == 0 {
		return depth, nil
	}
	if err := visit(0, 0, 0); err != nil {
		return nil, err
	}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		in := code.Instrs[pc]
		op, arg := in.Op(), in.Arg()
		fall, jump := stackEffect(op, arg)
		d := depth[pc]
		if isJump(op) {
			if err := visit(arg, d+jump, pc); err != nil {
				return nil, err
			}
		}
		if !terminates(op) {
			if err := visit(pc+1, d+fall, pc); err != nil {
				return nil, err
			}
		}
	}
	return depth, nil
}
