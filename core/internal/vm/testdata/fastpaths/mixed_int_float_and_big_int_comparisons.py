# Comparisons of a machine int with a float and of big ints with ints take
# a fast path; they must be exact (no rounding of the int) and NaN
# unordered, as in CPython.
import operator

ops = [operator.lt, operator.le, operator.eq, operator.ne, operator.gt, operator.ge]
nan = float("nan")
ints = [0, 1, -1, 2**53, 2**53 + 1, -(2**53) - 1, 2**63 - 1, -(2**63), 2**64, -(2**64), 10**30, -(10**30), 2**63]
floats = [0.0, -0.0, 0.5, -0.5, 9007199254740992.0, 9007199254740993.0, 9.223372036854776e18, -9.223372036854776e18,
          1e30, float("inf"), float("-inf"), nan, 1.8446744073709552e19]
for a in ints:
    for b in floats + ints:
        print(a, b, "".join("1" if op(a, b) else "0" for op in ops), "".join("1" if op(b, a) else "0" for op in ops))
x, n = 0.25, 0
for i in range(-5, 6):
    if x > 0:
        n += 1
    if i < x * 3:
        n += 10
    if 10**20 > i > -(10**20):
        n += 100
    if i == i * 1.0:
        n += 1000
    x = -x
print(n)


class I(int):
    def __lt__(self, o):
        return "I.lt"


class F(float):
    def __gt__(self, o):
        return "F.gt"


print(I(1) < 2.0, F(1.0) > 0, 0 < F(1.0), I(5) < 10**30)
print(True < 1.5, 1.5 > False, 10**30 == 1e30, 2**53 + 1 == 2.0**53 + 1, (2**53 + 1) > 2.0**53)
try:
    1 < "a"
except TypeError as e:
    print(e)
try:
    10**30 < "a"
except TypeError as e:
    print(e)
print(1 == "a", 10**30 != None, 1.5 == [1.5])
