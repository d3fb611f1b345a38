from fractions import Fraction as F
a, b = F(3, 4), F(-5, 6)
for x, y in [(a, b), (a, 2), (2, a), (a, 0.5), (0.5, a), (b, 3), (7, b)]:
    row = []
    for name, f in [('+', lambda: x + y), ('-', lambda: x - y), ('*', lambda: x * y), ('/', lambda: x / y), ('//', lambda: x // y), ('%', lambda: x % y), ('divmod', lambda: divmod(x, y))]:
        try:
            row.append(repr(f()))
        except (TypeError, ZeroDivisionError) as e:
            row.append(type(e).__name__ + ': ' + str(e))
    print(x, y, row)
for f in (lambda: a // F(0), lambda: a % 0, lambda: a + 'x', lambda: 'x' * a):
    try:
        f()
    except (TypeError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
print(F.__add__.__name__, F.__rmod__.__name__, sum([F(1, 3)] * 3), a ** 2, 2 ** F(1, 1))
