package vm

// Python-written modules: fractions, uuid, graphlib, inspect, difflib.

func init() {
	RegisterPythonModule("fractions", fractionsSrc)
	RegisterPythonModule("uuid", uuidSrc)
	RegisterPythonModule("graphlib", graphlibSrc)
	RegisterPythonModule("inspect", inspectSrc)
	RegisterPythonModule("difflib", difflibSrc)
}

const fractionsSrc = `
import math as _math
import numbers as _numbers
import re as _re

_RATIONAL_FORMAT = _re.compile(r"""
    \A\s*
    (?P<sign>[-+]?)
    (?=\d|\.\d)
    (?P<num>\d*|\d+(_\d+)*)
    (?:
        (?:\s*/\s*(?P<denom>\d+(_\d+)*))?
    |
        (?:\.(?P<decimal>\d*|\d+(_\d+)*))?
        (?:E(?P<exp>[-+]?\d+(_\d+)*))?
    )
    \s*\Z
""", _re.VERBOSE | _re.IGNORECASE)


class Fraction:
    __slots__ = ('_numerator', '_denominator')

    def __new__(cls, numerator=0, denominator=None):
        self = object.__new__(cls)
        if denominator is None:
            if type(numerator) is int or isinstance(numerator, int):
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            elif isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return self
            elif isinstance(numerator, float):
                n, d = numerator.as_integer_ratio()
                self._numerator = n
                self._denominator = d
                return self
            elif isinstance(numerator, str):
                m = _RATIONAL_FORMAT.match(numerator)
                if m is None:
                    raise ValueError('Invalid literal for Fraction: %r' % numerator)
                numerator = int(m.group('num') or '0')
                denom = m.group('denom')
                if denom:
                    denominator = int(denom)
                else:
                    denominator = 1
                    decimal = m.group('decimal')
                    if decimal:
                        decimal = decimal.replace('_', '')
                        scale = 10 ** len(decimal)
                        numerator = numerator * scale + int(decimal)
                        denominator *= scale
                    exp = m.group('exp')
                    if exp:
                        exp = int(exp)
                        if exp >= 0:
                            numerator *= 10 ** exp
                        else:
                            denominator *= 10 ** -exp
                if m.group('sign') == '-':
                    numerator = -numerator
            elif hasattr(numerator, 'as_integer_ratio'):
                numerator, denominator = numerator.as_integer_ratio()
            else:
                raise TypeError('argument should be a string or a Rational instance')
        elif isinstance(numerator, int) and isinstance(denominator, int):
            pass
        elif isinstance(numerator, Fraction) or isinstance(denominator, Fraction):
            a = Fraction(numerator)
            b = Fraction(denominator)
            numerator = a._numerator * b._denominator
            denominator = a._denominator * b._numerator
        else:
            raise TypeError('both arguments should be Rational instances')
        if denominator == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % numerator)
        g = _math.gcd(numerator, denominator)
        if denominator < 0:
            g = -g
        self._numerator = numerator // g
        self._denominator = denominator // g
        return self

    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError('%s.from_float() only takes floats, not %r (%s)' % (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        return cls(*dec.as_integer_ratio())

    def as_integer_ratio(self):
        return (self._numerator, self._denominator)

    def is_integer(self):
        return self._denominator == 1

    def limit_denominator(self, max_denominator=1000000):
        if max_denominator < 1:
            raise ValueError('max_denominator should be at least 1')
        if self._denominator <= max_denominator:
            return Fraction(self)
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        if 2 * d * (q0 + k * q1) <= self._denominator:
            return Fraction(p1, q1)
        else:
            return Fraction(p0 + k * p1, q0 + k * q1)

    @property
    def numerator(self):
        return self._numerator

    @property
    def denominator(self):
        return self._denominator

    def __repr__(self):
        return '%s(%s, %s)' % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return '%s/%s' % (self._numerator, self._denominator)

    @staticmethod
    def _coerce(other):
        if isinstance(other, Fraction):
            return other
        if isinstance(other, int):
            return Fraction(other)
        return None

    def __add__(a, b):
        c = Fraction._coerce(b)
        if c is not None:
            return Fraction(a._numerator * c._denominator + c._numerator * a._denominator, a._denominator * c._denominator)
        if isinstance(b, float):
            return float(a) + b
        if isinstance(b, complex):
            return complex(a) + b
        return NotImplemented

    def __radd__(b, a):
        c = Fraction._coerce(a)
        if c is not None:
            return c + b
        if isinstance(a, float):
            return a + float(b)
        if isinstance(a, complex):
            return a + complex(b)
        return NotImplemented

    def __sub__(a, b):
        c = Fraction._coerce(b)
        if c is not None:
            return Fraction(a._numerator * c._denominator - c._numerator * a._denominator, a._denominator * c._denominator)
        if isinstance(b, float):
            return float(a) - b
        if isinstance(b, complex):
            return complex(a) - b
        return NotImplemented

    def __rsub__(b, a):
        c = Fraction._coerce(a)
        if c is not None:
            return c - b
        if isinstance(a, float):
            return a - float(b)
        if isinstance(a, complex):
            return a - complex(b)
        return NotImplemented

    def __mul__(a, b):
        c = Fraction._coerce(b)
        if c is not None:
            return Fraction(a._numerator * c._numerator, a._denominator * c._denominator)
        if isinstance(b, float):
            return float(a) * b
        if isinstance(b, complex):
            return complex(a) * b
        return NotImplemented

    def __rmul__(b, a):
        c = Fraction._coerce(a)
        if c is not None:
            return c * b
        if isinstance(a, float):
            return a * float(b)
        if isinstance(a, complex):
            return a * complex(b)
        return NotImplemented

    def __truediv__(a, b):
        c = Fraction._coerce(b)
        if c is not None:
            if c._numerator == 0:
                raise ZeroDivisionError('Fraction(%s, 0)' % (a._numerator * c._denominator))
            return Fraction(a._numerator * c._denominator, a._denominator * c._numerator)
        if isinstance(b, float):
            return float(a) / b
        if isinstance(b, complex):
            return complex(a) / b
        return NotImplemented

    def __rtruediv__(b, a):
        c = Fraction._coerce(a)
        if c is not None:
            return c / b
        if isinstance(a, float):
            return a / float(b)
        if isinstance(a, complex):
            return a / complex(b)
        return NotImplemented

    def __floordiv__(a, b):
        c = Fraction._coerce(b)
        if c is not None:
            return (a._numerator * c._denominator) // (a._denominator * c._numerator)
        if isinstance(b, float):
            return float(a) // b
        return NotImplemented

    def __rfloordiv__(b, a):
        c = Fraction._coerce(a)
        if c is not None:
            return c // b
        if isinstance(a, float):
            return a // float(b)
        return NotImplemented

    def __mod__(a, b):
        c = Fraction._coerce(b)
        if c is not None:
            da, db = a._denominator, c._denominator
            return Fraction((a._numerator * db) % (c._numerator * da), da * db)
        if isinstance(b, float):
            return float(a) % b
        return NotImplemented

    def __rmod__(b, a):
        c = Fraction._coerce(a)
        if c is not None:
            return c % b
        if isinstance(a, float):
            return a % float(b)
        return NotImplemented

    def __divmod__(a, b):
        return (a // b, a % b)

    def __rdivmod__(b, a):
        return (a // b, a % b)

    def __pow__(a, b):
        if isinstance(b, int) or (isinstance(b, Fraction) and b._denominator == 1):
            power = int(b)
            if power >= 0:
                return Fraction(a._numerator ** power, a._denominator ** power)
            elif a._numerator == 0:
                raise ZeroDivisionError('Fraction(%s, 0)' % a._denominator ** -power)
            elif a._numerator > 0:
                return Fraction(a._denominator ** -power, a._numerator ** -power)
            else:
                return Fraction((-a._denominator) ** -power, (-a._numerator) ** -power)
        if isinstance(b, (float, Fraction)):
            return float(a) ** float(b)
        if isinstance(b, complex):
            return complex(a) ** b
        return NotImplemented

    def __rpow__(b, a):
        if b._denominator == 1 and b._numerator >= 0:
            return a ** b._numerator
        if isinstance(a, int):
            return Fraction(a) ** b
        return a ** float(b)

    def __pos__(a):
        return Fraction(a._numerator, a._denominator)

    def __neg__(a):
        return Fraction(-a._numerator, a._denominator)

    def __abs__(a):
        return Fraction(abs(a._numerator), a._denominator)

    def __int__(a):
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    def __trunc__(a):
        return a.__int__()

    def __floor__(a):
        return a._numerator // a._denominator

    def __ceil__(a):
        return -(-a._numerator // a._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            floor, remainder = divmod(self._numerator, self._denominator)
            if remainder * 2 < self._denominator:
                return floor
            elif remainder * 2 > self._denominator:
                return floor + 1
            elif floor % 2 == 0:
                return floor
            else:
                return floor + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        else:
            return Fraction(round(self / shift) * shift)

    def __float__(a):
        return a._numerator / a._denominator

    def __complex__(a):
        return complex(float(a))

    def __bool__(a):
        return a._numerator != 0

    def __hash__(self):
        if self._denominator == 1:
            return hash(self._numerator)
        f = float(self)
        if f == self:
            return hash(f)
        return hash((self._numerator, self._denominator))

    def __eq__(a, b):
        if isinstance(b, Fraction):
            return a._numerator == b._numerator and a._denominator == b._denominator
        if isinstance(b, int):
            return a._denominator == 1 and a._numerator == b
        if isinstance(b, float):
            if b != b or b in (float('inf'), float('-inf')):
                return False
            return a == Fraction(b)
        if isinstance(b, complex):
            return b.imag == 0 and a == b.real
        return NotImplemented

    def _cmp(a, b):
        if isinstance(b, (Fraction, int)):
            c = Fraction._coerce(b)
            return a._numerator * c._denominator - c._numerator * a._denominator
        if isinstance(b, float):
            if b != b:
                return None
            if b in (float('inf'), float('-inf')):
                return -1 if b > 0 else 1
            return a._cmp(Fraction(b))
        return NotImplemented

    def __lt__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c < 0

    def __gt__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c > 0

    def __le__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c <= 0

    def __ge__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c >= 0

    def __reduce__(self):
        return (self.__class__, (self._numerator, self._denominator))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


_numbers.Rational.register(Fraction)
`

