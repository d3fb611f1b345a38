package vm

// Python-written modules: io (StringIO, BytesIO), types, traceback,
// warnings, keyword, numbers, weakref, secrets.

func init() {
	RegisterPythonModule("io", ioSrc)
	RegisterPythonModule("types", typesSrc)
	RegisterPythonModule("traceback", tracebackSrc)
	RegisterPythonModule("warnings", warningsSrc)
	RegisterPythonModule("keyword", keywordSrc)
	RegisterPythonModule("numbers", numbersSrc)
	RegisterPythonModule("weakref", weakrefSrc)
	RegisterPythonModule("secrets", secretsSrc)
}

const ioSrc = `
import sys as _sys

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2

class UnsupportedOperation(OSError, ValueError):
    pass

class _MemIO:
    _empty = ''

    def __init__(self, initial=None):
        self._buf = self._empty if initial is None else self._check(initial)
        self._pos = 0
        self.closed = False

    def _check(self, s):
        return s

    def _ok(self):
        if self.closed:
            raise ValueError('I/O operation on closed file')

    def write(self, s):
        self._ok()
        s = self._check(s)
        n = len(s)
        buf = self._buf
        pos = self._pos
        if pos == len(buf):
            self._buf = buf + s
        else:
            if pos > len(buf):
                buf = buf + self._pad * (pos - len(buf))
            self._buf = buf[:pos] + s + buf[pos + n:]
        self._pos = pos + n
        return n

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def getvalue(self):
        self._ok()
        return self._buf

    def read(self, size=-1):
        self._ok()
        buf = self._buf
        if size is None or size < 0:
            end = len(buf)
        else:
            end = min(len(buf), self._pos + size)
        start = min(self._pos, len(buf))
        self._pos = max(self._pos, end)
        return buf[start:end]

    def readline(self, size=-1):
        self._ok()
        buf = self._buf
        start = min(self._pos, len(buf))
        i = buf.find(self._nl, start)
        end = len(buf) if i < 0 else i + 1
        if size is not None and size >= 0:
            end = min(end, start + size)
        self._pos = max(self._pos, end)
        return buf[start:end]

    def readlines(self, hint=-1):
        lines = []
        total = 0
        while True:
            line = self.readline()
            if not line:
                break
            lines.append(line)
            total += len(line)
            if hint is not None and 0 < hint <= total:
                break
        return lines

    def seek(self, pos, whence=0):
        self._ok()
        if whence == 0:
            if pos < 0:
                raise ValueError('negative seek value %d' % pos)
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, len(self._buf) + pos)
        else:
            raise ValueError('invalid whence (%r, should be 0, 1 or 2)' % whence)
        return self._pos

    def tell(self):
        self._ok()
        return self._pos

    def truncate(self, size=None):
        self._ok()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError('negative size value %d' % size)
        self._buf = self._buf[:size]
        return size

    def close(self):
        self.closed = True

    def flush(self):
        self._ok()

    def readable(self):
        self._ok()
        return True

    def writable(self):
        self._ok()
        return True

    def seekable(self):
        self._ok()
        return True

    def isatty(self):
        self._ok()
        return False

    def __iter__(self):
        self._ok()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __enter__(self):
        self._ok()
        return self

    def __exit__(self, *exc):
        self.close()


class StringIO(_MemIO):
    _empty = ''
    _pad = '\0'
    _nl = '\n'

    def __init__(self, initial_value='', newline='\n'):
        _MemIO.__init__(self, initial_value)

    def _check(self, s):
        if not isinstance(s, str):
            raise TypeError('string argument expected, got %r' % type(s).__name__)
        return s

    def __repr__(self):
        return '<_io.StringIO object>'


class BytesIO(_MemIO):
    _empty = b''
    _pad = b'\0'
    _nl = b'\n'

    def __init__(self, initial_bytes=b''):
        _MemIO.__init__(self, initial_bytes)

    def _check(self, s):
        if isinstance(s, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        return bytes(s)

    def getbuffer(self):
        return bytearray(self._buf)

    def read1(self, size=-1):
        return self.read(size)

    def __repr__(self):
        return '<_io.BytesIO object>'


class IOBase:
    pass

class TextIOBase(IOBase):
    pass

class BufferedIOBase(IOBase):
    pass

class RawIOBase(IOBase):
    pass

_StdStream = type(_sys.stdout)


class _TextIOMeta(type):
    def __instancecheck__(cls, obj):
        return type.__instancecheck__(cls, obj) or (cls is TextIOWrapper and isinstance(obj, _StdStream))


class TextIOWrapper(TextIOBase, metaclass=_TextIOMeta):
    # Text over a binary buffer: reads decode the rest of the buffer once,
    # writes encode straight into it.
    def __init__(self, buffer, encoding=None, errors=None, newline=None, line_buffering=False,
                 write_through=False):
        self.buffer = buffer
        self.encoding = encoding or 'UTF-8'
        self.errors = errors or 'strict'
        self._newline = newline
        self.line_buffering = line_buffering
        self._r = None

    def _reader(self):
        if self.buffer is None:
            raise ValueError('underlying buffer has been detached')
        if self._r is None:
            text = self.buffer.read().decode(self.encoding, self.errors)
            if self._newline is None:
                text = text.replace('\r\n', '\n').replace('\r', '\n')
            self._r = StringIO(text)
        return self._r

    def read(self, size=-1):
        return self._reader().read(size)

    def readline(self, size=-1):
        return self._reader().readline(size)

    def readlines(self, hint=-1):
        return list(self)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError('write() argument must be str, not %s' % type(s).__name__)
        if self.buffer is None:
            raise ValueError('underlying buffer has been detached')
        data = s
        if self._newline not in (None, '', '\n'):
            data = data.replace('\n', self._newline)
        self.buffer.write(data.encode(self.encoding, self.errors))
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        f = getattr(self.buffer, 'flush', None)
        if f is not None:
            f()

    def detach(self):
        b = self.buffer
        self.buffer = None
        return b

    def seek(self, pos, whence=0):
        self._r = None
        return self.buffer.seek(pos, whence)

    def tell(self):
        return self.buffer.tell()

    def readable(self):
        return True

    def writable(self):
        return True

    def seekable(self):
        return True

    @property
    def closed(self):
        return self.buffer is not None and getattr(self.buffer, 'closed', False)

    def close(self):
        if self.buffer is not None:
            self.buffer.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

def open(*args, **kwargs):
    raise PermissionError('[Errno 1] Operation not permitted')
`

