package compile

// Quickening: the eval loop runs a derived copy of a code object's
// instructions in which the first instruction of some frequent pairs is
// replaced by a fused form that does the work of both in one dispatch when
// its operands are of the common kinds (small ints, floats, bound locals).
//
// The pair's second instruction stays in place and every instruction keeps
// its index, so jump targets, the line table, the program counters saved in
// frames and dumps, and the helpers that look at neighbouring instructions
// all see the original code. A fused instruction whose fast path does not
// apply does exactly what its first instruction does and leaves the second
// one to run next; the fast paths never raise, call or jump backwards, so
// the VM can still stop wherever it could before. The fused forms whose
// second instruction runs a helper (an attribute or global load) set the
// frame's pc past that instruction first, so the helper sees the frame as
// if the second instruction ran alone.
//
// Fused opcodes are numbered from NumOpcodes up. They never appear in
// compiled or persisted code (a dump that holds one fails validation as an
// unknown opcode); only Quickened returns them.

const (
	// LOAD_FAST__LOAD_FAST: LOAD_FAST arg, then LOAD_FAST.
	LOAD_FAST__LOAD_FAST Opcode = NumOpcodes + iota
	// LOAD_FAST__LOAD_CONST: LOAD_FAST arg, then LOAD_CONST.
	LOAD_FAST__LOAD_CONST
	// STORE_FAST__LOAD_FAST: STORE_FAST arg, then LOAD_FAST.
	STORE_FAST__LOAD_FAST
	// LOAD_CONST__BINARY_OP: LOAD_CONST arg, then BINARY_OP on TOS and
	// that constant.
	LOAD_CONST__BINARY_OP
	// LOAD_FAST__BINARY_OP: LOAD_FAST arg, then BINARY_OP on TOS and
	// that local.
	LOAD_FAST__BINARY_OP
	// BINARY_OP__STORE_FAST: BINARY_OP arg, then STORE_FAST.
	BINARY_OP__STORE_FAST
	// COMPARE_OP__POP_JUMP: COMPARE_OP (arg&7), then POP_JUMP_IF_FALSE,
	// or POP_JUMP_IF_TRUE when arg&8 is set.
	COMPARE_OP__POP_JUMP
	// LOAD_FAST__LOAD_ATTR: LOAD_FAST arg, then LOAD_ATTR or LOAD_METHOD
	// on that local.
	LOAD_FAST__LOAD_ATTR
	// PUSH_NULL__LOAD_GLOBAL: PUSH_NULL, then LOAD_GLOBAL.
	PUSH_NULL__LOAD_GLOBAL
	// LOAD_FAST__LOAD_CONST__BINARY_OP: LOAD_FAST arg, LOAD_CONST,
	// BINARY_OP (x + 1).
	LOAD_FAST__LOAD_CONST__BINARY_OP
	// LOAD_FAST__LOAD_FAST__BINARY_OP: LOAD_FAST arg, LOAD_FAST,
	// BINARY_OP (a + b).
	LOAD_FAST__LOAD_FAST__BINARY_OP
	// FOR_ITER__STORE_FAST: FOR_ITER arg, then STORE_FAST of the item.
	FOR_ITER__STORE_FAST
	// LOAD_FAST__RETURN_VALUE: LOAD_FAST arg, then RETURN_VALUE.
	LOAD_FAST__RETURN_VALUE
	// LOAD_CONST__RETURN_VALUE: LOAD_CONST arg, then RETURN_VALUE.
	LOAD_CONST__RETURN_VALUE
	// COPY__COPY__BINARY_SUBSCR: COPY 2, COPY 2, BINARY_SUBSCR (the
	// load of an augmented c[k] op= v).
	COPY__COPY__BINARY_SUBSCR
	// SWAP__SWAP__STORE_SUBSCR: SWAP 3, SWAP 2, STORE_SUBSCR (the store
	// of an augmented c[k] op= v).
	SWAP__SWAP__STORE_SUBSCR
	// BUILD_TUPLE__UNPACK_SEQUENCE: BUILD_TUPLE arg, then UNPACK_SEQUENCE
	// arg (a, b = b, a): the arg values reversed in place, no tuple.
	BUILD_TUPLE__UNPACK_SEQUENCE
	// UNPACK_SEQUENCE__STORE_FAST: UNPACK_SEQUENCE arg, then the arg
	// STORE_FASTs after it (for i, x, name in rows).
	UNPACK_SEQUENCE__STORE_FAST
	// LOAD_FAST__LOAD_CONST__COMPARE_OP: LOAD_FAST arg, LOAD_CONST,
	// COMPARE_OP, POP_JUMP_IF_FALSE or POP_JUMP_IF_TRUE (if n < 2:).
	LOAD_FAST__LOAD_CONST__COMPARE_OP
	// LOAD_FAST__LOAD_FAST__COMPARE_OP: LOAD_FAST arg, LOAD_FAST,
	// COMPARE_OP, POP_JUMP_IF_FALSE or POP_JUMP_IF_TRUE (while i < n:).
	LOAD_FAST__LOAD_FAST__COMPARE_OP
	// KW_NAMES__CALL: KW_NAMES arg, then CALL with those keyword names
	// (KW_NAMES always comes right before its CALL).
	KW_NAMES__CALL
	// LOAD_FAST__STORE_ATTR: LOAD_FAST arg, then STORE_ATTR on that
	// local (self.x = v).
	LOAD_FAST__STORE_ATTR
	// LOAD_FAST__CALL: LOAD_FAST arg, then CALL (f(x), obj.m(x)); a
	// CALL right after a LOAD_FAST has no keywords (KW_NAMES would come
	// between).
	LOAD_FAST__CALL
	// UNPACK_SEQUENCE__TREE: UNPACK_SEQUENCE arg, then the nested
	// UNPACK_SEQUENCEs and STORE_FASTs that unpack it into locals
	// (for (a, b), [c, d] in pairs); see UnpackTreeEnd.
	UNPACK_SEQUENCE__TREE
	// JUMP__FOR_ITER: JUMP arg whose target is a FOR_ITER (the backward
	// jump closing every for loop's turn): after the jump's checkpoint
	// the loop runs the FOR_ITER at arg without dispatching it. Unlike
	// the other fused forms, the second instruction is not the next one
	// but the jump's target.
	JUMP__FOR_ITER
	// LOAD_FAST__YIELD_VALUE: LOAD_FAST arg, then YIELD_VALUE of that
	// local (yield x).
	LOAD_FAST__YIELD_VALUE
	// NumQuickOpcodes bounds the opcodes the eval loop may see.
	NumQuickOpcodes
)

