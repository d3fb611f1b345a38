from fractions import Fraction as F
import math, numbers
a = F(1, 3); b = F("2/6"); c = F(0.5); d = F("1.25"); e = F("-3e-2")
print(a, repr(a), a == b, c, d, e, F(3), F(6, -4))
print(a + d, a - 1, 2 * a, a / d, a ** 2, a ** -2, -a, abs(F(-1, 2)), 1 / a, a + 0.5)
print(a < d, a > 0, a <= F(1, 3), a == 1/3, F(1, 2) == 0.5, F(2) == 2, sorted([d, a, c]))
print(float(a), int(F(-7, 2)), math.floor(F(-7, 2)), math.ceil(F(7, 2)), round(F(5, 2)), round(F(7, 2)), round(F(22, 7), 2))
print(F(math.pi).limit_denominator(1000), F(math.pi).limit_denominator(10), F(1, 3).limit_denominator(5))
print(F(7, 2) // 2, F(7, 2) % 2, divmod(F(7, 2), 1), a.numerator, a.denominator, F(3, 4).as_integer_ratio())
print(isinstance(a, numbers.Rational), hash(F(1, 2)) == hash(0.5), hash(F(3)) == hash(3), {F(1, 2): 1}[F(2, 4)])
print(sum([F(1, 3)] * 3), F(1, 10) * 10 == 1, f"{F(1, 3)}", str(F(0)))
try:
    F(1, 0)
except ZeroDivisionError as e:
    print(e)
try:
    F("abc")
except ValueError as e:
    print(e)