const typesSrc = `
import sys as _sys

def _f():
    pass

FunctionType = type(_f)
LambdaType = FunctionType
CodeType = type(_f.__code__) if hasattr(_f, '__code__') else None

def _g():
    yield 1

GeneratorType = type(_g())

async def _c():
    pass

_co = _c()
CoroutineType = type(_co)
try:
    _co.close()
except Exception:
    pass
del _co

class _C:
    def _m(self):
        pass

MethodType = type(_C()._m)
BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
ModuleType = type(_sys)
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)


class SimpleNamespace:
    def __init__(self, /, **kwargs):
        self.__dict__.update(kwargs)

    def __repr__(self):
        items = ('%s=%r' % (k, v) for k, v in self.__dict__.items())
        return 'namespace(%s)' % ', '.join(items)

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    __hash__ = None


class MappingProxyType:
    __slots__ = ('_m',)

    def __init__(self, mapping):
        object.__setattr__(self, '_m', mapping)

    def __getitem__(self, key):
        return self._m[key]

    def __setitem__(self, key, value):
        raise TypeError("'mappingproxy' object does not support item assignment")

    def __delitem__(self, key):
        raise TypeError("'mappingproxy' object does not support item deletion")

    def __contains__(self, key):
        return key in self._m

    def __iter__(self):
        return iter(self._m)

    def __len__(self):
        return len(self._m)

    def __eq__(self, other):
        return self._m == other

    def get(self, key, default=None):
        return self._m.get(key, default)

    def keys(self):
        return self._m.keys()

    def values(self):
        return self._m.values()

    def items(self):
        return self._m.items()

    def copy(self):
        return self._m.copy()

    def __or__(self, other):
        return dict(self._m) | dict(other)

    def __repr__(self):
        return 'mappingproxy(%r)' % (self._m,)

    def __str__(self):
        return str(self._m)


def new_class(name, bases=(), kwds=None, exec_body=None):
    ns = {}
    if exec_body is not None:
        exec_body(ns)
    meta = (kwds or {}).get('metaclass', type)
    return meta(name, tuple(bases), ns)


class DynamicClassAttribute(property):
    pass


class GenericAlias:
    def __init__(self, origin, args):
        self.__origin__ = origin
        self.__args__ = args if isinstance(args, tuple) else (args,)
`

