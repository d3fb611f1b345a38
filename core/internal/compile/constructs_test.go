package compile

import (
	"strings"
	"testing"
)

var constructs = []string{
	"x = 1\ny = x + 2 * 3 - -4 ** 2 // 5 % 6 @ m | 1 ^ 2 & 3 << 1 >> 2 / 1\n",
	"a = b = c = [1, 2, *r]\n(a, b), *c = t\na, *b = {1, *s}\n",
	"x += 1\no.a -= 2\no[k] *= 3\no[1:2] //= 4\n",
	"del x, o.a, o[1], o[1:2, 3]\n",
	"print(1, *a, k=2, **kw)\nf(*a)\nf(**kw)\nf(a, b=1)\no.m(1, x=2)\no.m(*a)\n",
	"t = (1, 2, (3, 'a', None, ..., 1.5, 2j, b'x', True))\nu = (1, x)\n",
	"d = {1: 2, **e, 3: 4}\nd2 = {}\nd3 = {**a}\ns = {1}\n",
	"r = a < b < c != d\nr = a is not None\nr = x in y and y not in z or not w\n",
	"r = a if b else c\nr = f'{x!r:>{w}} {y:.2f} {z}' f'{q=}'\n",
	"r = s[1:2], s[::2], s[a:b:c], s[1:2, ::3]\n",
	"r = [x * y for x in a if x for y in b if y if x > y]\nr = {x for x in a}\nr = {k: v for k, v in d.items()}\nr = list(x for x in a)\n",
	"if a:\n    pass\nelif b:\n    pass\nelse:\n    pass\n",
	"while x:\n    if y:\n        break\n    continue\nelse:\n    z = 1\nwhile True:\n    break\n",
	"for i in range(3):\n    if i:\n        continue\n    break\nelse:\n    pass\n",
	"try:\n    a()\nexcept E as e:\n    b(e)\nexcept (F, G):\n    pass\nexcept:\n    raise\nelse:\n    c()\nfinally:\n    d()\n",
	"try:\n    a()\nfinally:\n    b()\n",
	"def f():\n    for x in y:\n        try:\n            with m() as v, n():\n                return v\n        finally:\n            print(x)\n",
	"def f():\n    try:\n        return 1\n    finally:\n        return 2\n",
	"def f():\n    for x in y:\n        try:\n            pass\n        finally:\n            break\n",
	"def f():\n    while 1:\n        try:\n            g()\n        except E as e:\n            continue\n        except F:\n            return e\n",
	"def f():\n    try:\n        pass\n    except E:\n        try:\n            pass\n        finally:\n            return 3\n",
	"with open(f) as (a, b):\n    pass\nwith a, b as c:\n    pass\n",
	"raise E\nraise E from None\nassert x\nassert x, 'msg'\n",
	"import a.b.c\nimport a.b.c as d\nfrom m import x as y, z\nfrom . import q\nfrom ..p import r\nfrom m import *\n",
	"global g\nnonlocal_ok = 1\n",
	"x: int = 1\ny: str\no.a: int = 2\nz[0]: int\n",
	"class A:\n    x: int = 1\n    y: str\n    def f(self) -> int:\n        z: int = 1\n        return z\n",
	"@d1\n@d2(1)\ndef f(a, b=1, *args, c, d=2, **kw) -> r:\n    'doc'\n    return a\n",
	"@dec\nclass C(A, B, metaclass=M):\n    'doc'\n    def __init__(self):\n        super().__init__()\n        self.__private = 1\n",
	"class D(*bases, **kw):\n    pass\n",
	"f = lambda x, y=1, *a, **k: x + y\ng = lambda: (yield)\n",
	"def g():\n    x = yield 1\n    yield\n    y = yield from h()\n    return x\n",
	"async def f():\n    await g()\n    async for x in a:\n        if x:\n            break\n        continue\n    else:\n        pass\n    async with m() as v:\n        return v\n",
	"async def f():\n    return [x async for x in a], [await y for y in b], (x async for x in c), {k: v async for k, v in d}\n",
	"async def f():\n    async with a as x, b as y:\n        pass\n",
	"async def agen():\n    yield 1\n    async for x in y:\n        yield x\n",
	"match p:\n    case 1 | 2:\n        pass\n    case 'a' | None | True:\n        pass\n    case [a, b, *rest]:\n        pass\n    case (x, _, *_):\n        pass\n    case {'k': v, 1: w, **kw}:\n        pass\n    case {}:\n        pass\n    case Point(x=0, y=yy) if yy > 0:\n        pass\n    case Point(1, 2):\n        pass\n    case m.CONST:\n        pass\n    case [1, [2, (3 | 4) as z]]:\n        pass\n    case str() | bytes():\n        pass\n    case {'a': 1, **rest}:\n        pass\n    case -1 | 1.5 | 2j | -3+4j:\n        pass\n    case _:\n        pass\n",
	"def f(p):\n    match p:\n        case [x, y] if x > y:\n            return x\n        case {'a': [b, *c]}:\n            return c\n        case other:\n            return other\n",
	"x = __debug__\n(y := 10)\nprint(y)\n",
	"def outer():\n    x = 1\n    class C:\n        y = x\n        def m(self):\n            return x\n    return C\n",
	"def f():\n    x = [1]\n    del x\n    def g():\n        nonlocal x\n        del x\n",
	"class C:\n    del x\n    x = 1\n    del x\n",
	"x = 12345678901234567890123\ny = -9223372036854775808\nz = -x\n",
	"for x, *y in z:\n    pass\n",
	"def f(*, a):\n    return a\n",
	"if x is None:\n    pass\nif x is not None:\n    pass\nif not (a and b):\n    pass\nif a or b and c:\n    pass\n",
	"try:\n    pass\nexcept* E:\n    pass\n",
}

