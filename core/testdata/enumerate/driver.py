# The builtin enumeration (core/enumerate_test.go): every builtin, every
# attribute of every builtin type, every function, class and class
# attribute of every provided module, called with argument tuples drawn
# from POOL, a pool of odd values. Inputs: MODE ('discover' or 'run'),
# and for 'run' TARGETS (the paths discovery returned) and CALLS (lists
# [target, arg index, ...]). Every call's outcome must be a result or a
# Python exception; a SystemError naming "internal error" is a Go panic
# the interpreter caught, and the Go side also counts those in its log.
import builtins, sys
import math, json, re, itertools, functools, collections, collections.abc
import copy, dataclasses, enum, typing, abc, datetime, random, statistics
import heapq, bisect, operator, string, textwrap, base64, binascii, hashlib
import zlib, struct, contextlib, pprint, io, types, traceback, warnings
import logging, fractions, decimal, uuid, csv, shlex, html, urllib.parse
import difflib, graphlib, inspect, array, keyword, numbers, weakref
import secrets, unicodedata, os, os.path, pathlib, fnmatch, argparse
import calendar, hmac, queue, errno, time, asyncio

MODULES = ['builtins', 'math', 'json', 're', 'itertools', 'functools',
    'collections', 'collections.abc', 'copy', 'dataclasses', 'enum', 'typing',
    'abc', 'datetime', 'random', 'statistics', 'heapq', 'bisect', 'operator',
    'string', 'textwrap', 'base64', 'binascii', 'hashlib', 'zlib', 'struct',
    'contextlib', 'pprint', 'io', 'types', 'traceback', 'warnings', 'logging',
    'fractions', 'decimal', 'uuid', 'csv', 'shlex', 'html', 'urllib.parse',
    'difflib', 'graphlib', 'inspect', 'array', 'keyword', 'numbers', 'weakref',
    'secrets', 'unicodedata', 'os', 'os.path', 'pathlib', 'fnmatch', 'argparse',
    'calendar', 'hmac', 'queue', 'errno', 'time', 'sys', 'asyncio']

_sys_modules = sys.modules
MODS = {name: _sys_modules[name] for name in MODULES}
_getattr, _callable, _isinstance, _type, _id = getattr, callable, isinstance, type, id
_sorted, _dir, _len, _str, _BaseException = sorted, dir, len, str, BaseException
_SystemError, _print, _tuple, _range = SystemError, print, tuple, range

# Names whose call would only wait for the host or end the interpreter's
# run: they are tried by their own tests, not here.
SKIP = {('builtins', 'input'), ('builtins', 'breakpoint'), ('builtins', 'help')}


class C:
    """A plain user class."""
    x = 1

    def m(self, *a):
        return a


VICTIMS = []


def clear_victims():
    for v in VICTIMS:
        try:
            v.clear()
        except _BaseException:
            pass


class KIndex:
    """__index__ (and __int__) empties the containers of the call."""
    def __index__(self):
        clear_victims()
        return 0
    __int__ = __index__

    def __float__(self):
        clear_victims()
        return 0.0


class KEq:
    """__eq__ and __lt__ empty the containers of the call."""
    def __eq__(self, other):
        clear_victims()
        return True

    def __lt__(self, other):
        clear_victims()
        return False
    __gt__ = __le__ = __ge__ = __lt__
    __hash__ = object.__hash__


class KHash:
    """__hash__ empties the containers, and hashes like 0."""
    def __hash__(self):
        clear_victims()
        return 0

    def __eq__(self, other):
        clear_victims()
        return False


class KLen:
    """__len__ empties the containers and lies; __iter__ grows them."""
    def __len__(self):
        clear_victims()
        return 2**62

    def __iter__(self):
        for v in VICTIMS:
            try:
                v.append(1)
            except _BaseException:
                pass
        yield 1
        clear_victims()
        yield 2

    def __getitem__(self, i):
        clear_victims()
        if i > 3:
            raise IndexError(i)
        return i


class KHuge:
    """Dunders answering values at the edges."""
    def __index__(self):
        return 2**100

    def __len__(self):
        return 2**63 - 1

    def __hash__(self):
        return -1

    def __float__(self):
        return float('nan')


