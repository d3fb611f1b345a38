from decimal import Decimal as D
a, b = D("7.5"), D("2")
print(a - b, 10 - a, a / b, 3 / b, a // b, 17 // b, a % b, 17 % b, divmod(a, b), a ** 2, 2 ** D(3))
for f in (lambda: a // D(0), lambda: D(0) // D(0)):
    try: f()
    except Exception as e: print(type(e).__name__)
print(a.__rsub__(1), a.__floordiv__(b), (a - "x") if False else a.__sub__("x"))
