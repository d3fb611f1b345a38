
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
