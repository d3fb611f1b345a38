# asyncio: futures, tasks, a virtual-time event
# loop and the common helpers, in sandboxed Python.
import _amber_async as _host
import contextvars as _contextvars

class CancelledError(BaseException):
    pass

class InvalidStateError(Exception):
    pass

TimeoutError = TimeoutError

_PENDING = 'PENDING'
_CANCELLED = 'CANCELLED'
_FINISHED = 'FINISHED'

_running_loop = None
_current_task = None
_host_waiting = {}
_task_counter = [0]


def iscoroutine(obj):
    return _host.iscoroutine(obj)


def iscoroutinefunction(func):
    return _host.iscoroutinefunction(func)


def _get_loop():
    if _running_loop is None:
        raise RuntimeError('no running event loop')
    return _running_loop


def get_running_loop():
    return _get_loop()


_event_loop = [None]


def get_event_loop():
    if _running_loop is not None:
        return _running_loop
    if _event_loop[0] is None or _event_loop[0]._closed:
        _event_loop[0] = _Loop()
    return _event_loop[0]


def new_event_loop():
    return _Loop()


def set_event_loop(loop):
    _event_loop[0] = loop


def current_task(loop=None):
    return _current_task


def all_tasks(loop=None):
    loop = _get_loop()
    return {t for t in loop._tasks if not t.done()}


class Handle:
    def __init__(self, fn, args):
        self._fn = fn
        self._args = args
        self._cancelled = False

    def cancel(self):
        self._cancelled = True

    def cancelled(self):
        return self._cancelled


class TimerHandle(Handle):
    def __init__(self, when, fn, args):
        Handle.__init__(self, fn, args)
        self._when = when

    def when(self):
        return self._when


class Future:
    _asyncio_future_blocking = False

    def __init__(self, *, loop=None):
        self._state = _PENDING
        self._result = None
        self._exception = None
        self._callbacks = []
        self._cancel_message = None

    def done(self):
        return self._state != _PENDING

    def cancelled(self):
        return self._state == _CANCELLED

    def _cancelled_error(self):
        if self._cancel_message is None:
            return CancelledError()
        return CancelledError(self._cancel_message)

    def result(self):
        if self._state == _CANCELLED:
            raise self._cancelled_error()
        if self._state == _PENDING:
            raise InvalidStateError('Result is not ready.')
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self):
        if self._state == _CANCELLED:
            raise self._cancelled_error()
        if self._state == _PENDING:
            raise InvalidStateError('Exception is not set.')
        return self._exception

    def set_result(self, result):
        if self._state != _PENDING:
            raise InvalidStateError('invalid state')
        self._result = result
        self._state = _FINISHED
        self._schedule_callbacks()

    def set_exception(self, exception):
        if self._state != _PENDING:
            raise InvalidStateError('invalid state')
        if isinstance(exception, type):
            exception = exception()
        if isinstance(exception, StopIteration):
            raise TypeError('StopIteration interacts badly with generators and cannot be raised into a Future')
        self._exception = exception
        self._state = _FINISHED
        self._schedule_callbacks()

    def cancel(self, msg=None):
        if self._state != _PENDING:
            return False
        self._state = _CANCELLED
        self._cancel_message = msg
        self._schedule_callbacks()
        return True

    def add_done_callback(self, fn, *, context=None):
        if self._state != _PENDING:
            _get_loop().call_soon(fn, self)
        else:
            self._callbacks.append(fn)

    def remove_done_callback(self, fn):
        n = len(self._callbacks)
        self._callbacks = [cb for cb in self._callbacks if cb != fn]
        return n - len(self._callbacks)

    def _schedule_callbacks(self):
        callbacks = self._callbacks
        self._callbacks = []
        if not callbacks:
            return
        loop = _get_loop()
        for cb in callbacks:
            loop.call_soon(cb, self)

    def __await__(self):
        if not self.done():
            yield self
        if not self.done():
            raise RuntimeError("await wasn't used with future")
        return self.result()

    __iter__ = __await__

    def __repr__(self):
        state = self._state.lower()
        if self._state == _FINISHED:
            if self._exception is not None:
                return '<Future finished exception=' + repr(self._exception) + '>'
            return '<Future finished result=' + repr(self._result) + '>'
        return '<Future ' + state + '>'


