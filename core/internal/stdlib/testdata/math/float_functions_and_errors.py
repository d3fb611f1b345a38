import math
print(math.pow(2, 10), math.atan2(1, 1), math.copysign(3, -0.0), math.fmod(7, 3), math.remainder(7, 3), math.modf(2.5), math.frexp(8.0))
print(math.isfinite(1e308), math.isinf(float('inf')), math.isnan(float('nan')), math.nextafter(1, 2), math.ulp(1.0))
for f, args in ((math.pow, (0, -1)), (math.fmod, (1, 0)), (math.atan2, ('x', 1)), (math.modf, ()), (math.isnan, (1, 2))):
    try:
        f(*args)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
