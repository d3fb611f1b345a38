# d[k], d[k] = v and k in d on instances of dict subclasses: the classes
# that leave __getitem__/__setitem__/__contains__ to dict, and every way
# of not doing so (overrides, bases, monkeypatching, odd keys).
from collections import defaultdict, Counter, OrderedDict

dd = defaultdict(list)
for i, w in enumerate(["a", "b", "a", "c", "b", "a"]):
    dd[w].append(i)
print(sorted(dd.items()), "a" in dd, "z" in dd, "z" not in dd, len(dd))

cnt = defaultdict(int)
for w in "abracadabra":
    cnt[w] += 1
print(sorted(cnt.items()))
cnt[1] += 5
cnt[1.0] += 1
cnt[True] += 1
print(cnt[1], cnt[1.0], 1 in cnt, 1.0 in cnt, True in cnt, 2 in cnt)

c = Counter("mississippi")
c["s"] += 10
c.update("sss")
print(c["s"], c["zz"], "zz" in c, c.most_common(2))

# __missing__ of the program's own, with and without it.
class M(dict):
    def __missing__(self, k):
        return ("missing", k)

m = M(a=1)
print(m["a"], m["b"], "b" in m, 3 in m, m[3])

class Plain(dict):
    pass

p = Plain(x=1)
p["y"] = 2
p[7] = "seven"
print(p["x"], p["y"], p[7], "y" in p, 8 in p)
try:
    p["nope"]
except KeyError as e:
    print("KeyError", e)
try:
    p[[1]]
except TypeError as e:
    print("TypeError", e)
try:
    [1] in p
except TypeError as e:
    print("TypeError", e)
try:
    p[[1]] = 3
except TypeError as e:
    print("TypeError", e)

# Overrides, directly and in a base class.
class G(dict):
    def __getitem__(self, k):
        return "G:" + str(dict.__getitem__(self, k))
    def __setitem__(self, k, v):
        dict.__setitem__(self, k, v * 2)
    def __contains__(self, k):
        return k == "always" or dict.__contains__(self, k)

class H(G):
    pass

for cls in (G, H):
    g = cls()
    g["k"] = 21
    print(cls.__name__, g["k"], "k" in g, "always" in g, "never" in g, dict.__getitem__(g, "k"))

# Monkeypatching the class after the fast path has been used.
class P(dict):
    pass

q = P()
for i in range(3):
    q[i] = i
print(q[1], 1 in q)
P.__getitem__ = lambda self, k: "patched"
P.__setitem__ = lambda self, k, v: dict.__setitem__(self, k, -v)
P.__contains__ = lambda self, k: False
q[5] = 5
print(q[1], dict.__getitem__(q, 5), 1 in q)
del P.__getitem__, P.__setitem__, P.__contains__
q[6] = 6
print(q[1], q[6], 1 in q)

# A base class patched later.
class B0(dict):
    pass
class B1(B0):
    pass
b = B1(z=26)
print(b["z"], "z" in b)
B0.__getitem__ = lambda self, k: "from base"
print(b["z"])

# Keys whose == and hash are the program's.
class K:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return hash(self.v)
    def __eq__(self, o):
        print("eq called")
        return isinstance(o, K) and o.v == self.v or o == self.v

pk = Plain()
pk[K("s")] = 1
print(pk["s"], "s" in pk)
pk["s"] = 2
print(len(pk), list(pk.values()))

# Many subclasses at once (the cache is by class).
classes = [type("D%d" % i, (dict,), {}) for i in range(9)]
objs = [cls(n=i) for i, cls in enumerate(classes)]
for _ in range(3):
    for i, o in enumerate(objs):
        o["n"] += 1
        assert "n" in o
print([o["n"] for o in objs])

# __class__ reassignment between dict subclasses.
class X(dict):
    pass
class Y(dict):
    def __getitem__(self, k):
        return "Y"
x = X(a=1)
print(x["a"])
x.__class__ = Y
print(x["a"])
x.__class__ = X
print(x["a"])

# OrderedDict and mutation during iteration stay as they were.
od = OrderedDict()
od["b"] = 1
od["a"] = 2
od["b"] += 5
print(list(od.items()), "a" in od)
try:
    for k in dd:
        dd[k + "x"]
except RuntimeError as e:
    print("RuntimeError", e)

# Misses: __missing__ runs as the subscript's result, raises, recurses,
# mutates, or is not a plain function.
nd = defaultdict(None)
try:
    nd["k"]
except KeyError as e:
    print("KeyError", e)

class R(dict):
    def __missing__(self, k):
        if k < 0:
            raise ValueError("negative %d" % k)
        if k > 0:
            v = self[k - 1] + 1
        else:
            v = 0
        self[k] = v
        return v

r = R()
print(r[5], sorted(r.items()))
try:
    r[-1]
except ValueError as e:
    print("ValueError", e)
r2 = R()
r2[3] += 10
print(r2[3], len(r2))

class S(dict):
    @staticmethod
    def __missing__(k):
        return "static " + str(k)

class Gen(dict):
    def __missing__(self, k):
        yield k

class Inst(dict):
    pass

s = S()
print(s["q"], s[4])
print(type(Gen()[1]).__name__)
ii = Inst()
ii.__missing__ = lambda k: "instance attr"
try:
    ii["w"]
except KeyError as e:
    print("KeyError", e)
Inst.__missing__ = lambda self, k: "class attr " + k
print(ii["w"])
def use(d, keys):
    return [d[k] for k in keys]
print(use(defaultdict(lambda: "dflt", a=1), ["a", "b", 3]))

# get and setdefault of dict on subclass instances: dict's own lookup,
# never __getitem__ or __missing__; overriding get is honoured.
dg = defaultdict(list, a=[1])
print(dg.get("a"), dg.get("zz"), dg.get("zz", 5), "zz" in dg, dg.setdefault("b", [2]), dg.setdefault("b", 3), len(dg))
mg = M(x=1)
print(mg.get("x"), mg.get("nope"), mg.setdefault("y", 9), mg["y"])
gg = G()
gg["k"] = 1
print(gg.get("k"), dict.get(gg, "k"), gg.setdefault("k", 0))
class OwnGet(dict):
    def get(self, k, d=None):
        return "own get"
print(OwnGet(a=1).get("a"), dict.get(OwnGet(a=1), "a"))
try:
    dict.get(Plain, "a")
except TypeError as err:
    print("TypeError", err)
class NotDict(list):
    pass
try:
    dict.get(NotDict(), "a")
except TypeError as err:
    print("TypeError", err)
cc = Counter()
for w in "hello world":
    cc[w] = cc.get(w, 0) + 1
print(cc.get("l"), cc.get("q"), cc["q"], sorted(cc.items())[:3])