const uuidSrc = `
# uuid1/uuid4 draw from the sandbox's deterministic random generator (no
# host entropy, clock or MAC address); uuid3/uuid5 are exact.
import random as _random
import hashlib as _hashlib

RESERVED_NCS, RFC_4122, RESERVED_MICROSOFT, RESERVED_FUTURE = [
    'reserved for NCS compatibility', 'specified in RFC 4122',
    'reserved for Microsoft compatibility', 'reserved for future definition']

int_ = int
bytes_ = bytes


class SafeUUID:
    safe = 0
    unsafe = -1
    unknown = None


class UUID:
    __slots__ = ('int', 'is_safe')

    def __init__(self, hex=None, bytes=None, bytes_le=None, fields=None, int=None, version=None, *, is_safe=SafeUUID.unknown):
        if [hex, bytes, bytes_le, fields, int].count(None) != 4:
            raise TypeError('one of the hex, bytes, bytes_le, fields, or int arguments must be given')
        if hex is not None:
            hex = hex.replace('urn:', '').replace('uuid:', '')
            hex = hex.strip('{}').replace('-', '')
            if len(hex) != 32:
                raise ValueError('badly formed hexadecimal UUID string')
            int = int_(hex, 16)
        if bytes_le is not None:
            if len(bytes_le) != 16:
                raise ValueError('bytes_le is not a 16-char string')
            bytes = (bytes_le[4 - 1::-1] + bytes_le[6 - 1:4 - 1:-1] +
                     bytes_le[8 - 1:6 - 1:-1] + bytes_le[8:])
        if bytes is not None:
            if len(bytes) != 16:
                raise ValueError('bytes is not a 16-char string')
            int = int_.from_bytes(bytes, 'big')
        if fields is not None:
            if len(fields) != 6:
                raise ValueError('fields is not a 6-tuple')
            (time_low, time_mid, time_hi_version, clock_seq_hi_variant, clock_seq_low, node) = fields
            clock_seq = (clock_seq_hi_variant << 8) | clock_seq_low
            int = ((time_low << 96) | (time_mid << 80) | (time_hi_version << 64) | (clock_seq << 48) | node)
        if int is not None and not 0 <= int < 1 << 128:
            raise ValueError('int is out of range (need a 128-bit value)')
        if version is not None:
            if not 1 <= version <= 5:
                raise ValueError('illegal version number')
            int &= ~(0xc000 << 48)
            int |= 0x8000 << 48
            int &= ~(0xf000 << 64)
            int |= version << 76
        object.__setattr__(self, 'int', int)
        object.__setattr__(self, 'is_safe', is_safe)

    def __eq__(self, other):
        if isinstance(other, UUID):
            return self.int == other.int
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, UUID):
            return self.int < other.int
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, UUID):
            return self.int > other.int
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, UUID):
            return self.int <= other.int
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, UUID):
            return self.int >= other.int
        return NotImplemented

    def __hash__(self):
        return hash(self.int)

    def __int__(self):
        return self.int

    def __repr__(self):
        return '%s(%r)' % (self.__class__.__name__, str(self))

    def __setattr__(self, name, value):
        raise TypeError('UUID objects are immutable')

    def __str__(self):
        hex = '%032x' % self.int
        return '%s-%s-%s-%s-%s' % (hex[:8], hex[8:12], hex[12:16], hex[16:20], hex[20:])

    @property
    def bytes(self):
        return self.int.to_bytes(16, 'big')

    @property
    def bytes_le(self):
        bytes = self.bytes
        return (bytes[4 - 1::-1] + bytes[6 - 1:4 - 1:-1] + bytes[8 - 1:6 - 1:-1] + bytes[8:])

    @property
    def fields(self):
        return (self.time_low, self.time_mid, self.time_hi_version,
                self.clock_seq_hi_variant, self.clock_seq_low, self.node)

    @property
    def time_low(self):
        return self.int >> 96

    @property
    def time_mid(self):
        return (self.int >> 80) & 0xffff

    @property
    def time_hi_version(self):
        return (self.int >> 64) & 0xffff

    @property
    def clock_seq_hi_variant(self):
        return (self.int >> 56) & 0xff

    @property
    def clock_seq_low(self):
        return (self.int >> 48) & 0xff

    @property
    def time(self):
        return (((self.time_hi_version & 0x0fff) << 48) | (self.time_mid << 32) | self.time_low)

    @property
    def clock_seq(self):
        return (((self.clock_seq_hi_variant & 0x3f) << 8) | self.clock_seq_low)

    @property
    def node(self):
        return self.int & 0xffffffffffff

    @property
    def hex(self):
        return '%032x' % self.int

    @property
    def urn(self):
        return 'urn:uuid:' + str(self)

    @property
    def variant(self):
        if not self.int & (0x8000 << 48):
            return RESERVED_NCS
        elif not self.int & (0x4000 << 48):
            return RFC_4122
        elif not self.int & (0x2000 << 48):
            return RESERVED_MICROSOFT
        else:
            return RESERVED_FUTURE

    @property
    def version(self):
        if self.variant == RFC_4122:
            return int((self.int >> 76) & 0xf)


def getnode():
    return _random.getrandbits(48) | (1 << 40)


def uuid1(node=None, clock_seq=None):
    t = _random.getrandbits(60)
    if clock_seq is None:
        clock_seq = _random.getrandbits(14)
    if node is None:
        node = getnode()
    time_low = t & 0xffffffff
    time_mid = (t >> 32) & 0xffff
    time_hi_version = (t >> 48) & 0x0fff
    clock_seq_low = clock_seq & 0xff
    clock_seq_hi_variant = (clock_seq >> 8) & 0x3f
    return UUID(fields=(time_low, time_mid, time_hi_version, clock_seq_hi_variant, clock_seq_low, node), version=1)


def uuid3(namespace, name):
    if isinstance(name, str):
        name = bytes_(name, 'utf-8')
    h = _hashlib.md5(namespace.bytes + name).digest()
    return UUID(bytes=h[:16], version=3)


def uuid4():
    return UUID(int=_random.getrandbits(128), version=4)


def uuid5(namespace, name):
    if isinstance(name, str):
        name = bytes_(name, 'utf-8')
    h = _hashlib.sha1(namespace.bytes + name).digest()
    return UUID(bytes=h[:16], version=5)


NAMESPACE_DNS = UUID('6ba7b810-9dad-11d1-80b4-00c04fd430c8')
NAMESPACE_URL = UUID('6ba7b811-9dad-11d1-80b4-00c04fd430c8')
NAMESPACE_OID = UUID('6ba7b812-9dad-11d1-80b4-00c04fd430c8')
NAMESPACE_X500 = UUID('6ba7b814-9dad-11d1-80b4-00c04fd430c8')
`

