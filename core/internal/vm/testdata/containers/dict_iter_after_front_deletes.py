# Iterating a dict whose oldest keys were deleted (FIFO/LRU caches:
# next(iter(d)), OrderedDict.popitem(last=False), lru_cache eviction)
# starts at its first live key; mutation during iteration still raises.
from collections import OrderedDict
import functools

d = {}
out = []
for i in range(40):
    d[i] = i * i
    if len(d) > 5:
        k = next(iter(d))
        out.append(k)
        del d[k]
print(out[:5], out[-3:], list(d), list(d.items())[:2], list(d.values()))

# Deleting the first key while iterating from the front.
e = {k: k for k in "abcdefgh"}
it = iter(e)
print(next(it))
del e["b"]
try:
    next(it)
except RuntimeError as err:
    print("RuntimeError", err)
e["b"] = 1
del e["a"]
del e["c"]
print(list(e), next(iter(e.items())), next(iter(e.values())))

# An iterator made before front deletes of a dict of the same size.
f = {i: i for i in range(10)}
it = iter(f)
print(next(it))
del f[0], f[1]
f[10] = 10
f[11] = 11
try:
    print(list(it))
except RuntimeError as err:
    print("RuntimeError", err)

od = OrderedDict((str(i), i) for i in range(10))
od.move_to_end("0")
print(od.popitem(last=False), od.popitem(last=False), list(od)[:3], od.popitem())

@functools.lru_cache(maxsize=4)
def sq(n):
    return n * n
for n in [1, 2, 3, 4, 5, 1, 6, 2, 7]:
    sq(n)
print(sq.cache_info())

# Emptied and refilled, cleared, copied.
g = {i: i for i in range(20)}
for i in range(20):
    del g[i]
g["x"] = 1
print(list(g), dict(g), g.copy())
h = {i: i for i in range(30)}
for i in range(12):
    del h[i]
print(list(h)[:3], len(h), list(dict(h))[:3], list({**h})[:3])
h.clear()
h[1] = 2
print(h)
