package compile

import "testing"

func TestGoldenDisassembly(t *testing.T) {
	tests := []struct{ src, qualname, want string }{
		{"def f(xs, k=2):\n    for x in xs:\n        if x is None:\n            break\n    else:\n        return o.m(x, k=k)\n    with m as v:\n        pass\n", "f", `code f (main.py) args=2 flags=0x0
   2    0 LOAD_FAST              0
   2    1 GET_ITER               0
   2    2 FOR_ITER               9
   2    3 STORE_FAST             2
   3    4 LOAD_FAST              2
   3    5 POP_JUMP_IF_NOT_NONE   8
   4    6 POP_TOP                0
   4    7 JUMP                   16
   2    8 JUMP                   2
   6    9 LOAD_GLOBAL            0
   6   10 LOAD_METHOD            1
   6   11 LOAD_FAST              2
   6   12 LOAD_FAST              1
   6   13 KW_NAMES               0
   6   14 CALL                   2
   6   15 RETURN_VALUE           0
   7   16 LOAD_GLOBAL            1
   7   17 BEFORE_WITH            0
   7   18 STORE_FAST             3
   7   19 SETUP_FINALLY          23
   7   20 POP_BLOCK              0
   7   21 WITH_EXIT              0
   7   22 JUMP                   36
   7   23 PUSH_EXC_INFO          0
   7   24 SETUP_FINALLY          33
   7   25 WITH_EXCEPT_START      0
   7   26 POP_JUMP_IF_TRUE       28
   7   27 RERAISE                0
   7   28 POP_BLOCK              0
   7   29 POP_TOP                0
   7   30 POP_EXCEPT             0
   7   31 POP_TOP                0
   7   32 JUMP                   36
   7   33 SWAP                   2
   7   34 POP_TOP                0
   7   35 POP_EXCEPT_RERAISE     0
   7   36 LOAD_CONST             1
   7   37 RETURN_VALUE           0
`},
		{"def g(n):\n    return [i * n for i in range(n) if i]\n", "g", `code g (main.py) args=1 flags=0x0
   2    0 PUSH_NULL              0
   2    1 LOAD_CLOSURE           0
   2    2 BUILD_TUPLE            1
   2    3 LOAD_CONST             0
   2    4 MAKE_FUNCTION          8
   2    5 PUSH_NULL              0
   2    6 LOAD_GLOBAL            0
   2    7 LOAD_DEREF             0
   2    8 CALL                   1
   2    9 GET_ITER               0
   2   10 CALL                   1
   2   11 RETURN_VALUE           0
   2   12 LOAD_CONST             1
   2   13 RETURN_VALUE           0
code g.<locals>.<listcomp> (main.py) args=1 flags=0x80
   2    0 BUILD_LIST             0
   2    1 LOAD_FAST              0
   2    2 FOR_ITER               11
   2    3 STORE_FAST             1
   2    4 LOAD_FAST              1
   2    5 POP_JUMP_IF_FALSE      2
   2    6 LOAD_FAST              1
   2    7 LOAD_DEREF             0
   2    8 BINARY_OP              2
   2    9 LIST_APPEND            2
   2   10 JUMP                   2
   2   11 RETURN_VALUE           0
`},
	}
	for _, tt := range tests {
		code := mustCompile(t, tt.src)
		c := findCode(code, tt.qualname)
		if c == nil {
			t.Fatalf("no code %s", tt.qualname)
		}
		if got := c.Disassemble(); got != tt.want {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", tt.qualname, got, tt.want)
		}
	}
}