const graphlibSrc = `
_NODE_OUT = -1
_NODE_DONE = -2


class CycleError(ValueError):
    pass


class _NodeInfo:
    __slots__ = ('node', 'npredecessors', 'successors')

    def __init__(self, node):
        self.node = node
        self.npredecessors = 0
        self.successors = []


class TopologicalSorter:
    def __init__(self, graph=None):
        self._node2info = {}
        self._ready_nodes = None
        self._npassedout = 0
        self._nfinished = 0
        if graph is not None:
            for node, predecessors in graph.items():
                self.add(node, *predecessors)

    def _get_nodeinfo(self, node):
        result = self._node2info.get(node)
        if result is None:
            self._node2info[node] = result = _NodeInfo(node)
        return result

    def add(self, node, *predecessors):
        if self._ready_nodes is not None:
            raise ValueError('Nodes cannot be added after a call to prepare()')
        nodeinfo = self._get_nodeinfo(node)
        nodeinfo.npredecessors += len(predecessors)
        for pred in predecessors:
            pred_info = self._get_nodeinfo(pred)
            pred_info.successors.append(node)

    def prepare(self):
        if self._ready_nodes is not None:
            raise ValueError('cannot prepare() more than once')
        self._ready_nodes = [i.node for i in self._node2info.values() if i.npredecessors == 0]
        cycle = self._find_cycle()
        if cycle:
            raise CycleError('nodes are in a cycle', cycle)

    def get_ready(self):
        if self._ready_nodes is None:
            raise ValueError('prepare() must be called first')
        result = tuple(self._ready_nodes)
        n2i = self._node2info
        for node in result:
            n2i[node].npredecessors = _NODE_OUT
        self._ready_nodes.clear()
        self._npassedout += len(result)
        return result

    def is_active(self):
        if self._ready_nodes is None:
            raise ValueError('prepare() must be called first')
        return self._nfinished < self._npassedout or bool(self._ready_nodes)

    def __bool__(self):
        return self.is_active()

    def done(self, *nodes):
        if self._ready_nodes is None:
            raise ValueError('prepare() must be called first')
        n2i = self._node2info
        for node in nodes:
            nodeinfo = n2i.get(node)
            if nodeinfo is None:
                raise ValueError('node %r was not added using add()' % (node,))
            stat = nodeinfo.npredecessors
            if stat != _NODE_OUT:
                if stat >= 0:
                    raise ValueError('node %r was not passed out (still not ready)' % (node,))
                elif stat == _NODE_DONE:
                    raise ValueError('node %r was already marked done' % (node,))
                else:
                    raise ValueError('node %r: unknown status %d' % (node, stat))
            nodeinfo.npredecessors = _NODE_DONE
            for successor in nodeinfo.successors:
                successor_info = n2i[successor]
                successor_info.npredecessors -= 1
                if successor_info.npredecessors == 0:
                    self._ready_nodes.append(successor)
            self._nfinished += 1

    def _find_cycle(self):
        n2i = self._node2info
        stack = []
        itstack = []
        seen = set()
        node2stacki = {}
        for node in n2i:
            if node in seen:
                continue
            while True:
                if node in seen:
                    if node in node2stacki:
                        return stack[node2stacki[node]:] + [node]
                else:
                    seen.add(node)
                    itstack.append(iter(n2i[node].successors))
                    node2stacki[node] = len(stack)
                    stack.append(node)
                while stack:
                    try:
                        node = next(itstack[-1])
                        break
                    except StopIteration:
                        del node2stacki[stack.pop()]
                        itstack.pop()
                else:
                    break
        return None

    def static_order(self):
        self.prepare()
        while self.is_active():
            node_group = self.get_ready()
            yield from node_group
            self.done(*node_group)
`

