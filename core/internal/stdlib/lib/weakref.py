
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
