# Big ints with one-word divisors and small operands, near the int64 edge.
big = 12345678901234567890123456789
vals = [big, -big, 2**63, -2**63, 2**63 - 1, -2**63 + 1, 2**64, -2**64, 2**64 - 1, 10**30 + 7]
divs = [7, -7, 1, -1, 2**63 - 1, -2**63, 2**63, -(2**63) + 1, 2**64 - 1, -(2**64 - 1), 3, 10]
for a in vals:
    for d in divs:
        print(a // d, a % d, divmod(a, d), -a // d, -a % d)
for a in vals:
    for s in [1, 2, 2**62, 2**63 - 1, -1, -2**63]:
        print(a + s, a - s, a * s, s - a, s * a, a & s, a | s, a ^ s)
    print(a >> 1, a >> 64, a >> 200, a << 3, -a >> 1)
x = 12345678901234567890 ** 3
for i in range(200):
    x = (x * 31 + i) // 7 + (x >> 5) - (x & 0xFFFF)
print(x, x % 1000, x % -1000)
try:
    big // 0
except ZeroDivisionError as e:
    print(e)
try:
    big % 0
except ZeroDivisionError as e:
    print(e)
try:
    big >> -1
except ValueError as e:
    print(e)
print((2**64) // (2**64 - 1), (2**64) % (2**64 - 1), (-2**64) // (2**64 - 1), (-2**64) % (2**64 - 1))
print((2**64 - 1) * 2 % (2**64 - 1), -(2**128) % (2**64 - 1), (2**128 - 1) % -(2**64 - 1))
