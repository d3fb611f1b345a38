# Tuple keys: ints and strs are hashed and compared without running
# code; anything else (floats, bools, nested tuples, big ints, objects
# with their own ==, tuple subclasses) goes through the general ==.
from collections import namedtuple, defaultdict

d = {}
for i in range(5):
    for j in range(3):
        d[(i, j)] = d.get((i, j), 0) + i * j
        d[i, "s%d" % j] = j
print(len(d), d[4, 2], d[(2, "s1")], (4, 2) in d, (9, 9) in d, d.get((1, "s2")))
print(hash((1, 2)) == hash((1, 2.0)), hash((True, "a")) == hash((1, "a")))

# Equal keys of other kinds find the same entry.
d[(1, 2.0)] = "float"
d[(True, 2)] = "bool"
print(d[1, 2], len(d), d.get((1.0, 2)), (1.0, 2.0) in d)
e = {(1.5, "x"): 1, (float("nan"), 1): 2}
print(e[1.5, "x"], (1.5, "x") in e)
n = float("nan")
e[(n, 2)] = 3
print((n, 2) in e, e[n, 2])

# Nested tuples, big ints, None.
f = {((1, 2), 3): "nested", (2**70, 1): "big", (None, 0): "none", (): "empty"}
print(f[(1, 2), 3], f[2**70, 1], f[None, 0], f[()], ((1, 2), 4) in f)

# Objects with their own == and hash inside tuples.
class K:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return hash(self.v)
    def __eq__(self, o):
        print("K.__eq__")
        return getattr(o, "v", o) == self.v

g = {(K(1), "a"): "k"}
print(g[(1, "a")], (1, "a") in g, g.get((K(1), "a")))

# Tuple subclasses (namedtuple) are equal to plain tuples.
P = namedtuple("P", "x y")
h = {P(1, 2): "p"}
print(h[(1, 2)], (1, 2) in h, h.get(P(1, 2)))
h[(1, 2)] = "t"
print(len(h), h[P(1, 2)], type(list(h)[0]).__name__)

# setdefault, pop, del, defaultdict and sets with tuple keys.
s = {}
s.setdefault((1, "a"), []).append(1)
s.setdefault((1, "a"), []).append(2)
print(s, s.pop((1, "a")), s)
dd = defaultdict(int)
for p in [(0, 0), (0, 1), (0, 0), (1, 0)]:
    dd[p] += 1
del dd[0, 1]
print(sorted(dd.items()), (0, 1) in dd)
print((1, "b") in {(1, "b"), (2, "c")}, len({(1, 2), (1, 2.0), (True, 2)}))

# Unhashable items still raise.
try:
    d[(1, [2])] = 0
except TypeError as err:
    print("TypeError", err)
try:
    (1, {}) in d
except TypeError as err:
    print("TypeError", err)