const inspectSrc = `
# Signatures come from the function's code object; source text is not kept
# with functions, so getsource() and friends raise OSError.
import types as _types
import _amber_extra

CO_VARARGS = 4
CO_VARKEYWORDS = 8
CO_COROUTINE = 128
CO_GENERATOR = 32


class _empty:
    pass


import enum as _enum

class _ParameterKind(_enum.IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self._name_

    @property
    def description(self):
        return _kind_descr[self]

_kind_descr = {0: 'positional-only', 1: 'positional or keyword', 2: 'variadic positional',
               3: 'keyword-only', 4: 'variadic keyword'}


class Parameter:
    POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
    KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
    VAR_KEYWORD = _ParameterKind.VAR_KEYWORD
    empty = _empty

    _kind_names = ('POSITIONAL_ONLY', 'POSITIONAL_OR_KEYWORD', 'VAR_POSITIONAL', 'KEYWORD_ONLY', 'VAR_KEYWORD')

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        self.name = name
        self.kind = _ParameterKind(kind)
        self.default = default
        self.annotation = annotation

    def replace(self, **kw):
        d = dict(name=self.name, kind=self.kind, default=self.default, annotation=self.annotation)
        d.update(kw)
        return Parameter(d.pop('name'), d.pop('kind'), **d)

    def __str__(self):
        s = self.name
        if self.annotation is not _empty:
            s += ': ' + _annot(self.annotation)
        if self.default is not _empty:
            if self.annotation is not _empty:
                s += ' = ' + repr(self.default)
            else:
                s += '=' + repr(self.default)
        if self.kind == 2:
            s = '*' + s
        elif self.kind == 4:
            s = '**' + s
        return s

    def __repr__(self):
        return '<Parameter "%s">' % self

    def __eq__(self, other):
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self.name, self.kind, self.default, self.annotation) == (other.name, other.kind, other.default, other.annotation)


def _annot(a):
    if isinstance(a, type):
        if a.__module__ == 'builtins':
            return a.__qualname__
        return a.__module__ + '.' + a.__qualname__
    return repr(a)


class BoundArguments:
    def __init__(self, signature, arguments):
        self.signature = signature
        self.arguments = arguments

    @property
    def args(self):
        out = []
        for p in self.signature.parameters.values():
            if p.kind in (3, 4):
                break
            if p.name in self.arguments:
                if p.kind == 2:
                    out.extend(self.arguments[p.name])
                else:
                    out.append(self.arguments[p.name])
        return tuple(out)

    @property
    def kwargs(self):
        out = {}
        for p in self.signature.parameters.values():
            if p.name not in self.arguments:
                continue
            if p.kind == 4:
                out.update(self.arguments[p.name])
            elif p.kind == 3:
                out[p.name] = self.arguments[p.name]
        return out

    def apply_defaults(self):
        new = {}
        for p in self.signature.parameters.values():
            if p.name in self.arguments:
                new[p.name] = self.arguments[p.name]
            elif p.default is not _empty:
                new[p.name] = p.default
            elif p.kind == 2:
                new[p.name] = ()
            elif p.kind == 4:
                new[p.name] = {}
        self.arguments = new

    def __repr__(self):
        return '<BoundArguments (%s)>' % ', '.join('%s=%r' % kv for kv in self.arguments.items())


class Signature:
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty):
        self._params = {}
        for p in parameters or ():
            self._params[p.name] = p
        self.return_annotation = return_annotation

    @property
    def parameters(self):
        return _types.MappingProxyType(self._params)

    def replace(self, *, parameters=None, return_annotation=_empty):
        if parameters is None:
            parameters = list(self._params.values())
        return Signature(parameters, return_annotation=return_annotation)

    def __str__(self):
        parts = []
        render_pos_only = False
        render_kw_only_sep = True
        for p in self._params.values():
            kind = p.kind
            if kind == 0:
                render_pos_only = True
            elif render_pos_only:
                parts.append('/')
                render_pos_only = False
            if kind == 2:
                render_kw_only_sep = False
            elif kind == 3 and render_kw_only_sep:
                parts.append('*')
                render_kw_only_sep = False
            parts.append(str(p))
        if render_pos_only:
            parts.append('/')
        s = '(%s)' % ', '.join(parts)
        if self.return_annotation is not _empty:
            s += ' -> ' + _annot(self.return_annotation)
        return s

    def __repr__(self):
        return '<Signature %s>' % self

    def __eq__(self, other):
        if not isinstance(other, Signature):
            return NotImplemented
        return list(self._params.values()) == list(other._params.values()) and self.return_annotation == other.return_annotation

    def _bind(self, args, kwargs, partial):
        arguments = {}
        params = list(self._params.values())
        args = list(args)
        kwargs = dict(kwargs)
        i = 0
        for p in params:
            if p.kind in (0, 1):
                if i < len(args):
                    if p.kind == 1 and p.name in kwargs:
                        raise TypeError("multiple values for argument '%s'" % p.name)
                    arguments[p.name] = args[i]
                    i += 1
                elif p.kind == 1 and p.name in kwargs:
                    arguments[p.name] = kwargs.pop(p.name)
                elif p.default is _empty and not partial:
                    raise TypeError("missing a required argument: '%s'" % p.name)
            elif p.kind == 2:
                if i < len(args):
                    arguments[p.name] = tuple(args[i:])
                    i = len(args)
            elif p.kind == 3:
                if p.name in kwargs:
                    arguments[p.name] = kwargs.pop(p.name)
                elif p.default is _empty and not partial:
                    raise TypeError("missing a required argument: '%s'" % p.name)
            elif p.kind == 4:
                if kwargs:
                    arguments[p.name] = kwargs
                    kwargs = {}
        if i < len(args):
            raise TypeError('too many positional arguments')
        if kwargs:
            raise TypeError("got an unexpected keyword argument '%s'" % next(iter(kwargs)))
        return BoundArguments(self, arguments)

    def bind(self, *args, **kwargs):
        return self._bind(args, kwargs, False)

    def bind_partial(self, *args, **kwargs):
        return self._bind(args, kwargs, True)

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True):
        return signature(obj, follow_wrapped=follow_wrapped)


def _func_signature(f, skip_first=False):
    code = f.__code__
    names = code.co_varnames
    npos = code.co_argcount
    flags, nposonly, nkw = _amber_extra.code_info(code)
    defaults = f.__defaults__ or ()
    kwdefaults = f.__kwdefaults__ or {}
    annotations = getattr(f, '__annotations__', None) or {}
    params = []
    first_default = npos - len(defaults)
    for i in range(npos):
        name = names[i]
        kind = 0 if i < nposonly else 1
        d = defaults[i - first_default] if i >= first_default else _empty
        params.append(Parameter(name, kind, default=d, annotation=annotations.get(name, _empty)))
    idx = npos + nkw
    if flags & CO_VARARGS:
        name = names[idx]
        params.append(Parameter(name, 2, annotation=annotations.get(name, _empty)))
        idx += 1
    for i in range(npos, npos + nkw):
        name = names[i]
        params.append(Parameter(name, 3, default=kwdefaults.get(name, _empty), annotation=annotations.get(name, _empty)))
    if flags & CO_VARKEYWORDS:
        name = names[idx]
        params.append(Parameter(name, 4, annotation=annotations.get(name, _empty)))
    if skip_first and params and params[0].kind in (0, 1):
        params = params[1:]
    return Signature(params, return_annotation=annotations.get('return', _empty))


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    if not callable(obj):
        raise TypeError('%r is not a callable object' % (obj,))
    if follow_wrapped:
        while hasattr(obj, '__wrapped__'):
            obj = obj.__wrapped__
    if isinstance(obj, _types.MethodType):
        return _func_signature(obj.__func__, True)
    if isinstance(obj, _types.FunctionType):
        return _func_signature(obj)
    if hasattr(obj, 'func') and hasattr(obj, 'args') and hasattr(obj, 'keywords'):
        sig = signature(obj.func)
        params = list(sig.parameters.values())[len(obj.args):]
        params = [p for p in params if p.name not in obj.keywords]
        return Signature(params, return_annotation=sig.return_annotation)
    if isinstance(obj, type):
        init = getattr(obj, '__init__', None)
        if isinstance(init, _types.FunctionType):
            return _func_signature(init, True)
        return Signature([])
    call = getattr(type(obj), '__call__', None)
    if isinstance(call, _types.FunctionType):
        return _func_signature(call, True)
    raise ValueError('no signature found for %r' % (obj,))


def isfunction(obj):
    return isinstance(obj, _types.FunctionType)

def ismethod(obj):
    return isinstance(obj, _types.MethodType)

def isclass(obj):
    return isinstance(obj, type)

def ismodule(obj):
    return isinstance(obj, _types.ModuleType)

def isbuiltin(obj):
    return isinstance(obj, _types.BuiltinFunctionType)

def isroutine(obj):
    return isfunction(obj) or ismethod(obj) or isbuiltin(obj) or isinstance(obj, _types.BuiltinMethodType)

def _flags(obj):
    while ismethod(obj):
        obj = obj.__func__
    code = getattr(obj, '__code__', None)
    return _amber_extra.code_info(code)[0] if code is not None else 0

def isgeneratorfunction(obj):
    return (isfunction(obj) or ismethod(obj)) and bool(_flags(obj) & CO_GENERATOR)

def iscoroutinefunction(obj):
    return (isfunction(obj) or ismethod(obj)) and bool(_flags(obj) & CO_COROUTINE)

def isasyncgenfunction(obj):
    return (isfunction(obj) or ismethod(obj)) and bool(_flags(obj) & 512)

def isgenerator(obj):
    return isinstance(obj, _types.GeneratorType)

def iscoroutine(obj):
    return isinstance(obj, _types.CoroutineType)

def isawaitable(obj):
    return iscoroutine(obj) or hasattr(type(obj), '__await__')

def isabstract(obj):
    return bool(getattr(obj, '__abstractmethods__', False))

def isdatadescriptor(obj):
    t = type(obj)
    return hasattr(t, '__set__') or hasattr(t, '__delete__')

def ismethoddescriptor(obj):
    return False

def getmembers(obj, predicate=None):
    results = []
    for key in dir(obj):
        try:
            value = getattr(obj, key)
        except AttributeError:
            continue
        if not predicate or predicate(value):
            results.append((key, value))
    results.sort(key=lambda kv: kv[0])
    return results

def getmro(cls):
    return cls.__mro__

def getdoc(obj):
    doc = getattr(obj, '__doc__', None)
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)

def cleandoc(doc):
    lines = doc.expandtabs().split('\n')
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            margin = indent if margin is None else min(margin, indent)
    if lines:
        lines[0] = lines[0].lstrip()
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)

def getmodule(obj):
    import sys
    return sys.modules.get(getattr(obj, '__module__', None))

def unwrap(func, *, stop=None):
    while hasattr(func, '__wrapped__'):
        if stop is not None and stop(func):
            break
        func = func.__wrapped__
    return func

def getsource(obj):
    raise OSError('could not get source code')

getsourcelines = getsource
getsourcefile = getsource
getfile = getsource

def currentframe():
    return None

def stack(context=1):
    return []

def getfullargspec(func):
    sig = signature(func, follow_wrapped=False)
    args, varargs, varkw, defaults, kwonly, kwdefaults = [], None, None, [], [], {}
    annotations = dict(getattr(func, '__annotations__', None) or {})
    for p in sig.parameters.values():
        if p.kind in (0, 1):
            args.append(p.name)
            if p.default is not _empty:
                defaults.append(p.default)
        elif p.kind == 2:
            varargs = p.name
        elif p.kind == 3:
            kwonly.append(p.name)
            if p.default is not _empty:
                kwdefaults[p.name] = p.default
        else:
            varkw = p.name
    return FullArgSpec(args, varargs, varkw, tuple(defaults) or None, kwonly, kwdefaults or None, annotations)

from collections import namedtuple as _nt
FullArgSpec = _nt('FullArgSpec', 'args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations')
`