const tracebackSrc = `
import sys as _sys
import _amber_extra

def _text(exc):
    return _amber_extra.format_exception(exc)

def _lines(text):
    return text.splitlines(True)

def _pick(exc, value, tb):
    if value is not None and not isinstance(exc, BaseException):
        return value
    return exc

def format_exception(exc, /, value=None, tb=None, limit=None, chain=True):
    exc = _pick(exc, value, tb)
    if exc is None:
        return ['NoneType: None\n']
    return _lines(_text(exc))

def format_exception_only(exc, /, value=None):
    exc = _pick(exc, value, None)
    if exc is None:
        return ['NoneType: None\n']
    name = type(exc).__name__
    mod = type(exc).__module__
    if mod not in ('builtins', '__main__', None):
        name = mod + '.' + name
    msg = str(exc)
    return [name + (': ' + msg if msg else '') + '\n']

def format_exc(limit=None, chain=True):
    return ''.join(format_exception(_sys.exc_info()[1]))

def print_exception(exc, /, value=None, tb=None, limit=None, file=None, chain=True):
    if file is None:
        file = _sys.stderr
    for line in format_exception(exc, value, tb):
        print(line, end='', file=file)

def print_exc(limit=None, file=None, chain=True):
    print_exception(_sys.exc_info()[1], file=file)

def print_last(limit=None, file=None, chain=True):
    print_exc(limit, file, chain)

def format_tb(tb, limit=None):
    return []

def extract_tb(tb, limit=None):
    return []

def print_tb(tb, limit=None, file=None):
    pass

def format_stack(f=None, limit=None):
    return []

def extract_stack(f=None, limit=None):
    return []

def print_stack(f=None, limit=None, file=None):
    pass
`

