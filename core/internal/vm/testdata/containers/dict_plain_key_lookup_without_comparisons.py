# d[k], d[k] = v, k in d, d.get and d.setdefault with an int or exact str
# key are decided without calling any ==; keys of equal hash that need
# the general == (floats, bools, str subclasses, instances) still run it.


class Loud:
    """A key with the hash of another key, whose == says what it is told."""

    def __init__(self, h, eq, log):
        self.h, self.eq, self.log = h, eq, log

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        self.log.append(("eq", other))
        return self.eq

    def __repr__(self):
        return "Loud(%r)" % self.eq


class S(str):
    def __eq__(self, other):
        print("S.__eq__", str.__repr__(self), repr(other))
        return str.__eq__(self, other)

    def __hash__(self):
        return str.__hash__(self)


def show(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


for size in (3, 8, 9, 40):
    print("-- size", size)
    d = {("k%d" % i): i for i in range(size)}
    d[7] = "seven"
    d[-1] = "minus one"
    d[2 ** 62] = "big"
    name = "".join(["k", "1"])  # equal to a key, not the same object
    show("d[name]", lambda: d[name])
    show("d['k0']", lambda: d["k0"])
    show("missing", lambda: d["zz"])
    show("7", lambda: d[7])
    show("-1", lambda: d[-1])
    show("-2", lambda: d.get(-2, "absent"))
    show("big", lambda: d[2 ** 62])
    show("7.0", lambda: d[7.0])
    show("in", lambda: (name in d, "zz" in d, 7 in d, 8 in d, True in d))
    show("get", lambda: (d.get(name), d.get("zz"), d.get("zz", 0), d.get(7)))
    show("setdefault", lambda: (d.setdefault(name, 99), d.setdefault("new", []), d["new"]))
    d[name] = "replaced"
    d["added"] = 1
    show("after store", lambda: (d["k1"], d["added"], len(d), list(d)[-3:]))
    del d["k0"]
    show("deleted", lambda: ("k0" in d, d.get("k0"), d.setdefault("k0", "back"), list(d)[-1]))

print("-- equal hashes of other kinds")
log = []
d = {1: "one", "a": "A"}
show("True", lambda: d[True])
show("1.0", lambda: d[1.0])
d = {True: "true", 1.0: "float"}
show("int 1 on bool/float keys", lambda: (d[1], d.get(1), 1 in d, d.setdefault(1, "x")))
d = {1: "one"}
d[True] = "bool"
d[1.0] = "float"
show("stores keep the first key", lambda: d)
for n in (2, 20):
    d = {("p%d" % i): i for i in range(n)}
    loud = Loud(hash("p1"), False, log)
    d[loud] = "loud"
    show("str after colliding instance", lambda: (d["p1"], d.get("p1"), "p1" in d))
    key = "".join(["z", "q"])
    d2 = {Loud(hash(key), True, log): "loud-equal"}
    show("instance equal to str", lambda: (d2[key], d2.get(key), key in d2, d2.setdefault(key, 5)))
    d2[key] = "stored"
    show("store through instance", lambda: list(d2.values()))
    d3 = {Loud(5, False, log): "five"}
    show("int vs instance", lambda: (d3.get(5), 5 in d3))
    d3[5] = "int five"
    show("stored int", lambda: len(d3))
    d4 = {S("s1"): "sub"}
    show("str subclass key", lambda: (d4["s1"], d4.get("s1"), "s1" in d4))
    d5 = {"s1": "plain"}
    show("str subclass probe", lambda: (d5[S("s1")], S("s1") in d5))
print(len(log) > 0)


class D(dict):
    def __missing__(self, k):
        return "missing " + k


d = D(a=1)
show("subclass", lambda: (d["a"], d["b"], d.get("b"), "b" in d))


def mutating():
    # An == that mutates the dict during the lookup.
    d = {}

    class M:
        def __hash__(self):
            return hash("m")

        def __eq__(self, other):
            d.clear()
            return False

    d[M()] = 1
    return d.get("m", "gone"), len(d)


show("mutating eq", mutating)

# Deleted entries (whose hash reads 0) against the keys of hash 0.
d = {0: "zero", "": "empty", 1: "one"}
del d[0]
del d[""]
show("hash-0 keys after delete", lambda: (d.get(0), 0 in d, d.get(""), "" in d, d.setdefault(0, "z"), d))
d[""] = "again"
show("re-added", lambda: (d, d[""], d[0]))

# Comprehensions and merges store through the same lookup.
log = []
keys = ["a", "b", "".join(["a"]), 1, 1.0, True, Loud(hash("b"), True, log), 2 ** 70]
print({k: i for i, k in enumerate(keys)})
print(log)
m = {Loud(hash("q"), False, log): 0}
m.update({"q": 1})
m2 = {**m, "q": 2, 3: 3}
print(sorted(m2.values()), len(log) > 1)
base = {"a": 1, "b": 2, "c": 3, "d": 4}
print({**base, "e": 5}, dict(base, f=6), base | {"a": 0})
