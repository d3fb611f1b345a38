# copy, in Python: shallow and deep copies of builtin containers and of
# instances (their __dict__, __slots__, builtin base data and
# __getstate__/__setstate__), with __copy__/__deepcopy__ hooks and a memo
# that makes cycles and shared references come out right.
class Error(Exception):
    pass


error = Error

__all__ = ['Error', 'copy', 'deepcopy']

_atomic = frozenset([type(None), int, float, bool, complex, str, bytes, type,
                     range, type(len), type(lambda: 0), type(Ellipsis),
                     type(NotImplemented), property, slice, type(__import__('sys'))])
_nil = object()


def _new_like(x, cls, memo):
    if isinstance(x, tuple):
        getnewargs = getattr(x, '__getnewargs__', None)
        args = getnewargs() if getnewargs is not None else (x,)
        if memo is not None:
            args = deepcopy(args, memo)
        if getnewargs is not None:
            return cls.__new__(cls, *args)
        return tuple.__new__(cls, *args)
    return cls.__new__(cls)


def _state(x):
    getstate = getattr(x, '__getstate__', None)
    if getstate is not None:
        try:
            return getstate(), True
        except TypeError:
            pass
    state = {}
    d = getattr(x, '__dict__', None)
    if d is not None:
        state = d
    slots = {}
    for k in type(x).__mro__:
        for name in vars(k).get('__slots__', ()):
            if isinstance(name, str) and name not in ('__dict__', '__weakref__') and hasattr(x, name):
                slots[name] = getattr(x, name)
    if slots:
        return (state, slots), False
    return state, False


def _set_state(y, state, custom):
    setstate = getattr(y, '__setstate__', None)
    if custom and setstate is not None:
        setstate(state)
        return
    slots = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slots = state
    if state:
        y.__dict__.update(state)
    if slots:
        for k, v in slots.items():
            object.__setattr__(y, k, v)


def _reconstruct(x, cls, memo):
    deep = memo is not None
    y = _new_like(x, cls, memo)
    if deep:
        memo[id(x)] = y
    if isinstance(x, list):
        list.extend(y, [deepcopy(v, memo) for v in x] if deep else x)
    elif isinstance(x, dict):
        if deep:
            for k, v in dict.items(x):
                dict.__setitem__(y, deepcopy(k, memo), deepcopy(v, memo))
        else:
            dict.update(y, x)
    elif isinstance(x, set):
        set.update(y, [deepcopy(v, memo) for v in x] if deep else x)
    state, custom = _state(x)
    if deep:
        state = deepcopy(state, memo)
    elif isinstance(state, dict) and not custom:
        state = dict(state)
    _set_state(y, state, custom)
    return y


def copy(x):
    cls = type(x)
    if cls in _atomic or cls is tuple or cls is frozenset:
        return x
    if cls is list:
        return x[:]
    if cls is dict or cls is set or cls is bytearray:
        return x.copy()
    copier = getattr(cls, '__copy__', None)
    if copier is not None:
        return copier(x)
    if isinstance(x, type) or callable(x) and not hasattr(x, '__dict__'):
        return x
    if issubclass(cls, BaseException):
        y = cls.__new__(cls, *x.args)
        y.__dict__.update(x.__dict__)
        return y
    return _reconstruct(x, cls, None)


def _keep_alive(x, memo):
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def deepcopy(x, memo=None, _nil=_nil):
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _atomic or isinstance(x, type):
        return x
    if cls is list:
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is tuple:
        items = [deepcopy(a, memo) for a in x]
        if d in memo:
            return memo[d]
        for k, j in zip(x, items):
            if k is not j:
                y = tuple(items)
                break
        else:
            y = x
    elif cls is set:
        y = set()
        memo[d] = y
        for a in x:
            y.add(deepcopy(a, memo))
    elif cls is frozenset:
        y = frozenset(deepcopy(a, memo) for a in x)
    elif cls is bytearray:
        y = bytearray(x)
    else:
        copier = getattr(x, '__deepcopy__', None)
        if copier is not None and not isinstance(x, type):
            y = copier(memo)
        elif callable(x) and not hasattr(x, '__dict__'):
            return x
        elif isinstance(x, BaseException):
            y = cls.__new__(cls, *deepcopy(x.args, memo))
            y.__dict__.update(deepcopy(x.__dict__, memo))
        else:
            y = _reconstruct(x, cls, memo)
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y
