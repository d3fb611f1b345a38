# s * n and n * s (strMulFast) for exact strs and machine ints, and the
# cases the general path keeps: n < 2, empty strs, bools, big ints,
# subclasses with __mul__/__rmul__, in-place *=, non-ASCII and errors.
for s in ["", "a", "ab", "é", "aé", "\U0001f600x", "line\n"]:
    for n in [-3, -1, 0, 1, 2, 3, 7, 33]:
        r1, r2 = s * n, n * s
        print(repr(s), n, repr(r1), len(r1), r1 == r2, r1.isascii(), r1[-1:], r1[n:n + 3])
for n in (True, False):
    print(repr("ab" * n), repr(n * "ab"))
t = "xy"
t *= 3
u = 4
u *= "z"
print(t, u, len(t * 5), ("é" * 5)[2], ("é" * 5).upper())
class S(str):
    def __mul__(self, n): return "S-mul"
    def __rmul__(self, n): return "S-rmul"
class P(str):
    pass
print(S("a") * 3, 3 * S("a"), repr(P("ab") * 2), type(P("ab") * 2).__name__, repr(2 * P("c")))
class N(int):
    def __rmul__(self, o): return "N-rmul"
    def __mul__(self, o): return "N-mul"
print("ab" * N(2), N(2) * "ab")
for bad in [2.0, "x", None, 2**70]:
    try:
        print("ab" * bad)
    except (TypeError, OverflowError, MemoryError) as e:
        print(type(e).__name__, e)
