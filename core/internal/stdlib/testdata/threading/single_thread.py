# threading where the sandbox runs one thread: a Thread's target runs
# when it is started; the locks keep their state and their errors. The
# programs only use what behaves the same when threads really run
# (the target has finished once join() returns).
import threading

results = []
lock = threading.Lock()


def work(n, scale=1):
    with lock:
        results.append(n * scale)
        results.append(threading.current_thread().name)


threads = [threading.Thread(target=work, args=(i,), kwargs={'scale': 10}) for i in range(3)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(results)
print([t.is_alive() for t in threads])
print(threading.current_thread().name, threading.main_thread() is threading.current_thread())
print(threading.active_count(), [t.name for t in threading.enumerate()])

# Lock
l = threading.Lock()
print(l.acquire(), l.locked(), l.acquire(False), l.acquire(timeout=0.01))
l.release()
print(l.locked())
try:
    l.release()
except RuntimeError as e:
    print('RuntimeError', e)
try:
    l.acquire(False, 1)
except ValueError as e:
    print('ValueError', e)

# RLock
r = threading.RLock()
print(r.acquire(), r.acquire(), r.acquire(blocking=False))
r.release(); r.release(); r.release()
try:
    r.release()
except RuntimeError as e:
    print('RuntimeError', e)
with r:
    with r:
        print('reentrant')

# Event
ev = threading.Event()
print(ev.is_set(), ev.wait(0))
ev.set()
print(ev.is_set(), ev.wait(), ev.wait(5))
ev.clear()
print(ev.is_set())

# Semaphore
s = threading.Semaphore(2)
print(s.acquire(), s.acquire(), s.acquire(blocking=False), s.acquire(timeout=0))
s.release(2)
print(s.acquire(False))
b = threading.BoundedSemaphore(1)
try:
    b.release()
except ValueError as e:
    print('ValueError', e)
try:
    threading.Semaphore(-1)
except ValueError as e:
    print('ValueError', e)

# Condition
c = threading.Condition()
try:
    c.notify()
except RuntimeError as e:
    print('RuntimeError', e)
try:
    c.wait(0)
except RuntimeError as e:
    print('RuntimeError', e)
with c:
    c.notify_all()
    print(c.wait(0), c.wait_for(lambda: 42, 0))

# local
data = threading.local()
data.x = 1


def read_local():
    results.append(hasattr(data, 'x'))
    data.x = 2
    results.append(data.x)


t = threading.Thread(target=read_local)
t.start()
t.join()
print(results[-2:], data.x)


class MyLocal(threading.local):
    def __init__(self, v):
        self.v = v


ml = MyLocal(7)
t = threading.Thread(target=lambda: results.append(ml.v))
t.start()
t.join()
print(ml.v, results[-1])


# Subclass with run()
class Worker(threading.Thread):
    def __init__(self):
        super().__init__(name='worker')
        self.out = None

    def run(self):
        self.out = threading.current_thread().name


w = Worker()
w.start()
w.join(timeout=1)
print(w.out, w.name, w.daemon)
try:
    w.start()
except RuntimeError as e:
    print('RuntimeError', e)
try:
    threading.Thread().join()
except RuntimeError as e:
    print('RuntimeError', e)
print(threading.ThreadError is RuntimeError, threading.TIMEOUT_MAX > 1e9)

# Timer (its function has run once join() returns)
tm = threading.Timer(0.01, results.append, args=['timer'])
tm.start()
tm.join()
print(results[-1])
tm2 = threading.Timer(0.01, results.append, args=['cancelled'])
tm2.cancel()
tm2.start()
tm2.join()
print(results[-1])

# An exception in a thread's target goes to threading.excepthook and
# the thread ends.
def hook(args):
    print('hook:', args.exc_type.__name__, args.exc_value, args.thread.name)


threading.excepthook = hook


def boom():
    raise ValueError('in thread')


t = threading.Thread(target=boom, name='bad')
t.start()
t.join()
print('after', t.is_alive())
