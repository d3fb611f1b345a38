
WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__')

def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=('__dict__',)):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        try:
            getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
        except AttributeError:
            pass
    wrapper.__wrapped__ = wrapped
    return wrapper

def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=('__dict__',)):
    def decorator(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)
    return decorator

_initial_missing = object()

def reduce(function, sequence, initial=_initial_missing):
    it = iter(sequence)
    if initial is _initial_missing:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError("reduce() of empty iterable with no initial value") from None
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value

class partial:
    def __init__(self, func, /, *args, **keywords):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if isinstance(func, partial):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, /, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend(f"{k}={v!r}" for (k, v) in self.keywords.items())
        return f"functools.partial({', '.join(parts)})"

class _CacheInfo(tuple):
    def __new__(cls, hits, misses, maxsize, currsize):
        return tuple.__new__(cls, (hits, misses, maxsize, currsize))
    hits = property(lambda self: self[0])
    misses = property(lambda self: self[1])
    maxsize = property(lambda self: self[2])
    currsize = property(lambda self: self[3])
    def __repr__(self):
        return f"CacheInfo(hits={self[0]}, misses={self[1]}, maxsize={self[2]}, currsize={self[3]})"

def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key += (_kwd_mark,)
        for item in kwds.items():
            key += item
    if typed:
        key += tuple(type(v) for v in args)
        if kwds:
            key += tuple(type(v) for v in kwds.values())
    elif len(key) == 1 and type(key[0]) in (int, str):
        return key[0]
    return key

_kwd_mark = (object(),)

def lru_cache(maxsize=128, typed=False):
    if callable(maxsize) and isinstance(typed, bool):
        user_function, maxsize = maxsize, 128
        return _lru_wrapper(user_function, maxsize, typed)
    if maxsize is not None and not isinstance(maxsize, int):
        raise TypeError('Expected first argument to be an integer, a callable, or None')
    def decorating_function(user_function):
        return _lru_wrapper(user_function, maxsize, typed)
    return decorating_function

def _lru_wrapper(user_function, maxsize, typed):
    cache = {}
    stats = [0, 0]
    def wrapper(*args, **kwds):
        key = _make_key(args, kwds, typed)
        if key in cache:
            stats[0] += 1
            value = cache.pop(key)
            cache[key] = value
            return value
        stats[1] += 1
        result = user_function(*args, **kwds)
        if maxsize is None or maxsize > 0:
            cache[key] = result
            if maxsize is not None and len(cache) > maxsize:
                del cache[next(iter(cache))]
        return result
    def cache_info():
        return _CacheInfo(stats[0], stats[1], maxsize, len(cache))
    def cache_clear():
        cache.clear()
        stats[0] = stats[1] = 0
    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    update_wrapper(wrapper, user_function)
    return wrapper

def cache(user_function):
    return lru_cache(maxsize=None)(user_function)

def cmp_to_key(mycmp):
    class K(object):
        __slots__ = ['obj']
        def __init__(self, obj):
            self.obj = obj
        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0
        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0
        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0
        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0
        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0
        __hash__ = None
    return K

# total_ordering: for the first root a class defines (in this order), how
# to make each other comparison from it.
_FROM_ROOT = {
    '__lt__': {'__gt__': lambda self, other: _reflected(other, self, '__lt__'),
               '__le__': lambda self, other: _flip(self.__lt__(other), self == other, True),
               '__ge__': lambda self, other: _flip(self.__lt__(other), None, False)},
    '__le__': {'__ge__': lambda self, other: _reflected(other, self, '__le__'),
               '__lt__': lambda self, other: _and_ne(self.__le__(other), self, other),
               '__gt__': lambda self, other: _neg(self.__le__(other))},
    '__gt__': {'__lt__': lambda self, other: _reflected(other, self, '__gt__'),
               '__ge__': lambda self, other: _or_eq(self.__gt__(other), self, other),
               '__le__': lambda self, other: _neg(self.__gt__(other))},
    '__ge__': {'__le__': lambda self, other: _reflected(other, self, '__ge__'),
               '__gt__': lambda self, other: _and_ne(self.__ge__(other), self, other),
               '__lt__': lambda self, other: _neg(self.__ge__(other))},
}


def total_ordering(cls):
    roots = [op for op in _FROM_ROOT if getattr(cls, op, None) is not getattr(object, op, None)]
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    for op, method in _FROM_ROOT[roots[0]].items():
        if op not in roots:
            setattr(cls, op, method)
    return cls

def _reflected(a, b, op):
    return getattr(a, op)(b)

def _flip(lt, eq, want_le):
    if lt is NotImplemented:
        return NotImplemented
    if want_le:
        return lt or eq
    return not lt

def _neg(r):
    if r is NotImplemented:
        return NotImplemented
    return not r

def _and_ne(r, a, b):
    if r is NotImplemented:
        return NotImplemented
    return r and a != b

def _or_eq(r, a, b):
    if r is NotImplemented:
        return NotImplemented
    return r or a == b

class cached_property:
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__
    def __set_name__(self, owner, name):
        self.attrname = name
    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        val = self.func(instance)
        instance.__dict__[self.attrname] = val
        return val
