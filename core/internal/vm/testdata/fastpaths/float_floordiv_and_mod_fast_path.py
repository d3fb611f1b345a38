# float // float and float % float (and with ints) take a fast path: signs,
# zeros, infinities, NaNs and the zero-division errors must be CPython's.
vals = [0.0, -0.0, 1.0, -1.0, 7.5, -7.5, 0.1, -0.1, 3.0, 1e308, -1e308, 5e-324, float("inf"), float("-inf"),
        float("nan"), 360.0, 2.5, -2.5, 1e16, 1e-300]
for a in vals:
    row = []
    for b in vals:
        for f in (lambda: a // b, lambda: a % b):
            try:
                row.append(repr(f()))
            except ZeroDivisionError as e:
                row.append("ZDE:" + str(e))
    print(repr(a), " ".join(row))
for a, b in ((7, 2.0), (-7, 2.0), (7.0, -2), (-7.5, 2), (2**53 + 1, 0.5), (1, 0.0), (1.0, 0), (0.0, -3)):
    for f in (lambda: a // b, lambda: a % b, lambda: divmod(a, b)):
        try:
            print(repr(f()), end=" ")
        except ZeroDivisionError as e:
            print("ZDE:" + str(e), end=" ")
    print()
a = 0.0
for i in range(1000):
    a = (a + 7.3 * i) % 360.0 - (a // 45.0)
x = 10.0
x //= 3.0
y = -10.0
y %= 3.0
print(a, x, y)


class F(float):
    def __mod__(self, o):
        return "F.mod"

    def __rfloordiv__(self, o):
        return "F.rfloordiv"


print(F(5.0) % 2.0, 5.0 // F(2.0), F(5.0) // 2.0, 5.0 % F(3.0))
