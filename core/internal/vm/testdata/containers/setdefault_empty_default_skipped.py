# d.setdefault(k, []) / d.setdefault(k, {}) on a present key answers
# without making the default; every other case takes the general call.
d = {}
for i in range(10):
    d.setdefault("k%d" % (i % 3), []).append(i)
    d.setdefault(i % 2, {})[i] = i
print(d)
a = d.setdefault("k0", [])
a.append("same")
print(d["k0"] is a, d["k0"])
print(d.setdefault("new", []), d.setdefault(99, {}), len(d))
# float and bool keys equal to ints: the stored key stays
e = {1: "int"}
print(e.setdefault(1.0, []), e.setdefault(True, {}), e)
f = {1.0: "float", True: "x"}
print(f.setdefault(1, []), f)
# a str subclass key with its own == and hash
class S(str):
    def __eq__(self, o):
        print("eq called")
        return str.__eq__(self, o)
    __hash__ = str.__hash__
g = {S("ab"): 1}
print(g.setdefault("ab", []), g)
class K:
    def __hash__(self):
        return hash("zz")
    def __eq__(self, o):
        print("K eq", o)
        return o == "zz"
h = {K(): "k"}
print(h.setdefault("zz", []))
# dict subclass and overridden setdefault
class D(dict):
    def setdefault(self, k, v):
        print("D.setdefault", k, v)
        return dict.setdefault(self, k, v)
dd = D(a=1)
print(dd.setdefault("a", []), dd.setdefault("b", {}))
# monkeypatched name, bound method values, unhashable keys
sd = {}.setdefault
print(sd("x", []))
m = {"x": 5}
meth = m.setdefault
print(meth("x", []), meth("y", {}))
try:
    m.setdefault([], [])
except TypeError as ex:
    print("TypeError", ex)
try:
    m.setdefault("x", [], 3)
except TypeError as ex:
    print("TypeError", ex)
print(m.setdefault("x", [1]), m.setdefault(("t",), []), m)
big = {2**70: "big", -1: "m1"}
print(big.setdefault(2**70, []), big.setdefault(-1, []), big.setdefault(-2, {}))
