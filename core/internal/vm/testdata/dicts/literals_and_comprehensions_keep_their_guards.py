# Dict literals of plain keys are written in place in one pass, and
# BUILD_MAP / MAP_ADD run from the loop: every key that is not an int
# or an exact str, and every pair of alike hashes, must still take the
# general insertion, in the literal's order, with CPython's results.


def records(n):
    out = []
    for i in range(n):
        out.append({"id": i, "name": "n%d" % (i % 3), "score": i % 7, "tags": {"a": i % 2}})
    return out


rs = records(6)
print(rs[0], rs[5], rs[3]["tags"]["a"])

# Equal keys of several types, and ints whose hashes collide (-1 and -2
# both hash to -2), midway through a literal.
for i in range(3):
    print({"x": i, 1: "a", True: "b", 1.0: "c"}, {i: 0, -1: 1, -2: 2, i + 10: 3})
    print({"a": i, "b": 2, "a": 3}, {0: i, False: 1, "": 2, 0.0: 3})
# Ints past the small-int hash, and big ints.
print({1 << 60: 1, (1 << 60) + 1: 2, 2**64: 3, -(2**64): 4, -1: 5})


class Key:
    def __init__(self, h, tag, log):
        self.h, self.tag, self.log = h, tag, log

    def __hash__(self):
        self.log.append("hash " + self.tag)
        return self.h

    def __eq__(self, other):
        self.log.append("eq " + self.tag)
        return isinstance(other, Key) and other.h == self.h or other == self.h

    def __repr__(self):
        return "Key(" + self.tag + ")"


log = []
# A user key after plain ones: hashes are taken in order.
d = {"s": 1, 7: 2, Key(7, "k", log): 3, "t": 4}
print(d, log)


class Str(str):
    pass


class Weird(str):
    def __hash__(self):
        return hash("w")

    def __eq__(self, other):
        return str.__eq__(self, other)


print({Str("a"): 1, "a": 2}, {"w": 1, Weird("w"): 2}, {Weird("q"): 1, "w": 2})
print(type(list({Str("a"): 1, "a": 2})[0]).__name__)


class Bad:
    def __hash__(self):
        raise ValueError("no hash")


def literal_with_bad_key(x):
    return {"a": 1, "b": 2, x: 3, "c": 4}


for x in ["ok", Bad()]:
    try:
        print(literal_with_bad_key(x))
    except ValueError as e:
        tb, where = e.__traceback__, []
        while tb is not None:
            where.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
            tb = tb.tb_next
        print("ValueError", e, where)

# 16 and 17 pairs: in place, then the general path.
d16 = {"k%d" % i: i for i in range(16)}
lit16 = {"a0": 0, "a1": 1, "a2": 2, "a3": 3, "a4": 4, "a5": 5, "a6": 6, "a7": 7,
         "a8": 8, "a9": 9, "a10": 10, "a11": 11, "a12": 12, "a13": 13, "a14": 14, "a15": 15}
lit17 = dict(lit16, a16=16)
lit16["a16"] = 16
print(lit16 == lit17, list(lit16)[-3:], lit16["a9"], "a3" in lit16, "zz" in lit16)
del lit16["a0"]
lit16["a0"] = 0
print(list(lit16)[:2], list(lit16)[-1], len(lit16))

# Comprehensions (MAP_ADD): plain keys, keys replaced, user keys whose
# __eq__ mutates the dict under construction's source.
print({k: v for k, v in [("a", 1), ("b", 2), ("a", 3)]})
print({i % 4: i for i in range(10)}, {i: i * i for i in range(-3, 3)})
src = {"x": 1, "y": 2, "z": 3}
try:
    print({k: src.pop("z", 0) for k in src})
except RuntimeError as e:
    print("RuntimeError", e)


def comp_with_bad(items):
    return {k: 1 for k in items}


for items in [[1, 2, 3], [1, Bad(), 3]]:
    try:
        print(comp_with_bad(items))
    except ValueError as e:
        print("ValueError", e)

log = []
print({Key(3, "c%d" % i, log): i for i in range(3)}, log)

# setdefault with an empty {} default (BUILD_MAP 0 before the call).
g = {}
for w in ["ab", "ac", "b", "ab", "c", "b"]:
    g.setdefault(w[0], {}).setdefault(w, 0)
    g[w[0]][w] += 1
print(g)


class D(dict):
    def setdefault(self, k, v=None):
        return "overridden"

    def __missing__(self, k):
        return "missing " + str(k)


dd = D(a=1)
print(dd.setdefault("a", {}), dd.setdefault("b", {}), dd["zz"], dd)
g2 = {}
for i in range(4):
    if i == 2:
        g2 = D()
    print(g2.setdefault(i % 2, {}))

# {**a, **b} and dict of records merged.
a = {"a": 1, "b": 2}
b = {1: "x", "b": 3}
print({**a, **b}, {**b, **a, "c": 5}, {**{}, **a})
try:
    print({**a, **[1, 2]})
except TypeError as e:
    print("TypeError", e)
