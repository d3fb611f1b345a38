# float ** float: the fast path takes a positive finite base and a finite
# exponent; zeros, negatives, infinities, NaN and overflow take the generic
# path with its exact results and errors. (Go's math.Pow is not always
# correctly rounded, unlike glibc's pow: the values here avoid that.)
inf = float("inf")
nan = float("nan")
vals = [2.0, 4.0, 1.0, 0.0, -0.0, inf, -inf, nan, 1e308, 1e-308, 10.0]
exps = [0.0, -0.0, 1.0, -1.0, 0.5, -1.5, 2.0, 3.0, inf, -inf, nan, 1e6, -1e6]
for a in vals:
    row = []
    for b in exps:
        try:
            row.append(repr(a ** b))
        except (ZeroDivisionError, OverflowError) as e:
            row.append(type(e).__name__)
    print(repr(a), " ".join(row))
x = 3.0
x **= 0.5
print(x, 2.0 ** -1.5, 9.0 ** 0.5)
for b in [2.0, 3.0, -1.0, -2.0, 0.0]:
    print((-2.0) ** b, (-0.5) ** b)
print(type((-2.0) ** 0.5).__name__)
try:
    print(10.0 ** 400.0)
except OverflowError as e:
    print(e.args)