// QuickJumpIfTrue marks a COMPARE_OP__POP_JUMP whose jump is
// POP_JUMP_IF_TRUE.
const QuickJumpIfTrue = 8

func init() {
	opNames[LOAD_FAST__LOAD_FAST] = "LOAD_FAST__LOAD_FAST"
	opNames[LOAD_FAST__LOAD_CONST] = "LOAD_FAST__LOAD_CONST"
	opNames[STORE_FAST__LOAD_FAST] = "STORE_FAST__LOAD_FAST"
	opNames[LOAD_CONST__BINARY_OP] = "LOAD_CONST__BINARY_OP"
	opNames[LOAD_FAST__BINARY_OP] = "LOAD_FAST__BINARY_OP"
	opNames[BINARY_OP__STORE_FAST] = "BINARY_OP__STORE_FAST"
	opNames[COMPARE_OP__POP_JUMP] = "COMPARE_OP__POP_JUMP"
	opNames[LOAD_FAST__LOAD_ATTR] = "LOAD_FAST__LOAD_ATTR"
	opNames[PUSH_NULL__LOAD_GLOBAL] = "PUSH_NULL__LOAD_GLOBAL"
	opNames[LOAD_FAST__LOAD_CONST__BINARY_OP] = "LOAD_FAST__LOAD_CONST__BINARY_OP"
	opNames[LOAD_FAST__LOAD_FAST__BINARY_OP] = "LOAD_FAST__LOAD_FAST__BINARY_OP"
	opNames[FOR_ITER__STORE_FAST] = "FOR_ITER__STORE_FAST"
	opNames[LOAD_FAST__RETURN_VALUE] = "LOAD_FAST__RETURN_VALUE"
	opNames[LOAD_CONST__RETURN_VALUE] = "LOAD_CONST__RETURN_VALUE"
	opNames[COPY__COPY__BINARY_SUBSCR] = "COPY__COPY__BINARY_SUBSCR"
	opNames[SWAP__SWAP__STORE_SUBSCR] = "SWAP__SWAP__STORE_SUBSCR"
	opNames[BUILD_TUPLE__UNPACK_SEQUENCE] = "BUILD_TUPLE__UNPACK_SEQUENCE"
	opNames[UNPACK_SEQUENCE__STORE_FAST] = "UNPACK_SEQUENCE__STORE_FAST"
	opNames[LOAD_FAST__LOAD_CONST__COMPARE_OP] = "LOAD_FAST__LOAD_CONST__COMPARE_OP"
	opNames[LOAD_FAST__LOAD_FAST__COMPARE_OP] = "LOAD_FAST__LOAD_FAST__COMPARE_OP"
	opNames[KW_NAMES__CALL] = "KW_NAMES__CALL"
	opNames[LOAD_FAST__STORE_ATTR] = "LOAD_FAST__STORE_ATTR"
	opNames[LOAD_FAST__CALL] = "LOAD_FAST__CALL"
	opNames[UNPACK_SEQUENCE__TREE] = "UNPACK_SEQUENCE__TREE"
	opNames[JUMP__FOR_ITER] = "JUMP__FOR_ITER"
	opNames[LOAD_FAST__YIELD_VALUE] = "LOAD_FAST__YIELD_VALUE"
}