class KRaise:
    """Every dunder raises."""
    def __getattr__(self, name):
        raise RuntimeError(name)

    def __index__(self):
        raise RuntimeError('index')

    def __len__(self):
        raise RuntimeError('len')

    def __iter__(self):
        raise RuntimeError('iter')

    def __eq__(self, o):
        raise RuntimeError('eq')

    def __hash__(self):
        raise RuntimeError('hash')

    def __str__(self):
        raise RuntimeError('str')

    def __repr__(self):
        raise RuntimeError('repr')

    def __bool__(self):
        raise RuntimeError('bool')


class KWrong:
    """Dunders answering the wrong types."""
    def __index__(self):
        return 'a'

    def __len__(self):
        return -1

    def __str__(self):
        return 1

    def __repr__(self):
        return None

    def __hash__(self):
        return 1.5

    def __iter__(self):
        return 5

    def __bool__(self):
        return 2

    def __float__(self):
        return 'x'


def user_function(a=1, *b, c=2, **d):
    return a


def gen():
    yield 1
    yield 2


def make_pool():
    """The odd values, fresh (calls may change them)."""
    lst, dct, st, ba = [1, 2, 3], {1: 2, 'a': 'b'}, {1, 2}, bytearray(b'abc')
    dq = collections.deque([1, 2, 3])
    VICTIMS[:] = [lst, dct, st, ba, dq]
    return [
        0, -1, 1, 2, 7, 2**31, 2**63 - 1, -2**63, 2**64, -2**100, 10**40,
        float('nan'), float('inf'), float('-inf'), -0.0, 1.5, 1j,
        '', 'a', 'é€😀', 'x' * 5000, '__class__', '%s{0}{', '\x00\n', 'utf-8', 'ab',
        b'', b'\xff\x00', b'abc', ba,
        None, True, False, ...,
        int, object, type, ValueError, C, str,
        C(), object(), ValueError('x'),
        math, sys,
        len, user_function, lambda *a, **k: a,
        lst, (1, 2), dct, st, frozenset([1]), range(10), dq,
        iter([1, 2]), gen(),
        slice(None, None, -1), slice(KIndex(), None), slice(0, 2**100, 0),
        KIndex(), KEq(), KHash(), KLen(), KHuge(), KRaise(), KWrong(),
    ]


# An instance of each builtin type, for bound methods: each made fresh
# for its call (calls may change it).
SAMPLES = {
    'str': lambda: 'abcé', 'bytes': lambda: b'abc',
    'bytearray': lambda: bytearray(b'abc'), 'list': lambda: [3, 1, 2],
    'dict': lambda: {1: 2, 'a': 'b'}, 'set': lambda: {1, 2},
    'frozenset': lambda: frozenset([1, 2]), 'tuple': lambda: (1, 2),
    'int': lambda: 7, 'bigint': lambda: 3**80, 'float': lambda: 1.5,
    'complex': lambda: 1 + 2j, 'range': lambda: range(10),
    'deque': lambda: collections.deque([1, 2, 3]),
    'OrderedDict': lambda: collections.OrderedDict(a=1),
    'Counter': lambda: collections.Counter('abca'),
    'defaultdict': lambda: collections.defaultdict(list, {1: [2]}),
    'Decimal': lambda: decimal.Decimal('1.5'),
    'Fraction': lambda: fractions.Fraction(1, 3),
    'datetime': lambda: datetime.datetime(2020, 1, 2, 3, 4, 5),
    'date': lambda: datetime.date(2020, 1, 2),
    'timedelta': lambda: datetime.timedelta(1, 2),
    'Pattern': lambda: re.compile('a(b)?'), 'Match': lambda: re.match('a(b)', 'ab'),
    'array': lambda: array.array('i', [1, 2]),
    'StringIO': lambda: io.StringIO('ab\ncd'), 'BytesIO': lambda: io.BytesIO(b'ab\ncd'),
    'generator': gen, 'exception': lambda: ValueError('x', 1),
    'function': lambda: user_function, 'memoryview': lambda: memoryview(b'abc'),
    'slice': lambda: slice(1, 5, 2), 'Random': lambda: random.Random(1),
    'sha256': lambda: hashlib.sha256(b'a'),
    'Path': lambda: pathlib.PurePosixPath('/a/b.txt'), 'UUID': lambda: uuid.UUID(int=5),
    'Struct': lambda: struct.Struct('<ih'),
    'TopologicalSorter': lambda: graphlib.TopologicalSorter({1: [2]}),
    'zip': lambda: zip([1], [2]), 'map': lambda: map(abs, [1]),
    'enumerate': lambda: enumerate('ab'), 'listiter': lambda: iter([1, 2]),
    'dictkeys': lambda: {1: 2}.keys(), 'dictitems': lambda: {1: 2}.items(),
    'property': lambda: property(abs), 'classmethod': lambda: classmethod(abs),
    'staticmethod': lambda: staticmethod(abs), 'Queue': lambda: queue.Queue(),
    'SequenceMatcher': lambda: difflib.SequenceMatcher(None, 'ab', 'b'),
    'Logger': lambda: logging.getLogger('enum'), 'Event': lambda: asyncio.Event(),
    'module': lambda: math, 'code': lambda: user_function.__code__,
    'Template': lambda: string.Template('$a'), 'Formatter': lambda: string.Formatter(),
    'instance': C, 'class': lambda: C, 'type': lambda: type,
}


