# A wait that no other thread could end raises RuntimeError instead of
# hanging (CPython would block forever).
import threading

l = threading.Lock()
l.acquire()
for what, f in [
    ('lock', lambda: l.acquire()),
    ('event', lambda: threading.Event().wait()),
    ('semaphore', lambda: threading.Semaphore(0).acquire()),
    ('barrier', lambda: threading.Barrier(2).wait()),
]:
    try:
        f()
    except RuntimeError as e:
        print(what, 'RuntimeError:', e)
c = threading.Condition()
with c:
    try:
        c.wait()
    except RuntimeError as e:
        print('condition RuntimeError:', e)
print(threading.Barrier(1).wait())
# amber-only: CPython blocks forever in each of these waits