const warningsSrc = `
import sys as _sys
import _amber_extra

try:
    PendingDeprecationWarning
except NameError:
    class PendingDeprecationWarning(Warning):
        pass
try:
    FutureWarning
except NameError:
    class FutureWarning(Warning):
        pass
try:
    SyntaxWarning
except NameError:
    class SyntaxWarning(Warning):
        pass
try:
    ImportWarning
except NameError:
    class ImportWarning(Warning):
        pass
try:
    UnicodeWarning
except NameError:
    class UnicodeWarning(Warning):
        pass
try:
    BytesWarning
except NameError:
    class BytesWarning(Warning):
        pass
try:
    ResourceWarning
except NameError:
    class ResourceWarning(Warning):
        pass
try:
    EncodingWarning
except NameError:
    class EncodingWarning(Warning):
        pass

filters = [
    ('default', None, DeprecationWarning, '__main__', 0),
    ('ignore', None, DeprecationWarning, None, 0),
    ('ignore', None, PendingDeprecationWarning, None, 0),
    ('ignore', None, ImportWarning, None, 0),
    ('ignore', None, ResourceWarning, None, 0),
]
defaultaction = 'default'
onceregistry = {}
_registry = {}
_version = [0]

_ACTIONS = ('error', 'ignore', 'always', 'default', 'module', 'once')


class WarningMessage:
    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ('{message : %r, category : %r, filename : %r, lineno : %s, line : %r}'
                % (self.message, self._category_name, self.filename, self.lineno, self.line))


def formatwarning(message, category, filename, lineno, line=None):
    s = '%s:%s: %s: %s\n' % (filename, lineno, category.__name__, message)
    if line:
        s += '  %s\n' % line.strip()
    return s


def _showwarning_orig(message, category, filename, lineno, file=None, line=None):
    if file is None:
        file = _sys.stderr
    file.write(formatwarning(message, category, filename, lineno, line))

showwarning = _showwarning_orig


def _add_filter(item, append):
    global filters
    if not append:
        try:
            filters.remove(item)
        except ValueError:
            pass
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _version[0] += 1


def filterwarnings(action, message='', category=Warning, module='', lineno=0, append=False):
    if action not in _ACTIONS:
        raise ValueError('invalid action: %r' % (action,))
    import re
    msg = re.compile(message, re.I) if message else None
    mod = re.compile(module) if module else None
    _add_filter((action, msg, category, mod, lineno), append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    if action not in _ACTIONS:
        raise ValueError('invalid action: %r' % (action,))
    _add_filter((action, None, category, None, lineno), append)


def resetwarnings():
    filters[:] = []
    _version[0] += 1


def _match(pat, s):
    if pat is None:
        return True
    if isinstance(pat, str):
        return pat == s
    return pat.match(s) is not None


def warn(message, category=None, stacklevel=1, source=None):
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '%s'" % type(category).__name__)
    where = _amber_extra.caller(stacklevel)
    if where is None:
        filename, lineno, line = 'sys', 1, None
        module = 'sys'
    else:
        filename, lineno, _fn, line, module = where
    warn_explicit(message, category, filename, lineno, module, None, None, None, source, line)


def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None, _src=None, _line=None):
    if module is None:
        module = filename or '<unknown>'
        if module[-3:].lower() == '.py':
            module = module[:-3]
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    action = defaultaction
    for item in filters:
        act, msg, cat, mod, ln = item
        if ((msg is None or msg.match(text)) and issubclass(category, cat)
                and _match(mod, module) and (ln == 0 or lineno == ln)):
            action = act
            break
    if action == 'ignore':
        return
    if action == 'error':
        raise message
    if action == 'once':
        okey = (text, category)
        if onceregistry.get(okey):
            return
        onceregistry[okey] = 1
    elif action == 'module':
        mkey = (filename, text, category, 0)
        if _registry.get(mkey) == _version[0]:
            return
        _registry[mkey] = _version[0]
    elif action == 'default':
        dkey = (filename, text, category, lineno)
        if _registry.get(dkey) == _version[0]:
            return
        _registry[dkey] = _version[0]
    _showmsg(WarningMessage(message, category, filename, lineno, None, _line, _src))


def _showmsg(msg):
    sw = showwarning
    if sw is _showwarning_orig:
        _showwarning_orig(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
    else:
        sw(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)


class catch_warnings:
    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._entered = False
        self._filter = None if action is None else (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append('record=True')
        return '%s(%s)' % (type(self).__name__, ', '.join(args))

    def __enter__(self):
        global showwarning
        if self._entered:
            raise RuntimeError('Cannot enter %r twice' % self)
        self._entered = True
        self._filters = filters[:]
        self._showwarning = showwarning
        _version[0] += 1
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []
            def _record(message, category, filename, lineno, file=None, line=None):
                log.append(WarningMessage(message, category, filename, lineno, file, line))
            showwarning = _record
            return log
        return None

    def __exit__(self, *exc_info):
        global showwarning
        filters[:] = self._filters
        showwarning = self._showwarning
        _version[0] += 1
`

const keywordSrc = `
kwlist = [
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await',
    'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except',
    'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is',
    'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try',
    'while', 'with', 'yield',
]

softkwlist = ['_', 'case', 'match']

_kwset = frozenset(kwlist)
_softset = frozenset(softkwlist)

def iskeyword(s):
    return s in _kwset

def issoftkeyword(s):
    return s in _softset
`

