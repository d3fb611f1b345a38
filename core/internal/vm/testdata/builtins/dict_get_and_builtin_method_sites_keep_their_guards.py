# d.get(k[, v]) answers on the caller's stack for int and exact str keys,
# and LOAD_METHOD's builtin sites hit by one word per way. Every guard
# must hold when it fails mid-loop: the receiver changing type or being a
# subclass that overrides get, keys that need the general == or hash
# (floats, bools, big ints, str subclasses, instances), unhashable keys,
# a user __eq__ or __hash__ that raises, wrong argument counts
# and receivers, and a builtin name rebound in globals or builtins.
import builtins


class D(dict):
    def get(self, k, v=None):
        return ("sub", k, v)


class Plain:
    def get(self, k, v=None):
        return ("plain", k)


counts = {}
out = []
receivers = [{}, {"a": 1}, D(a=2), Plain(), {"a": 3}, dict(a=4)]
for i in range(12):
    d = receivers[i % len(receivers)]
    out.append(d.get("a"))
    out.append(d.get("a", -1))
print(out)

# The default, the found value, and None, for int and str keys.
d = {1: "one", "x": "ex", -5: "neg", 2**59: "big59"}
print([d.get(k, "dflt") for k in (1, "x", -5, 2**59, 7, "y", -1)])
print([d.get(k) for k in (1, "x", 7, "y")])

# Keys the general path must compare: equal floats and bools, big ints,
# a str subclass, an instance with __hash__ and __eq__.
class S(str):
    pass


class K:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, o):
        return self.v == o


d = {1: "int1", "s": "str", 2**70: "huge", 0: "zero"}
for k in (1, 1.0, True, False, 0.0, 2**70, float(2**70), S("s"), K(1), K("s"), "s", 1):
    print(repr(k) if not isinstance(k, K) else "K", d.get(k, "-"))

# The dict's own keys may need the general ==: a float key found by an
# int, an instance key probed by a str of the same hash.
d = {2.0: "two", K("q"): "kq"}
print(d.get(2), d.get(2.0), d.get("q"), d.get("r", "none"))

# Unhashable keys and raising __eq__ / __hash__, mid-loop.
class BadEq:
    def __hash__(self):
        return hash("a")

    def __eq__(self, o):
        raise ValueError("eq refused")


class BadHash:
    def __hash__(self):
        raise RuntimeError("no hash")


d = {"a": 1}
for k in ("a", [1], "a", BadEq(), "a", BadHash(), {}, "a"):
    try:
        print(d.get(k, 0))
    except Exception as e:
        print(type(e).__name__, e)

# Wrong arities and receivers, with CPython's messages.
d = {"a": 1}
for call in (
    lambda: d.get(),
    lambda: d.get("a", 1, 2),
    lambda: dict.get("str", "a"),
    lambda: dict.get(),
    lambda: dict.get(d, "a"),
    lambda: dict.get(d, "b", 5),
    lambda: dict.get(D(a=1), "a"),
):
    try:
        print(call())
    except TypeError as e:
        print("TypeError", e)

# The same site sees list, str, dict, tuple and set receivers in turn,
# and a user subclass overriding the method.
class L(list):
    def count(self, x):
        return "L.count"


objs = [[1, 2, 1], "1a1", (1, 1, 1), L([1]), [1], "111", (1,)]
print([o.count(1) if not isinstance(o, str) else o.count("1") for o in objs * 2])
for o in ([1, 2], {1: 2}, "ab", (1,), {1, 2}, frozenset({3}), L([5])):
    try:
        print(type(o).__name__, o.copy())
    except AttributeError as e:
        print("AttributeError", e)

# A method replaced on a subclass mid-loop, and a name rebound in the
# module's globals and then in builtins.
class L2(list):
    pass


l2 = L2()
for i in range(6):
    l2.append(i)
    if i == 2:
        L2.append = lambda self, x: list.append(self, x * 100)
print(l2)

res = []
for i in range(8):
    res.append(len([0] * i))
    if i == 2:
        len = lambda x: "glob"
    if i == 4:
        del len
        builtins.len = lambda x: "builtin"
    if i == 6:
        del builtins.len
        builtins.len = lambda x: -1
res.append(type(builtins.len).__name__)
print(res)
