# pickle.dumps of plain data writes CPython's bytes in every protocol,
# and loads gives the data back (shared and recursive references too).
import hashlib
import pickle


def f():
    pass


class P:
    def __init__(self, x):
        self.x = x
        self.y = [x]

    def __eq__(self, o):
        return type(o) is P and o.__dict__ == self.__dict__


class S:
    __slots__ = ('a', 'b')

    def __init__(self):
        self.a = 1
        self.b = 'two'


class L(list):
    pass


class D(dict):
    pass


class T(tuple):
    pass


class E(Exception):
    pass


big = 2**100
shared = [1]
objs = [None, True, False, 0, 1, 255, 256, 65535, 65536, -1, -2**31, 2**31, big, -big, 2**2100, 1.5, -0.0,
        float('inf'), 1e300, '', 'abc', 'é\u20ac\U0001f600\n\\\r\x00\x1a', 'x' * 300, b'', b'ab\x00\xff', b'y' * 300,
        bytearray(b'xy'), (), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4), [], [1, [2, 3]], {}, {'a': 1, 2: (3,)},
        set(), {1, 2}, frozenset(), frozenset({3}), [shared, shared], (shared, shared), P(3), int, len, f,
        pickle.whichmodule, ValueError('bad', 2), KeyError('k'), E('x'), L([1, 2]), D(a=1), T((1, 2)),
        list(range(1005)), {i: str(i) for i in range(1003)}, set(range(1500)), frozenset(range(1200)),
        list(range(1000)), list(range(1001)), {i: i for i in range(1000)}, {i: i for i in range(2001)},
        set(range(1000)), set(range(2000)), frozenset(range(1000)), D({i: i for i in range(1000)}), L(range(1001)),
        type(None), type(...), ..., NotImplemented, range, str, OSError, FileNotFoundError]
for proto in range(pickle.HIGHEST_PROTOCOL + 1):
    h = hashlib.sha256()
    for o in objs:
        try:
            d = pickle.dumps(o, proto)
        except Exception as e:
            print(proto, type(o).__name__, 'dumps', type(e).__name__, e)
            continue
        h.update(d)
        r = pickle.loads(d)
        if isinstance(o, BaseException):
            ok = type(r) is type(o) and r.args == o.args
        else:
            ok = r == o and type(r) is type(o)
        if not ok:
            print(proto, type(o).__name__, 'round trip differs', repr(r)[:60])
        if len(d) < 60:
            print(proto, type(o).__name__, d)
    print(proto, 'all dumps', h.hexdigest())
    s = pickle.loads(pickle.dumps(S(), proto)) if proto >= 2 else None
    print(proto, 'slots', s and (s.a, s.b))
r = pickle.loads(pickle.dumps([shared, shared]))
print(r[0] is r[1], r == [shared, shared])
a = []
a.append(a)
b = pickle.loads(pickle.dumps(a))
print(b[0] is b)
d = {}
d['self'] = d
print(pickle.loads(pickle.dumps(d, 0))['self'] is not None)
t = ([],)
t[0].append(t)
u = pickle.loads(pickle.dumps(t))
print(u[0][0] is u)
print(pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL, pickle.dumps(1, -1), pickle.dumps(1, protocol=None))
try:
    pickle.dumps(1, 6)
except ValueError as e:
    print('ValueError', e)
try:
    pickle.dumps(lambda: 1)
except pickle.PicklingError as e:
    print('PicklingError', type(e).__module__)


def outer():
    def inner():
        pass
    return inner


try:
    pickle.dumps(outer())
except (pickle.PicklingError, AttributeError) as e:
    print(type(e).__name__)
