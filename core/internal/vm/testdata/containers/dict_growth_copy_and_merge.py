# Dict growth, copies and merges keep order, values and deletions right.
d = {}
for i in range(1000):
    d[i * 7 % 1000] = i
for i in range(0, 1000, 3):
    del d[i]
for i in range(2000, 2600):
    d[i] = -i
print(len(d), list(d)[:5], list(d)[-3:], sum(d.values()))
c = dict(d)
c2 = d.copy()
c3 = {**d}
print(c == d, c2 == d, c3 == d, list(c) == list(d), list(c3)[-1])
c[5000] = 1
print(len(c), len(d), 5000 in d)
small = {"a": 1, "b": 2}
del small["a"]
s2 = dict(small)
s2["c"] = 3
print(s2, small)
m = {1: "x", 2: "y"}
m.update({2: "Y", 3: "Z"})
m.update(dict.fromkeys(range(10, 20)))
print(m)
print({**{}, **{}}, dict({}), {}.copy())
u = {i: i for i in range(20)} | {i: -i for i in range(15, 25)}
print(u)


class K:
    def __init__(self, n, victim=None):
        self.n = n
        self.victim = victim

    def __hash__(self):
        return 1

    def __eq__(self, other):
        if self.victim is not None:
            self.victim.clear()
        return isinstance(other, K) and self.n == other.n


src = {}
dst = {K(0): 0}
src[K(1, src)] = 1
src[K(2)] = 2
try:
    dst.update(src)
except RuntimeError as e:
    print("RuntimeError", e)
print(len(dst))
big = {}
for i in range(100000):
    big[i] = i
for i in range(100000):
    if i % 2:
        del big[i]
print(len(big), sum(big), list(big)[-1])