class _HostFuture(Future):
    def __init__(self, call_id):
        Future.__init__(self)
        self.call_id = call_id

    def __repr__(self):
        return '<host future ' + str(self.call_id) + ' ' + self._state.lower() + '>'


def _done_future(result):
    fut = Future()
    fut._result = result
    fut._state = _FINISHED
    return fut


def _host_future(call_id):
    fut = _HostFuture(call_id)
    _host_waiting[call_id] = fut
    return fut


class Task(Future):
    def __init__(self, coro, *, loop=None, name=None, context=None):
        Future.__init__(self)
        if not iscoroutine(coro):
            raise TypeError('a coroutine was expected, got ' + repr(coro))
        if loop is None:
            loop = get_event_loop()
        self._loop = loop
        self._coro = coro
        self._context = _contextvars.copy_context() if context is None else context
        self._fut_waiter = None
        self._must_cancel = False
        self._num_cancels_requested = 0
        _task_counter[0] += 1
        if name is None:
            name = 'Task-' + str(_task_counter[0])
        self._name = str(name)
        if len(loop._tasks) >= loop._prune_at:
            # Drop finished tasks now and then so a long run that creates
            # many tasks does not keep them all alive.
            loop._tasks = [t for t in loop._tasks if not t.done()]
            loop._prune_at = 2 * len(loop._tasks) + 64
        loop._tasks.append(self)
        loop.call_soon(self._step, None)

    def _cancelled_error(self):
        exc = getattr(self, '_cancelled_exc', None)
        if exc is not None:
            return exc
        return Future._cancelled_error(self)

    def get_name(self):
        return self._name

    def set_name(self, value):
        self._name = str(value)

    def get_coro(self):
        return self._coro

    def __repr__(self):
        return '<Task ' + self._state.lower() + ' name=' + repr(self._name) + '>'

    def cancelling(self):
        return self._num_cancels_requested

    def uncancel(self):
        if self._num_cancels_requested > 0:
            self._num_cancels_requested -= 1
        return self._num_cancels_requested

    def cancel(self, msg=None):
        if self.done():
            return False
        self._num_cancels_requested += 1
        if self._fut_waiter is not None:
            if self._fut_waiter.cancel(msg):
                return True
        self._must_cancel = True
        self._cancel_message = msg
        return True

    def _step(self, exc):
        global _current_task
        if self.done():
            return
        if self._must_cancel:
            if not isinstance(exc, CancelledError):
                exc = self._cancelled_error()
            self._must_cancel = False
        self._fut_waiter = None
        prev = _current_task
        _current_task = self
        try:
            if exc is None:
                r = self._context.run(self._coro.send, None)
            else:
                r = self._context.run(self._coro.throw, exc)
        except StopIteration as e:
            if self._must_cancel:
                self._must_cancel = False
                Future.cancel(self, self._cancel_message)
            else:
                Future.set_result(self, e.value)
        except CancelledError as e:
            self._cancelled_exc = e
            Future.cancel(self, self._cancel_message)
        except BaseException as e:
            Future.set_exception(self, e)
        else:
            loop = self._loop
            if r is None:
                loop.call_soon(self._step, None)
            elif isinstance(r, Future):
                if r is self:
                    loop.call_soon(self._step, RuntimeError('Task cannot await on itself: ' + repr(self)))
                else:
                    self._fut_waiter = r
                    r.add_done_callback(self._wakeup)
                    if self._must_cancel:
                        if r.cancel(self._cancel_message):
                            self._must_cancel = False
            else:
                loop.call_soon(self._step, RuntimeError('Task got bad yield: ' + repr(r)))
        finally:
            _current_task = prev

    def _wakeup(self, fut):
        self._step(None)


