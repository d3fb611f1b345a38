package compile

// Opcode is a VM instruction. Stack effects are written [before] -> [after],
// top of stack rightmost.
type Opcode uint8

const (
	NOP Opcode = iota

	LOAD_CONST   // -> [const[arg]]
	LOAD_FAST    // -> [local[arg]] (UnboundLocalError if unbound)
	STORE_FAST   // [v] -> ; local[arg] = v
	DELETE_FAST  // local[arg] = unbound
	LOAD_DEREF   // -> [cell[arg].value]
	STORE_DEREF  // [v] -> ; cell[arg].value = v
	DELETE_DEREF // cell[arg].value = unbound
	LOAD_CLOSURE // -> [cell[arg]] (the cell itself)
	LOAD_GLOBAL  // -> [globals or builtins [names[arg]]]
	STORE_GLOBAL
	DELETE_GLOBAL
	LOAD_NAME // class bodies: locals, then globals, then builtins
	STORE_NAME
	DELETE_NAME
	LOAD_ATTR   // [obj] -> [obj.names[arg]]
	STORE_ATTR  // [v, obj] -> ; obj.name = v
	DELETE_ATTR // [obj] ->
	LOAD_METHOD // [obj] -> [func, obj] or [Undef, bound]
	LOAD_BUILD_CLASS

	BINARY_SUBSCR // [obj, key] -> [obj[key]]
	STORE_SUBSCR  // [v, obj, key] -> ; obj[key] = v
	DELETE_SUBSCR // [obj, key] ->
	BUILD_SLICE   // arg 2 or 3: [a, b(, c)] -> [slice]

	BINARY_OP // arg = BinOp (plus BinInplace): [a, b] -> [a op b]
	UNARY_NEGATIVE
	UNARY_POSITIVE
	UNARY_INVERT
	UNARY_NOT
	COMPARE_OP  // arg = CmpOp: [a, b] -> [a op b]
	IS_OP       // arg 1 = "is not": [a, b] -> [bool]
	CONTAINS_OP // arg 1 = "not in": [item, container] -> [bool]

	POP_TOP
	COPY      // -> [.., stack[-arg]]
	SWAP      // swap TOS with stack[-arg]
	PUSH_NULL // arg PushNullCallee: the next instruction loads the callee, a bare name

	JUMP                 // pc = arg
	POP_JUMP_IF_FALSE    // [v] -> ; if not v: pc = arg
	POP_JUMP_IF_TRUE     // [v] -> ; if v: pc = arg
	JUMP_IF_FALSE_OR_POP // if not TOS: pc = arg (keep) else pop
	JUMP_IF_TRUE_OR_POP
	POP_JUMP_IF_NONE
	POP_JUMP_IF_NOT_NONE

	GET_ITER // [obj] -> [iter(obj)]
	FOR_ITER // [it] -> [it, next] or, when exhausted, [] and pc = arg

	BUILD_TUPLE // arg n
	BUILD_LIST
	BUILD_SET
	BUILD_MAP           // [k1, v1, .. kn, vn] -> [dict]
	BUILD_CONST_KEY_MAP // [v1..vn, keys-tuple] -> [dict]
	BUILD_STRING        // [s1..sn] -> [concatenation]
	LIST_APPEND         // [.., list, .., v] -> list at stack[-arg] (after pop) gets v
	SET_ADD
	MAP_ADD     // [.., dict, .., k, v]
	LIST_EXTEND // [.., list, .., iterable]; arg = depth | ExtendCallArgs
	SET_UPDATE
	DICT_UPDATE
	DICT_MERGE // like DICT_UPDATE but duplicate keys raise TypeError (for **kwargs)
	LIST_TO_TUPLE

	UNPACK_SEQUENCE // arg n: [seq] -> [item n-1 .. item 0] (item 0 on top)
	UNPACK_EX       // arg = before | after<<8

	FORMAT_VALUE // arg: low 2 bits conversion (0 none, 1 str, 2 repr, 3 ascii), 4 = has spec: [v(, spec)] -> [str]

	CALL             // arg n: [null|func, callable|self, args...] -> [result]
	KW_NAMES         // the next CALL's last len(consts[arg]) args are keywords named by that tuple
	CALL_FUNCTION_EX // arg 1 = has kwargs: [null, callable, argstuple(, kwdict)] -> [result]
	MAKE_FUNCTION    // arg flags: 1 defaults tuple, 2 kwdefaults dict, 4 annotations dict, 8 closure tuple: [..., code] -> [func]
	RETURN_VALUE

	YIELD_VALUE // [v] -> [sent]
	GET_YIELD_FROM_ITER
	SEND // [sub, v] -> [sub, yielded] or, when sub returns, [result] and pc = arg
	GET_AWAITABLE
	GET_AITER
	GET_ANEXT
	END_ASYNC_FOR // [aiter, exc] -> ; StopAsyncIteration ends the loop, anything else re-raises
	ASYNC_GEN_WRAP

	SETUP_FINALLY // push block (handler = arg, level = current depth)
	POP_BLOCK
	PUSH_EXC_INFO      // [exc] -> [prev, exc]; current handled exception = exc
	POP_EXCEPT         // [prev] -> ; current handled exception = prev
	POP_EXCEPT_RERAISE // [prev, exc] -> ; restore prev, re-raise exc
	CHECK_EXC_MATCH    // [exc, type] -> [exc, bool]
	CHECK_EG_MATCH
	RERAISE       // [exc] -> raise exc (traceback kept)
	RAISE_VARARGS // arg 0: bare raise, 1: [exc], 2: [exc, cause]
	BEFORE_WITH   // [mgr] -> [exit, enter()]
	BEFORE_ASYNC_WITH
	WITH_EXIT         // [exit] -> ; exit(None, None, None)
	WITH_EXCEPT_START // [exit, prev, exc] -> [exit, prev, exc, exit(type, exc, tb)]
	LOAD_ASSERTION_ERROR

	IMPORT_NAME // [level, fromlist] -> [module]
	IMPORT_FROM // [module] -> [module, module.names[arg]]
	IMPORT_STAR

	SETUP_ANNOTATIONS
	PRINT_EXPR // [v] -> ; the feed's result value
	RETURN_GENERATOR

	MATCH_CLASS            // arg n positional: [subject, cls, kwnames] -> [tuple of attrs or None]
	MATCH_MAPPING          // [subject] -> [subject, bool]
	MATCH_SEQUENCE         // [subject] -> [subject, bool]
	MATCH_KEYS             // [subject, keys] -> [subject, keys, values-tuple or None]
	GET_LEN                // [obj] -> [obj, len(obj)]
	COPY_DICT_WITHOUT_KEYS // [subject, keys] -> [subject, rest-dict]

	LOAD_LOCALS
	STORE_ANNOTATION // [value] -> ; __annotations__[names[arg]] = value
	SET_FUNC_ATTRS
	WITH_EXIT_ASYNC // [exit] -> [awaitable]; exit(None, None, None) of an async with, to be awaited
	NumOpcodes
)

