# x ** y and math.pow(x, y) for integer and half-integer exponents: the
# results must be C's pow's to the last bit, and the special cases (signs,
# zeros, infinities, overflow, underflow, subnormals) CPython's.
import math

xs = [1.0000001, 0.3, 2.5, 3.7, 10.0, 0.001, 123.456, 7e-5, 1.5e10, 0.999999, 17.0, 0.7071,
      5.551115123125783e-17, 2.2250738585072014e-308, 1e150]
ys = [0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 2.0, -2.0, 3.0, -3.0, 4.0, 5.0, -7.0, 10.0, 31.5, -32.0, 0.0, 1.0, -1.0]
for x in xs:
    row = []
    for y in ys:
        for b in (x, -x):
            try:
                r = b ** y
                row.append(r.hex() if isinstance(r, float) else "complex")
            except (OverflowError, ZeroDivisionError) as e:
                row.append(type(e).__name__)
            try:
                row.append("=" if math.pow(b, y) == r else "math.pow differs")
            except (OverflowError, ValueError) as e:
                row.append(type(e).__name__)
    print(x, " ".join(row))
for b, e in ((0.0, -1.5), (-0.0, 3.0), (-0.0, -3.0), (float("inf"), -1.5), (float("-inf"), 3.0), (1e200, 2.0),
             (1e-200, 2.0), (1e-200, -2.0), (1e300, 0.5), (-1.0, 31.0), (1.0, -32.0)):
    for f in (lambda: b ** e, lambda: math.pow(b, e)):
        try:
            print(b, e, f())
        except (OverflowError, ZeroDivisionError, ValueError) as ex:
            print(b, e, type(ex).__name__, ex)
s = 0.0
for i in range(1, 500):
    x = i * 0.37
    s += x ** -1.5 + x ** 0.5 - (x + 1) ** 2.5 * 1e-6
print(s.hex())
