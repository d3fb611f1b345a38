# "...".format(*args) with plain positional fields (strFormatFast) and
# everything that must take the general path: named, attribute and index
# fields, conversions, nested specs, bools, big ints, subclasses with
# __format__/__str__, non-ASCII text, wide results, errors.
vals = [0, -7, 123456789, 2**63 - 1, -2**63, 2**70, 1.5, -0.0, 1e300, float("nan"), None,
        "", "abc", "é", "longer text here", 3 + 4j]
specs = ["", "<5", ">6", "^7", "*^9", "06", "+", " ", ".2f", "10.3f", ".3", "x", "d", "s", ",", "_", "e", "%", "08.2f", "=+8", "z.1f"]
for v in vals:
    for sp in specs:
        t = "{:" + sp + "}"
        try:
            r = t.format(v)
            print(repr(t), repr(v), repr(r), len(r))
        except Exception as e:
            print(repr(t), repr(v), type(e).__name__, e)
for t, a in [("{}|{}", (1, "x")), ("{0}-{1}-{0}", ("a", 2)), ("{1}{0}", (1, 2)), ("x{}y", (5,)),
             ("{}{{}}", (1,)), ("é{}é", ("a",)), ("{:{}}", ("a", 5)), ("{0!r}", ("a",)), ("{!s:>4}", (1,)),
             ("{0[1]}", ([1, 2],)), ("{0.real}", (3,)), ("{10}", tuple(range(11))), ("{}", ()),
             ("{0}{}", (1, 2)), ("{}{0}", (1, 2)), ("{", (1,)), ("}", (1,)), ("{:<200}", ("a",)),
             ("{}" * 20, tuple("abcdefghijklmnopqrst")), ("{} " * 40, tuple(range(40))), ("{}", (1, 2, 3)),
             ("{:d}", ("a",)), ("{:s}", (1,)), ("{:<5}", ("é",)), ("{2}", (1,))]:
    try:
        print(repr(t), repr(t.format(*a)))
    except Exception as e:
        print(repr(t), type(e).__name__, e)
class S(str):
    def __format__(self, spec):
        return "S!" + spec
class I(int):
    def __format__(self, spec):
        return "I!" + spec
class J(int):
    def __str__(self):
        return "J"
class T(str):
    pass
print("{:<5}|{:>3}|{}|{}|{:4}".format(S("a"), I(3), J(4), T("t"), T("u")))
print("{}".format(S("z")), "{:x}".format(J(255)), str.format("{}-{}", 1, "b"), "{a}{}".format(1, a=2))
class F(str):
    def format(self, *a):
        return "overridden"
print(F("{}").format(1))
try:
    "{:<5}".format()
except IndexError as e:
    print("IndexError", e)
WORDS = ["alpha", "beta", "gamma"]
print(["{:<5}".format(w[:5]) for w in WORDS], "{:>8}{:5d}".format("ab", 42))
print("{:>5}|{}|{:d}|{:.1f}".format(True, False, True, False))  # bools (not plain ints)
