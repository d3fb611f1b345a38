import math
print(math.sqrt(16), math.floor(-2.5), math.ceil(2.1), math.factorial(25))
print(math.gcd(12, 18, 30), math.lcm(4, 6), math.isqrt(10**20 + 5), math.comb(52, 5), math.perm(5, 2))
print(math.fsum([0.1] * 10), math.hypot(3, 4), math.dist((0, 0), (1, 1)), math.log(8, 2))
print(math.floor(1e20), math.trunc(-3.7), math.copysign(2, -0.0), math.modf(2.5), math.frexp(10.0))
