# Dict displays append str and int keys of distinct hashes directly;
# repeated keys, equal keys of other types and keys with their own
# __hash__/__eq__ keep CPython's results (first key kept, last value wins).
print({"a": 1, "b": 2, "a": 3}, {1: "x", True: "y", 1.0: "z"}, {})
print({0: 0, False: 1, "": 2, 0.0: 3}, {-1: 1, -2: 2}, {2**63: 1, 2**64: 2})
n = 7
print({"id": n, "name": "x", "score": n % 3, "tags": {"a": n % 2}, "id": 8})
print({i: i for i in range(3)}, dict(a=1), {**{"a": 1}, "b": 2, **{"a": 3}})


class K:
    def __init__(self, h, tag):
        self.h, self.tag = h, tag

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        print("eq", self.tag, getattr(other, "tag", other))
        return True

    def __repr__(self):
        return "K" + self.tag


print({K(hash("s"), "1"): 1, "s": 2})
print({"s": 1, K(hash("s"), "2"): 2})
print({K(5, "3"): 1, 5: 2, K(6, "4"): 3})


class S(str):
    def __hash__(self):
        return hash("q")


print({S("p"): 1, "q": 2, "p": 3})
try:
    {"a": 1, [1]: 2}
except TypeError as e:
    print("TypeError", e)
big = {"k0": 0, "k1": 1, "k2": 2, "k3": 3, "k4": 4, "k5": 5, "k6": 6, "k7": 7, "k8": 8, "k9": 9}
big["k10"] = 10
del big["k0"]
print(big, len(big))
d = {"a": 1}
d["b"] = 2
d.update(c=3, d=4, e=5, f=6, g=7, h=8, i=9)
print(d, d.copy() == d)
