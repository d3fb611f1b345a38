from decimal import Decimal as D, getcontext, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_DOWN, localcontext, InvalidOperation, DivisionByZero
import decimal
print(D("1.10") + D("2.205"), D("0.1") + D("0.2"), D(1) / D(3), D(2) / D(3), D(10) / D(4), D(1) / D(8), D("1.00") / D("3"))
print(D("3.14159").quantize(D("0.01")), D("2.675").quantize(D("0.01"), rounding=ROUND_HALF_UP), D("2.665").quantize(D("0.01")), D("2.5").quantize(D("1"), rounding=ROUND_HALF_EVEN))
print(D(5), D(-3.5), D(0.1), D("1e3"), D("1E-7"), D("-0.000001"), D("123.4500"), D("0"), D("-0"), D("1e+2") * 1)
print(repr(D("1.5")), str(D("100")), D("1.5") * 2, D("7") // D("2"), D("-7") // D("2"), D("-7") % D("2"), D("7.5") % 2, 2 - D("0.5"))
print(D("1.5") < D("2"), D("2.0") == D(2), D("2") == 2, D("0.5") == 0.5, D("0.1") == 0.1, max(D("1"), D("1.01")), sorted([D("3"), D("1.5"), D("-2")]))
print(getcontext().prec, D(2).sqrt(), D(16).sqrt(), D("1.21").sqrt())
getcontext().prec = 6
print(D(1) / D(7), D("123456789") + 0)
getcontext().prec = 28
with localcontext() as ctx:
    ctx.prec = 3
    print(D(2) / 3)
print(D(2) / 3)
print(int(D("-3.7")), float(D("2.5")), round(D("2.5")), round(D("3.5")), round(D("3.14159"), 2), D("3.7").to_integral_value(), D("2.5").to_integral_value(rounding=ROUND_HALF_UP))
print(D("1.2300").normalize(), D("100").normalize(), D("1.23").as_tuple(), D(-1).is_signed(), D("12.5").adjusted())
print(f"{D('1234.5678'):.2f}", f"{D('1234.5'):,.2f}", f"{D('-0.125'):.2f}", f"{D('3'):>8}", format(D("0.5"), ".1%"))
print(sum([D("0.1")] * 10), D("1.1") ** 2, D(2) ** -2, hash(D(2)) == hash(2), hash(D("0.5")) == hash(0.5))
for bad in [lambda: D(1) / 0, lambda: D("abc"), lambda: D(0) / 0]:
    try:
        bad()
    except DivisionByZero as e:
        print("DivisionByZero", isinstance(e, ZeroDivisionError))
    except InvalidOperation as e:
        print("InvalidOperation")
try:
    D("1") + 1.5
except TypeError as e:
    print("TypeError")
print(D("Infinity"), D("-inf"), D("NaN"), D("1e30") * D("1e30"))
