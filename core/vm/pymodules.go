package vm

import (
	"github.com/amber-sandbox/amber/core/compile"
	"github.com/amber-sandbox/amber/core/heap"
	"github.com/amber-sandbox/amber/core/syntax"
)

// RegisterPythonModule makes a module importable whose body is Python
// source run in the sandbox itself, so it pauses and persists like user code.
func RegisterPythonModule(name, src string) {
	RegisterModule(name, func(vm *VM, m Value) error {
		mod, err := syntax.Parse(name+".py", []byte(src))
		if err != nil {
			return vm.Errorf(TSystemError, "module %s: %v", name, err)
		}
		code, err := compile.Compile(mod, name+".py", []byte(src), compile.Options{})
		if err != nil {
			return vm.Errorf(TSystemError, "module %s: %v", name, err)
		}
		cv := vm.LoadCode(code)
		co := vm.H.Get(cv).(*heap.CodeObj)
		f := &heap.Frame{Code: cv, C: co, Func: heap.Undef, Globals: vm.ModuleDict(m), Locals: heap.Undef, Gen: heap.Undef, Ret: heap.RetNested}
		f.Slots = make([]Value, len(code.Varnames)+code.NumCells()+code.StackSize+4)
		f.SP = int32(len(code.Varnames) + code.NumCells())
		depth := len(vm.frames)
		if err := vm.pushFrame(f); err != nil {
			return err
		}
		vm.nested++
		_, err = vm.run(depth)
		vm.nested--
		return err
	})
}

func init() {
	RegisterPythonModule("functools", functoolsSrc)
	RegisterPythonModule("contextlib", contextlibSrc)
}

const functoolsSrc = `
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

def total_ordering(cls):
    roots = {op for op in ('__lt__', '__le__', '__gt__', '__ge__') if getattr(cls, op, None) is not getattr(object, op, None)}
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    if '__lt__' in roots:
        if '__gt__' not in roots:
            cls.__gt__ = lambda self, other: _not_impl_or(other, self, '__lt__', lambda r, e: r)
        if '__le__' not in roots:
            cls.__le__ = lambda self, other: _flip(self.__lt__(other), self == other, True)
        if '__ge__' not in roots:
            cls.__ge__ = lambda self, other: _flip(self.__lt__(other), None, False)
    elif '__le__' in roots:
        if '__ge__' not in roots:
            cls.__ge__ = lambda self, other: _not_impl_or(other, self, '__le__', lambda r, e: r)
        if '__lt__' not in roots:
            cls.__lt__ = lambda self, other: _and_ne(self.__le__(other), self, other)
        if '__gt__' not in roots:
            cls.__gt__ = lambda self, other: _neg(self.__le__(other))
    elif '__gt__' in roots:
        if '__lt__' not in roots:
            cls.__lt__ = lambda self, other: _not_impl_or(other, self, '__gt__', lambda r, e: r)
        if '__ge__' not in roots:
            cls.__ge__ = lambda self, other: _or_eq(self.__gt__(other), self, other)
        if '__le__' not in roots:
            cls.__le__ = lambda self, other: _neg(self.__gt__(other))
    else:
        if '__le__' not in roots:
            cls.__le__ = lambda self, other: _not_impl_or(other, self, '__ge__', lambda r, e: r)
        if '__gt__' not in roots:
            cls.__gt__ = lambda self, other: _and_ne(self.__ge__(other), self, other)
        if '__lt__' not in roots:
            cls.__lt__ = lambda self, other: _neg(self.__ge__(other))
    return cls

def _not_impl_or(a, b, op, f):
    r = getattr(a, op)(b)
    return r

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
`

