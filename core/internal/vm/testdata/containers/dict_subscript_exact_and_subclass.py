# d[k] and d[k] = v on exact dicts, dict subclasses and defaultdict.
d = {1: "a"}
print(d[1])
try:
    d[2]
except KeyError as e:
    print("KeyError", e)
try:
    d[[1]]
except TypeError as e:
    print("TypeError", e)
try:
    d[[1]] = 3
except TypeError as e:
    print("TypeError", e)
class D(dict):
    def __missing__(self, k):
        return k * 2
    def __setitem__(self, k, v):
        dict.__setitem__(self, k, v + 1)
x = D()
x[3] = 4
print(x[3], x[10], dict(x))
import collections
dd = collections.defaultdict(list)
dd["a"].append(1)
print(dd)
