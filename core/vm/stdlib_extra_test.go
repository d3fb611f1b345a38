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