const contextlibSrc = `
class _GeneratorContextManager:
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds

    def __enter__(self):
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            else:
                raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            return exc is not value
        except BaseException as exc:
            if exc is value:
                return False
            raise
        raise RuntimeError("generator didn't stop after throw()")

def contextmanager(func):
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    helper.__name__ = func.__name__
    helper.__qualname__ = func.__qualname__
    helper.__doc__ = func.__doc__
    helper.__wrapped__ = func
    return helper

class suppress:
    def __init__(self, *exceptions):
        self._exceptions = exceptions
    def __enter__(self):
        pass
    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)

class _AsyncGeneratorContextManager:
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)

    async def __aenter__(self):
        try:
            return await self.gen.__anext__()
        except StopAsyncIteration:
            raise RuntimeError("generator didn't yield") from None

    async def __aexit__(self, typ, value, traceback):
        if typ is None:
            try:
                await self.gen.__anext__()
            except StopAsyncIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            await self.gen.athrow(value)
        except StopAsyncIteration as exc:
            return exc is not value
        except BaseException as exc:
            if exc is value:
                return False
            raise
        raise RuntimeError("generator didn't stop after athrow()")


def asynccontextmanager(func):
    def helper(*args, **kwds):
        return _AsyncGeneratorContextManager(func, args, kwds)
    helper.__name__ = func.__name__
    helper.__qualname__ = func.__qualname__
    helper.__doc__ = func.__doc__
    helper.__wrapped__ = func
    return helper


class aclosing:
    def __init__(self, thing):
        self.thing = thing

    async def __aenter__(self):
        return self.thing

    async def __aexit__(self, *exc_info):
        await self.thing.aclose()


class AsyncExitStack:
    def __init__(self):
        self._callbacks = []

    async def __aenter__(self):
        return self

    def enter_context(self, cm):
        result = cm.__enter__()
        self._callbacks.append((False, cm.__exit__))
        return result

    async def enter_async_context(self, cm):
        result = await cm.__aenter__()
        self._callbacks.append((True, cm.__aexit__))
        return result

    def push_async_callback(self, fn, /, *args, **kwds):
        async def cb(*exc):
            await fn(*args, **kwds)
        self._callbacks.append((True, cb))
        return fn

    def callback(self, fn, /, *args, **kwds):
        def cb(*exc):
            fn(*args, **kwds)
        self._callbacks.append((False, cb))
        return fn

    async def aclose(self):
        await self.__aexit__(None, None, None)

    async def __aexit__(self, *exc_details):
        received = exc_details[0] is not None
        suppressed = False
        pending = None
        while self._callbacks:
            is_async, cb = self._callbacks.pop()
            try:
                r = await cb(*exc_details) if is_async else cb(*exc_details)
                if r:
                    suppressed = True
                    exc_details = (None, None, None)
            except BaseException as e:
                exc_details = (type(e), e, None)
                pending = e
        if pending is not None:
            raise pending
        return received and suppressed


class _RedirectStream:
    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._old_targets = []

    def __enter__(self):
        import sys
        self._old_targets.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        import sys
        setattr(sys, self._stream, self._old_targets.pop())


class redirect_stdout(_RedirectStream):
    _stream = "stdout"


class redirect_stderr(_RedirectStream):
    _stream = "stderr"


class nullcontext:
    def __init__(self, enter_result=None):
        self.enter_result = enter_result
    def __enter__(self):
        return self.enter_result
    def __exit__(self, *excinfo):
        pass

class closing:
    def __init__(self, thing):
        self.thing = thing
    def __enter__(self):
        return self.thing
    def __exit__(self, *exc_info):
        self.thing.close()

class ExitStack:
    def __init__(self):
        self._callbacks = []
    def __enter__(self):
        return self
    def enter_context(self, cm):
        result = cm.__enter__()
        self._callbacks.append(cm.__exit__)
        return result
    def callback(self, fn, /, *args, **kwds):
        self._callbacks.append(lambda *exc: fn(*args, **kwds))
        return fn
    def push(self, exit):
        self._callbacks.append(exit)
        return exit
    def close(self):
        self.__exit__(None, None, None)
    def __exit__(self, *exc_details):
        received = exc_details[0] is not None
        suppressed = False
        pending = None
        while self._callbacks:
            cb = self._callbacks.pop()
            try:
                if cb(*exc_details):
                    suppressed = True
                    exc_details = (None, None, None)
            except BaseException as e:
                exc_details = (type(e), e, None)
                pending = e
        if pending is not None:
            raise pending
        return received and suppressed
`
