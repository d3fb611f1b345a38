package vm

import "testing"

// langProbeCases are small programs whose output once differed from
// CPython 3.11; want is what python3 prints.
var langProbeCases = []struct {
	name, src, want string
}{
	{"asynccontextmanager, AsyncExitStack and aclosing", `
import asyncio
from contextlib import asynccontextmanager, AsyncExitStack, aclosing

@asynccontextmanager
async def resource(name):
    print("open", name)
    try:
        yield name.upper()
    finally:
        print("close", name)

async def agen():
    try:
        for i in range(3):
            yield i
    finally:
        print("agen closed")

async def main():
    async with resource("a") as r:
        print("using", r)
    try:
        async with resource("b"):
            raise ValueError("boom")
    except ValueError as e:
        print("caught", e)
    async with AsyncExitStack() as stack:
        x = await stack.enter_async_context(resource("c"))
        y = await stack.enter_async_context(resource("d"))
        print(x, y)
    async with aclosing(agen()) as g:
        async for v in g:
            print(v)
            if v == 1:
                break

asyncio.run(main())
`, `open a
using A
close a
open b
close b
caught boom
open c
open d
C D
close d
close c
0
1
agen closed
`},
	{"ABCMeta.register, __subclasshook__ and collections.abc", `
from abc import ABC, ABCMeta, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self): ...
class Sq:
    def area(self): return 4
Shape.register(Sq)
print(isinstance(Sq(), Shape), issubclass(Sq, Shape), isinstance(1, Shape))
class Sized(metaclass=ABCMeta):
    @classmethod
    def __subclasshook__(cls, C):
        return hasattr(C, "__len__") or NotImplemented
print(isinstance([], Sized), isinstance(1, Sized))
class Circle(Shape):
    def area(self): return 3
print(isinstance(Circle(), Shape), issubclass(Circle, Shape))
import collections.abc as cabc
print(isinstance([], cabc.Sequence), isinstance({}, cabc.Mapping), issubclass(list, cabc.Sequence))
`, `True True False
True False
True True
True True True
`},
	{"print follows a replaced sys.stdout; redirect_stdout and redirect_stderr", `
import io, sys
from contextlib import redirect_stdout, redirect_stderr
buf = io.StringIO()
with redirect_stdout(buf):
    print("hidden", 1)
print("captured:", repr(buf.getvalue()))
old = sys.stdout
sys.stdout = io.StringIO()
print("x")
v = sys.stdout.getvalue()
sys.stdout = old
print(repr(v))
err = io.StringIO()
with redirect_stderr(err):
    print("e", file=sys.stderr)
print(repr(err.getvalue()))
import warnings
print(issubclass(FutureWarning, Warning), issubclass(DeprecationWarning, Warning))
`, `captured: 'hidden 1\n'
'x\n'
'e\n'
True True
`},
	{"hash of user objects, ranges and the empty str", `
class P:
    def __init__(s, x, y): s.x, s.y = x, y
    def __hash__(s): return hash((s.x, s.y))
    def __eq__(s, o): return (s.x, s.y) == (o.x, o.y)
class Big:
    def __hash__(s): return 2**62 + 5
print(hash(P(1, 2)) == hash((1, 2)), hash(Big()) == hash(2**62 + 5), hash(Big()) == 2**62 + 5)
print(hash(range(3)) == hash(range(0, 3)), hash(range(0)) == hash(range(5, 5)), hash(""))
`, "True False True\nTrue True 0\n"},
	{"oserror attrs", `
try:
    raise OSError(2, "No such file")
except OSError as e:
    print(e.errno, e.strerror, e.filename, str(e))
print(str(OSError(2, "No such", "a.txt")))
print(OSError("plain").errno, str(OSError("plain")))
`, "2 No such file None [Errno 2] No such file\n[Errno 2] No such: 'a.txt'\nNone plain\n"},
	{"throw delegates through yield from", `
def inner():
    try:
        x = yield 1
        print("inner got", x)
        yield 2
    except ValueError as e:
        print("inner caught", e)
        yield "recovered"
    return "inner-ret"
def outer():
    r = yield from inner()
    print("outer got ret", r)
    yield "outer-done"
g = outer()
print(next(g))
print(g.send("hello"))
print(g.throw(ValueError("boom")))
print(next(g))
`, "1\ninner got hello\n2\ninner caught boom\nrecovered\nouter got ret inner-ret\nouter-done\n"},
	{"throw delegates to iterator objects and nested generators", `
class It:
    def __iter__(self): return self
    def __next__(self): return 1
    def throw(self, e):
        print("It.throw", repr(e))
        return 99
def d():
    yield from It()
g = d(); next(g); print(g.throw(ValueError("x")))
def d2():
    yield from iter([1, 2, 3])
g = d2(); next(g)
try:
    g.throw(KeyError("q"))
except KeyError as e:
    print("KE", e)
def inner():
    yield 1
def outer():
    try:
        yield from inner()
    except ValueError:
        yield 5
def deep():
    yield from outer()
g = deep(); next(g); print(g.throw(ValueError))
def closer():
    try:
        yield
    finally:
        print("cleanup")
def deleg():
    yield from closer()
d = deleg(); next(d); d.close()
`, "It.throw ValueError('x')\n99\nKE 'q'\n5\ncleanup\n"},
	{"slots restrict attributes", `
class P:
    __slots__ = ('x', 'y')
    def __init__(self): self.x = 1
class Q(P):
    __slots__ = ('z',)
p = P()
try:
    p.z = 3
except AttributeError as e:
    print(e)
try:
    print(p.y)
except AttributeError as e:
    print(e)
q = Q(); q.z = 1; q.y = 2; print(q.x, q.y, q.z)
try:
    setattr(q, 'w', 1)
except AttributeError as e:
    print(e)
class Free(P):
    pass
fr = Free(); fr.w = 5; print(fr.w)
`, "'P' object has no attribute 'z'\n'P' object has no attribute 'y'\n1 2 1\n'Q' object has no attribute 'w'\n5\n"},
	{"getattribute override", `
class GA:
    def __getattribute__(self, n):
        if n == "secret":
            return 42
        return object.__getattribute__(self, n)
    def __getattr__(self, n):
        return "fallback " + n
    def m(self):
        return "m"
ga = GA(); ga.v = 3
print(ga.secret, ga.v, ga.m(), ga.nope, getattr(ga, "secret"))
class Log:
    def __init__(self): self.x = 1
    def __getattribute__(self, n):
        print("get", n)
        return super().__getattribute__(n)
print(Log().x)
`, "42 3 m fallback nope 42\nget x\n1\n"},
	{"type unions", `
print(int | str, isinstance(3, int | str), isinstance(3.0, int | str), isinstance(None, int | None))
print(type(int | str), int | str == str | int, int | int)
print(float | None | str)
def f(a: int | None = None): pass
print(f.__annotations__)
`, "int | str True False True\n<class 'types.UnionType'> True <class 'int'>\nfloat | None | str\n{'a': int | None}\n"},
	{"object() takes no attributes; str item deletion message", `
try:
    object().x = 1
except AttributeError as e:
    print(e)
try:
    del "s"[0]
except TypeError as e:
    print(e)
`, "'object' object has no attribute 'x'\n'str' object doesn't support item deletion\n"},
	{"property AttributeError falls back to __getattr__", `
class Prop:
    @property
    def p(self):
        raise AttributeError("inner")
    def __getattr__(self, n):
        return "ga:" + n
print(Prop().p, getattr(Prop(), "p"))
`, "ga:p ga:p\n"},
	{"exception notes", `
e = ValueError("x")
e.add_note("note1")
e.add_note("note2")
print(e.__notes__)
try:
    e.add_note(3)
except TypeError as err:
    print(err)
`, "['note1', 'note2']\nnote must be a str, not 'int'\n"},
	{"star-call errors name the callee", `
def f(*a, **k): pass
class C:
    def m(self, *a): pass
for call in [lambda: f(*5), lambda: f(1, *5), lambda: print(*5), lambda: f(**5),
             lambda: f(1, **{"a": 1}, **{"a": 2}), lambda: C().m(**5)]:
    try:
        call()
    except TypeError as e:
        print(e)
`, "__main__.f() argument after * must be an iterable, not int\nValue after * must be an iterable, not int\n" +
		"print() argument after * must be an iterable, not int\n__main__.f() argument after ** must be a mapping, not int\n" +
		"__main__.f() got multiple values for keyword argument 'a'\n__main__.C.m() argument after ** must be a mapping, not int\n"},
}

func TestLangProbe(t *testing.T) {
	for _, c := range langProbeCases {
		t.Run(c.name, func(t *testing.T) {
			if got := runContainerSnippet(t, c.src); got != c.want {
				t.Errorf("program:\n%s\ngot:\n%s\nwant:\n%s", c.src, got, c.want)
			}
		})
	}
}
