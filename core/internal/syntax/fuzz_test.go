package syntax

import (
	"testing"
	"time"
	"unicode/utf8"
)

var fuzzSeeds = []string{
	"x = 1 + 2 * 3\n",
	"-2**2\nnot a == b\na if b else c\nlambda: 0\n",
	"def f(a, /, b=1, *c, d, e=2, **g) -> int:\n    return a\n",
	"async def f():\n    async for x in y:\n        await z\n    async with a as b, c:\n        pass\n",
	"class A(B, metaclass=M):\n    @dec\n    def m(self): ...\n",
	"if a:\n    pass\nelif b:\n    pass\nelse:\n    pass\n",
	"while x:\n    break\nelse:\n    continue\n",
	"for i, *j in x:\n    pass\n",
	"try:\n    pass\nexcept E as e:\n    raise X from e\nelse:\n    pass\nfinally:\n    pass\n",
	"try:\n    pass\nexcept* E:\n    pass\n",
	"with (a as b, c as d):\n    pass\n",
	"match p:\n    case [1, *r] | {'k': v, **kw} if v:\n        pass\n    case Point(x=0, y=_) as pt:\n        pass\n    case -1+2j | None | 'a' | a.b:\n        pass\n",
	"match = 1\nmatch(x)\n",
	"import os.path as p\nfrom ..a import (b as c, d)\nfrom . import *\n",
	"global a\nnonlocal b\ndel a, b[1], c.d\nassert x, 'msg'\n",
	"x: int = 1\n(y): str\nz += 1\na = b = c\n",
	"[x for x in y if z]\n{x for x in y}\n{k: v for k, v in d}\n(x async for x in y)\n",
	"a[1:2, ::3]\nf(*a, k=1, **b)\n{**d, 1: 2}\n(y := 3)\n",
	"f'{x!r:>{width}}' f\"{'a' if x else 'b'}\" f'{x=}' f'{{}}'\n",
	"b'\\x41\\n' rb'\\n' u'\\N{EM DASH}' '''tri\nple''' r'\\d'\n",
	"0x_ff + 0o17 + 0b1 + 1_000 + 1.5e-3 + 3j + .5\n",
	"x = 1 \\\n  + 2\r\n",
	"if x:\n\tpass\n",
	"yield\nyield from x\nx = yield\n",
	"x = (1 +\n", "f() = 1", "x = [1, 2 3]", "print 'x'", "  x", "f'{x'", "x = 'abc",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		// Bounded work per input (see .ci/run): a fuzzing worker must
		// answer its coordinator in time.
		if !utf8.Valid(src) || len(src) > 1<<16 {
			return
		}
		start := time.Now()
		m, err := Parse("fuzz.py", src)
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("Parse took %v on %q", d, src)
		}
		if err != nil {
			se, ok := err.(*SyntaxError)
			if !ok {
				t.Fatalf("error of type %T", err)
			}
			if se.Msg == "" || len(se.Msg) > 9 && se.Msg[:9] == "internal " {
				t.Fatalf("bad error: %v", se)
			}
			_ = se.Format()
			return
		}
		if m == nil {
			t.Fatal("nil module without error")
		}
		_ = Dump(m)
	})
}
