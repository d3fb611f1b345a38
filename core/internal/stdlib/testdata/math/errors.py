import math
for f in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.exp(1000), lambda: math.factorial(-1),
          lambda: math.factorial(2.5), lambda: math.isqrt(-1), lambda: math.comb(3, -1), lambda: math.sqrt('x'),
          lambda: math.fsum([math.inf, -math.inf]), lambda: math.floor(math.nan)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
