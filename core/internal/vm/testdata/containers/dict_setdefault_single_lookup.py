# setdefault: hits, misses, None default, unhashable keys, keys whose
# __eq__ changes the dict during the lookup.
d = {}
print(d.setdefault("a"), d.setdefault("a", 5), d.setdefault("b", []), d)
d["b"].append(1)
print(d.setdefault("b", "x"), d)
for i in range(100):
    d.setdefault(i % 7, []).append(i)
print(len(d), d[3][:4])
try:
    d.setdefault([], 1)
except TypeError as e:
    print("TypeError", e)


class K:
    def __init__(self, n, target=None):
        self.n = n
        self.target = target

    def __hash__(self):
        return 7

    def __eq__(self, other):
        if self.target is not None:
            t, self.target = self.target, None
            t[K(99)] = "added"
        return isinstance(other, K) and self.n == other.n

    def __repr__(self):
        return "K(%d)" % self.n


e = {K(1): "one"}
r = e.setdefault(K(2, e), "two")
print(r, sorted(e.items(), key=lambda kv: kv[0].n))
big = {}
for i in range(50000):
    big.setdefault(i * 3, i)
print(len(big), big[300], sum(big.values()))