class _Loop:
    def __init__(self):
        self._ready = []
        self._timers = []
        self._time = 0.0
        self._tasks = []
        self._prune_at = 64
        self._closed = False

    def time(self):
        return self._time

    def call_soon(self, fn, *args, context=None):
        h = Handle(fn, args)
        self._ready.append(h)
        return h

    def call_later(self, delay, fn, *args, context=None):
        return self.call_at(self._time + delay, fn, *args)

    def call_at(self, when, fn, *args, context=None):
        h = TimerHandle(when, fn, args)
        timers = self._timers
        i = len(timers)
        while i > 0 and timers[i - 1]._when > when:
            i -= 1
        timers.insert(i, h)
        return h

    def create_future(self):
        return Future()

    def create_task(self, coro, *, name=None, context=None):
        return Task(coro, loop=self, name=name, context=context)

    def is_running(self):
        return _running_loop is self

    def is_closed(self):
        return self._closed

    def close(self):
        if _running_loop is self:
            raise RuntimeError('Cannot close a running event loop')
        self._closed = True
        self._ready = []
        self._timers = []

    def _run_once(self):
        timers = self._timers
        while timers and timers[0]._cancelled:
            timers.pop(0)
        if not self._ready:
            for call_id in [k for k in _host_waiting if _host_waiting[k].done()]:
                del _host_waiting[call_id]
            if _host_waiting:
                # Host calls are outstanding: wait for the host before
                # virtual time moves, so a timeout or a sleeping task never
                # overtakes a host call the program is waiting for.
                self._wait_host()
                return
            if timers:
                if timers[0]._when > self._time:
                    self._time = timers[0]._when
            else:
                raise RuntimeError('event loop stalled: every task is waiting and nothing can wake it')
        while timers and timers[0]._when <= self._time:
            h = timers.pop(0)
            if not h._cancelled:
                self._ready.append(h)
        todo = self._ready
        self._ready = []
        for h in todo:
            if not h._cancelled:
                h._fn(*h._args)

    def _wait_host(self):
        results = _host.wait(list(_host_waiting))
        for call_id, ok, value in results:
            fut = _host_waiting.pop(call_id, None)
            if fut is None or fut.done():
                continue
            if ok:
                fut.set_result(value)
            else:
                fut.set_exception(value)

    def run_until_complete(self, fut):
        global _running_loop
        if self._closed:
            raise RuntimeError('Event loop is closed')
        if _running_loop is not None:
            raise RuntimeError('Cannot run the event loop while another loop is running')
        _running_loop = self
        try:
            if isinstance(fut, Future):
                pass
            elif iscoroutine(fut):
                fut = Task(fut, loop=self)
            else:
                fut = ensure_future(fut)
            while not fut.done():
                self._run_once()
            return fut.result()
        finally:
            _running_loop = None


def run(main, *, debug=None):
    global _running_loop
    if _running_loop is not None:
        raise RuntimeError('asyncio.run() cannot be called from a running event loop')
    if not iscoroutine(main):
        raise ValueError('a coroutine was expected, got ' + repr(main))
    loop = _Loop()
    _running_loop = loop
    try:
        task = Task(main)
        while not task.done():
            loop._run_once()
        rest = [t for t in loop._tasks if not t.done()]
        if rest:
            for t in rest:
                t.cancel()
            while [t for t in rest if not t.done()]:
                loop._run_once()
        return task.result()
    finally:
        _running_loop = None


def ensure_future(obj, *, loop=None):
    if isinstance(obj, Future):
        return obj
    if iscoroutine(obj):
        return Task(obj)
    if hasattr(obj, '__await__'):
        async def _wrap():
            return await obj
        return Task(_wrap())
    raise TypeError('An asyncio.Future, a coroutine or an awaitable is required')


def create_task(coro, *, name=None, context=None):
    return Task(coro, loop=_get_loop(), name=name, context=context)


class _Sleep0:
    def __await__(self):
        yield


def _settle(fut, result):
    if not fut.done():
        fut.set_result(result)


async def sleep(delay, result=None):
    if delay <= 0:
        await _Sleep0()
        return result
    loop = _get_loop()
    fut = Future()
    h = loop.call_later(delay, _settle, fut, result)
    try:
        return await fut
    finally:
        h.cancel()


class _GatheringFuture(Future):
    def __init__(self, children):
        Future.__init__(self)
        self._children = children
        self._cancel_requested = False

    def cancel(self, msg=None):
        if self.done():
            return False
        ret = False
        for child in self._children:
            if child.cancel(msg):
                ret = True
        if ret:
            self._cancel_requested = True
        return ret


def gather(*aws, return_exceptions=False):
    if not aws:
        outer = Future()
        outer.set_result([])
        return outer
    children = [ensure_future(a) for a in aws]
    outer = _GatheringFuture(children)
    count = [0]
    n = len(children)

    def child_done(fut):
        count[0] += 1
        if outer.done():
            return
        if not return_exceptions:
            if fut.cancelled():
                outer.set_exception(fut._cancelled_error())
                return
            if fut._exception is not None:
                outer.set_exception(fut._exception)
                return
        if count[0] == n:
            results = []
            for f in children:
                if f.cancelled():
                    results.append(f._cancelled_error())
                elif f._exception is not None:
                    results.append(f._exception)
                else:
                    results.append(f._result)
            if outer._cancel_requested:
                outer.set_exception(fut._cancelled_error())
            else:
                outer.set_result(results)

    for f in children:
        f.add_done_callback(child_done)
    return outer


