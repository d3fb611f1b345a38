# a[i:j] = b[p:q:r]: the slice of b is a temporary the VM may reuse once
# the store has copied it; every other path must see an ordinary list.


def flips(perm):
    n = 0
    k = perm[0]
    while k:
        perm[: k + 1] = perm[k::-1]
        n += 1
        k = perm[0]
    return n, perm


print(flips([3, 1, 0, 2]), flips([5, 4, 3, 2, 1, 0]))
print(flips(list(range(20))[::-1]))  # longer than the scratch list

# Sizes that grow and shrink through the same statement.
a = list(range(30))
for k in [0, 3, 17, 25, 2, 29, 16, 1]:
    a[: k + 1] = a[k::-1]
print(a)

# Rotation, as fannkuch does it, and stores that change the length.
b = list(range(8))
for r in range(1, 8):
    first = b[0]
    b[:r] = b[1 : r + 1]
    b[r] = first
print(b)
c = [1, 2, 3, 4, 5]
c[1:2] = c[0:4]
c[:4] = c[4:5]
print(c)
c[:] = c[::-1]
print(c)

# Extended slice stores of the wrong size raise, as in CPython.
d = list(range(10))
try:
    d[::2] = d[:3]
except ValueError as e:
    print("ValueError:", e)
d[::2] = d[1::2]
print(d)


# A list subclass target: its __setitem__ keeps the value, which must
# stay the list it was given.
class Keep(list):
    def __setitem__(self, key, value):
        self.kept = value
        super().__setitem__(key, value)


kp = Keep([0, 0, 0])
src = [7, 8, 9, 10]
kp[:2] = src[1::-1]
kept = kp.kept
e = [1, 2, 3, 4, 5]
for _ in range(3):
    e[:2] = e[3:5]
    e[2:4] = src[::-1][:2]
print(kp, kept, e)


# A __getitem__ that hands out a list the program holds.
class Hand:
    def __init__(self):
        self.saved = [100, 200]

    def __getitem__(self, key):
        return self.saved


h = Hand()
f = [0, 0, 0]
for _ in range(2):
    f[:2] = h[0:2]
    g = [1, 2, 3]
    g[:1] = g[1:2]
print(f, h.saved, g)


# Bounds that run Python code, which itself stores slices.
class Idx:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        t = [5, 6, 7]
        t[:2] = t[1:3]
        return self.v


m = [1, 2, 3, 4]
m[: Idx(2)] = m[Idx(3) : 0 : -1]
print(m)

# An error between the slice and its store drops the temporary.


def unbound():
    p = [1, 2, 3]
    try:
        p[:q] = p[::-1]
        q = 1
    except UnboundLocalError:
        print("unbound q")
    p[:2] = p[::-1][:2]
    p[:1] = p[2:0:-1]
    return p


print(unbound())

# Tuple and str sources, and a tuple target (TypeError).
t = (1, 2, 3)
u = [0, 0, 0]
u[:2] = t[::-1]
print(u)
try:
    t[:1] = u[:1]
except TypeError as e:
    print("TypeError:", e)
s = "abc"
u[:] = s[::-1]
print(u)
