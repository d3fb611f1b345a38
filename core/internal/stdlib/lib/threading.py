# threading for a sandbox that runs one thread.
#
# Amber runs a session's code on one thread, so this module keeps
# CPython's API and runs each Thread's target to completion inside
# start(), on the caller's stack; join() then has nothing to wait for.
# Locks, semaphores, events and conditions keep their state and their
# CPython errors. A wait that no other thread could ever end (acquiring a
# lock that is held, waiting on an unset Event or a Condition without a
# timeout) cannot return, so it raises RuntimeError instead of hanging;
# with a timeout, or non-blocking, it fails at once, as it would after
# the timeout, because nothing else runs meanwhile. Timer runs its
# function at start() (the sandbox has no clock to wait on). Thread
# identifiers are small counters, not the host's.

import sys as _sys
from collections import deque as _deque

__all__ = ['get_ident', 'active_count', 'Condition', 'current_thread',
           'enumerate', 'main_thread', 'TIMEOUT_MAX',
           'Event', 'Lock', 'RLock', 'Semaphore', 'BoundedSemaphore', 'Thread',
           'Barrier', 'BrokenBarrierError', 'Timer', 'ThreadError',
           'setprofile', 'settrace', 'local', 'stack_size',
           'excepthook', 'ExceptHookArgs', 'gettrace', 'getprofile',
           'get_native_id']

TIMEOUT_MAX = 9223372036.0
ThreadError = RuntimeError

_NEVER = 'the sandbox runs one thread, so nothing could release it'


def _never(what):
    raise RuntimeError('%s would wait forever: %s' % (what, _NEVER))


def _check_timeout(timeout):
    if timeout is None:
        return None
    if timeout != timeout:
        raise ValueError('Invalid value NaN (not a number)')
    if timeout < 0:
        raise ValueError("'timeout' must be a non-negative number")
    return timeout


class Lock:
    __slots__ = ('_locked',)

    def __init__(self):
        self._locked = False

    def acquire(self, blocking=True, timeout=-1):
        if not blocking and timeout != -1:
            raise ValueError("can't specify a timeout for a non-blocking call")
        if timeout < 0 and timeout != -1:
            raise ValueError('timeout value must be a non-negative number')
        if not self._locked:
            self._locked = True
            return True
        if blocking and timeout == -1:
            _never('acquiring a held lock')
        return False

    def release(self):
        if not self._locked:
            raise RuntimeError('release unlocked lock')
        self._locked = False

    def locked(self):
        return self._locked

    __enter__ = acquire

    def __exit__(self, *args):
        self.release()

    def _at_fork_reinit(self):
        self._locked = False

    def __repr__(self):
        state = 'locked' if self._locked else 'unlocked'
        return '<%s %s object at %s>' % (state, '_thread.lock', hex(id(self)))

    acquire_lock = acquire
    release_lock = release
    locked_lock = locked


Lock.__module__ = '_thread'
Lock.__qualname__ = Lock.__name__ = 'lock'
LockType = Lock
allocate_lock = Lock


class RLock:
    __slots__ = ('_owner', '_count')

    def __init__(self):
        self._owner = None
        self._count = 0

    def acquire(self, blocking=True, timeout=-1):
        if not blocking and timeout != -1:
            raise ValueError("can't specify a timeout for a non-blocking call")
        me = get_ident()
        if self._count and self._owner != me:
            if blocking and timeout == -1:
                _never('acquiring an RLock another thread holds')
            return False
        self._owner = me
        self._count += 1
        return True

    __enter__ = acquire

    def release(self):
        if not self._count or self._owner != get_ident():
            raise RuntimeError('cannot release un-acquired lock')
        self._count -= 1
        if not self._count:
            self._owner = None

    def __exit__(self, *args):
        self.release()

    def _is_owned(self):
        return bool(self._count) and self._owner == get_ident()

    def __repr__(self):
        state = 'locked' if self._count else 'unlocked'
        return '<%s %s object owner=%r count=%d at %s>' % (
            state, '_thread.RLock', self._owner or 0, self._count, hex(id(self)))


RLock.__module__ = '_thread'


class Condition:
    def __init__(self, lock=None):
        if lock is None:
            lock = RLock()
        self._lock = lock
        self.acquire = lock.acquire
        self.release = lock.release
        self._waiters = _deque()

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *args):
        return self._lock.__exit__(*args)

    def __repr__(self):
        return '<Condition(%s, %d)>' % (self._lock, len(self._waiters))

    def _is_owned(self):
        if isinstance(self._lock, RLock):
            return self._lock._is_owned()
        if isinstance(self._lock, Lock):
            return self._lock.locked()
        if self._lock.acquire(False):
            self._lock.release()
            return False
        return True

    def wait(self, timeout=None):
        if not self._is_owned():
            raise RuntimeError('cannot wait on un-acquired lock')
        if _check_timeout(timeout) is None:
            _never('Condition.wait() without a timeout')
        return False

    def wait_for(self, predicate, timeout=None):
        result = predicate()
        if not result:
            if not self._is_owned():
                raise RuntimeError('cannot wait on un-acquired lock')
            if _check_timeout(timeout) is None:
                _never('Condition.wait_for() of a false predicate without a timeout')
            result = predicate()
        return result

    def notify(self, n=1):
        if not self._is_owned():
            raise RuntimeError('cannot notify on un-acquired lock')

    def notify_all(self):
        self.notify(len(self._waiters))

    notifyAll = notify_all


