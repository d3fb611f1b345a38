
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
        except BaseException as exc:
            # The generator stopping swallows the exception; raising it
            # again, or another, lets it through.
            if exc is not value and not isinstance(exc, StopIteration):
                raise
            return exc is not value
        raise RuntimeError("generator didn't stop after throw()")

def _manager_factory(manager, func):
    # What @contextmanager and @asynccontextmanager return: func's stand-in
    # that wraps each call's generator in manager.
    def helper(*args, **kwds):
        return manager(func, args, kwds)
    helper.__name__ = func.__name__
    helper.__qualname__ = func.__qualname__
    helper.__doc__ = func.__doc__
    helper.__wrapped__ = func
    return helper


def contextmanager(func):
    return _manager_factory(_GeneratorContextManager, func)

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
        except BaseException as exc:
            if exc is not value and not isinstance(exc, StopAsyncIteration):
                raise
            return exc is not value
        raise RuntimeError("generator didn't stop after athrow()")


def asynccontextmanager(func):
    return _manager_factory(_AsyncGeneratorContextManager, func)


class aclosing:
    def __init__(self, thing):
        self.thing = thing

    async def __aenter__(self):
        return self.thing

    async def __aexit__(self, *exc_info):
        await self.thing.aclose()


class _Unwinding:
    # An exit stack's way through its callbacks, last pushed first: each is
    # told of the exception still in flight, which one may suppress by
    # returning true or replace by raising.
    def __init__(self, exc_details):
        self.exc_details = exc_details
        self.received = exc_details[0] is not None
        self.suppressed = False
        self.pending = None

    def returned(self, result):
        if result:
            self.suppressed = True
            self.exc_details = (None, None, None)
            self.pending = None

    def raised(self, e):
        self.exc_details = (type(e), e, None)
        self.pending = e


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
        u = _Unwinding(exc_details)
        while self._callbacks:
            is_async, cb = self._callbacks.pop()
            try:
                u.returned(await cb(*u.exc_details) if is_async else cb(*u.exc_details))
            except BaseException as e:
                u.raised(e)
        if u.pending is not None:
            raise u.pending
        return u.received and u.suppressed


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
        u = _Unwinding(exc_details)
        while self._callbacks:
            cb = self._callbacks.pop()
            try:
                u.returned(cb(*u.exc_details))
            except BaseException as e:
                u.raised(e)
        if u.pending is not None:
            raise u.pending
        return u.received and u.suppressed