async def wait_for(aw, timeout):
    fut = ensure_future(aw)
    if timeout is None:
        return await fut
    loop = _get_loop()
    waiter = Future()

    def on_done(f):
        _settle(waiter, True)

    fut.add_done_callback(on_done)
    h = loop.call_later(timeout, _settle, waiter, False)
    try:
        await waiter
    except CancelledError:
        # The caller was cancelled: cancel the awaited operation too.
        fut.remove_done_callback(on_done)
        await _cancel_and_wait(fut)
        raise
    finally:
        h.cancel()
        fut.remove_done_callback(on_done)
    if fut.done():
        return fut.result()
    await _cancel_and_wait(fut)
    raise TimeoutError()


async def _cancel_and_wait(fut):
    waiter = Future()

    def on_done(f):
        _settle(waiter, None)

    fut.add_done_callback(on_done)
    try:
        fut.cancel()
        await waiter
    finally:
        fut.remove_done_callback(on_done)


def as_completed(fs, *, timeout=None):
    todo = [ensure_future(f) for f in fs]
    done = []
    waiters = []
    loop = _get_loop()

    def on_done(f):
        if f in todo:
            todo.remove(f)
            done.append(f)
            if waiters:
                _settle(waiters.pop(0), None)

    def on_timeout():
        for f in todo:
            f.remove_done_callback(on_done)
        del todo[:]
        while waiters:
            _settle(waiters.pop(0), None)

    for f in todo:
        f.add_done_callback(on_done)
    if todo and timeout is not None:
        loop.call_later(timeout, on_timeout)

    async def _wait_for_one():
        if not done:
            if not todo:
                raise TimeoutError()
            w = Future()
            waiters.append(w)
            await w
            if not done:
                raise TimeoutError()
        return done.pop(0).result()

    for _ in range(len(todo)):
        yield _wait_for_one()


class Timeout:
    def __init__(self, when):
        self._when = when
        self._handle = None
        self._task = None
        self._expired = False

    def when(self):
        return self._when

    def expired(self):
        return self._expired

    def reschedule(self, when):
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._when = when
        if when is not None and self._task is not None:
            self._handle = _get_loop().call_at(when, self._on_timeout)

    def _on_timeout(self):
        self._expired = True
        self._task.cancel()
        self._handle = None

    async def __aenter__(self):
        self._task = current_task()
        if self._task is None:
            raise RuntimeError('Timeout should be used inside a task')
        self.reschedule(self._when)
        return self

    async def __aexit__(self, exc_type, exc, tb):
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self._expired and exc_type is CancelledError:
            raise TimeoutError() from exc
        return None


def timeout(delay):
    loop = _get_loop()
    return Timeout(None if delay is None else loop.time() + delay)


def timeout_at(when):
    return Timeout(when)


def shield(arg):
    inner = ensure_future(arg)
    if inner.done():
        return inner
    outer = Future()

    def _inner_done(f):
        if outer.done():
            return
        if f.cancelled():
            outer.cancel()
        elif f._exception is not None:
            outer.set_exception(f._exception)
        else:
            outer.set_result(f._result)

    inner.add_done_callback(_inner_done)
    return outer