// Quickened returns the instructions the eval loop runs for c, computing
// them on first use. The result has the length of c.Instrs and must not be
// modified, nor c.Instrs changed after the first call. Code objects are
// shared between sessions that run at once, so the cache is published
// atomically; two first uses may both compute it, with the same result.
// It returns a pointer to keep it cheap enough to inline into the loop,
// which calls it on every frame switch.
func (c *Code) Quickened() *[]Instr {
	if q := c.quick.Load(); q != nil {
		return q
	}
	return c.quicken()
}

// QuickenedIfReady returns what Quickened does if it has been computed,
// else nil: the part of it small enough to inline into any caller.
func (c *Code) QuickenedIfReady() *[]Instr { return c.quick.Load() }

func (c *Code) quicken() *[]Instr {
	q := Quicken(c.Instrs)
	c.quick.Store(&q)
	return &q
}

// Quicken returns a copy of instrs with the first instruction of each
// fusable pair replaced by its fused form.
func Quicken(instrs []Instr) []Instr {
	q := make([]Instr, len(instrs))
	copy(q, instrs)
	for i := 0; i+1 < len(instrs); i++ {
		in, next := instrs[i], instrs[i+1]
		op, arg := in.Op(), in.Arg()
		switch op {
		case LOAD_FAST:
			third := NumOpcodes
			if i+2 < len(instrs) {
				third = instrs[i+2].Op()
			}
			// A compare of the two feeding a conditional jump.
			cmpJump := third == COMPARE_OP && instrs[i+2].Arg() < QuickJumpIfTrue && i+3 < len(instrs) &&
				(instrs[i+3].Op() == POP_JUMP_IF_FALSE || instrs[i+3].Op() == POP_JUMP_IF_TRUE)
			switch next.Op() {
			case LOAD_FAST:
				if cmpJump {
					q[i] = MakeInstr(LOAD_FAST__LOAD_FAST__COMPARE_OP, arg)
				} else if third == BINARY_OP {
					q[i] = MakeInstr(LOAD_FAST__LOAD_FAST__BINARY_OP, arg)
				} else {
					q[i] = MakeInstr(LOAD_FAST__LOAD_FAST, arg)
				}
			case LOAD_CONST:
				if cmpJump {
					q[i] = MakeInstr(LOAD_FAST__LOAD_CONST__COMPARE_OP, arg)
				} else if third == BINARY_OP {
					q[i] = MakeInstr(LOAD_FAST__LOAD_CONST__BINARY_OP, arg)
				} else {
					q[i] = MakeInstr(LOAD_FAST__LOAD_CONST, arg)
				}
			case BINARY_OP:
				q[i] = MakeInstr(LOAD_FAST__BINARY_OP, arg)
			case LOAD_ATTR, LOAD_METHOD:
				q[i] = MakeInstr(LOAD_FAST__LOAD_ATTR, arg)
			case RETURN_VALUE:
				q[i] = MakeInstr(LOAD_FAST__RETURN_VALUE, arg)
			case STORE_ATTR:
				q[i] = MakeInstr(LOAD_FAST__STORE_ATTR, arg)
			case CALL:
				q[i] = MakeInstr(LOAD_FAST__CALL, arg)
			case YIELD_VALUE:
				q[i] = MakeInstr(LOAD_FAST__YIELD_VALUE, arg)
			}
		case JUMP:
			if int(arg) < len(instrs) && instrs[arg].Op() == FOR_ITER {
				q[i] = MakeInstr(JUMP__FOR_ITER, arg)
			}
		case KW_NAMES:
			if next.Op() == CALL {
				q[i] = MakeInstr(KW_NAMES__CALL, arg)
			}
		case FOR_ITER:
			if next.Op() == STORE_FAST {
				q[i] = MakeInstr(FOR_ITER__STORE_FAST, arg)
			}
		case PUSH_NULL:
			if next.Op() == LOAD_GLOBAL {
				q[i] = MakeInstr(PUSH_NULL__LOAD_GLOBAL, arg)
			}
		case STORE_FAST:
			if next.Op() == LOAD_FAST {
				q[i] = MakeInstr(STORE_FAST__LOAD_FAST, arg)
			}
		case LOAD_CONST:
			switch next.Op() {
			case BINARY_OP:
				q[i] = MakeInstr(LOAD_CONST__BINARY_OP, arg)
			case RETURN_VALUE:
				q[i] = MakeInstr(LOAD_CONST__RETURN_VALUE, arg)
			}
		case BINARY_OP:
			if next.Op() == STORE_FAST {
				q[i] = MakeInstr(BINARY_OP__STORE_FAST, arg)
			}
		case COPY:
			if arg == 2 && next == in && i+2 < len(instrs) && instrs[i+2].Op() == BINARY_SUBSCR {
				q[i] = MakeInstr(COPY__COPY__BINARY_SUBSCR, arg)
			}
		case SWAP:
			if arg == 3 && next == MakeInstr(SWAP, 2) && i+2 < len(instrs) && instrs[i+2].Op() == STORE_SUBSCR {
				q[i] = MakeInstr(SWAP__SWAP__STORE_SUBSCR, arg)
			}
		case BUILD_TUPLE:
			if arg >= 2 && next == MakeInstr(UNPACK_SEQUENCE, arg) {
				q[i] = MakeInstr(BUILD_TUPLE__UNPACK_SEQUENCE, arg)
			}
		case UNPACK_SEQUENCE:
			if storesFollow(instrs, i, arg) {
				q[i] = MakeInstr(UNPACK_SEQUENCE__STORE_FAST, arg)
			} else if UnpackTreeEnd(instrs, i) > 0 {
				q[i] = MakeInstr(UNPACK_SEQUENCE__TREE, arg)
			}
		case BUILD_SLICE:
			if j, ok := sliceTempUse(instrs, i); ok {
				q[i] = MakeInstr(BUILD_SLICE, q[i].Arg()|QuickSliceTemp)
				q[j] = MakeInstr(BUILD_SLICE, q[j].Arg()|QuickSliceTempUse)
			}
		case COMPARE_OP:
			if arg < QuickJumpIfTrue {
				switch next.Op() {
				case POP_JUMP_IF_FALSE:
					q[i] = MakeInstr(COMPARE_OP__POP_JUMP, arg)
				case POP_JUMP_IF_TRUE:
					q[i] = MakeInstr(COMPARE_OP__POP_JUMP, arg|QuickJumpIfTrue)
				}
			}
		}
	}
	return q
}
