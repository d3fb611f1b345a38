# str + str and hex/oct/bin of machine ints answer in fast paths; every
# other operand falls back to the general operation.


class S(str):
    def __add__(self, other):
        return "S.__add__(" + str.__add__(self, other) + ")"

    def __radd__(self, other):
        return "S.__radd__(" + str.__add__(other, self) + ")"


class R:
    def __radd__(self, other):
        return "R.__radd__(" + other + ")"


class I:
    def __index__(self):
        return 255


a, b, e = "abc", "déf", ""
print(a + b, len(a + b), (a + b)[3], (b + a)[-1])
print(repr(a + e), repr(e + a), (a + e) is a, (e + a) is a, repr(e + e))
print(a + S("x"), S("x") + a, type(S("x") + a).__name__)
print(a + R())
x = "ab"
x += "cd"
x += "é"
print(x, len(x), x[4])
for bad in (1, 1.5, None, b"b", [1]):
    try:
        a + bad
    except TypeError as exc:
        print("TypeError:", exc)
s = ""
for i in range(40):
    s = s + str(i % 10)
print(s, len(s))
print(("x" * 100) + ("y" * 100) == "x" * 100 + "y" * 100, len("ü" * 50 + "z" * 50))
for f in (hex, oct, bin):
    print([f(v) for v in (0, 1, -1, 255, -256, 2**62, -(2**63), 2**63, -(2**70), True, False, I())])
for bad in (1.5, "1", None):
    try:
        hex(bad)
    except TypeError as exc:
        print("TypeError:", exc)
try:
    hex(1, 2)
except TypeError as exc:
    print("TypeError:", exc)
try:
    hex(x=1)
except TypeError as exc:
    print("TypeError:", exc)
