# Weak references. ref() does not keep its object alive: once the
# collector frees the object (gc.collect(), or a collection the memory
# limit makes), ref() returns None and the callback runs, from the next
# gc.collect() call. finalize is built on ref. The Weak* containers are
# still ordinary containers: they keep their items alive.
import _amber_weak
import itertools as _itertools

_order = _itertools.count()


class ReferenceType:
    __slots__ = ('_cell', '_n', '_hash', '__callback__')

    def __init__(self, obj, callback=None, /):
        self.__callback__ = callback
        self._hash = None
        # Callbacks of the references to one object run newest first.
        self._n = next(_order)
        self._cell = _amber_weak.ref(obj, None if callback is None else (self, callback))

    def __call__(self):
        return _amber_weak.get(self._cell)

    def __eq__(self, other):
        if not isinstance(other, ref):
            return NotImplemented
        a, b = self(), other()
        if a is None or b is None:
            return self is other
        return a == b

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        if self._hash is None:
            obj = self()
            if obj is None:
                raise TypeError('weak object has gone away')
            self._hash = hash(obj)
        return self._hash

    def __repr__(self):
        obj = self()
        if obj is None:
            return '<weakref at %#x; dead>' % id(self)
        return "<weakref at %#x; to '%s' at %#x>" % (id(self), type(obj).__name__, id(obj))


ref = ReferenceType


def _run_callbacks():
    # Called by gc.collect(): the callbacks of the references the
    # collection cleared, newest reference first; an exception in one is
    # reported and the next runs.
    import sys
    pending = _amber_weak.dead()
    pending.sort(key=lambda p: p[0]._n, reverse=True)
    for r, callback in pending:
        try:
            callback(r)
        except Exception:
            import traceback
            sys.stderr.write('Exception ignored in: %r\n' % (callback,))
            traceback.print_exc()


def proxy(obj, callback=None):
    return obj


def getweakrefcount(obj):
    return 0


def getweakrefs(obj):
    return []


class WeakMethod(ref):
    __slots__ = ('_func',)

    def __init__(self, meth, callback=None, /):
        try:
            obj, func = meth.__self__, meth.__func__
        except AttributeError:
            raise TypeError('argument should be a bound method, not %s' % type(meth).__name__) from None
        ref.__init__(self, obj, callback)
        self._func = func

    def __call__(self):
        obj = ref.__call__(self)
        if obj is None:
            return None
        return self._func.__get__(obj, type(obj))


class WeakValueDictionary(dict):
    pass


class WeakKeyDictionary(dict):
    pass


class WeakSet(set):
    pass


class finalize:
    # Calls func(*args, **kwargs) once obj is collected, or when called,
    # whichever comes first. The registry keeps a finalize alive while
    # its object is.
    _registry = {}

    def __init__(self, obj, func, /, *args, **kwargs):
        self._ref = ref(obj, self._fire)
        self._func, self._args, self._kwargs = func, args, kwargs or None
        self.atexit = True
        finalize._registry[self] = None

    def _fire(self, _):
        self()

    def __call__(self, _=None):
        if finalize._registry.pop(self, False) is None:
            return self._func(*self._args, **(self._kwargs or {}))

    def detach(self):
        obj = self._ref()
        if obj is not None and finalize._registry.pop(self, False) is None:
            return (obj, self._func, self._args, self._kwargs or {})

    def peek(self):
        obj = self._ref()
        if obj is not None and self in finalize._registry:
            return (obj, self._func, self._args, self._kwargs or {})

    @property
    def alive(self):
        return self in finalize._registry

    def __repr__(self):
        obj = self._ref()
        if obj is None:
            return '<finalize object at %#x; dead>' % id(self)
        return "<finalize object at %#x; for '%s' at %#x>" % (id(self), type(obj).__name__, id(obj))
