# x in s / x not in s for strs and k in d for dicts (containsFast), and
# everything that must fall back: subclasses with __contains__, non-str
# items, unhashable keys, keys with a custom __eq__/__hash__.
texts = ["", "a", "abc", "aeg", "ééx", "xé", "hello world", "\x00z"]
items = ["", "a", "e", "é", "x", "lo w", "abcd", "\x00", "z", "éx"]
for t in texts:
    print(repr(t), [i in t for i in items], [i not in t for i in items])
for bad in (1, None, 2.5, b"a", ["a"]):
    try:
        print(bad in "abc")
    except TypeError as e:
        print("TypeError", e)
    try:
        print(bad not in "abc")
    except TypeError as e:
        print("TypeError", e)
class S(str):
    def __contains__(self, x):
        return x == "magic"
print("a" in S("abc"), "magic" in S("abc"), S("b") in "abc", S("q") in "abc", "b" not in S("abc"))
class T(str):
    pass
print("a" in T("abc"), T("a") in "abc", T("zz") not in T("abc"))
d = {"a": 1, 2: "two", (1, 2): 3, 2.5: 0, None: 1}
for k in ("a", "b", 2, 3, (1, 2), 2.5, 2.0, True, 1, None, 10**30, -1):
    print(repr(k), k in d, k not in d)
try:
    print([1] in d)
except TypeError as e:
    print("TypeError", e)
class K:
    def __init__(self, v): self.v = v
    def __hash__(self): return hash(self.v)
    def __eq__(self, o): return o == self.v
print(K("a") in d, K("zz") in d, K(2) in d)
d2 = {K("x"): 1}
print("x" in d2, "y" in d2)
class D(dict):
    def __contains__(self, k):
        return k == "only"
print("only" in D(a=1), "a" in D(a=1), "a" not in D(a=1))
class E(dict):
    pass
print("a" in E(a=1), "b" in E(a=1), 1 in E({1: 2}))
words = ["alpha", "beta", "gamma", "é1"]
print([w.upper() for w in words if w[0] in "aeg"], sum(1 for w in words if "a" in w))
s = {"a", 1}
print("a" in s, 2 in s, "a" in ["a"], "a" in ("b",), 3 in range(5))
