# d[k] = v on an exact dict: int and str keys stored without running code,
# other kinds, equal-hash keys with their own == and subclasses generally.
d = {1.0: "f", True: "t", "s": 0}
d[1] = "int one"
d["s"] = d["s"] + 1
d["s" + ""] += 1
d[2] = "two"
d[2**70] = "big"
d[-1] = "m1"
print(d)
class S(str):
    def __eq__(self, o):
        print("S.__eq__", o)
        return str.__eq__(self, o)
    __hash__ = str.__hash__
e = {S("k"): 1}
e["k"] = 2
print(e, [type(k).__name__ for k in e])
class H:
    def __hash__(self):
        return 7
    def __eq__(self, o):
        print("H.__eq__", o)
        raise ValueError("cannot compare")
h = {H(): 1}
try:
    h[7] = 2
except ValueError as ex:
    print("ValueError", ex, len(h))
class D(dict):
    def __setitem__(self, k, v):
        print("D.__setitem__", k, v)
        dict.__setitem__(self, k, v * 2)
dd = D()
dd["a"] = 1
dd[3] = 4
print(dd)
counts = {}
for w in ["x", "y", "x", "z", "x"] * 3:
    counts[w] = counts.get(w, 0) + 1
print(counts)
try:
    d[[1]] = 1
except TypeError as ex:
    print("TypeError", ex)
it = {1: 1}
try:
    for k in it:
        it[k + 1] = 0
except RuntimeError as ex:
    print("RuntimeError", ex)