class TaskGroup:
    def __init__(self):
        self._tasks = []
        self._errors = []
        self._entered = False
        self._exiting = False
        self._aborting = False
        self._parent_task = None
        self._parent_cancel_requested = False
        self._on_completed_fut = None

    def __repr__(self):
        return '<TaskGroup tasks=' + str(len(self._tasks)) + '>'

    async def __aenter__(self):
        if self._entered:
            raise RuntimeError('TaskGroup ' + repr(self) + ' has already been entered')
        self._entered = True
        self._parent_task = current_task()
        if self._parent_task is None:
            raise RuntimeError('TaskGroup ' + repr(self) + ' cannot determine the parent task')
        return self

    def create_task(self, coro, *, name=None, context=None):
        if not self._entered:
            raise RuntimeError('TaskGroup ' + repr(self) + ' has not been entered')
        if self._exiting and not self._tasks:
            raise RuntimeError('TaskGroup ' + repr(self) + ' is finished')
        if self._aborting:
            raise RuntimeError('TaskGroup ' + repr(self) + ' is shutting down')
        task = Task(coro, name=name, context=context)
        self._tasks.append(task)
        task.add_done_callback(self._on_task_done)
        return task

    def _abort(self):
        self._aborting = True
        for t in self._tasks:
            if not t.done():
                t.cancel()

    def _on_task_done(self, task):
        if task in self._tasks:
            self._tasks.remove(task)
        if self._on_completed_fut is not None and not self._tasks:
            _settle(self._on_completed_fut, True)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            return
        self._errors.append(exc)
        if not self._aborting:
            self._abort()
            if not self._exiting and not self._parent_task.done():
                self._parent_cancel_requested = True
                self._parent_task.cancel()

    async def __aexit__(self, et, exc, tb):
        self._exiting = True
        propagate = None
        if et is not None and not self._aborting:
            self._abort()
        if et is CancelledError and not self._parent_cancel_requested:
            propagate = exc
        while self._tasks:
            self._on_completed_fut = Future()
            try:
                await self._on_completed_fut
            except CancelledError as e:
                if not self._aborting:
                    propagate = e
                    self._abort()
            self._on_completed_fut = None
        if propagate is not None and not self._errors:
            raise propagate
        if et is not None and et is not CancelledError:
            self._errors.append(exc)
        if self._errors:
            errors = self._errors
            self._errors = []
            raise BaseExceptionGroup('unhandled errors in a TaskGroup', errors)
        if self._parent_cancel_requested and et is CancelledError:
            return True
        return None


FIRST_COMPLETED = 'FIRST_COMPLETED'
FIRST_EXCEPTION = 'FIRST_EXCEPTION'
ALL_COMPLETED = 'ALL_COMPLETED'


async def wait(fs, *, timeout=None, return_when=ALL_COMPLETED):
    fs = [ensure_future(f) for f in fs]
    if not fs:
        raise ValueError('Set of Tasks/Futures is empty.')
    loop = _get_loop()
    waiter = Future()

    def check(f=None):
        if waiter.done():
            return
        done = [x for x in fs if x.done()]
        if return_when == FIRST_COMPLETED and done:
            waiter.set_result(None)
        elif return_when == FIRST_EXCEPTION and [x for x in done if not x.cancelled() and x._exception is not None]:
            waiter.set_result(None)
        elif len(done) == len(fs):
            waiter.set_result(None)

    for f in fs:
        f.add_done_callback(check)
    check()
    h = None
    if timeout is not None:
        h = loop.call_later(timeout, _settle, waiter, None)
    try:
        await waiter
    finally:
        if h is not None:
            h.cancel()
        for f in fs:
            f.remove_done_callback(check)
    return {f for f in fs if f.done()}, {f for f in fs if not f.done()}


class Event:
    def __init__(self):
        self._value = False
        self._waiters = []

    def is_set(self):
        return self._value

    def set(self):
        if not self._value:
            self._value = True
            waiters = self._waiters
            self._waiters = []
            for w in waiters:
                _settle(w, True)

    def clear(self):
        self._value = False

    async def wait(self):
        if self._value:
            return True
        fut = Future()
        self._waiters.append(fut)
        await fut
        return True


async def _wait_in_line(waiters, fut):
    # A Lock's or Semaphore's acquire() waits for release() to settle fut.
    waiters.append(fut)
    try:
        await fut
    finally:
        waiters.remove(fut)


class _ContextManagerMixin:
    # async with a Lock, Condition or Semaphore: acquire, then release.
    async def __aenter__(self):
        await self.acquire()
        return None

    async def __aexit__(self, exc_type, exc, tb):
        self.release()


class Lock(_ContextManagerMixin):
    def __init__(self):
        self._locked = False
        self._waiters = []

    def locked(self):
        return self._locked

    async def acquire(self):
        if not self._locked and all(w.cancelled() for w in self._waiters):
            self._locked = True
            return True
        fut = Future()
        try:
            await _wait_in_line(self._waiters, fut)
        except CancelledError:
            if not self._locked:
                self._wake_up_first()
            raise
        self._locked = True
        return True

    def release(self):
        if not self._locked:
            raise RuntimeError('Lock is not acquired.')
        self._locked = False
        self._wake_up_first()

    def _wake_up_first(self):
        if self._waiters and not self._waiters[0].done():
            self._waiters[0].set_result(True)