class Semaphore:
    def __init__(self, value=1):
        if value < 0:
            raise ValueError('semaphore initial value must be >= 0')
        self._value = value

    def __repr__(self):
        return '<%s.%s at %s: value=%d>' % (self.__class__.__module__, self.__class__.__qualname__,
                                            hex(id(self)), self._value)

    def acquire(self, blocking=True, timeout=None):
        if not blocking and timeout is not None:
            raise ValueError("can't specify timeout for non-blocking acquire")
        if self._value > 0:
            self._value -= 1
            return True
        if blocking and timeout is None:
            _never('acquiring a semaphore at zero')
        return False

    __enter__ = acquire

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        self._value += n

    def __exit__(self, *args):
        self.release()


class BoundedSemaphore(Semaphore):
    def __init__(self, value=1):
        Semaphore.__init__(self, value)
        self._initial_value = value

    def __repr__(self):
        return '<%s.%s at %s: value=%d/%d>' % (self.__class__.__module__, self.__class__.__qualname__,
                                               hex(id(self)), self._value, self._initial_value)

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        if self._value + n > self._initial_value:
            raise ValueError('Semaphore released too many times')
        self._value += n


class Event:
    def __init__(self):
        self._flag = False

    def __repr__(self):
        status = 'set' if self._flag else 'unset'
        return '<%s.%s at %s: %s>' % (self.__class__.__module__, self.__class__.__qualname__,
                                      hex(id(self)), status)

    def is_set(self):
        return self._flag

    isSet = is_set

    def set(self):
        self._flag = True

    def clear(self):
        self._flag = False

    def wait(self, timeout=None):
        if self._flag:
            return True
        if _check_timeout(timeout) is None:
            _never('Event.wait() of an unset event without a timeout')
        return False


class BrokenBarrierError(RuntimeError):
    pass


class Barrier:
    # Only a barrier of one party can ever be passed by one thread.
    def __init__(self, parties, action=None, timeout=None):
        if parties < 1:
            raise ValueError('parties must be > 0')
        self._parties = parties
        self._action = action
        self._timeout = timeout
        self._broken = False

    def wait(self, timeout=None):
        if self._broken:
            raise BrokenBarrierError
        if self._parties != 1:
            if timeout is None and self._timeout is None:
                _never('Barrier.wait() for more than one party')
            self._broken = True
            raise BrokenBarrierError
        if self._action is not None:
            self._action()
        return 0

    def reset(self):
        self._broken = False

    def abort(self):
        self._broken = True

    @property
    def parties(self):
        return self._parties

    @property
    def n_waiting(self):
        return 0

    @property
    def broken(self):
        return self._broken


_counter = 0


def _newname(name_template='Thread-%d'):
    global _counter
    _counter += 1
    return name_template % _counter


_active = {}
_current = []


class ExceptHookArgs(tuple):
    def __new__(cls, args):
        return tuple.__new__(cls, args)

    exc_type = property(lambda self: self[0])
    exc_value = property(lambda self: self[1])
    exc_traceback = property(lambda self: self[2])
    thread = property(lambda self: self[3])


def excepthook(args, /):
    if args.exc_type == SystemExit:
        return
    name = args.thread.name if args.thread is not None else get_ident()
    stderr = _sys.stderr
    print('Exception in thread %s:' % name, file=stderr, flush=True)
    import traceback
    traceback.print_exception(args.exc_type, args.exc_value, args.exc_traceback, file=stderr)


__excepthook__ = excepthook


