package compile

import (
	"testing"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// wantSecond is the instruction each fused opcode must be followed by.
var wantSecond = map[Opcode][]Opcode{
	LOAD_FAST__LOAD_FAST:              {LOAD_FAST},
	LOAD_FAST__LOAD_CONST:             {LOAD_CONST},
	STORE_FAST__LOAD_FAST:             {LOAD_FAST},
	LOAD_CONST__BINARY_OP:             {BINARY_OP},
	LOAD_FAST__BINARY_OP:              {BINARY_OP},
	BINARY_OP__STORE_FAST:             {STORE_FAST},
	COMPARE_OP__POP_JUMP:              {POP_JUMP_IF_FALSE, POP_JUMP_IF_TRUE},
	LOAD_FAST__LOAD_ATTR:              {LOAD_ATTR, LOAD_METHOD},
	PUSH_NULL__LOAD_GLOBAL:            {LOAD_GLOBAL},
	LOAD_FAST__LOAD_CONST__BINARY_OP:  {LOAD_CONST},
	LOAD_FAST__LOAD_FAST__BINARY_OP:   {LOAD_FAST},
	FOR_ITER__STORE_FAST:              {STORE_FAST},
	LOAD_FAST__RETURN_VALUE:           {RETURN_VALUE},
	LOAD_CONST__RETURN_VALUE:          {RETURN_VALUE},
	LOAD_FAST__LOAD_CONST__COMPARE_OP: {LOAD_CONST},
	LOAD_FAST__LOAD_FAST__COMPARE_OP:  {LOAD_FAST},
	KW_NAMES__CALL:                    {CALL},
	LOAD_FAST__STORE_ATTR:             {STORE_ATTR},
	LOAD_FAST__CALL:                   {CALL},
	LOAD_FAST__YIELD_VALUE:            {YIELD_VALUE},
}

// original maps a fused opcode back to the instruction it replaces.
var original = map[Opcode]Opcode{
	LOAD_FAST__LOAD_FAST:              LOAD_FAST,
	LOAD_FAST__LOAD_CONST:             LOAD_FAST,
	STORE_FAST__LOAD_FAST:             STORE_FAST,
	LOAD_CONST__BINARY_OP:             LOAD_CONST,
	LOAD_FAST__BINARY_OP:              LOAD_FAST,
	BINARY_OP__STORE_FAST:             BINARY_OP,
	COMPARE_OP__POP_JUMP:              COMPARE_OP,
	LOAD_FAST__LOAD_ATTR:              LOAD_FAST,
	PUSH_NULL__LOAD_GLOBAL:            PUSH_NULL,
	LOAD_FAST__LOAD_CONST__BINARY_OP:  LOAD_FAST,
	LOAD_FAST__LOAD_FAST__BINARY_OP:   LOAD_FAST,
	FOR_ITER__STORE_FAST:              FOR_ITER,
	LOAD_FAST__RETURN_VALUE:           LOAD_FAST,
	LOAD_CONST__RETURN_VALUE:          LOAD_CONST,
	LOAD_FAST__LOAD_CONST__COMPARE_OP: LOAD_FAST,
	LOAD_FAST__LOAD_FAST__COMPARE_OP:  LOAD_FAST,
	KW_NAMES__CALL:                    KW_NAMES,
	LOAD_FAST__STORE_ATTR:             LOAD_FAST,
	LOAD_FAST__CALL:                   LOAD_FAST,
	JUMP__FOR_ITER:                    JUMP,
	LOAD_FAST__YIELD_VALUE:            LOAD_FAST,
}

func TestQuickenKeepsShapeAndPairs(t *testing.T) {
	src := `def f(a, b, xs):
    t = 0
    i = 0
    while i < a:
        t = t + i * b
        i += 1
        if not t >= 100:
            x = a
            y = x
            y = (x, 1)
            y = (x, a)
    for x in xs:
        t = x - 1
    if a:
        return a
    if b > 3:
        b = 3
    xs.sort(key=len)
    xs.z = len(b)
    print(t)
    return a + b, t, a < b, xs.y, len(xs)


def g(xs):
    for x in xs:
        yield x
`
	mod, err := syntax.Parse("main.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	code, err := Compile(mod, "main.py", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[Opcode]bool{}
	var check func(c *Code)
	check = func(c *Code) {
		q := *c.Quickened()
		if len(q) != len(c.Instrs) {
			t.Fatalf("%s: %d quickened instructions for %d", c.Name, len(q), len(c.Instrs))
		}
		if q2 := *c.Quickened(); &q2[0] != &q[0] {
			t.Errorf("%s: Quickened not cached", c.Name)
		}
		for pc, in := range q {
			orig := c.Instrs[pc]
			if in.Op() < NumOpcodes {
				if in != orig {
					t.Errorf("%s %d: %v changed to %v", c.Name, pc, orig.Op(), in.Op())
				}
				continue
			}
			seen[in.Op()] = true
			arg := in.Arg()
			if in.Op() == COMPARE_OP__POP_JUMP {
				arg &^= QuickJumpIfTrue
			}
			if original[in.Op()] != orig.Op() || arg != orig.Arg() {
				t.Errorf("%s %d: %v %d fused from %v %d", c.Name, pc, in.Op(), in.Arg(), orig.Op(), orig.Arg())
			}
			if in.Op() == JUMP__FOR_ITER {
				// Its second instruction is the jump's target.
				if int(arg) >= len(q) || c.Instrs[arg].Op() != FOR_ITER {
					t.Errorf("%s %d: %v does not jump to a FOR_ITER", c.Name, pc, in.Op())
				}
				continue
			}
			if pc+1 >= len(q) {
				t.Fatalf("%s %d: %v is the last instruction", c.Name, pc, in.Op())
			}
			next, ok := c.Instrs[pc+1].Op(), false
			for _, w := range wantSecond[in.Op()] {
				ok = ok || next == w
			}
			if !ok {
				t.Errorf("%s %d: %v followed by %v", c.Name, pc, in.Op(), next)
			}
			if in.Op() == LOAD_FAST__LOAD_CONST__BINARY_OP || in.Op() == LOAD_FAST__LOAD_FAST__BINARY_OP {
				if pc+2 >= len(q) || c.Instrs[pc+2].Op() != BINARY_OP {
					t.Errorf("%s %d: %v not followed by a BINARY_OP", c.Name, pc, in.Op())
				}
			}
			if in.Op() == LOAD_FAST__LOAD_CONST__COMPARE_OP || in.Op() == LOAD_FAST__LOAD_FAST__COMPARE_OP {
				if pc+3 >= len(q) || c.Instrs[pc+2].Op() != COMPARE_OP || q[pc+2].Op() != COMPARE_OP__POP_JUMP {
					t.Errorf("%s %d: %v not followed by a fused COMPARE_OP", c.Name, pc, in.Op())
				}
			}
			if in.Op() == COMPARE_OP__POP_JUMP && (in.Arg()&QuickJumpIfTrue != 0) != (next == POP_JUMP_IF_TRUE) {
				t.Errorf("%s %d: jump sense lost", c.Name, pc)
			}
		}
		for _, k := range c.Consts {
			if sub, ok := k.(*Code); ok {
				check(sub)
			}
		}
	}
	check(code)
	for op := range wantSecond {
		if !seen[op] {
			t.Errorf("%v never emitted", op)
		}
	}
}
