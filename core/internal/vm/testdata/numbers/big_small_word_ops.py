# Big int with machine int: +, -, * (both orders), //, % and >> by
# machine ints, computed on the words; signs, carries across words,
# results that fall back to machine ints, and the int64 edges.
M = 2**63
bigs = [M, M + 1, -M - 1, -M - 2, 2**64 - 1, 2**64, -(2**64), 2**64 + 5,
        2**128 - 1, -(2**128 - 1), 2**128, -(2**128), 3**200, -(3**200),
        2**4000 + 12345, -(2**4000) + 1, (2**64 - 1) * 2**192]
smalls = [0, 1, -1, 2, 7, -7, 31, 2**32 + 1, M - 1, -M, -M + 1, 10**18]
acc = 0
lines = []
for b in bigs:
    for s in smalls:
        r = [b + s, s + b, b - s, s - b, b * s, s * b]
        if s > 0:
            r += [b // s, b % s, b >> (s % 300), divmod(b, s)]
        if s >= 0:
            r.append(b >> s)
        for v in r:
            acc = (acc * 1000003 + hash(v)) % (2**61 - 1)
        lines.append((b % 1000, s % 1000, [type(v).__name__ for v in r].count("int")))
print(acc)
print(len(lines), lines[:3], lines[-3:])
print(M + (-M), (-M - 1) + 1, type((-M - 1) + 1), M - 1 - M, -M - 1 - (-M))
print((-M - 1) + M + 1, M * -1, (-M) * 1 if False else -M * 1, (M + 1) * 0)
print(-(2**64) >> 1, -(2**64) >> 64, -(2**64) >> 65, -(2**64 + 1) >> 64, -(2**64 + 1) >> 10**6)
print((2**64) >> 0, -(2**64) >> 0, (2**130 + 3) >> 64, -(2**130 + 3) >> 64, -(2**128) >> 64)
print(-(2**128) // 2, -(2**128 + 1) // 2, -(2**128) % 3, (2**128) % 3, -(2**64) // (M - 1))
print(-(2**64) % 1, -(2**64) // 1, (2**64 - 1) // (2**64 - 1 - M), 2**64 // M)
print(-(2**127) * 2 == -(2**128), (2**64 - 1) * (M - 1), -(2**64 - 1) * -M)
class I(int):
    def __add__(self, o):
        return "I.add"
    def __rsub__(self, o):
        return "I.rsub"
print(I(2**70) + 1, 5 - I(2**70), I(2**70) - 1, type(I(2**70) >> 0).__name__, I(2**70) >> 0)
try:
    (2**70) >> -1
except ValueError as e:
    print("ValueError", e)
try:
    (2**70) // 0
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    (2**70) % 0
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
x = 12345678901234567890 ** 3
for i in range(300):
    x = (x * 31 + i) // 7 + (x >> 5) - (x & 0xFFFF)
print(x % 1000003, x.bit_length())
