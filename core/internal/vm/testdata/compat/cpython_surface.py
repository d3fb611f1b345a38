# Small but visible CPython behaviours: sys.version_info, builtin
# generics, the iterator types, memoryview, error messages, tracebacks
# given to __exit__.
import sys, types
from collections import namedtuple

vi = sys.version_info
print(type(vi).__name__, vi[:2] == (vi.major, vi.minor), vi >= (3, 8), vi.releaselevel, len(vi))
print(isinstance(list[int], types.GenericAlias), type(list[int]), list[int], dict[str, list[int]], tuple[int, ...])
print(list[int] == list[int], list[int]([1, 2]), dict[str, int].__origin__, list[int].__args__, set[int] | None)
class L(list[int]):
    pass
print(L.__mro__[1], L([3]), L.__orig_bases__)
try:
    isinstance([], list[int])
except TypeError as e:
    print(e)
print(type(filter(None, [])), type(map(str, [])), type(zip()))
print(repr(filter(None, []))[:18], repr(map(str, []))[:15], repr(zip())[:15])

m = memoryview(b'abcdef')
print(m[0], bytes(m[1:3]), len(m), m.readonly, m.tobytes(), list(m[::2]), m == b'abcdef', isinstance(m, memoryview))
ba = bytearray(b'xyz')
mv = memoryview(ba)
mv[0] = 65
mv[1:3] = b'BC'
print(ba, mv.tolist())

P = namedtuple('P', 'x y')
p = P(1, 2)
for f in (lambda: b'a' + 'b', lambda: bytearray(b'a') + 1, lambda: b'a' + [1],
          lambda: setattr(1, 'real', 2), lambda: setattr(1.5, 'imag', 2), lambda: setattr(True, 'numerator', 2),
          lambda: setattr([], 'append', 1), lambda: setattr(1, 'foo', 1),
          lambda: 'abc'.removeprefix(1), lambda: b'abc'.removeprefix('a'), lambda: 'abc'.removesuffix(1),
          lambda: setattr(p, 'x', 3), lambda: setattr(p, 'z', 3), lambda: delattr(p, 'x'), lambda: m.__setitem__(0, 1)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

class CM:
    def __enter__(self):
        return self
    def __exit__(self, t, v, tb):
        print('exit', t.__name__, type(tb).__name__, tb.tb_lineno, tb.tb_next.tb_lineno, tb.tb_next.tb_frame.f_code.co_name)
        return True

def fail():
    raise ValueError('x')

with CM():
    fail()
try:
    fail()
except ValueError as e:
    print(e.__traceback__.tb_lineno, sys.exc_info()[2].tb_next.tb_lineno)
