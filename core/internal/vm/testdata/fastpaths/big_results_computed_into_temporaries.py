# Big-int results are computed into the object of a temporary operand,
# the result of the BINARY_OP just before: only when that operation made
# it, never into an object stored anywhere.

class Ret:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        return self.v
    def __radd__(self, o):
        return self.v
    def __mul__(self, o):
        self.v = self.v * 3
        return self.v
    def __sub__(self, o):
        return self.v - 0

big = 10 ** 30
r = Ret(big)
y = (r + 1) + 5
print(r.v == 10 ** 30, y)
y = 1 + (0 + r)
print(r.v == 10 ** 30, y)
z = (r * 2) + 7
print(r.v, z)
z = (r * 2) * 2
print(r.v, z)
z = (r - 1) + 1
print(r.v, z)

# Native operations that could hand back an operand unchanged.
x = 2 ** 100
for t in [(x + 0) + 1, (x * 1) * 2, (x >> 0) - 1, (x | 0) ^ 5, (x ** 1) + 3,
          (x - 0) // 3, (x // 1) % 1000, (+x) + 1, (-(-x)) + 2, abs(x) + 1]:
    print(x == 2 ** 100, t)

# A stored value is never a temporary, whatever it was made by.
a1 = x * 3
b1 = a1 + 1
print(a1, b1)
c1 = (a1) + (x * 0 + a1)
print(a1, c1)

# Chains of temporaries, on both sides, with results growing, shrinking
# and changing sign.
a = 3 ** 80
for i in range(200):
    a = (a * 7 + i) // 3 + (a >> 3) - (a & 255)
    a = a % (10 ** 60) + 10 ** 50
print(a)
b = 2 ** 70
print((b + 1) - b, (b * 2) // b, (b - 1) - (b - 5), (b * b) // (b * 1))
c = -(5 ** 60)
print((c * 3 + 1) // 7, (c >> 3) + (c * 2), 1 - (c * c), (c - 1) - c)
print((b - (b + 1)) * 3, (b + 0) - (b * 2) + (b + 0))

# Temporaries kept in containers and arguments.
lst = [(x * 2) + 1, (x * 3) + 1, (x * 2) + 1]
print(lst, lst[0] is lst[2])
d = {(x * 5) + 1: "k"}
print(d)
print(max((x * 2) + 1, (x * 2) + 2), str((x * 9) + 9))

# A generator paused in the middle of an expression keeps its temporary.
def gen():
    v = 2 ** 90
    r = (v * 3) + (yield "paused")
    yield r
    yield v

g = gen()
print(next(g))
w = (x * 7) + 1
print(g.send(11), next(g), w)

# Walrus and calls in the right operand.
t = (x * 3) + (s := 5)
print(t, s)
def f(v):
    global keep
    keep = v
    return 1
t = (x * 3) + f(x * 4)
print(t, keep)

# Recursion: every frame's temporaries are its own.
def tri(n):
    if n == 0:
        return 2 ** 80
    return (tri(n - 1) * 3 + n) - (2 ** 80 + n)
print(tri(30))

# Collections between the making and the use.
acc = []
for i in range(3000):
    acc.append((2 ** 70 * i + 1) + (2 ** 69 * i))
print(sum(acc) % 1000003, len(set(acc)))