class Condition(_ContextManagerMixin):
    def __init__(self, lock=None):
        if lock is None:
            lock = Lock()
        self._lock = lock
        self.locked = lock.locked
        self.acquire = lock.acquire
        self.release = lock.release
        self._waiters = []

    async def wait(self):
        if not self.locked():
            raise RuntimeError('cannot wait on un-acquired lock')
        self.release()
        try:
            fut = Future()
            self._waiters.append(fut)
            try:
                await fut
                return True
            finally:
                self._waiters.remove(fut)
        finally:
            err = None
            while True:
                try:
                    await self.acquire()
                    break
                except CancelledError as e:
                    err = e
            if err is not None:
                raise err

    async def wait_for(self, predicate):
        result = predicate()
        while not result:
            await self.wait()
            result = predicate()
        return result

    def notify(self, n=1):
        if not self.locked():
            raise RuntimeError('cannot notify on un-acquired lock')
        idx = 0
        for fut in self._waiters:
            if idx >= n:
                break
            if not fut.done():
                idx += 1
                fut.set_result(False)

    def notify_all(self):
        self.notify(len(self._waiters))


class Semaphore(_ContextManagerMixin):
    def __init__(self, value=1):
        if value < 0:
            raise ValueError('Semaphore initial value must be >= 0')
        self._value = value
        self._waiters = []

    def locked(self):
        return self._value == 0 or any(not w.cancelled() for w in self._waiters)

    async def acquire(self):
        if not self.locked():
            self._value -= 1
            return True
        fut = Future()
        try:
            await _wait_in_line(self._waiters, fut)
        except CancelledError:
            if not fut.cancelled():
                self._value += 1
                self._wake_up_next()
            raise
        if self._value > 0:
            self._wake_up_next()
        return True

    def release(self):
        self._value += 1
        self._wake_up_next()

    def _wake_up_next(self):
        for fut in self._waiters:
            if not fut.done():
                self._value -= 1
                fut.set_result(True)
                return


class BoundedSemaphore(Semaphore):
    def __init__(self, value=1):
        self._bound_value = value
        Semaphore.__init__(self, value)

    def release(self):
        if self._value >= self._bound_value:
            raise ValueError('BoundedSemaphore released too many times')
        Semaphore.release(self)


class QueueEmpty(Exception):
    pass


class QueueFull(Exception):
    pass


class Queue:
    def __init__(self, maxsize=0):
        self._maxsize = maxsize
        self._items = []
        self._getters = []
        self._putters = []
        self._unfinished = 0
        self._finished = Event()
        self._finished.set()

    def _put(self, item):
        self._items.append(item)

    def _get(self):
        return self._items.pop(0)

    def qsize(self):
        return len(self._items)

    @property
    def maxsize(self):
        return self._maxsize

    def empty(self):
        return not self._items

    def full(self):
        return self._maxsize > 0 and len(self._items) >= self._maxsize

    def _wake(self, waiters):
        while waiters:
            w = waiters.pop(0)
            if not w.done():
                w.set_result(None)
                return

    def put_nowait(self, item):
        if self.full():
            raise QueueFull()
        self._put(item)
        self._unfinished += 1
        self._finished.clear()
        self._wake(self._getters)

    async def put(self, item):
        while self.full():
            fut = Future()
            self._putters.append(fut)
            await fut
        self.put_nowait(item)

    def get_nowait(self):
        if not self._items:
            raise QueueEmpty()
        item = self._get()
        self._wake(self._putters)
        return item

    async def get(self):
        while not self._items:
            fut = Future()
            self._getters.append(fut)
            await fut
        return self.get_nowait()

    def task_done(self):
        if self._unfinished <= 0:
            raise ValueError('task_done() called too many times')
        self._unfinished -= 1
        if self._unfinished == 0:
            self._finished.set()

    async def join(self):
        if self._unfinished > 0:
            await self._finished.wait()


class PriorityQueue(Queue):
    def _put(self, item):
        import heapq
        heapq.heappush(self._items, item)

    def _get(self):
        import heapq
        return heapq.heappop(self._items)


class LifoQueue(Queue):
    def _get(self):
        return self._items.pop()