const numbersSrc = `
from abc import ABCMeta, abstractmethod

# abc.ABCMeta.register does not yet record virtual subclasses, so the
# numeric tower keeps its own registry.
class _NumberMeta(ABCMeta):
    def register(cls, subclass):
        cls.__dict__['_registered'].append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, sub):
        if type.__subclasscheck__(cls, sub):
            return True
        for c in _tower:
            if type.__subclasscheck__(cls, c):
                for r in c.__dict__['_registered']:
                    if issubclass(sub, r):
                        return True
        return False

class Number(metaclass=_NumberMeta):
    __slots__ = ()
    __hash__ = None
    _registered = []

class Complex(Number):
    __slots__ = ()
    _registered = []

class Real(Complex):
    __slots__ = ()
    _registered = []

class Rational(Real):
    __slots__ = ()
    _registered = []

class Integral(Rational):
    __slots__ = ()
    _registered = []

_tower = (Number, Complex, Real, Rational, Integral)

Complex.register(complex)
Real.register(float)
Integral.register(int)
`

const weakrefSrc = `
# Amber's heap is collected as a whole, so a weak reference here keeps its
# object alive: ref() always returns the object and the Weak* containers are
# ordinary containers. Programs that only use weakrefs as caches behave the
# same; programs that wait for a referent to die will not see it happen.

class ref:
    __slots__ = ('_obj', '_cb')

    def __init__(self, obj, callback=None):
        self._obj = obj
        self._cb = callback

    def __call__(self):
        return self._obj

    def __eq__(self, other):
        if isinstance(other, ref):
            return self._obj is other._obj or self._obj == other._obj
        return NotImplemented

    def __hash__(self):
        return hash(self._obj)

    def __repr__(self):
        return '<weakref; to %r>' % (type(self._obj).__name__,)

ReferenceType = ref

def proxy(obj, callback=None):
    return obj

def getweakrefcount(obj):
    return 0

def getweakrefs(obj):
    return []

class WeakMethod(ref):
    __slots__ = ()

class WeakValueDictionary(dict):
    pass

class WeakKeyDictionary(dict):
    pass

class WeakSet(set):
    pass

class finalize:
    def __init__(self, obj, func, /, *args, **kwargs):
        self._fn = (func, args, kwargs)
        self.alive = True
        self.atexit = True

    def __call__(self, _=None):
        if self.alive:
            self.alive = False
            f, a, k = self._fn
            return f(*a, **k)

    def detach(self):
        if self.alive:
            self.alive = False
            return (None,) + self._fn

    def peek(self):
        if self.alive:
            return (None,) + self._fn
`

const secretsSrc = `
# secrets draws from the sandbox's deterministic random generator: the
# sandbox has no host entropy. A host that needs unpredictable tokens must
# seed the sandbox's random module with entropy it hands in.
import random as _random

_URLSAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

DEFAULT_ENTROPY = 32

class SystemRandom(_random.Random):
    pass

_sysrand = _random

def randbelow(exclusive_upper_bound):
    if exclusive_upper_bound <= 0:
        raise ValueError('Upper bound must be positive.')
    return _random.randrange(exclusive_upper_bound)

def randbits(k):
    return _random.getrandbits(k)

def choice(seq):
    return _random.choice(seq)

def token_bytes(nbytes=None):
    if nbytes is None:
        nbytes = DEFAULT_ENTROPY
    return bytes(_random.getrandbits(8) for _ in range(nbytes))

def token_hex(nbytes=None):
    return token_bytes(nbytes).hex()

def token_urlsafe(nbytes=None):
    tok = token_bytes(nbytes)
    out = []
    for i in range(0, len(tok), 3):
        chunk = tok[i:i + 3]
        n = int.from_bytes(chunk + bytes(3 - len(chunk)), 'big')
        for j in range(len(chunk) + 1):
            out.append(_URLSAFE[(n >> (18 - 6 * j)) & 63])
    return ''.join(out)

def compare_digest(a, b):
    return a == b
`
