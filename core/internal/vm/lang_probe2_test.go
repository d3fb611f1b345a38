package vm

import (
	"testing"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// langProbe2Cases are realistic agent-style programs whose output once
// differed from CPython 3.11; want is what python3 prints.
var langProbe2Cases = []struct {
	name, src, want string
}{
	{"ExceptionGroup message, exceptions and str", `
e = ExceptionGroup("m", [ValueError(1)])
print(str(e), repr(e), e.args, e.exceptions, e.message)
try:
    raise ExceptionGroup("invalid", [KeyError("a"), TypeError("b")])
except ExceptionGroup as eg:
    print(eg, [str(x) for x in eg.exceptions])
`, `m (1 sub-exception) ExceptionGroup('m', [ValueError(1)]) ('m', [ValueError(1)]) (ValueError(1),) m
invalid (2 sub-exceptions) ["'a'", 'b']
`},
	{"cell_contents and staticmethod/classmethod repr", `
def make_counter():
    c = 0
    def f():
        nonlocal c
        c += 1
        return c
    return f
f = make_counter(); f()
print(f(), f.__closure__[0].cell_contents)
class A:
    @staticmethod
    def s(): pass
    @classmethod
    def c(cls): pass
print(repr(A.__dict__["s"]).startswith("<staticmethod(<function A.s at "))
print(repr(A.__dict__["c"]).startswith("<classmethod(<function A.c at "))
`, "2 2\nTrue\nTrue\n"},
	{"tracebacks show no frames of the Python twins of builtins", `
import traceback
f = lambda d: d["a"][5]
try:
    list(map(f, [{"a": []}]))
except IndexError:
    tb = traceback.format_exc()
    print("_amber" in tb, tb.count("File "), tb.splitlines()[-1])
`, "False 2 IndexError: list index out of range\n"},
	{"zip, map, filter and enumerate call iter() at once", `
class X:
    def __iter__(self): raise ValueError('boom')
for mk in (lambda: zip([1], X()), lambda: map(str, X()), lambda: filter(None, X()), lambda: enumerate(X())):
    try:
        mk()
        print("lazy")
    except ValueError as e:
        print(repr(e))
class Y:
    def __init__(self): self.n = 0
    def __iter__(self): return self
    def __next__(self):
        self.n += 1
        if self.n > 3: raise StopIteration
        return self.n
print(list(zip(Y(), "abc")), list(map(lambda a: a * 2, Y())), list(filter(lambda a: a % 2, Y())), list(enumerate(Y(), 1)))
try:
    zip([1], 2)
except TypeError as e:
    print(e)
`, `ValueError('boom')
ValueError('boom')
ValueError('boom')
ValueError('boom')
[(1, 'a'), (2, 'b'), (3, 'c')] [2, 4, 6] [1, 3] [(1, 1), (2, 2), (3, 3)]
'int' object is not iterable
`},
	{"ExceptionGroup is an Exception", `
print(issubclass(ExceptionGroup, Exception), ExceptionGroup.__mro__)
try:
    raise ExceptionGroup("x",[ValueError()])
except Exception as e:
    print("caught", type(e))
`, `True (<class 'ExceptionGroup'>, <class 'BaseExceptionGroup'>, <class 'Exception'>, <class 'BaseException'>, <class 'object'>)
caught <class 'ExceptionGroup'>
`},
	{"except* splits groups, wraps naked exceptions and re-raises the rest", `
import sys
def run(f):
    try:
        f()
        print("ok")
    except BaseException as e:
        print("escaped:", type(e).__name__, repr(e), [repr(x) for x in getattr(e, "exceptions", [])])
def a():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ValueError(3)])
    except* ValueError as g:
        print("vals", repr(g), sys.exc_info()[1] is g)
    except* TypeError as g:
        print("types", repr(g))
run(a)
def b():
    try:
        raise ExceptionGroup("eg", [ValueError(1), KeyError(2)])
    except* ValueError:
        print("handled vals")
run(b)
def c():
    try:
        raise ValueError("naked")
    except* ValueError as g:
        print("naked", repr(g))
run(c)
def d():
    try:
        raise KeyError("naked")
    except* ValueError as g:
        print("no")
run(d)
def e():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError:
        raise RuntimeError("new")
run(e)
def f():
    try:
        raise ExceptionGroup("eg", [ValueError(1), KeyError(0)])
    except* ValueError:
        raise
run(f)
def g():
    try:
        raise ExceptionGroup("eg", [ValueError(1), ExceptionGroup("inner", [TypeError(2), ValueError(5)])])
    except* TypeError as t:
        print("t", repr(t))
    except* (ValueError, KeyError) as v:
        print("v", repr(v))
    else:
        print("else")
    finally:
        print("finally")
run(g)
def h():
    try:
        print("no exc")
    except* ValueError:
        print("x")
    else:
        print("else ran")
run(h)
def i():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ExceptionGroup:
        pass
run(i)
def j():
    for k in range(3):
        try:
            raise ExceptionGroup("eg", [ValueError(k)])
        except* ValueError as v:
            for q in range(2):
                if q: break
            print("loop", k, v.exceptions)
run(j)
`, `vals ExceptionGroup('eg', [ValueError(1), ValueError(3)]) True
types ExceptionGroup('eg', [TypeError(2)])
ok
handled vals
escaped: ExceptionGroup ExceptionGroup('eg', [KeyError(2)]) ['KeyError(2)']
naked ExceptionGroup('', (ValueError('naked'),))
ok
escaped: KeyError KeyError('naked') []
escaped: RuntimeError RuntimeError('new') []
escaped: ExceptionGroup ExceptionGroup('eg', [ValueError(1), KeyError(0)]) ['ValueError(1)', 'KeyError(0)']
t ExceptionGroup('eg', [ExceptionGroup('inner', [TypeError(2)])])
v ExceptionGroup('eg', [ValueError(1), ExceptionGroup('inner', [ValueError(5)])])
finally
ok
no exc
else ran
ok
escaped: TypeError TypeError('catching ExceptionGroup with except* is not allowed. Use except instead.') []
loop 0 (ValueError(0),)
loop 1 (ValueError(1),)
loop 2 (ValueError(2),)
ok
`},
	{"% formats an instance of a builtin subclass as itself", `
class MyStr(str):
    def __str__(self): return "S"
    def __repr__(self): return "R"
class Money(float):
    def __str__(self): return f"${self:.2f}"
class N(int): pass
class T(tuple): pass
class D(dict): pass
print("%s" % MyStr("a"), "%r" % MyStr("a"), "%s" % Money(3.5), "%.1f" % Money(3.25), "%d" % N(4), "%05d" % N(4), "%x" % N(255))
print("%s-%s" % T((1, 2)), "%(a)s" % D(a=1), b"%s" % b"x", "%s" % (MyStr("a"),), "%c" % N(65))
from enum import IntEnum
class P(IntEnum):
    A = 1
print("%d %s %i" % (P.A, P.A, P.A), "%d" % P.A)
`, `S R $3.50 3.2 4 00004 ff
1-2 1 b'x' S A
1 1 1 1
`},
	{"reprs of builtin functions and unbound builtin methods", `
import math
print(repr(math.sqrt), repr(len), repr(dict.get), repr(list.__len__), repr(str.upper), repr(print), repr(math.floor))
print(str.upper, [].append.__name__, math.sqrt.__name__, len.__name__)
`, `<built-in function sqrt> <built-in function len> <method 'get' of 'dict' objects> <slot wrapper '__len__' of 'list' objects> <method 'upper' of 'str' objects> <built-in function print> <built-in function floor>
<method 'upper' of 'str' objects> append sqrt len
`},
	{"eval and exec", `
g = {"x": 1}
exec("y = x + 1", g)
print(g["y"], eval("x * 10", g), eval("[i for i in range(3)]"))
def f(a):
    b = 2
    return eval("a + b"), eval(" a * 3 ", {"a": 5})
print(f(10))
ns = {}
exec("def sq(n):\n    return n * n\nclass K:\n    v = 3\n", ns)
print(ns["sq"](4), ns["K"].v)
exec("z = 99")
print(z)
ops = {"add": "+", "mul": "*"}
for name, op in ops.items():
    print(name, eval(f"6 {op} 7"))
for bad in ["1 +", "x = 1", "foo(("]:
    try:
        eval(bad)
    except SyntaxError as e:
        print("SyntaxError", type(e).__name__)
try:
    eval("undefined_thing + 1")
except NameError as e:
    print(e)
print(eval("sum(v for v in d.values())", {"d": {"a": 1, "b": 2}}))
loc = {}
exec("r = q * 2", {"q": 4}, loc)
print(loc)
`, `2 10 [0, 1, 2]
(12, 15)
16 3
99
add 13
mul 42
SyntaxError SyntaxError
SyntaxError SyntaxError
SyntaxError SyntaxError
name 'undefined_thing' is not defined
3
{'r': 8}
`},
	{"ExceptionGroup split, subgroup and derive", `
eg = ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("in", [ValueError(3), KeyError(4)])])
m, r = eg.split(ValueError)
print(repr(m), repr(r))
print(repr(eg.subgroup(lambda e: isinstance(e, LookupError))), eg.subgroup(OSError))
print(repr(eg.split((TypeError, KeyError))[0]), eg.split(Exception)[0] is eg)
print(repr(eg.derive([ValueError(9)])))
class MyEG(ExceptionGroup):
    def derive(self, excs): return MyEG(self.message + "!", excs)
print(repr(MyEG("m", [ValueError(1), TypeError(2)]).split(ValueError)))
`, `ExceptionGroup('eg', [ValueError(1), ExceptionGroup('in', [ValueError(3)])]) ExceptionGroup('eg', [TypeError(2), ExceptionGroup('in', [KeyError(4)])])
ExceptionGroup('eg', [ExceptionGroup('in', [KeyError(4)])]) None
ExceptionGroup('eg', [TypeError(2), ExceptionGroup('in', [KeyError(4)])]) True
ExceptionGroup('eg', [ValueError(9)])
(MyEG('m!', [ValueError(1)]), MyEG('m!', [TypeError(2)]))
`},
	{"sequence repetition by an object with __index__", `
class J:
    def __index__(self): return 2
print([0] * J(), J() * "ab", (1,) * J())
x = [1]
x *= J()
print(x)
class T(tuple): pass
print(T((1,)) * J())
`, `[0, 0] abab (1, 1)
[1, 1]
(1, 1)
`},
}

func TestLangProbe2(t *testing.T) {
	for _, c := range langProbe2Cases {
		t.Run(c.name, func(t *testing.T) {
			if got := runContainerSnippet(t, c.src); got != c.want {
				t.Errorf("program:\n%s\ngot:\n%s\nwant:\n%s", c.src, got, c.want)
			}
		})
	}
}

// langProbe2Tracebacks are programs that end in an uncaught exception; want
// is CPython's traceback text without its ^^^ marker lines.
var langProbe2Tracebacks = []struct {
	name, src, want string
}{
	{"the last line names the exception by module and qualname", `
class Outer:
    class Inner(Exception): pass
class E(Exception): pass
E.__module__ = "mymod"
try:
    raise Outer.Inner("q")
except Exception as e:
    raise E("x") from e
`, `Traceback (most recent call last):
  File "t.py", line 7, in <module>
    raise Outer.Inner("q")
Outer.Inner: q

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "t.py", line 9, in <module>
    raise E("x") from e
mymod.E: x
`},
	{"exception groups render as a tree", `
def f():
    raise ValueError("v")
errs = []
try:
    f()
except ValueError as e:
    errs.append(e)
raise ExceptionGroup("eg", [errs[0], ExceptionGroup("inner", [TypeError(2)]), KeyError("k")])
`, `  + Exception Group Traceback (most recent call last):
  |   File "t.py", line 9, in <module>
  |     raise ExceptionGroup("eg", [errs[0], ExceptionGroup("inner", [TypeError(2)]), KeyError("k")])
  | ExceptionGroup: eg (3 sub-exceptions)
  +-+---------------- 1 ----------------
    | Traceback (most recent call last):
    |   File "t.py", line 6, in <module>
    |     f()
    |   File "t.py", line 3, in f
    |     raise ValueError("v")
    | ValueError: v
    +---------------- 2 ----------------
    | ExceptionGroup: inner (1 sub-exception)
    +-+---------------- 1 ----------------
      | TypeError: 2
      +------------------------------------
    +---------------- 3 ----------------
    | KeyError: 'k'
    +------------------------------------
`},
}

func TestLangProbe2Tracebacks(t *testing.T) {
	for _, c := range langProbe2Tracebacks {
		t.Run(c.name, func(t *testing.T) {
			mod, err := syntax.Parse("t.py", []byte(c.src))
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			code, err := compile.Compile(mod, "t.py", []byte(c.src), compile.Options{})
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			m := New()
			if err := m.StartModule(code, m.ModuleDict(m.MainModule())); err != nil {
				t.Fatalf("start: %v", err)
			}
			_, err = m.Resume()
			e, ok := err.(*Exception)
			if !ok {
				t.Fatalf("want an uncaught exception, got %v", err)
			}
			if got := m.FormatTraceback(e.Value); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
