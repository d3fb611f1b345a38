# d[k] on an exact dict: int and str keys found without running code,
# everything else (other key kinds, equal-hash keys with their own ==,
# misses, subclasses) on the general path.
d = {"a": 1, 2: "two", 1.5: "f", (1, 2): "t", None: "n", True: "T"}
print(d["a"], d["a" + ""], d[2], d[1.5], d[(1, 2)], d[None], d[1], d[True])
print(d[2.0], {1.0: "x"}[1], {1: "y"}[True], {2**64: "big"}[2**64])
for k in ["b", 3, -1, 2**80, "", 0.5]:
    try:
        d[k]
    except KeyError as e:
        print("KeyError", repr(e.args[0]))
class S(str):
    def __eq__(self, o):
        print("S.__eq__", o)
        return str.__eq__(self, o)
    __hash__ = str.__hash__
e = {S("k"): "via S"}
print(e["k"])
class H:
    def __hash__(self):
        return 7
    def __eq__(self, o):
        print("H.__eq__", o)
        if o == 99:
            raise ValueError("no")
        return o == 7
h = {H(): "h"}
print(h[7])
try:
    {H(): 1}[99 - 92 + 92]
except KeyError as ex:
    print("KeyError", ex)
try:
    hb = {H(): 1}
    hb[99]
except (ValueError, KeyError) as ex:
    print(type(ex).__name__, ex)
class D(dict):
    def __getitem__(self, k):
        return ("D", k)
class M(dict):
    def __missing__(self, k):
        return ("missing", k)
print(D(a=1)["a"], M(a=1)["a"], M()["zz"])
rec = {"id": 3, "tags": {"a": 1}}
total = 0
for i in range(5):
    rec["id"] = i
    total += rec["id"] + rec["tags"]["a"]
print(total, rec)
try:
    d[[1]]
except TypeError as ex:
    print("TypeError", ex)
