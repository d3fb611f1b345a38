# c[k] op= v runs fused loads and stores for exact lists (and tuple
# loads); everything else must behave exactly as the plain instructions.
a = [1.5, 2, "s", [0]]
a[0] += 1.0
a[1] *= 10
a[-2] += "t"
a[-1] += [1]
a[3][0] -= 5
print(a)
t = ([1], 2)
t[0][0] += 1
print(t)
try:
    t[1] += 1
except TypeError as e:
    print("TypeError", e, t)
d = {"x": 1}
d["x"] += 1
d["y"] = d.get("y", 0)
d["y"] -= 3
print(d)
try:
    a[10] += 1
except IndexError as e:
    print("IndexError", e)
try:
    a[-10] -= 1
except IndexError as e:
    print("IndexError", e)
try:
    a["k"] += 1
except TypeError as e:
    print("TypeError", e)
a[True] += 1
print(a)
big = [0] * 3
big[2**70 % 3] += 2**70
print(big)


class L(list):
    def __getitem__(self, i):
        print("get", i)
        return list.__getitem__(self, i)

    def __setitem__(self, i, v):
        print("set", i, v)
        list.__setitem__(self, i, v)


m = L([1, 2, 3])
m[1] += 5
m[-1] *= 2
print(m)


class G:
    def __init__(self):
        self.d = {}

    def __getitem__(self, k):
        return self.d.get(k, 0)

    def __setitem__(self, k, v):
        self.d[k] = v


g = G()
g[3] += 4
g[3] += 4
print(g.d)
s = "abc"
try:
    s[0] += "x"
except TypeError as e:
    print("TypeError", e)
v = [[1.0, 2.0], [3.0, 4.0]]
for i in range(2):
    for j in range(2):
        v[i][j] *= v[j][i]
        v[i][-1 - j] -= 0.5
print(v)
n = [0]
for i in range(1000):
    n[0] += i
print(n)


class Idx:
    def __index__(self):
        return 1


q = [10, 20]
q[Idx()] += 1
print(q)


class Bad:
    def __getitem__(self, k):
        raise LookupError("no " + repr(k))

    def __setitem__(self, k, v):
        pass


def bump(c, k):
    c[k] += 1
    return c


print(bump({"a": 1}, "a"), bump([5, 6], -1))
try:
    bump(Bad(), "z")
except LookupError as e:
    print("LookupError", e)
counts = {}
for w in "abracadabra":
    try:
        counts[w] += 1
    except KeyError:
        counts[w] = 1
print(counts)


class BadSet:
    def __getitem__(self, k):
        return 1

    def __setitem__(self, k, v):
        raise ValueError("read-only, got " + repr(v))


def store_bad():
    b = BadSet()
    b[0] += 1


try:
    store_bad()
except ValueError as e:
    print("ValueError", e)
d = {"x": 1}
d["y"] += 1