const difflibSrc = `
from collections import namedtuple as _nt

Match = _nt('Match', 'a b size')


class SequenceMatcher:
    def __init__(self, isjunk=None, a='', b='', autojunk=True):
        self.isjunk = isjunk
        self.a = self.b = None
        self.autojunk = autojunk
        self.set_seqs(a, b)

    def set_seqs(self, a, b):
        self.set_seq1(a)
        self.set_seq2(b)

    def set_seq1(self, a):
        if a is self.a:
            return
        self.a = a
        self.matching_blocks = self.opcodes = None

    def set_seq2(self, b):
        if b is self.b:
            return
        self.b = b
        self.matching_blocks = self.opcodes = None
        self.fullbcount = None
        self.__chain_b()

    def __chain_b(self):
        b = self.b
        self.b2j = b2j = {}
        for i, elt in enumerate(b):
            indices = b2j.setdefault(elt, [])
            indices.append(i)
        self.bjunk = junk = set()
        isjunk = self.isjunk
        if isjunk:
            for elt in b2j.keys():
                if isjunk(elt):
                    junk.add(elt)
            for elt in junk:
                del b2j[elt]
        self.bpopular = popular = set()
        n = len(b)
        if self.autojunk and n >= 200:
            ntest = n // 100 + 1
            for elt, idxs in b2j.items():
                if len(idxs) > ntest:
                    popular.add(elt)
            for elt in popular:
                del b2j[elt]

    def find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None):
        a, b, b2j, isbjunk = self.a, self.b, self.b2j, self.bjunk.__contains__
        if ahi is None:
            ahi = len(a)
        if bhi is None:
            bhi = len(b)
        besti, bestj, bestsize = alo, blo, 0
        j2len = {}
        nothing = []
        for i in range(alo, ahi):
            j2lenget = j2len.get
            newj2len = {}
            for j in b2j.get(a[i], nothing):
                if j < blo:
                    continue
                if j >= bhi:
                    break
                k = newj2len[j] = j2lenget(j - 1, 0) + 1
                if k > bestsize:
                    besti, bestj, bestsize = i - k + 1, j - k + 1, k
            j2len = newj2len
        while besti > alo and bestj > blo and not isbjunk(b[bestj - 1]) and a[besti - 1] == b[bestj - 1]:
            besti, bestj, bestsize = besti - 1, bestj - 1, bestsize + 1
        while besti + bestsize < ahi and bestj + bestsize < bhi and not isbjunk(b[bestj + bestsize]) and a[besti + bestsize] == b[bestj + bestsize]:
            bestsize += 1
        while besti > alo and bestj > blo and isbjunk(b[bestj - 1]) and a[besti - 1] == b[bestj - 1]:
            besti, bestj, bestsize = besti - 1, bestj - 1, bestsize + 1
        while besti + bestsize < ahi and bestj + bestsize < bhi and isbjunk(b[bestj + bestsize]) and a[besti + bestsize] == b[bestj + bestsize]:
            bestsize = bestsize + 1
        return Match(besti, bestj, bestsize)

    def get_matching_blocks(self):
        if self.matching_blocks is not None:
            return self.matching_blocks
        la, lb = len(self.a), len(self.b)
        queue = [(0, la, 0, lb)]
        matching_blocks = []
        while queue:
            alo, ahi, blo, bhi = queue.pop()
            i, j, k = x = self.find_longest_match(alo, ahi, blo, bhi)
            if k:
                matching_blocks.append(x)
                if alo < i and blo < j:
                    queue.append((alo, i, blo, j))
                if i + k < ahi and j + k < bhi:
                    queue.append((i + k, ahi, j + k, bhi))
        matching_blocks.sort()
        i1 = j1 = k1 = 0
        non_adjacent = []
        for i2, j2, k2 in matching_blocks:
            if i1 + k1 == i2 and j1 + k1 == j2:
                k1 += k2
            else:
                if k1:
                    non_adjacent.append((i1, j1, k1))
                i1, j1, k1 = i2, j2, k2
        if k1:
            non_adjacent.append((i1, j1, k1))
        non_adjacent.append((la, lb, 0))
        self.matching_blocks = list(map(Match._make, non_adjacent))
        return self.matching_blocks

    def get_opcodes(self):
        if self.opcodes is not None:
            return self.opcodes
        i = j = 0
        self.opcodes = answer = []
        for ai, bj, size in self.get_matching_blocks():
            tag = ''
            if i < ai and j < bj:
                tag = 'replace'
            elif i < ai:
                tag = 'delete'
            elif j < bj:
                tag = 'insert'
            if tag:
                answer.append((tag, i, ai, j, bj))
            i, j = ai + size, bj + size
            if size:
                answer.append(('equal', ai, i, bj, j))
        return answer

    def get_grouped_opcodes(self, n=3):
        codes = self.get_opcodes()
        if not codes:
            codes = [('equal', 0, 1, 0, 1)]
        if codes[0][0] == 'equal':
            tag, i1, i2, j1, j2 = codes[0]
            codes[0] = tag, max(i1, i2 - n), i2, max(j1, j2 - n), j2
        if codes[-1][0] == 'equal':
            tag, i1, i2, j1, j2 = codes[-1]
            codes[-1] = tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)
        nn = n + n
        group = []
        for tag, i1, i2, j1, j2 in codes:
            if tag == 'equal' and i2 - i1 > nn:
                group.append((tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)))
                yield group
                group = []
                i1, j1 = max(i1, i2 - n), max(j1, j2 - n)
            group.append((tag, i1, i2, j1, j2))
        if group and not (len(group) == 1 and group[0][0] == 'equal'):
            yield group

    def ratio(self):
        matches = sum(triple[-1] for triple in self.get_matching_blocks())
        return _calculate_ratio(matches, len(self.a) + len(self.b))

    def quick_ratio(self):
        if self.fullbcount is None:
            self.fullbcount = fullbcount = {}
            for elt in self.b:
                fullbcount[elt] = fullbcount.get(elt, 0) + 1
        fullbcount = self.fullbcount
        avail = {}
        matches = 0
        for elt in self.a:
            if elt in avail:
                numb = avail[elt]
            else:
                numb = fullbcount.get(elt, 0)
            avail[elt] = numb - 1
            if numb > 0:
                matches = matches + 1
        return _calculate_ratio(matches, len(self.a) + len(self.b))

    def real_quick_ratio(self):
        la, lb = len(self.a), len(self.b)
        return _calculate_ratio(min(la, lb), la + lb)


def _calculate_ratio(matches, length):
    if length:
        return 2.0 * matches / length
    return 1.0


def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    if not n > 0:
        raise ValueError('n must be > 0: %r' % (n,))
    if not 0.0 <= cutoff <= 1.0:
        raise ValueError('cutoff must be in [0.0, 1.0]: %r' % (cutoff,))
    result = []
    s = SequenceMatcher()
    s.set_seq2(word)
    for x in possibilities:
        s.set_seq1(x)
        if s.real_quick_ratio() >= cutoff and s.quick_ratio() >= cutoff and s.ratio() >= cutoff:
            result.append((s.ratio(), x))
    result.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [x for score, x in result[:n]]


def _format_range_unified(start, stop):
    beginning = start + 1
    length = stop - start
    if length == 1:
        return '%d' % beginning
    if not length:
        beginning -= 1
    return '%d,%d' % (beginning, length)


def unified_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    started = False
    for group in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not started:
            started = True
            fromdate = '\t%s' % fromfiledate if fromfiledate else ''
            todate = '\t%s' % tofiledate if tofiledate else ''
            yield '--- %s%s%s' % (fromfile, fromdate, lineterm)
            yield '+++ %s%s%s' % (tofile, todate, lineterm)
        first, last = group[0], group[-1]
        file1_range = _format_range_unified(first[1], last[2])
        file2_range = _format_range_unified(first[3], last[4])
        yield '@@ -%s +%s @@%s' % (file1_range, file2_range, lineterm)
        for tag, i1, i2, j1, j2 in group:
            if tag == 'equal':
                for line in a[i1:i2]:
                    yield ' ' + line
                continue
            if tag in ('replace', 'delete'):
                for line in a[i1:i2]:
                    yield '-' + line
            if tag in ('replace', 'insert'):
                for line in b[j1:j2]:
                    yield '+' + line


def _format_range_context(start, stop):
    beginning = start + 1
    length = stop - start
    if not length:
        beginning -= 1
    if length <= 1:
        return '%d' % beginning
    return '%d,%d' % (beginning, beginning + length - 1)


def context_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    prefix = dict(insert='+ ', delete='- ', replace='! ', equal='  ')
    started = False
    for group in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not started:
            started = True
            fromdate = '\t%s' % fromfiledate if fromfiledate else ''
            todate = '\t%s' % tofiledate if tofiledate else ''
            yield '*** %s%s%s' % (fromfile, fromdate, lineterm)
            yield '--- %s%s%s' % (tofile, todate, lineterm)
        first, last = group[0], group[-1]
        yield '***************' + lineterm
        file1_range = _format_range_context(first[1], last[2])
        yield '*** %s ****%s' % (file1_range, lineterm)
        if any(tag in ('replace', 'delete') for tag, _, _, _, _ in group):
            for tag, i1, i2, _, _ in group:
                if tag != 'insert':
                    for line in a[i1:i2]:
                        yield prefix[tag] + line
        file2_range = _format_range_context(first[3], last[4])
        yield '--- %s ----%s' % (file2_range, lineterm)
        if any(tag in ('replace', 'insert') for tag, _, _, _, _ in group):
            for tag, _, _, j1, j2 in group:
                if tag != 'delete':
                    for line in b[j1:j2]:
                        yield prefix[tag] + line


class Differ:
    def __init__(self, linejunk=None, charjunk=None):
        self.linejunk = linejunk
        self.charjunk = charjunk

    def compare(self, a, b):
        cruncher = SequenceMatcher(self.linejunk, a, b)
        for tag, alo, ahi, blo, bhi in cruncher.get_opcodes():
            if tag == 'replace':
                for line in a[alo:ahi]:
                    yield '- ' + line
                for line in b[blo:bhi]:
                    yield '+ ' + line
            elif tag == 'delete':
                for line in a[alo:ahi]:
                    yield '- ' + line
            elif tag == 'insert':
                for line in b[blo:bhi]:
                    yield '+ ' + line
            else:
                for line in a[alo:ahi]:
                    yield '  ' + line


def ndiff(a, b, linejunk=None, charjunk=None):
    return Differ(linejunk, charjunk).compare(a, b)


def IS_LINE_JUNK(line, pat=None):
    return line.strip() in ('', '#')


def IS_CHARACTER_JUNK(ch, ws=' \t'):
    return ch in ws
`
