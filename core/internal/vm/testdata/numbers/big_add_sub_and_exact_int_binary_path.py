# big + big and big - big with every sign and size (results that shrink to
# machine ints, cross the int64 edges, carry into a new word), and the
# exact-int binary path's fallbacks: bools, int subclasses with and
# without overridden dunders, reflected operands.
M = 2**63
vals = [M, M - 1, -M, -M - 1, 2**64 - 1, 2**64, -(2**64), 2**200 + 12345, -(2**200) + 7,
        2**128 - 1, 3**150, -(3**150), 10**40 + 7, 2**1400 + 99, -(2**1400) - 1]
acc = 0
for a in vals:
    for b in vals:
        s, d = a + b, a - b
        print(a % 1000003, b % 1000003, s % 999983, d % 999983, type(s).__name__, type(d).__name__, s == -(-a - b), d == -(b - a))
        acc ^= hash(s) ^ hash(d)
print(acc)
print(M + M - M - M, (2**64 - 1) - (2**64 - 1), (2**200) - (2**200 - 1), -(2**200) + 2**200)
print((2**63) - 1 + 0, 2**63 - 2**63 + 5, 2**64 - 2**63, -(2**64) + 2**63)
print(2**200 + True, True + 2**200, 2**200 - False, 2**200 * True)
print(9223372036854775807 + 1, -9223372036854775808 - 1, 9223372036854775807 * 2, -9223372036854775808 // -1)


class I(int):
    pass


class J(int):
    def __add__(self, o):
        return "J.add"

    def __radd__(self, o):
        return "J.radd"

    def __sub__(self, o):
        return "J.sub"


big = 2**100
print(I(big) + big, type(I(big) + big).__name__, big + I(5), type(big + I(5)).__name__)
print(J(big) + big, big + J(big), J(1) - big, big - J(1))
x = 2**100
x += 2**99
x -= 2**101
print(x, type(x).__name__)
y = 10**30
y //= 7
y %= 10**20
print(y, 10**30 // 7, -(10**30) // 7, -(10**30) % 7, 10**30 >> 3, -(10**30) >> 3)
print((2**200) @ 1 if False else "no matmul")
try:
    (2**200) @ 3
except TypeError as e:
    print(e)
try:
    (2**200) // 0
except ZeroDivisionError as e:
    print(e)
try:
    3 % 0
except ZeroDivisionError as e:
    print(e)