func TestConstructs(t *testing.T) {
	for _, src := range constructs {
		code, err := compileSrc(t, src, Options{})
		if err != nil {
			if strings.Contains(src, "except*") && strings.Contains(err.Error(), "not supported") {
				continue
			}
			t.Errorf("%q: %v", src, err)
			continue
		}
		checkDepths(t, src, code)
	}
}

func TestReturnLastExpr(t *testing.T) {
	code, err := compileSrc(t, "x = 1\nx + 1\n", Options{ReturnLastExpr: true})
	if err != nil {
		t.Fatal(err)
	}
	n := len(code.Instrs)
	if code.Instrs[n-1].Op() != RETURN_VALUE || code.Instrs[n-2].Op() != BINARY_OP {
		t.Errorf("want the last expression returned:\n%s", code.Disassemble())
	}
	code, err = compileSrc(t, "'doc'\n", Options{ReturnLastExpr: true})
	if err != nil {
		t.Fatal(err)
	}
	if code.Docstring != nil || code.Instrs[0].Op() != LOAD_CONST || code.Consts[code.Instrs[0].Arg()] != "doc" {
		t.Errorf("a lone string in feed mode is the result, not a docstring:\n%s", code.Disassemble())
	}
	code = mustCompile(t, "'doc'\nx = 1\n")
	if code.Docstring != "doc" || code.Names[code.Instrs[1].Arg()] != "__doc__" {
		t.Errorf("module docstring:\n%s", code.Disassemble())
	}
}

func TestConstants(t *testing.T) {
	code := mustCompile(t, "a = 1\nb = 1.0\nc = True\nd = 1\ne = -1\nf = (1, 1.0, True)\ng = 'x'\nh = b'x'\n")
	want := []any{int64(1), 1.0, true, int64(-1), Tuple{int64(1), 1.0, true}, "x", []byte("x"), nil}
	if len(code.Consts) != len(want) {
		t.Fatalf("consts %#v, want %#v", code.Consts, want)
	}
	for i, w := range want {
		if constKey(code.Consts[i]) != constKey(w) {
			t.Errorf("const %d = %#v, want %#v", i, code.Consts[i], w)
		}
	}
}