class Thread:
    _initialized = False

    def __init__(self, group=None, target=None, name=None, args=(), kwargs=None, *, daemon=None):
        assert group is None, 'group argument must be None for now'
        if kwargs is None:
            kwargs = {}
        if name:
            name = str(name)
        else:
            name = _newname('Thread-%d')
            if target is not None:
                try:
                    name += ' (%s)' % target.__name__
                except AttributeError:
                    pass
        self._target = target
        self._name = name
        self._args = args
        self._kwargs = kwargs
        if daemon is not None:
            self._daemonic = daemon
        else:
            self._daemonic = current_thread().daemon
        self._ident = None
        self._started = False
        self._is_stopped = False
        self._initialized = True

    def __repr__(self):
        assert self._initialized, 'Thread.__init__() was not called'
        status = 'initial'
        if self._started:
            status = 'started'
        if self._is_stopped:
            status = 'stopped'
        if self._daemonic:
            status += ' daemon'
        if self._ident is not None:
            status += ' %s' % self._ident
        return '<%s(%s, %s)>' % (self.__class__.__name__, self._name, status)

    def start(self):
        if not self._initialized:
            raise RuntimeError('thread.__init__() not called')
        if self._started:
            raise RuntimeError('threads can only be started once')
        self._started = True
        self._ident = _next_ident()
        _active[self._ident] = self
        _current.append(self)
        try:
            self.run()
        except BaseException as e:
            excepthook(ExceptHookArgs((type(e), e, e.__traceback__, self)))
        finally:
            _current.pop()
            del _active[self._ident]
            self._is_stopped = True

    def run(self):
        try:
            if self._target is not None:
                self._target(*self._args, **self._kwargs)
        finally:
            del self._target, self._args, self._kwargs

    def join(self, timeout=None):
        if not self._initialized:
            raise RuntimeError('Thread.__init__() not called')
        if not self._started:
            raise RuntimeError('cannot join thread before it is started')
        if self is current_thread():
            raise RuntimeError('cannot join current thread')

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, name):
        self._name = str(name)

    @property
    def ident(self):
        return self._ident

    @property
    def native_id(self):
        return self._ident

    def is_alive(self):
        return self._started and not self._is_stopped

    @property
    def daemon(self):
        return self._daemonic

    @daemon.setter
    def daemon(self, daemonic):
        if self._started:
            raise RuntimeError('cannot set daemon status of active thread')
        self._daemonic = daemonic

    def isDaemon(self):
        return self._daemonic

    def setDaemon(self, daemonic):
        self.daemon = daemonic

    def getName(self):
        return self._name

    def setName(self, name):
        self.name = name


class Timer(Thread):
    def __init__(self, interval, function, args=None, kwargs=None):
        Thread.__init__(self)
        self.interval = interval
        self.function = function
        self.args = args if args is not None else []
        self.kwargs = kwargs if kwargs is not None else {}
        self.finished = Event()

    def cancel(self):
        self.finished.set()

    def run(self):
        if not self.finished.is_set():
            self.function(*self.args, **self.kwargs)
        self.finished.set()


class _MainThread(Thread):
    def __init__(self):
        Thread.__init__(self, name='MainThread', daemon=False)
        self._started = True
        self._ident = 1


_idents = [1]


def _next_ident():
    _idents[0] += 1
    return _idents[0]


_main_thread = _MainThread()
_active[1] = _main_thread


def current_thread():
    return _current[-1] if _current else _main_thread


currentThread = current_thread


def main_thread():
    return _main_thread


def get_ident():
    return current_thread()._ident


def get_native_id():
    return get_ident()


def active_count():
    return len(_active)


activeCount = active_count


def enumerate():
    return list(_active.values())


_trace_hook = None
_profile_hook = None


def settrace(func):
    global _trace_hook
    _trace_hook = func


def gettrace():
    return _trace_hook


def setprofile(func):
    global _profile_hook
    _profile_hook = func


def getprofile():
    return _profile_hook


def stack_size(size=0):
    if size != 0 and size < 32768:
        raise ValueError('size not valid: %d bytes' % size)
    return 0


class local:
    # One thread: a thread-local object is an ordinary one, except that
    # a Thread's target sees the attributes its own thread set.
    def __new__(cls, /, *args, **kw):
        if (args or kw) and (cls.__init__ is object.__init__):
            raise TypeError('Initialization arguments are not supported')
        self = object.__new__(cls)
        object.__setattr__(self, '_local__dicts', {})
        object.__setattr__(self, '_local__args', (args, kw, get_ident()))
        return self

    def _local__dict(self):
        dicts = object.__getattribute__(self, '_local__dicts')
        me = get_ident()
        d = dicts.get(me)
        if d is None:
            d = dicts[me] = {}
            args, kw, owner = object.__getattribute__(self, '_local__args')
            if me != owner:
                init = type(self).__init__
                if init is not object.__init__:
                    init(self, *args, **kw)
                d = dicts[me]
        return d

    def __getattribute__(self, name):
        if name in ('_local__dicts', '_local__args', '_local__dict', '__class__'):
            return object.__getattribute__(self, name)
        d = object.__getattribute__(self, '_local__dict')()
        if name == '__dict__':
            return d
        if name in d:
            return d[name]
        return object.__getattribute__(self, name)

    def __getattr__(self, name):
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    def __setattr__(self, name, value):
        if name == '__dict__':
            raise AttributeError("'%s' object attribute '__dict__' is read-only" % type(self).__name__)
        object.__getattribute__(self, '_local__dict')()[name] = value

    def __delattr__(self, name):
        d = object.__getattribute__(self, '_local__dict')()
        if name not in d:
            raise AttributeError(name)
        del d[name]
