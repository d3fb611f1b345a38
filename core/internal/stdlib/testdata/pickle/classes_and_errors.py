# pickle of instances: __reduce__, __reduce_ex__, __getstate__/__setstate__,
# __getnewargs__ and __getnewargs_ex__, slots, nested classes, and
# stdlib classes by reference; malformed data is an UnpicklingError.
import pickle
import collections
import dataclasses
import enum
import fractions


class R:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def __reduce__(self):
        return (R, (self.a, self.b))


class State:
    def __init__(self):
        self.v = 1
        self.cache = 'drop me'

    def __getstate__(self):
        return {'v': self.v}

    def __setstate__(self, st):
        self.__dict__.update(st)
        self.restored = True


class NewArgs(int):
    def __new__(cls, v, tag):
        o = int.__new__(cls, v)
        o.tag = tag
        return o

    def __getnewargs__(self):
        return (int(self), self.tag)


class KwArgs:
    def __new__(cls, *, name):
        o = object.__new__(cls)
        o.name = name
        return o

    def __getnewargs_ex__(self):
        return ((), {'name': self.name})


class Outer:
    class Inner:
        def __init__(self):
            self.z = 9


class Color(enum.Enum):
    RED = 1
    BLUE = 2


@dataclasses.dataclass
class Point:
    x: int
    y: int


Pair = collections.namedtuple('Pair', 'left right')

for proto in range(pickle.HIGHEST_PROTOCOL + 1):
    r = pickle.loads(pickle.dumps(R(1, [2]), proto))
    s = pickle.loads(pickle.dumps(State(), proto))
    i = pickle.loads(pickle.dumps(Outer.Inner(), proto)) if proto >= 4 else None
    print(proto, type(r).__name__, r.a, r.b, s.__dict__, i and i.z)
    print(proto, pickle.dumps(R(1, 2), proto))
    if proto >= 2:
        n = pickle.loads(pickle.dumps(NewArgs(5, 't'), proto))
        k = pickle.loads(pickle.dumps(KwArgs(name='n'), proto))
        print(proto, n, n.tag, type(n).__name__, k.name)
    print(proto, pickle.loads(pickle.dumps(Color.BLUE, proto)) is Color.BLUE, pickle.loads(pickle.dumps(Point(1, 2), proto)))
    print(proto, pickle.loads(pickle.dumps(Pair(1, 'b'), proto)), pickle.loads(pickle.dumps(fractions.Fraction(3, 4), proto)))
    print(proto, pickle.loads(pickle.dumps(collections.OrderedDict(a=1, b=2), proto)),
          pickle.loads(pickle.dumps(collections.Counter('abca'), proto)))

# The file API.
import io
f = io.BytesIO()
pickle.dump({'k': [1, 2]}, f, protocol=2)
pickle.dump('second', f)
f.seek(0)
print(pickle.load(f), pickle.load(f))
try:
    pickle.load(f)
except EOFError as e:
    print('EOFError', e)
p = io.BytesIO()
pickle.Pickler(p, 3).dump(7)
print(p.getvalue(), isinstance(pickle.Unpickler(io.BytesIO(b'N.')).load(), type(None)))

bad = [b'', b'.', b'N', b'\x80\x04', b'\x80\x06N.', b'\x00', b'(', b'(.', b'0.', b'1.', b't.', b'K', b'J\x01\x02',
       b'X\xff\xff\xff\xffab', b'C\x05ab', b'h\x05.', b'j\x05\x00\x00\x00.', b'g5\n.', b'I12x\n.', b'S"abc\n.',
       b"S'abc'\n.", b'\x8b\xff\xff\xff\xff', b'\x8a\x02\x01', b']\x94(K\x01K\x02e.', b']K\x01a.', b'}K\x01s.',
       b'}(K\x01u.', b'NK\x01a.', b'N}b.', b'(K\x01d.', b'\x85.', b'\x86.', b'cbuiltins\nlen\n.',
       b'cnosuchmod\nx\n.', b'\x8c\x08builtins\x8c\x03int\x93)\x81.', b'\x81.', b'N\x81.', b'))\x81.',
       b'\x82\x01.', b'\x95\x02\x00\x00\x00\x00\x00\x00\x00N.', b'\x97.', b'\x8f(K\x01\x90.', b'(K\x01\x91.',
       b'\x80\x02q\x01.', b'Vab\\u00e9\n.', b'P1\n.', b'\x80\x05\x96\x02\x00\x00\x00\x00\x00\x00\x00ab.',
       b'\x8d\x00\x00\x00\x00\x00\x00\x00\x80', b'\x8c\x08builtins\x8c\x03pow\x93K\x02K\x0a\x86R.',
       b'c__builtin__\nxrange\n(K\x03tR.', b'cexceptions\nValueError\n(S\'x\'\ntR.', 'str', 5]
for b in bad:
    try:
        r = pickle.loads(b)
        print(b, '->', repr(r)[:60])
    except Exception as e:
        print(b, '!!', type(e).__module__, type(e).__name__, str(e)[:80])
