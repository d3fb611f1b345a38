# for x in map(f, xs) with a pure builtin f (abs, len, chr, int, str ...)
# steps in the loop; errors, other items and other callables take the
# general path with CPython's results.
import builtins

def run(f, xs):
    out = []
    try:
        for v in map(f, xs):
            out.append(v)
    except Exception as e:
        out.append((type(e).__name__, str(e)))
    return out

cases = [
    (abs, [3, -4, 0, -2**63, 2**63, -1.5, True, False]),
    (abs, [1, "x", 2]),
    (len, ["", "ab", "h\u00e9llo", 5]),
    (ord, ["a", "\u20ac", "ab"]),
    (chr, [65, 0x20ac, -1, 66]),
    (hex, [255, -16, 2**70, 1.0]),
    (oct, [8]), (bin, [5, -5]),
    (repr, ["a'b", 1.5, None, True]),
    (hash, [1, -1, 2**61, "x" == "x"]),
    (round, [1.5, 2.5, -0.5, 3, float("nan")]),
    (int, ["12", " 7 ", "1_000", 3.9, -2.5, True, "x", 5]),
    (float, ["1.5", "inf", 2, "nan?", 1]),
    (str, [1, -2.5, None, "s", True, 1e300]),
    (bool, [0, 1, "", "a", None, 0.0]),
    (abs, range(-3, 3)),
    (len, ("ab", "c")),
]
for f, xs in cases:
    r = run(f, xs)
    print(f.__name__, [x if x == x else "nan" for x in r])

class S(str):
    def __len__(self):
        return 42
print(run(len, ["ab", S("xy")]))

class I(int):
    def __abs__(self):
        return "custom"
print(run(abs, [-1, I(-5)]))

def myabs(x):
    return ("my", x)
old = builtins.abs
builtins.abs = myabs
print(run(abs, [-1, 2]))
builtins.abs = old

# the list grows and shrinks while mapped
xs = [1, -2, 3]
for v in map(abs, xs):
    if v == 1:
        xs.append(-9)
    if v == 2:
        del xs[0]
    print(v, xs)

# the map resumes after a break, and next() agrees with the loop
m = map(abs, [-1, -2, -3, -4])
for v in m:
    if v == 2:
        break
print(next(m), list(m))
