
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


async def _ag():
    yield 1

AsyncGeneratorType = type(_ag())


def _cell():
    x = None

    def inner():
        return x
    return inner.__closure__[0]

CellType = type(_cell())
del _cell

try:
    raise TypeError
except TypeError as _e:
    TracebackType = type(_e.__traceback__)
    FrameType = type(_e.__traceback__.tb_frame)
    del _e

UnionType = type(int | str)

# Amber's builtin methods, slot wrappers and descriptors of builtin types
# are all builtin functions, classmethods and properties; each CPython
# descriptor type names the Amber type that plays its part, so isinstance
# checks against them hold for the objects CPython would have.
MethodDescriptorType = type(str.join)
WrapperDescriptorType = type(object.__init__)
MethodWrapperType = type(object().__init__)
ClassMethodDescriptorType = type(dict.__dict__['fromkeys'])
GetSetDescriptorType = type(int.__dict__['real'])
MemberDescriptorType = GetSetDescriptorType

from _amber_lazy import SimpleNamespace


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


def resolve_bases(bases):
    # Replaces each base that is not a class but has __mro_entries__ by
    # what that returns.
    new_bases = list(bases)
    changed = False
    shift = 0
    for i, base in enumerate(bases):
        if isinstance(base, type):
            continue
        if not hasattr(base, '__mro_entries__'):
            continue
        new_base = base.__mro_entries__(bases)
        changed = True
        if not isinstance(new_base, tuple):
            raise TypeError('__mro_entries__ must return a tuple')
        new_bases[i + shift:i + shift + 1] = new_base
        shift += len(new_base) - 1
    if not changed:
        return bases
    return tuple(new_bases)


def _calculate_meta(meta, bases):
    winner = meta
    for base in bases:
        base_meta = type(base)
        if issubclass(winner, base_meta):
            continue
        if issubclass(base_meta, winner):
            winner = base_meta
            continue
        raise TypeError('metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases')
    return winner


def prepare_class(name, bases=(), kwds=None):
    kwds = {} if kwds is None else dict(kwds)
    if 'metaclass' in kwds:
        meta = kwds.pop('metaclass')
    else:
        meta = type(bases[0]) if bases else type
    if isinstance(meta, type):
        meta = _calculate_meta(meta, bases)
    if hasattr(meta, '__prepare__'):
        ns = meta.__prepare__(name, bases, **kwds)
    else:
        ns = {}
    return meta, ns, kwds


def new_class(name, bases=(), kwds=None, exec_body=None):
    resolved = resolve_bases(bases)
    meta, ns, kwds = prepare_class(name, resolved, kwds)
    if exec_body is not None:
        exec_body(ns)
    if resolved is not bases:
        ns['__orig_bases__'] = bases
    return meta(name, resolved, ns, **kwds)


class DynamicClassAttribute(property):
    pass


def _alias_repr(a):
    if a is ...:
        return '...'
    if isinstance(a, type):
        if a.__module__ == 'builtins':
            return a.__qualname__
        return '%s.%s' % (a.__module__, a.__qualname__)
    return repr(a)


class GenericAlias:
    # list[int], dict[str, int] ...: CPython's types.GenericAlias.
    def __init__(self, origin, args):
        self.__origin__ = origin
        self.__args__ = args if isinstance(args, tuple) else (args,)
        self.__parameters__ = ()

    def __repr__(self):
        if not self.__args__:
            return '%s[()]' % _alias_repr(self.__origin__)
        return '%s[%s]' % (_alias_repr(self.__origin__), ', '.join(_alias_repr(a) for a in self.__args__))

    def __eq__(self, other):
        if not isinstance(other, GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __getattr__(self, name):
        if name.startswith('__') and name.endswith('__'):
            raise AttributeError(name)
        return getattr(self.__origin__, name)

    def __or__(self, other):
        import _amber_union
        return _amber_union._union(self, other)

    def __ror__(self, other):
        import _amber_union
        return _amber_union._union(other, self)

    def __instancecheck__(self, obj):
        raise TypeError('isinstance() argument 2 cannot be a parameterized generic')

    def __subclasscheck__(self, cls):
        raise TypeError('issubclass() argument 2 cannot be a parameterized generic')


class _GeneratorWrapper:
    # What a types.coroutine function returns: its generator, made
    # awaitable (await delegates to the generator, like yield from).
    def __init__(self, gen):
        self.__wrapped = gen
        self.__name__ = getattr(gen, '__name__', None)
        self.__qualname__ = getattr(gen, '__qualname__', None)

    def send(self, val):
        return self.__wrapped.send(val)

    def throw(self, *args):
        return self.__wrapped.throw(*args)

    def close(self):
        return self.__wrapped.close()

    @property
    def gi_frame(self):
        return self.__wrapped.gi_frame

    @property
    def gi_running(self):
        return self.__wrapped.gi_running

    @property
    def gi_code(self):
        return self.__wrapped.gi_code

    cr_frame = gi_frame
    cr_running = gi_running
    cr_code = gi_code

    def __next__(self):
        return next(self.__wrapped)

    def __iter__(self):
        return self.__wrapped

    __await__ = __iter__


def coroutine(func):
    # Turns a generator function into one whose generators can be awaited.
    if not callable(func):
        raise TypeError('types.coroutine() expects a callable')

    def wrapped(*args, **kwargs):
        coro = func(*args, **kwargs)
        if isinstance(coro, (CoroutineType, _GeneratorWrapper)):
            return coro
        if isinstance(coro, GeneratorType):
            return _GeneratorWrapper(coro)
        return coro

    for attr in ('__module__', '__name__', '__qualname__', '__doc__'):
        try:
            setattr(wrapped, attr, getattr(func, attr))
        except AttributeError:
            pass
    wrapped.__wrapped__ = func
    return wrapped
