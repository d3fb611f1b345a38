# str(i) of a small int is answered at the call site; every other
# argument, a str subclass, a shadowed or rebound name, and keyword or
# extra arguments take the constructor.
import builtins


class S(str):
    pass


class Loud:
    def __str__(self):
        return "loud"


def convert(values):
    out = []
    for v in values:
        out.append(str(v))
    return out


print(convert([0, 1, 255, 256, -1, -256, 10**18, -(2**63), 2**63 - 1]))
print(convert([2**63, -(2**63) - 1, 10**40]))  # big ints
print(convert([True, False, None, 1.5, -0.0, "s", S("t"), b"b", Loud()]))

# One call site that meets ints, then other kinds, then ints again.
mixed = [7, "x", 8, 2.5, 9, True, 10**30, 11]
print(convert(mixed))

# A str subclass called with an int is a subclass instance.
for i in range(3):
    r = S(i)
    print(type(r).__name__, r, r == str(i))


# The name rebound in the module, then the shadow deleted.
def rebound():
    out = []
    for i in range(4):
        out.append(str(i))
    return out


str = lambda v: "shadow%d" % v
print(rebound())
del str
print(rebound())

# The builtin replaced in builtins, then restored.
real = builtins.str
builtins.str = lambda v: "patched"
print(rebound())
builtins.str = real
print(rebound())

# Other shapes of the call.
print(str(object=5), str(b"ab", "ascii"), str())
try:
    str(5, encoding="utf-8")
except TypeError as e:
    print("TypeError", e)

# Results are ordinary strs.
s = str(12345)
print(type(s).__name__, s + "!", s[1:3], len(s), s.isdigit(), hash(s) == hash("12345"))
