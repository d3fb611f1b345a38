# if/while of a local against a constant or another local: ints, floats,
# NaN, big ints, mixed kinds, bools, strs, dunders and unbound locals.
import math


def lt_const(x):
    if x < 2:
        return "lt"
    return "ge"


def ge_const_not(x):
    if not x >= 2.5:
        return "not-ge"
    return "ge"


def cmp_locals(a, b):
    r = []
    if a < b:
        r.append("<")
    if a <= b:
        r.append("<=")
    if a == b:
        r.append("==")
    if a != b:
        r.append("!=")
    if a > b:
        r.append(">")
    if a >= b:
        r.append(">=")
    return r


def count_up(n):
    i = 0
    while i < n:
        i += 1
    return i


class Weird:
    def __lt__(self, other):
        print("Weird.__lt__", other)
        return ""

    def __gt__(self, other):
        return 1


class MyInt(int):
    def __lt__(self, other):
        return True


for v in [0, 1, 2, 3, -5, 1.5, 2.0, 2 ** 70, -(2 ** 70), True, False, 1.9999999999999998, MyInt(7)]:
    print(repr(v), lt_const(v), ge_const_not(v))
print(lt_const(Weird()))
print(ge_const_not(float("nan")), ge_const_not(math.inf), ge_const_not(-math.inf))
pairs = [(1, 2), (2, 2), (3, 2), (1.5, 1.5), (float("nan"), float("nan")), (1, 1.0), (2 ** 64, 2 ** 64 + 1),
         (-1, -1), ("a", "b"), ("b", "a"), (True, 1), (MyInt(3), 1), (1, MyInt(3)), (0.1 + 0.2, 0.3),
         (-(2 ** 63), 2 ** 63 - 1), (2 ** 62, 2 ** 62)]
for a, b in pairs:
    print(repr(a), repr(b), cmp_locals(a, b))
print(count_up(10), count_up(0), count_up(-3), count_up(2.5))
for bad in [None, "s", [1]]:
    try:
        lt_const(bad)
    except TypeError as e:
        print("TypeError", e)


def unbound(flag):
    if flag:
        y = 1
    if y < 2:
        return "small"
    return "big"


print(unbound(True))
try:
    unbound(False)
except UnboundLocalError as e:
    print("UnboundLocalError", e)


def unbound_second(flag):
    x = 1
    if flag:
        y = 5
    if x < y:
        return "lt"
    return "ge"


print(unbound_second(True))
try:
    unbound_second(False)
except UnboundLocalError as e:
    print("UnboundLocalError", e)
