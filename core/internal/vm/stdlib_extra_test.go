package vm_test

// Table-driven tests of the modules in stdlib_extra*.go. Each expected
// output was produced by CPython 3.11 running the program as main.py, with
// stderr merged into stdout (and the caret lines CPython adds under
// traceback source lines removed, which Amber does not print).

import "testing"

func TestStdlibExtraModules(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			name: "agent2",
			src: `import io, csv, json, logging, sys, warnings, traceback
from dataclasses import dataclass
from types import SimpleNamespace
from decimal import Decimal
from fractions import Fraction
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", stream=sys.stdout)
log = logging.getLogger("pipeline")
@dataclass
class Row:
    name: str
    price: Decimal
raw = "name,price\nwidget,2.50\ngadget,10.05\n"
rows = [Row(r["name"], Decimal(r["price"])) for r in csv.DictReader(io.StringIO(raw))]
log.info("loaded %d rows", len(rows))
total = sum(r.price for r in rows)
log.info("total=%s avg=%s", total, (total / len(rows)).quantize(Decimal("0.01")))
cfg = SimpleNamespace(debug=False, ratio=Fraction(3, 4))
print(cfg)
def risky(x):
    if x > 1:
        raise ValueError(f"too big: {x}")
    return x
for x in (1, 2):
    try:
        risky(x)
    except ValueError:
        log.exception("risky failed for %s", x)
out = io.StringIO()
w = csv.writer(out)
w.writerow(["name", "price"])
for r in rows:
    w.writerow([r.name, r.price])
print(out.getvalue(), end="")
print(json.dumps({"total": str(total)}))
`,
			want: "INFO pipeline: loaded 2 rows\nINFO pipeline: total=12.55 avg=6.28\nnamespace(debug=False, ratio=Fraction(3, 4))\nERROR pipeline: risky failed for 2\nTraceback (most recent call last):\n  File \"main.py\", line 25, in <module>\n    risky(x)\n  File \"main.py\", line 21, in risky\n    raise ValueError(f\"too big: {x}\")\nValueError: too big: 2\nname,price\r\nwidget,2.50\r\ngadget,10.05\r\n{\"total\": \"12.55\"}\n",
		},
		{
			name: "array1",
			src: `from array import array
a = array('i', [1, 2, 3])
a.append(4); a.extend([5, 6]); a.insert(0, 0)
print(a, len(a), a[2], a[-1], a[1:3], 3 in a, a.index(3), a.count(1), sum(a), list(a))
print(a.tobytes()[:8], array('h', b'\x01\x00\x02\x00'), a.pop(), a.tolist())
d = array('d', [1.5, 2]); print(d, d.itemsize, array('b'), array('u', 'hi'), array('B', [1, 2]) + array('B', [3]))
f = array('f', [0.1]); print(f[0], f.typecode)
for bad in [lambda: array('B', [256]), lambda: array('i', [1.5]), lambda: array('z')]:
    try:
        bad()
    except (OverflowError, TypeError, ValueError) as e:
        print(type(e).__name__)
a[0] = 9; del a[1]; print(a, a == array('i', a.tolist()), a * 2)
a.reverse(); print(a)
`,
			want: `array('i', [0, 1, 2, 3, 4, 5, 6]) 7 2 6 array('i', [1, 2]) True 3 1 21 [0, 1, 2, 3, 4, 5, 6]
b'\x00\x00\x00\x00\x01\x00\x00\x00' array('h', [1, 2]) 6 [0, 1, 2, 3, 4, 5]
array('d', [1.5, 2.0]) 8 array('b') array('u', 'hi') array('B', [1, 2, 3])
0.10000000149011612 f
OverflowError
TypeError
ValueError
array('i', [9, 2, 3, 4, 5]) True array('i', [9, 2, 3, 4, 5, 9, 2, 3, 4, 5])
array('i', [5, 4, 3, 2, 9])
`,
		},
		{
			name: "csv1",
			src: `import csv, io
data = 'name,age,note\nalice,30,"hello, world"\nbob,25,"say ""hi"""\n\ncarol,,"multi\nline"\nx,y,\n'
for row in csv.reader(io.StringIO(data)):
    print(row)
print(list(csv.reader(["a;b;c", "1;2;3"], delimiter=";")))
out = io.StringIO()
w = csv.writer(out)
w.writerow(["a", "b,c", 'q"t', 1, 2.5, None, ""])
w.writerows([[1, 2], ["x\ny", "z"]])
print(repr(out.getvalue()))
out = io.StringIO()
w = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
w.writerow([1, "a"])
w = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
w.writerow([1, "a", 2.0])
print(repr(out.getvalue()))
for r in csv.DictReader(io.StringIO("x,y\n1,2\n3,4,5\n6\n")):
    print(r)
dr = csv.DictReader(io.StringIO("x,y\n1,2\n"))
print(dr.fieldnames)
out = io.StringIO()
dw = csv.DictWriter(out, fieldnames=["x", "y"])
dw.writeheader()
dw.writerow({"x": 1, "y": "two"})
dw.writerows([{"x": 3}])
print(repr(out.getvalue()))
try:
    dw.writerow({"z": 1})
except ValueError as e:
    print(e)
print(list(csv.reader(io.StringIO('1,"2",3\n'), quoting=csv.QUOTE_NONNUMERIC)))
print(list(csv.reader(['a, b,  c'], skipinitialspace=True)))
`,
			want: `['name', 'age', 'note']
['alice', '30', 'hello, world']
['bob', '25', 'say "hi"']
[]
['carol', '', 'multi\nline']
['x', 'y', '']
[['a', 'b', 'c'], ['1', '2', '3']]
'a,"b,c","q""t",1,2.5,,\r\n1,2\r\n"x\ny",z\r\n'
'"1","a"\n1,"a",2.0\n'
{'x': '1', 'y': '2'}
{'x': '3', 'y': '4', None: ['5']}
{'x': '6', 'y': None}
['x', 'y']
'x,y\r\n1,two\r\n3,\r\n'
dict contains fields not in fieldnames: 'z'
[[1.0, '2', 3.0]]
[['a', 'b', 'c']]
`,
		},
		{
			name: "dec1",
			src: `from decimal import Decimal as D, getcontext, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_DOWN, localcontext, InvalidOperation, DivisionByZero
import decimal
print(D("1.10") + D("2.205"), D("0.1") + D("0.2"), D(1) / D(3), D(2) / D(3), D(10) / D(4), D(1) / D(8), D("1.00") / D("3"))
print(D("3.14159").quantize(D("0.01")), D("2.675").quantize(D("0.01"), rounding=ROUND_HALF_UP), D("2.665").quantize(D("0.01")), D("2.5").quantize(D("1"), rounding=ROUND_HALF_EVEN))
print(D(5), D(-3.5), D(0.1), D("1e3"), D("1E-7"), D("-0.000001"), D("123.4500"), D("0"), D("-0"), D("1e+2") * 1)
print(repr(D("1.5")), str(D("100")), D("1.5") * 2, D("7") // D("2"), D("-7") // D("2"), D("-7") % D("2"), D("7.5") % 2, 2 - D("0.5"))
print(D("1.5") < D("2"), D("2.0") == D(2), D("2") == 2, D("0.5") == 0.5, D("0.1") == 0.1, max(D("1"), D("1.01")), sorted([D("3"), D("1.5"), D("-2")]))
print(getcontext().prec, D(2).sqrt(), D(16).sqrt(), D("1.21").sqrt())
getcontext().prec = 6
print(D(1) / D(7), D("123456789") + 0)
getcontext().prec = 28
with localcontext() as ctx:
    ctx.prec = 3
    print(D(2) / 3)
print(D(2) / 3)
print(int(D("-3.7")), float(D("2.5")), round(D("2.5")), round(D("3.5")), round(D("3.14159"), 2), D("3.7").to_integral_value(), D("2.5").to_integral_value(rounding=ROUND_HALF_UP))
print(D("1.2300").normalize(), D("100").normalize(), D("1.23").as_tuple(), D(-1).is_signed(), D("12.5").adjusted())
print(f"{D('1234.5678'):.2f}", f"{D('1234.5'):,.2f}", f"{D('-0.125'):.2f}", f"{D('3'):>8}", format(D("0.5"), ".1%"))
print(sum([D("0.1")] * 10), D("1.1") ** 2, D(2) ** -2, hash(D(2)) == hash(2), hash(D("0.5")) == hash(0.5))
for bad in [lambda: D(1) / 0, lambda: D("abc"), lambda: D(0) / 0]:
    try:
        bad()
    except DivisionByZero as e:
        print("DivisionByZero", isinstance(e, ZeroDivisionError))
    except InvalidOperation as e:
        print("InvalidOperation")
try:
    D("1") + 1.5
except TypeError as e:
    print("TypeError")
print(D("Infinity"), D("-inf"), D("NaN"), D("1e30") * D("1e30"))
`,
			want: `3.305 0.3 0.3333333333333333333333333333 0.6666666666666666666666666667 2.5 0.125 0.3333333333333333333333333333
3.14 2.68 2.66 2
5 -3.5 0.1000000000000000055511151231257827021181583404541015625 1E+3 1E-7 -0.000001 123.4500 0 -0 1E+2
Decimal('1.5') 100 3.0 3 -3 -1 1.5 1.5
True True True True False 1.01 [Decimal('-2'), Decimal('1.5'), Decimal('3')]
28 1.414213562373095048801688724 4 1.1
0.142857 1.23457E+8
0.667
0.6666666666666666666666666667
-3 2.5 2 4 3.14 4 3
1.23 1E+2 DecimalTuple(sign=0, digits=(1, 2, 3), exponent=-2) True 1
1234.57 1,234.50 -0.12        3 50.0%
1.0 1.21 0.25 True True
DivisionByZero True
InvalidOperation
InvalidOperation
TypeError
Infinity -Infinity NaN 1E+60
`,
		},
		{
			name: "diff1",
			src: `import difflib
s = difflib.SequenceMatcher(None, "abcd", "bcde")
print(s.ratio(), s.quick_ratio(), s.get_matching_blocks(), s.get_opcodes())
print(difflib.get_close_matches("appel", ["ape", "apple", "peach", "puppy"]))
print(difflib.get_close_matches("wheel", ["while", "wheat", "when", "whale"], n=2, cutoff=0.5))
a = ["one\n", "two\n", "three\n", "four\n"]
b = ["one\n", "2\n", "three\n", "four\n", "five\n"]
print("".join(difflib.unified_diff(a, b, fromfile="a.txt", tofile="b.txt")))
print(list(difflib.unified_diff(["x"], ["y"], lineterm="")))
print("".join(difflib.context_diff(a, b)))
print(list(difflib.ndiff(["a\n", "b\n"], ["a\n", "c\n"])))
print(round(difflib.SequenceMatcher(None, "hello world", "hallo welt").ratio(), 4))
`,
			want: `0.75 0.75 [Match(a=1, b=0, size=3), Match(a=4, b=4, size=0)] [('delete', 0, 1, 0, 0), ('equal', 1, 4, 0, 3), ('insert', 4, 4, 3, 4)]
['apple', 'ape']
['when', 'while']
--- a.txt
+++ b.txt
@@ -1,4 +1,5 @@
 one
-two
+2
 three
 four
+five

['--- ', '+++ ', '@@ -1 +1 @@', '-x', '+y']
*** 
--- 
***************
*** 1,4 ****
  one
! two
  three
  four
--- 1,5 ----
  one
! 2
  three
  four
+ five

['  a\n', '- b\n', '+ c\n']
0.6667
`,
		},
		{
			name: "frac1",
			src: `from fractions import Fraction as F
import math, numbers
a = F(1, 3); b = F("2/6"); c = F(0.5); d = F("1.25"); e = F("-3e-2")
print(a, repr(a), a == b, c, d, e, F(3), F(6, -4))
print(a + d, a - 1, 2 * a, a / d, a ** 2, a ** -2, -a, abs(F(-1, 2)), 1 / a, a + 0.5)
print(a < d, a > 0, a <= F(1, 3), a == 1/3, F(1, 2) == 0.5, F(2) == 2, sorted([d, a, c]))
print(float(a), int(F(-7, 2)), math.floor(F(-7, 2)), math.ceil(F(7, 2)), round(F(5, 2)), round(F(7, 2)), round(F(22, 7), 2))
print(F(math.pi).limit_denominator(1000), F(math.pi).limit_denominator(10), F(1, 3).limit_denominator(5))
print(F(7, 2) // 2, F(7, 2) % 2, divmod(F(7, 2), 1), a.numerator, a.denominator, F(3, 4).as_integer_ratio())
print(isinstance(a, numbers.Rational), hash(F(1, 2)) == hash(0.5), hash(F(3)) == hash(3), {F(1, 2): 1}[F(2, 4)])
print(sum([F(1, 3)] * 3), F(1, 10) * 10 == 1, f"{F(1, 3)}", str(F(0)))
try:
    F(1, 0)
except ZeroDivisionError as e:
    print(e)
try:
    F("abc")
except ValueError as e:
    print(e)
`,
			want: `1/3 Fraction(1, 3) True 1/2 5/4 -3/100 3 -3/2
19/12 -2/3 2/3 4/15 1/9 9 -1/3 1/2 3 0.8333333333333333
True True True False True True [Fraction(1, 3), Fraction(1, 2), Fraction(5, 4)]
0.3333333333333333 -3 -4 4 2 4 157/50
355/113 22/7 1/3
1 3/2 (3, Fraction(1, 2)) 1 3 (3, 4)
True True True 1
1 True 1/3 0
Fraction(1, 0)
Invalid literal for Fraction: 'abc'
`,
		},
		{
			name: "graph1",
			src: `from graphlib import TopologicalSorter, CycleError
g = {"d": {"b", "c"}, "c": {"a"}, "b": {"a"}}
ts = TopologicalSorter({"d": ["b", "c"], "c": ["a"], "b": ["a"]})
print(list(ts.static_order()))
ts = TopologicalSorter()
ts.add(3, 2, 1); ts.add(2, 1); ts.add(5)
ts.prepare()
while ts.is_active():
    ready = ts.get_ready()
    print(ready)
    ts.done(*ready)
try:
    list(TopologicalSorter({1: [2], 2: [1]}).static_order())
except CycleError as e:
    print("cycle", e.args)
`,
			want: `['a', 'c', 'b', 'd']
(1, 5)
(2,)
(3,)
cycle ('nodes are in a cycle', [1, 2, 1])
`,
		},
		{
			name: "inspect1",
			src: `import inspect, functools
def f(a, b=2, *args, c, d=4, **kw): pass
def g(x: int, y: str = "s") -> bool: pass
def h(p, /, q, *, r): pass
async def co(): pass
def gen(): yield 1
class K:
    def __init__(self, v, w=1): pass
    def m(self, z): pass
print(inspect.signature(f), inspect.signature(g), inspect.signature(h), inspect.signature(lambda: 0))
print(inspect.signature(K), inspect.signature(K(1).m), inspect.signature(K.m))
sig = inspect.signature(f)
for name, p in sig.parameters.items():
    print(name, p.kind, p.default is inspect.Parameter.empty, p.default)
print(list(inspect.signature(g).parameters), inspect.signature(g).return_annotation)
ba = sig.bind(1, 5, 6, c=3, z=9)
print(ba.arguments)
ba.apply_defaults(); print(ba.arguments)
print(inspect.isfunction(f), inspect.isclass(K), inspect.isclass(f), inspect.isgenerator(gen()), inspect.isgeneratorfunction(gen), inspect.isgeneratorfunction(f))
print(inspect.iscoroutinefunction(co), inspect.iscoroutinefunction(f), inspect.ismethod(K(1).m), inspect.isbuiltin(len))
@functools.wraps(f)
def w(*a, **k): pass
print(inspect.signature(w))
print(inspect.getdoc(K), inspect.cleandoc("  a\n    b\n  c"))
print([n for n, _ in inspect.getmembers(K, inspect.isfunction)])
print(inspect.signature(functools.partial(g, 1)))
`,
			want: `(a, b=2, *args, c, d=4, **kw) (x: int, y: str = 's') -> bool (p, /, q, *, r) ()
(v, w=1) (z) (self, z)
a POSITIONAL_OR_KEYWORD True <class 'inspect._empty'>
b POSITIONAL_OR_KEYWORD False 2
args VAR_POSITIONAL True <class 'inspect._empty'>
c KEYWORD_ONLY True <class 'inspect._empty'>
d KEYWORD_ONLY False 4
kw VAR_KEYWORD True <class 'inspect._empty'>
['x', 'y'] <class 'bool'>
{'a': 1, 'b': 5, 'args': (6,), 'c': 3, 'kw': {'z': 9}}
{'a': 1, 'b': 5, 'args': (6,), 'c': 3, 'd': 4, 'kw': {'z': 9}}
True True False True True False
True False True True
(a, b=2, *args, c, d=4, **kw)
None a
  b
c
['__init__', 'm']
(y: str = 's') -> bool
`,
		},
		{
			name: "io1",
			src: `import io
s = io.StringIO()
s.write("hello\n")
print("world", file=s)
print(repr(s.getvalue()), s.tell())
s.seek(0)
print(repr(s.readline()), repr(s.read()))
s = io.StringIO("a\nb\nc")
print(s.readlines())
s.seek(0)
for line in s:
    print(repr(line))
s.seek(2); s.write("X"); print(repr(s.getvalue()))
with io.StringIO("abc") as f:
    print(f.read(2), f.read(5), repr(f.read()))
print(f.closed)
try:
    f.read()
except ValueError as e:
    print(e)
b = io.BytesIO(b"xy\nz")
print(b.read(1), b.readline(), b.read(), b.getvalue())
b.seek(0, 2); b.write(b"!!"); print(b.getvalue(), b.tell())
try:
    io.StringIO().write(b"x")
except TypeError as e:
    print(e)
try:
    io.BytesIO().write("x")
except TypeError as e:
    print(e)
s = io.StringIO(); s.write("abcdef"); s.seek(2); s.truncate(); print(s.getvalue())
import sys
print(isinstance(sys.stdout, io.TextIOWrapper))
`,
			want: `'hello\nworld\n' 12
'hello\n' 'world\n'
['a\n', 'b\n', 'c']
'a\n'
'b\n'
'c'
'a\nX\nc'
ab c ''
True
I/O operation on closed file
b'x' b'y\n' b'z' b'xy\nz'
b'xy\nz!!' 6
string argument expected, got 'bytes'
a bytes-like object is required, not 'str'
ab
True
`,
		},
		{
			name: "log1",
			src: `import logging, sys
logging.warning("plain %s", "warn")
logging.info("hidden")
log = logging.getLogger("app")
log.error("err %d", 5)
log.debug("no")
print(log, logging.getLogger("app") is log, log.parent is logging.getLogger(), logging.getLogger().level)
h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))
log2 = logging.getLogger("svc.sub")
log2.addHandler(h)
log2.setLevel(logging.DEBUG)
log2.debug("dbg")
log2.info("inf %s %s", 1, 2)
log2.propagate = False
log2.warning("only once")
print(log2.getEffectiveLevel(), log2.isEnabledFor(logging.INFO), logging.getLevelName(40), logging.getLevelName("INFO"))
try:
    1/0
except ZeroDivisionError:
    log2.exception("failed")
h2 = logging.StreamHandler(sys.stdout)
h2.setFormatter(logging.Formatter("[%(levelname)-8s] %(name)s:%(lineno)d %(funcName)s - %(message)s"))
lg = logging.getLogger("x")
lg.addHandler(h2); lg.propagate = False
def fn():
    lg.warning("in fn")
fn()
lg.critical("d=%(a)s", {"a": 1})
h3 = logging.StreamHandler(sys.stdout)
h3.setFormatter(logging.Formatter("{levelname}|{message}", style="{"))
lg.handlers = [h3]
lg.error("brace")
lg.setLevel("ERROR"); lg.warning("filtered"); lg.error("shown")
class F(logging.Filter):
    def filter(self, r):
        return "secret" not in r.getMessage()
lg.addFilter(F())
lg.error("secret stuff"); lg.error("public")
`,
			want: `WARNING:root:plain warn
ERROR:app:err 5
<Logger app (WARNING)> True True 30
DEBUG svc.sub dbg
DEBUG:svc.sub:dbg
INFO svc.sub inf 1 2
INFO:svc.sub:inf 1 2
WARNING svc.sub only once
10 True ERROR 20
ERROR svc.sub failed
Traceback (most recent call last):
  File "main.py", line 19, in <module>
    1/0
ZeroDivisionError: division by zero
[WARNING ] x:27 fn - in fn
[CRITICAL] x:29 <module> - d=1
ERROR|brace
ERROR|shown
ERROR|public
`,
		},
		{
			name: "log2",
			src: `import logging, sys
logging.basicConfig(level=logging.DEBUG, format="%(levelname)s:%(name)s:%(message)s", stream=sys.stdout)
logging.debug("d")
logging.info("i")
lg = logging.getLogger(__name__)
lg.info("from main %s", lg.name)
logging.basicConfig(level=logging.ERROR)
logging.info("still")
logging.basicConfig(format="%(message)s!", force=True, stream=sys.stdout)
logging.warning("forced")
logging.info("hidden now?")
logging.log(logging.ERROR, "via log")
`,
			want: `DEBUG:root:d
INFO:root:i
INFO:__main__:from main __main__
INFO:root:still
forced!
hidden now?!
via log!
`,
		},
		{
			name: "log3",
			src: `import logging
lg = logging.getLogger("nohandler")
lg.warning("last resort %s", "x")
lg.info("nope")
logging.getLogger().setLevel(logging.INFO)
lg.info("info via lastResort?")
ad = logging.LoggerAdapter(lg, {"k": 1})
ad.warning("adapted")
`,
			want: `last resort x
adapted
`,
		},
		{
			name: "misc1",
			src: `import keyword, numbers, weakref, secrets
print(keyword.iskeyword("for"), keyword.iskeyword("match"), keyword.issoftkeyword("match"), len(keyword.kwlist))
print(isinstance(3, numbers.Integral), isinstance(3.0, numbers.Real), isinstance(3.0, numbers.Integral), isinstance(1j, numbers.Complex), isinstance(3, numbers.Number), isinstance("x", numbers.Number))
print(isinstance(True, numbers.Number))
class A: pass
a = A()
r = weakref.ref(a)
print(r() is a)
d = weakref.WeakValueDictionary(); d['k'] = a; print(d['k'] is a, len(d))
print(len(secrets.token_hex(16)), len(secrets.token_urlsafe(16)), secrets.choice([1,2,3]) in (1,2,3), 0 <= secrets.randbelow(10) < 10)
print(len(secrets.token_bytes(8)))
`,
			want: `True False True 35
True True False True True False
True
True
True 1
32 22 True True
8
`,
		},
		{
			name: "os1",
			src: `import os, os.path
from os.path import join, splitext
print(os.path.join("a", "b", "c.txt"), os.path.join("/x", "/y", "z"), os.path.join("a/", "b"), join("", "q"))
print(os.path.split("/a/b/c"), os.path.split("c"), os.path.split("/"), os.path.split("a//b"))
print(splitext("f.tar.gz"), splitext(".bashrc"), splitext("a/b"), splitext("a.b/c"))
print(os.path.basename("/a/b/"), os.path.basename("/a/b.py"), os.path.dirname("/a/b.py"), os.path.dirname("b"))
print(os.path.normpath("/a//b/./c/../d"), os.path.normpath("../../x/.."), os.path.normpath(""), os.path.normpath("//a"))
print(os.path.isabs("/a"), os.path.isabs("a"), os.path.relpath("/a/b/c", "/a"), os.path.relpath("/a", "/a/b/c"))
print(os.path.abspath("/q/x/y"), os.sep, repr(os.linesep), os.name)
print(os.getenv("NO_SUCH_VAR_X"), os.getenv("NO_SUCH_VAR_X", "dflt"), os.environ.get("NO_SUCH_VAR_X"))
print(os.path.commonprefix(["/usr/lib", "/usr/local"]), os.path.commonpath(["/usr/lib", "/usr/local"]))
print(os.path.exists("/no/such/file"))
for fn in ():
    try:
        fn()
    except PermissionError as e:
        print(type(e).__name__, e)
    except OSError as e:
        print("OSError", e)
`,
			want: `a/b/c.txt /y/z a/b q
('/a/b', 'c') ('', 'c') ('/', '') ('a', 'b')
('f.tar', '.gz') ('.bashrc', '') ('a/b', '') ('a.b/c', '')
 b.py /a 
/a/b/d ../.. . //a
True False b/c ../..
/q/x/y / '\n' posix
None dflt None
/usr/l /usr
False
`,
		},
		{
			name: "shlex1",
			src: `import shlex, html
print(shlex.split('ls -la "my file.txt" \'single q\' a\\ b'))
print(shlex.split('echo "a \\"quoted\\" word" x#y # comment', comments=True))
print(shlex.quote("simple"), shlex.quote("has space"), shlex.quote("it's"), shlex.quote(""))
print(shlex.join(["echo", "hello world", "$HOME"]))
try:
    shlex.split('"unclosed')
except ValueError as e:
    print(e)
print(html.escape('<a href="x">Tom & Jerry\'s</a>'), html.escape("<b>", quote=False))
print(html.unescape("&lt;p&gt; &amp;amp; &quot;x&quot; &#39; &#x27; &copy; &nbsp;| &eacute; &bogus; &amp &#65;&#x42;"))
`,
			want: `['ls', '-la', 'my file.txt', 'single q', 'a b']
['echo', 'a "quoted" word', 'x']
simple 'has space' 'it'"'"'s' ''
echo 'hello world' '$HOME'
No closing quotation
&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#x27;s&lt;/a&gt; &lt;b&gt;
<p> &amp; "x" ' ' ©  | é &bogus; & AB
`,
		},
		{
			name: "struct1",
			src: `import struct
print(struct.pack("<I", 1), struct.pack(">I", 1), struct.pack("!h", -2), struct.pack("<q", -1))
print(struct.pack("<Q", 2**64 - 1), struct.unpack("<Q", b"\xff" * 8))
print(struct.calcsize("<iHb"), struct.calcsize("@iHb"), struct.calcsize("ib"), struct.calcsize("bi"), struct.calcsize("3s2x"))
print(struct.pack("<d", 1.5), struct.unpack("<d", struct.pack("<d", 1.5)), struct.unpack(">f", struct.pack(">f", 0.1)))
print(struct.pack("5s", b"ab"), struct.unpack("<3sB", b"xyz\x07"), struct.pack("?", 5), struct.unpack("??", b"\x00\x02"))
print(struct.pack("<2H", 1, 2), struct.unpack("<2H", b"\x01\x00\x02\x00"))
print(struct.pack("<bBhHiIlLqQ", -1, 255, -1, 65535, -1, 2**32-1, -1, 1, -1, 1))
s = struct.Struct("<ih")
print(s.size, s.pack(7, 8), s.unpack(s.pack(7, 8)))
for bad in [lambda: struct.pack("<B", 256), lambda: struct.pack("<h", 40000), lambda: struct.unpack("<I", b"ab"), lambda: struct.pack("<I", 1, 2), lambda: struct.pack("<i", 2**31)]:
    try:
        bad()
    except struct.error as e:
        print("error:", e)
print(list(struct.iter_unpack("<H", b"\x01\x00\x02\x00")), struct.unpack_from("<H", b"\x00\x01\x00", 1))
print(struct.pack("@i", 1), struct.pack("=i", 1), struct.pack("c", b"z"))
`,
			want: `b'\x01\x00\x00\x00' b'\x00\x00\x00\x01' b'\xff\xfe' b'\xff\xff\xff\xff\xff\xff\xff\xff'
b'\xff\xff\xff\xff\xff\xff\xff\xff' (18446744073709551615,)
7 7 5 8 5
b'\x00\x00\x00\x00\x00\x00\xf8?' (1.5,) (0.10000000149011612,)
b'ab\x00\x00\x00' (b'xyz', 7) b'\x01' (False, True)
b'\x01\x00\x02\x00' (1, 2)
b'\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xff\x01\x00\x00\x00\x00\x00\x00\x00'
6 b'\x07\x00\x00\x00\x08\x00' (7, 8)
error: ubyte format requires 0 <= number <= 255
error: short format requires -32768 <= number <= 32767
error: unpack requires a buffer of 4 bytes
error: pack expected 1 items for packing (got 2)
error: 'i' format requires -2147483648 <= number <= 2147483647
[(1,), (2,)] (1,)
b'\x01\x00\x00\x00' b'\x01\x00\x00\x00' b'z'
`,
		},
		{
			name: "tb1",
			src: `import traceback, sys
def f(x):
    return 1 / x
try:
    f(0)
except ZeroDivisionError:
    print(traceback.format_exc())
    traceback.print_exc()
try:
    f(0)
except Exception as e:
    print("".join(traceback.format_exception(e)))
    print("".join(traceback.format_exception(type(e), e, e.__traceback__)))
    print(traceback.format_exception_only(e))
    traceback.print_exception(e)
print(repr(traceback.format_exc()))
try:
    try:
        raise KeyError('k')
    except KeyError as e:
        raise ValueError("bad") from e
except ValueError:
    traceback.print_exc(file=sys.stdout)
`,
			want: `Traceback (most recent call last):
  File "main.py", line 5, in <module>
    f(0)
  File "main.py", line 3, in f
    return 1 / x
ZeroDivisionError: division by zero

Traceback (most recent call last):
  File "main.py", line 5, in <module>
    f(0)
  File "main.py", line 3, in f
    return 1 / x
ZeroDivisionError: division by zero
Traceback (most recent call last):
  File "main.py", line 10, in <module>
    f(0)
  File "main.py", line 3, in f
    return 1 / x
ZeroDivisionError: division by zero

Traceback (most recent call last):
  File "main.py", line 10, in <module>
    f(0)
  File "main.py", line 3, in f
    return 1 / x
ZeroDivisionError: division by zero

['ZeroDivisionError: division by zero\n']
Traceback (most recent call last):
  File "main.py", line 10, in <module>
    f(0)
  File "main.py", line 3, in f
    return 1 / x
ZeroDivisionError: division by zero
'NoneType: None\n'
Traceback (most recent call last):
  File "main.py", line 19, in <module>
    raise KeyError('k')
KeyError: 'k'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "main.py", line 21, in <module>
    raise ValueError("bad") from e
ValueError: bad
`,
		},
		{
			name: "types1",
			src: `import types, sys
ns = types.SimpleNamespace(a=1, b="x")
print(ns, ns.a)
ns.c = [1]
print(ns, ns == types.SimpleNamespace(a=1, b="x", c=[1]), ns != types.SimpleNamespace())
print(types.SimpleNamespace(r=3))
def f(): pass
def g(): yield 1
print(isinstance(f, types.FunctionType), isinstance(g(), types.GeneratorType), isinstance(sys, types.ModuleType))
print(isinstance(len, types.BuiltinFunctionType), isinstance(lambda: 1, types.LambdaType))
class C:
    def m(self): pass
print(isinstance(C().m, types.MethodType), isinstance(f, types.MethodType))
mp = types.MappingProxyType({'a': 1})
print(mp['a'], len(mp), 'a' in mp, list(mp), mp)
try:
    mp['b'] = 2
except TypeError as e:
    print(e)
print(types.FunctionType.__name__, types.NoneType)
`,
			want: `namespace(a=1, b='x') 1
namespace(a=1, b='x', c=[1]) True True
namespace(r=3)
True True True
True True
True False
1 1 True ['a'] {'a': 1}
'mappingproxy' object does not support item assignment
function <class 'NoneType'>
`,
		},
		{
			name: "url1",
			src: `from urllib.parse import urlparse, urlunparse, urlencode, quote, unquote, parse_qs, parse_qsl, urljoin, urlsplit, quote_plus, unquote_plus
import urllib.parse
u = urlparse("https://user:pw@Example.com:8080/path/to;p?q=1&r=2#frag")
print(u)
print(u.scheme, u.netloc, u.hostname, u.port, u.username, u.password, u.path, u.params, u.query, u.fragment)
print(urlunparse(u), u.geturl())
print(urlsplit("http://a/b?c#d"), urlparse("/rel/path?x=1"), urlparse("mailto:me@x.org"))
print(urlencode({"a": 1, "b": "x y", "c": "&="}), urlencode([("k", "v"), ("k", "w")]), urlencode({"l": [1, 2]}, doseq=True))
print(quote("a b/c?d=é"), quote("a b/c", safe=""), quote_plus("a b&c"), unquote("a%20b%2Fc%C3%A9"), unquote_plus("a+b%21"))
print(parse_qs("a=1&b=2&a=3&c="), parse_qs("c=&d", keep_blank_values=True), parse_qsl("x=1&y=%20z+w"))
for rel in ["g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "../g", "../..", "../../../g", "http://other/x"]:
    print(rel, urljoin("http://a/b/c/d;p?q", rel))
print(urllib.parse.urldefrag("http://x/y#z"))
`,
			want: `ParseResult(scheme='https', netloc='user:pw@Example.com:8080', path='/path/to', params='p', query='q=1&r=2', fragment='frag')
https user:pw@Example.com:8080 example.com 8080 user pw /path/to p q=1&r=2 frag
https://user:pw@Example.com:8080/path/to;p?q=1&r=2#frag https://user:pw@Example.com:8080/path/to;p?q=1&r=2#frag
SplitResult(scheme='http', netloc='a', path='/b', query='c', fragment='d') ParseResult(scheme='', netloc='', path='/rel/path', params='', query='x=1', fragment='') ParseResult(scheme='mailto', netloc='', path='me@x.org', params='', query='', fragment='')
a=1&b=x+y&c=%26%3D k=v&k=w l=1&l=2
a%20b/c%3Fd%3D%C3%A9 a%20b%2Fc a+b%26c a b/cé a b!
{'a': ['1', '3'], 'b': ['2']} {'c': [''], 'd': ['']} [('x', '1'), ('y', ' z w')]
g http://a/b/c/g
./g http://a/b/c/g
g/ http://a/b/c/g/
/g http://a/g
//g http://g
?y http://a/b/c/d;p?y
g?y http://a/b/c/g?y
#s http://a/b/c/d;p?q#s
../g http://a/b/g
../.. http://a/
../../../g http://a/g
http://other/x http://other/x
DefragResult(url='http://x/y', fragment='z')
`,
		},
		{
			name: "uuid1",
			src: `import uuid
u = uuid.uuid5(uuid.NAMESPACE_DNS, "python.org")
print(u, repr(u), u.hex, u.int, u.version, u.variant, u.urn)
print(uuid.uuid3(uuid.NAMESPACE_URL, "http://x"), uuid.uuid5(uuid.NAMESPACE_URL, "http://x").bytes)
v = uuid.UUID("{12345678-1234-5678-1234-567812345678}")
print(v, v.fields, v.time_low, v.node, v == uuid.UUID(int=v.int), v.bytes_le.hex(), uuid.UUID(bytes=v.bytes))
r = uuid.uuid4()
print(r.version, len(str(r)), str(r)[14], r.variant)
print(str(uuid.UUID(hex="12345678123456781234567812345678", version=4)))
try:
    uuid.UUID("xyz")
except ValueError as e:
    print(e)
`,
			want: `886313e1-3b8a-5372-9b90-0c9aee199e5d UUID('886313e1-3b8a-5372-9b90-0c9aee199e5d') 886313e13b8a53729b900c9aee199e5d 181289448026289383154478846676280385117 5 specified in RFC 4122 urn:uuid:886313e1-3b8a-5372-9b90-0c9aee199e5d
53b14841-9895-312b-bb91-82c1f08c9edd b'\xc0Y\x94/V~T\xeb\xae\xb5_\xd9\x83\x0b\xceC'
12345678-1234-5678-1234-567812345678 (305419896, 4660, 22136, 18, 52, 95073701484152) 305419896 95073701484152 True 78563412341278561234567812345678 12345678-1234-5678-1234-567812345678
4 36 4 specified in RFC 4122
12345678-1234-4678-9234-567812345678
badly formed hexadecimal UUID string
`,
		},
		{
			name: "warn1",
			src: `import warnings
def f():
    warnings.warn("careful")
for i in range(3):
    f()
warnings.warn("dep", DeprecationWarning)
warnings.warn("other", RuntimeWarning)
def g():
    warnings.warn("from g", stacklevel=2)
g()
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    f(); f()
    print(len(w), w[0].category.__name__, str(w[0].message), w[0].lineno)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    f()
    warnings.warn("nope")
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("boom")
    except UserWarning as e:
        print("caught", e)
warnings.filterwarnings("ignore", message="sk.*")
warnings.warn("skip me")
warnings.warn("show me")
warnings.warn(UserWarning("inst"))
print("done")
`,
			want: `main.py:3: UserWarning: careful
  warnings.warn("careful")
main.py:6: DeprecationWarning: dep
  warnings.warn("dep", DeprecationWarning)
main.py:7: RuntimeWarning: other
  warnings.warn("other", RuntimeWarning)
main.py:10: UserWarning: from g
  g()
2 UserWarning careful 3
caught boom
main.py:27: UserWarning: show me
  warnings.warn("show me")
main.py:28: UserWarning: inst
  warnings.warn(UserWarning("inst"))
done
`,
		},
		{
			name: "zlib1",
			src: `import zlib
d = b"hello hello hello hello" * 10
c = zlib.compress(d)
print(zlib.decompress(c) == d, len(c) < len(d))
print(zlib.crc32(b"hello"), zlib.adler32(b"hello"), zlib.crc32(b"world", zlib.crc32(b"hello ")), zlib.crc32(b"hello world"))
print(zlib.adler32(b"world", zlib.adler32(b"hello ")), zlib.adler32(b"hello world"))
try:
    zlib.decompress(b"garbage")
except zlib.error as e:
    print("error", e)
import unicodedata
print([unicodedata.category(c) for c in "aA1 ,$\n€é"])
print(unicodedata.normalize("NFC", "abc"))
`,
			want: `True True
907060870 103547413 222957957 222957957
436929629 436929629
error Error -3 while decompressing data: incorrect header check
['Ll', 'Lu', 'Nd', 'Zs', 'Po', 'Sc', 'Cc', 'Sc', 'Ll']
abc
`,
		},
		{
			name: "log_asctime (sandbox)",
			src: `import logging, sys
logging.basicConfig(format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
logging.warning("t")
h = logging.StreamHandler(sys.stdout); h.setFormatter(logging.Formatter("%(asctime)s|%(message)s", datefmt="%H:%M"))
l = logging.getLogger("z"); l.addHandler(h); l.propagate=False; l.warning("x")
`,
			want: `1970-01-01 00:00:00,000 WARNING t
00:00|x
`,
		},
		{
			name: "os_denied (sandbox)",
			src: `import os
for fn in (lambda: os.listdir("."), lambda: os.remove("x.txt"), lambda: os.makedirs("d"), lambda: os.path.getsize("f")):
    try:
        fn()
    except PermissionError as e:
        print(type(e).__name__, e, e.errno, e.filename)
try:
    open("x.txt")
except OSError as e:
    print(type(e).__name__)
print(os.environ, os.getcwd(), os.path.abspath("x/y"), os.path.exists("/etc/passwd"))
`,
			want: `PermissionError [Errno 1] Operation not permitted: '.' 1 .
PermissionError [Errno 1] Operation not permitted: 'x.txt' 1 x.txt
PermissionError [Errno 1] Operation not permitted: 'd' 1 d
PermissionError [Errno 1] Operation not permitted: 'f' 1 f
PermissionError
{} / /x/y False
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := stdlibTestRun(t, tt.src)
			if got != tt.want {
				t.Errorf("%s: got\n%s\nwant\n%s", tt.name, got, tt.want)
			}
		})
	}
}
