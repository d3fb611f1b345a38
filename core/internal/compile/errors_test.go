package compile

import (
	"errors"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// Messages and positions are CPython 3.11's compile(src, 'main.py', 'exec').
func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		src       string
		msg       string
		line, col int
	}{
		{"def f():\n    x = 1\n    global x\n", "name 'x' is assigned to before global declaration", 3, 5},
		{"def f():\n    print(x)\n    global x\n", "name 'x' is used prior to global declaration", 3, 5},
		{"def f(x):\n    global x\n", "name 'x' is parameter and global", 2, 5},
		{"def f(x):\n    nonlocal x\n", "name 'x' is parameter and nonlocal", 2, 5},
		{"def f():\n    nonlocal x\n", "no binding for nonlocal 'x' found", 2, 5},
		{"x = 1\ndef f():\n    def g():\n        nonlocal x\n", "no binding for nonlocal 'x' found", 4, 9},
		{"nonlocal x\n", "nonlocal declaration not allowed at module level", 1, 1},
		{"return 1\n", "'return' outside function", 1, 1},
		{"class C:\n    return 1\n", "'return' outside function", 2, 5},
		{"yield 1\n", "'yield' outside function", 1, 1},
		{"await x\n", "'await' outside function", 1, 1},
		{"def f():\n    await x\n", "'await' outside async function", 2, 5},
		{"break\n", "'break' outside loop", 1, 1},
		{"continue\n", "'continue' not properly in loop", 1, 1},
		{"for x in y:\n    def f():\n        break\n", "'break' outside loop", 3, 9},
		{"def f():\n    for x in y:\n        pass\n    else:\n        continue\n", "'continue' not properly in loop", 5, 9},
		{"async def f():\n    yield 1\n    return 2\n", "'return' with value in async generator", 3, 5},
		{"def f(a, a):\n    pass\n", "duplicate argument 'a' in function definition", 1, 10},
		{"[(yield x) for x in y]\n", "'yield' inside list comprehension", 1, 3},
		{"{(yield x) for x in y}\n", "'yield' inside set comprehension", 1, 3},
		{"((yield x) for x in y)\n", "'yield' inside generator expression", 1, 3},
		{"{x: (yield) for x in y}\n", "'yield' inside dict comprehension", 1, 6},
		{"*a = 1\n", "starred assignment target must be in a list or tuple", 1, 1},
		// The parser reports this one itself, at the second star (CPython: 1:1).
		{"a, *b, *c = 1\n", "multiple starred expressions in assignment", 1, 0},
		{"match x:\n    case y:\n        pass\n    case 1:\n        pass\n", "name capture 'y' makes remaining patterns unreachable", 2, 10},
		{"match x:\n    case _:\n        pass\n    case 1:\n        pass\n", "wildcard makes remaining patterns unreachable", 2, 10},
		{"match x:\n    case y | 1:\n        pass\n", "name capture 'y' makes remaining patterns unreachable", 2, 10},
		{"match x:\n    case [a, a]:\n        pass\n", "multiple assignments to name 'a' in pattern", 2, 14},
		{"match x:\n    case 1 | a:\n        pass\n", "alternative patterns bind different names", 2, 14},
		{"f(a=1, a=2)\n", "keyword argument repeated: a", 1, 8},
		{"class C:\n    [(y := 1) for x in z]\n", "assignment expression within a comprehension cannot be used in a class body", 2, 7},
		{"def f():\n  x: int\n  global x\n", "annotated name 'x' can't be global", 3, 3},
		{"def f():\n    x = 1\n    def g():\n        global x\n        nonlocal x\n", "name 'x' is nonlocal and global", 4, 9},
		{"from m import *\ndef f():\n    from m import *\n", "import * only allowed at module level", 3, 19},
		{"[x := 1 for x in y]\n", "assignment expression cannot rebind comprehension iteration variable 'x'", 1, 2},
		{"del f()\n", "cannot delete function call", 1, 5},
	}
	for _, tt := range tests {
		mod, err := syntax.Parse("main.py", []byte(tt.src))
		if err == nil {
			_, err = Compile(mod, "main.py", []byte(tt.src), Options{})
		}
		var se *syntax.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: got %v, want SyntaxError %q", tt.src, err, tt.msg)
			continue
		}
		if se.Msg != tt.msg || se.Line != tt.line || (tt.col != 0 && se.Col != tt.col) || se.Kind != "SyntaxError" || se.Filename != "main.py" {
			t.Errorf("%q: got %s %q at %d:%d, want %q at %d:%d", tt.src, se.Kind, se.Msg, se.Line, se.Col, tt.msg, tt.line, tt.col)
		}
		if se.Text == "" {
			t.Errorf("%q: no source text in error", tt.src)
		}
	}
}

func TestNoFalseErrors(t *testing.T) {
	for _, src := range []string{
		"[i for i in range(3) if (j := i)]\n",
		"def g():\n  lambda: (yield)\n",
		"def f():\n    x = 1\n    def g():\n        nonlocal x\n        x = 2\n",
		"def f():\n    global x\n    x = 1\n",
		"for x in y:\n    try:\n        pass\n    finally:\n        continue\n",
		"async def f():\n    return [x async for x in y]\n",
		"async def f():\n    yield 1\n    return\n",
	} {
		if _, err := compileSrc(t, src, Options{}); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}