// BinOp numbers for BINARY_OP; add BinInplace for the augmented forms.
const (
	BinAdd = iota
	BinSub
	BinMul
	BinMatMul
	BinTrueDiv
	BinMod
	BinPow
	BinLShift
	BinRShift
	BinOr
	BinXor
	BinAnd
	BinFloorDiv
	NumBinOps
	BinInplace = 16
	// BinLeftTemp and BinRightTemp mark a BINARY_OP whose left (right)
	// operand is the result of the BINARY_OP just before it in the same
	// expression: a temporary that nothing else can refer to if that
	// operation made it, so the VM may compute into it (see reuse in
	// vm/bigtemp.go).
	BinLeftTemp  = 32
	BinRightTemp = 64
)

// BinOpSymbols are the Python spellings of the binary operators.
var BinOpSymbols = [...]string{"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"}

// BinOpDunders are the special method names.
var BinOpDunders = [...]string{"add", "sub", "mul", "matmul", "truediv", "mod", "pow", "lshift", "rshift", "or", "xor", "and", "floordiv"}

// Comparison operators for COMPARE_OP.
const (
	CmpLt = iota
	CmpLe
	CmpEq
	CmpNe
	CmpGt
	CmpGe
)

// CmpSymbols are the Python spellings of the comparisons.
var CmpSymbols = [...]string{"<", "<=", "==", "!=", ">", ">="}

// CmpDunders are the special method names.
var CmpDunders = [...]string{"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"}

// CmpSwapped maps a comparison to its reflection (a < b == b > a).
var CmpSwapped = [...]int{CmpGt, CmpGe, CmpEq, CmpNe, CmpLt, CmpLe}

//go:generate go run gen_opnames.go

var opNames = map[Opcode]string{}

func (o Opcode) String() string {
	if s, ok := opNames[o]; ok {
		return s
	}
	return "OP_" + itoa(int(o))
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	s := ""
	for i > 0 {
		s = string(rune('0'+i%10)) + s
		i /= 10
	}
	return s
}

// ExtendCallArgs marks a LIST_EXTEND that builds the arguments of f(*x),
// whose error message names the callee.
const ExtendCallArgs = 1 << 16

// PushNullCallee is PUSH_NULL's argument when the callee that follows is
// a bare name (f(...), @f): the name's load is then in call position.
const PushNullCallee = 1
