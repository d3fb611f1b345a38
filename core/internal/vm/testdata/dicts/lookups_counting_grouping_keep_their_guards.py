# Counting, grouping and nested subscripts on dicts, whose int and exact
# str keys are found without running code, with every guard failing
# midway through a loop: other key types, subclasses, user __eq__ that
# mutates the dict, big ints, deletion and reinsertion, growth.


class Eq:
    def __init__(self, h, name, target=None):
        self.h, self.name, self.target = h, name, target

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        if self.target is not None:
            # Mutates the dict under the lookup: CPython looks again.
            self.target["mut" + str(len(self.target))] = 0
            self.target = None
        return isinstance(other, (int, str)) and hash(other) == self.h

    def __repr__(self):
        return "Eq(" + self.name + ")"


class S(str):
    pass


def count(keys):
    c = {}
    for k in keys:
        c[k] = c.get(k, 0) + 1
    return c


words = ["ab", "cd", "ab", S("ab"), "ef", 1, 1.0, True, 2**70, 2**70, -1, -2]
print(count(words))
print(count([S("x"), "x", S("x")]), [type(k).__name__ for k in count([S("x"), "x"])])

# A key whose __eq__ mutates the dict mid-lookup, then plain keys again.
d = {"a": 1, "b": 2}
e = Eq(hash("a"), "e", d)
for k in ["a", e, "a", "b", "mut2"]:
    try:
        print(k, d[k], len(d))
    except KeyError as err:
        print("KeyError", err)
print(sorted(d))

# Collisions of a user key's hash with strs and ints in a big dict.
big = {}
for i in range(3000):
    big["k%d" % i] = i
    big[i] = -i
big[Eq(hash("k5"), "c1")] = "eq"
big[Eq(7, "c2")] = "eq7"
print(len(big), big["k5"], big[7], big["k2999"], big[2999], big.get("nope", "dflt"))
for i in range(0, 3000, 2):
    del big["k%d" % i]
for i in range(0, 3000, 4):
    big["k%d" % i] = "back"
print(len(big), big["k0"], big.get("k2"), big["k3"], list(big)[-1], "k8" in big, "k6" in big)

# Grouping with setdefault(k, []).append: dict, then a subclass with an
# overridden setdefault, then a dict subclass with __missing__.


class Logged(dict):
    def setdefault(self, k, v=None):
        print("setdefault", k)
        return dict.setdefault(self, k, v)


class Miss(dict):
    def __missing__(self, k):
        return 0


for kind in [dict, Logged, Miss]:
    g = kind()
    for i, w in enumerate(["apple", "avocado", "banana", "blueberry", "cherry"]):
        g.setdefault(w[0], []).append(i)
    print(kind.__name__, g)
m = Miss()
for w in "abcab":
    m[w] = m[w] + 1
print(m, m.get("z"), m["z"])


class GetOverride(dict):
    def get(self, k, d=None):
        return 100


for c in [{}, GetOverride()]:
    for w in "aab":
        c[w] = c.get(w, 0) + 1
    print(type(c).__name__, c)

# Nested subscripts of records, with a record type changing midway.
recs = [{"name": "a", "tags": {"x": 1}}, {"name": "b", "tags": {"x": 2}}]
recs.append(Miss(name="c", tags=Miss()))
recs.append({"name": "d", "tags": [10, 20]})
for r in recs:
    try:
        print(r["name"], r["tags"]["x"])
    except TypeError as err:
        print("TypeError", err)
try:
    print(recs[0]["missing"])
except KeyError as err:
    print("KeyError", err)
try:
    print({}[[1]])
except TypeError as err:
    print("TypeError", err)

# Int keys that overflow into big ints, and that equal floats.
c = {}
n = 2**62
for i in range(4):
    c[n] = c.get(n, 0) + i
    n *= 2
c[1.5] = "f"
print(c, c[2**63], c[2.0**63], c.get(1.5))

# items()/values()/keys() loops, and mutation during iteration.
inv = {v: k for k, v in {"a": 1, "b": 2, "c": 3}.items()}
print(inv, sum(inv.keys()), "".join(inv.values()))
for view in ["keys", "values", "items"]:
    dd = {1: 1, 2: 2}
    try:
        for x in getattr(dd, view)():
            dd[x if view != "items" else x[0] + 10] = 0
    except RuntimeError as err:
        print(view, "RuntimeError", err)
dd = {1: 1, 2: 2, 3: 3}
for k in dd:
    dd[k] = dd[k] * 10  # replacing values is allowed
print(dd)
try:
    for k in dd:
        del dd[k]
except RuntimeError as err:
    print("RuntimeError", err, dd)

# {**a, **b} of records, with a user key colliding.
a = {"a": 1, Eq(hash("b"), "cb"): 2}
print({**a, **{"b": 3, "a": 4}}, len({**a, **{"b": 3}}))

# A user key already in the dict, sharing its hash with a plain key that
# is looked up: small (scanned) and big (indexed) dicts.
for size in [2, 40]:
    u = {Eq(hash("q"), "uq"): "user", Eq(5, "u5"): "user5"}
    for i in range(size):
        u["p%d" % i] = i
    print(size, u["q"], u[5], u.get("q"), "q" in u, u.setdefault(5, "x"), u.get("p1"))
    u["q"] = "replaced"
    print(len(u), list(u.values())[:2])
