package typecheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

var builtins = map[string]bool{"print": true, "len": true, "int": true, "str": true, "range": true, "list": true, "dict": true,
	"Exception": true, "TypeError": true, "NameError": true, "AttributeError": true, "KeyError": true, "isinstance": true, "sorted": true, "float": true, "object": true, "super": true}

func check(t *testing.T, src string, known ...string) []string {
	t.Helper()
	mod, err := syntax.Parse("main.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	k := map[string]bool{}
	for _, n := range known {
		k[n] = true
	}
	var out []string
	for _, f := range Check(mod, Env{Known: func(n string) bool { return builtins[n] || k[n] }, IsBuiltin: func(n string) bool { return builtins[n] && !k[n] }}) {
		out = append(out, f.String())
	}
	return out
}

func TestFindings(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
		known     []string
	}{
		{"undefined name", "print(x)", []string{"1:7: name 'x' is not defined"}, nil},
		{"defined later at module level", "def f():\n    return y\ny = 1\nprint(f())", nil, nil},
		{"known from an earlier feed", "print(prev)", nil, []string{"prev"}},
		{"local of a function", "def f(a):\n    b = a\n    return b + c\n", []string{"3:16: name 'c' is not defined"}, nil},
		{"class body names are not visible in methods", "class C:\n    k = 1\n    def m(self):\n        return k\n", []string{"4:16: name 'k' is not defined"}, nil},
		{"comprehension variables", "print([i for i in range(3) if i])\nprint(i)", []string{"2:7: name 'i' is not defined"}, nil},
		{"walrus in a comprehension binds outside", "print([y := i for i in range(3)])\nprint(y)", nil, nil},
		{"walrus in assert and raise binds", "assert (n := 1)\ntry:\n    raise (e := KeyError())\nexcept KeyError:\n    pass\nprint(n, e)", nil, nil},
		{"global declared in a function", "def f():\n    global g\n    g = 1\nf()\nprint(g)", nil, nil},
		{"star import binds anything", "from os.path import *\nprint(join)", nil, nil},
		{"exec binds anything", "exec('q = 1')\nprint(q)", nil, nil},
		{"every finding is reported", "a(b)\nc", []string{"1:1: name 'a' is not defined", "1:3: name 'b' is not defined", "2:1: name 'c' is not defined"}, nil},
		{"too many arguments", "def f(a, b=1):\n    pass\nf(1, 2, 3)", []string{"3:1: f() takes from 1 to 2 positional arguments but 3 were given"}, nil},
		{"missing argument", "def f(a, b):\n    pass\nf(1)", []string{"3:1: f() missing 1 required positional argument: 'b'"}, nil},
		{"unknown keyword", "def f(a):\n    pass\nf(a=1, z=2)", []string{"3:8: f() got an unexpected keyword argument 'z'"}, nil},
		{"kw-only missing", "def f(*, k):\n    pass\nf()", []string{"3:1: f() missing 1 required keyword-only argument: 'k'"}, nil},
		{"class without __init__", "class C:\n    pass\nC(1)", []string{"3:1: C() takes no arguments"}, nil},
		{"class __init__", "class C:\n    def __init__(self, a):\n        self.a = a\nC()", []string{"4:1: C.__init__() missing 1 required positional argument: 'a'"}, nil},
		{"rebound function is not known", "def f(a):\n    pass\nf = print\nf(1, 2)", nil, nil},
		{"star args are not counted", "def f(a):\n    pass\nf(*[1, 2])", nil, nil},
		{"subclass signature unknown", "class B:\n    pass\nclass C(B):\n    pass\nC(1)", nil, nil},
		{"decorated function unknown", "def d(f):\n    return f\n@d\ndef f():\n    pass\nf(1)", nil, nil},
		{"annotated assignment", "x: int = 's'", []string{"1:10: assignment of type 'str' to a value annotated 'int'"}, nil},
		{"annotated float takes int", "x: float = 1\ny: int | None = None\nz: list[int] = []", nil, nil},
		{"annotated argument", "def f(n: int):\n    pass\nf('s')", []string{"3:3: argument 'n' of type 'str' to a value annotated 'int'"}, nil},
		{"annotated return", "def f() -> str:\n    return 1", []string{"2:12: return of type 'int' to a value annotated 'str'"}, nil},
		{"generator return is not checked", "def f() -> int:\n    yield 1\n    return 'x'", nil, nil},
		{"attribute of None", "v = None\nv.strip()", []string{"2:1: 'None' has no attribute 'strip'"}, nil},
		{"attribute of a rebound name", "v = None\nv = 's'\nv.strip()", nil, nil},
		{"await a literal", "async def f():\n    await 3", []string{"2:5: object int can't be used in 'await' expression"}, nil},
		{"await a sync function's None", "def g():\n    pass\nasync def f():\n    await g()", []string{"4:5: object None can't be used in 'await' expression"}, nil},
		{"await a coroutine", "async def g():\n    pass\nasync def f():\n    await g()", nil, nil},
		{"call a literal", "n = 5\nn()", []string{"2:1: 'int' object is not callable"}, nil},
		{"handled errors are expected", "try:\n    f()\nexcept NameError:\n    pass\ntry:\n    None.x\nexcept Exception:\n    pass", nil, nil},
		{"lambdas are thunks", "t = lambda: nope()", nil, nil},
		{"builtin arity", "len([1], [2])\nprint(1, 2, sep='')\nisinstance(1)\nsorted([], key=len, rev=True)", []string{"1:1: len() takes exactly 1 argument (2 given)", "3:1: isinstance() takes at least 2 positional arguments (1 given)", "4:21: sorted() got an unexpected keyword argument 'rev'"}, nil},
		{"a rebound builtin is not checked", "def len(*a):\n    return 0\nlen(1, 2)", nil, nil},
		{"a builtin shadowed by an earlier feed is not checked", "len(1, 2)", nil, []string{"len"}},
		{"unhandled by the wrong handler", "try:\n    nope\nexcept KeyError:\n    pass", []string{"2:5: name 'nope' is not defined"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := check(t, tc.src, tc.known...)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// No finding on the programs of the test corpora, which all run cleanly.
func TestNoFalsePositivesOnCorpora(t *testing.T) {
	var files []string
	for _, pat := range []string{"../vm/testdata/*/*.py", "../stdlib/testdata/*/*.py", "/work/shared/conformance/*__*.py"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		mod, err := syntax.Parse(f, src)
		if err != nil {
			continue // the corpora test syntax errors too
		}
		for _, x := range Check(mod, Env{Known: func(n string) bool { return realBuiltins[n] }, IsBuiltin: func(n string) bool { return realBuiltins[n] }}) {
			t.Errorf("%s:%s", f, x)
		}
	}
}
