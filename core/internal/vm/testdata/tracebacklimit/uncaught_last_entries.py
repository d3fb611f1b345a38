# sys.tracebacklimit: the traceback module keeps the first entries, an
# uncaught exception's traceback the last ones; 0 or less shows none.
import sys
import traceback


def a(n):
    if n == 0:
        raise ValueError('deep')
    a(n - 1)


for lim in (2, 0, -1, 1, 10**6):
    sys.tracebacklimit = lim
    try:
        a(3)
    except ValueError:
        print(lim, traceback.format_exc())
del sys.tracebacklimit
try:
    a(2)
except ValueError:
    print(traceback.format_exc(limit=1))
    print(traceback.format_exc(limit=-1))
    print(traceback.format_exc(limit=0))
sys.tracebacklimit = 2
try:
    try:
        a(2)
    except ValueError as e:
        raise KeyError('k') from e
except KeyError:
    print(traceback.format_exc())
sorted([3, 1], key=lambda x: a(1))