# Operations of the language itself, by the name a target gives them.
def _setitem(a, b, c):
    a[b] = c


def _delitem(a, b):
    del a[b]


def _setclass(a, b):
    a.__class__ = b
    return repr(a)


def _import_star(a):
    sys.modules['_enum_victim'] = a
    exec('from _enum_victim import *', {})


def _augadd(a, b):
    a += b
    return a


def _fmt(a, b):
    return f'{a:{b}}'


def _unpack(a):
    x, *y = a
    return y


OPS = {
    'getitem': lambda a, b: a[b], 'setitem': _setitem, 'delitem': _delitem,
    'getslice': lambda a, b, c: a[b:c], 'add': lambda a, b: a + b,
    'mul': lambda a, b: a * b, 'mod': lambda a, b: a % b,
    'pow': lambda a, b: a ** b, 'lshift': lambda a, b: a << b,
    'floordiv': lambda a, b: a // b, 'and': lambda a, b: a & b,
    'lt': lambda a, b: a < b, 'eq': lambda a, b: a == b,
    'contains': lambda a, b: b in a, 'hash': lambda a: hash(a),
    'iter': lambda a: [x for x in a], 'call': lambda a, b: a(*b),
    'callkw': lambda a, b: a(**b), 'setclass': _setclass,
    'import_star': _import_star, 'augadd': _augadd, 'format': _fmt,
    'unpack': _unpack, 'repr': lambda a: repr(a), 'bool': lambda a: not a,
    'neg': lambda a: -a, 'getattr': lambda a, b: _getattr(a, b),
}


def resolve(path):
    kind = path[0]
    if kind == '!':
        return OPS[path[1]]
    if kind == '@':
        return _getattr(SAMPLES[path[1]](), path[2])
    obj = MODS[kind]
    for name in path[1:]:
        obj = _getattr(obj, name)
    return obj


def discover():
    seen = set()
    out = []

    def add(path, v):
        if _callable(v) and _id(v) not in seen:
            seen.add(_id(v))
            out.append(path)

    for m in MODULES:
        mod = MODS[m]
        for name in _sorted(_dir(mod)):
            if (m, name) in SKIP:
                continue
            try:
                v = _getattr(mod, name)
            except _BaseException:
                continue
            fresh = _id(v) not in seen
            add([m, name], v)
            if _isinstance(v, _type) and fresh:
                for a in _sorted(_dir(v)):
                    try:
                        w = _getattr(v, a)
                    except _BaseException:
                        continue
                    add([m, name, a], w)
    for sname in _sorted(SAMPLES):
        obj = SAMPLES[sname]()
        for a in _sorted(_dir(obj)):
            try:
                _getattr(obj, a)
            except _BaseException:
                continue
            out.append(['@', sname, a])
    for op in _sorted(OPS):
        out.append(['!', op])
    return out


def run(targets, calls, start):
    """Runs calls[start:], printing each one's index first: the Go side
    learns that way which call a panic, a limit or an internal error
    belongs to. Returns how many SystemErrors of panics it caught."""
    panics = 0
    for n in _range(start, _len(calls)):
        call = calls[n]
        _print('\x01%d' % n)
        pool = make_pool()
        try:
            f = resolve(targets[call[0]])
            f(*[pool[i] for i in call[1:]])
        except _SystemError as e:
            if 'internal error' in _str(e):
                panics += 1
        except _BaseException:
            pass
    return panics


if MODE == 'discover':
    RESULT = discover()
    POOL_SIZE = _len(make_pool())
else:
    RESULT = run(TARGETS, CALLS, START)
