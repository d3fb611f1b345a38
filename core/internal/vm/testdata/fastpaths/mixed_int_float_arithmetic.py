# float <op> int and int <op> float take a fast path; every result, error
# and sign must be CPython's.
ints = [0, 1, -1, 7, -7, 2**53 + 1, -(2**53) - 1, 2**63 - 1, -(2**63), 10**6]
floats = [0.0, -0.0, 1.5, -2.25, 1e308, -1e-308, float("inf"), float("-inf"), float("nan"), 3.0]
for i in ints:
    for x in floats:
        row = []
        for name, fn in (("+", lambda a, b: a + b), ("-", lambda a, b: a - b), ("*", lambda a, b: a * b),
                         ("/", lambda a, b: a / b), ("//", lambda a, b: a // b), ("%", lambda a, b: a % b)):
            for a, b in ((i, x), (x, i)):
                try:
                    row.append(repr(fn(a, b)))
                except (ZeroDivisionError, OverflowError, ValueError) as e:
                    row.append(type(e).__name__ + ":" + str(e))
        print(i, x, " ".join(row))
total = 0.0
for k in range(1, 200):
    total += 1.0 / ((k + 1) * (k + 2) // 2 + k + 1)
    total -= k * 0.001
    total += 2 ** 0.5 - k / 3.0
print(total)
print(True + 1.5, 1.5 * False, 2 ** -1.0, 4 ** 0.5, 2.0 ** 10, 0.5 ** 3, 9 ** -0.5, 1.0 ** 10**6)
for a, b in ((0, -1.0), (0.0, -2), (10, 400.0), (1e300, 2)):
    try:
        print(a ** b)
    except (ZeroDivisionError, OverflowError) as e:
        print(type(e).__name__, e)


class F(float):
    def __add__(self, o):
        return "F.add"

    def __radd__(self, o):
        return "F.radd"


print(F(1.0) + 1, 1 + F(1.0), F(2.0) * 3)
