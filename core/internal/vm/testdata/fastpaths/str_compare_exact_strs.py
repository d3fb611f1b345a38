# COMPARE_OP on two exact strs (strCmpFast), in both the plain and the
# fused local-vs-constant/local forms, and the operands that must take the
# general comparison: subclasses with rich comparisons, other types,
# NotImplemented fallbacks and the TypeError of ordering mixed types.
vals = ["", "a", "b", "ab", "abc", "B", "é", "e\u0301", "\U0001f600", "\uffff", "z" * 40, "a\x00", "\x00"]
for x in vals:
    print(repr(x), [(x < y, x <= y, x == y, x != y, x > y, x >= y) for y in vals])
def branches(s, t):
    out = []
    if s == "abc": out.append("eq-const")
    if s != "abc": out.append("ne-const")
    if s < "b": out.append("lt-const")
    if s >= "b": out.append("ge-const")
    if s == t: out.append("eq")
    if s != t: out.append("ne")
    if s > t: out.append("gt")
    if s <= t: out.append("le")
    return out
for s, t in [("abc", "abc"), ("abd", "abc"), ("", "é"), ("é", ""), ("abc", 1), (1, "abc"), ("abc", None)]:
    try:
        print(repr(s), repr(t), branches(s, t))
    except TypeError as e:
        print(repr(s), repr(t), "TypeError", e)
class S(str):
    def __eq__(self, o): return "eq-called"
    def __lt__(self, o): return "lt-called"
    def __gt__(self, o): return "gt-called"
    __hash__ = str.__hash__
class P(str):
    pass
a = S("abc")
print(a == "abc", "abc" == a, a < "b", "b" > a, a != "abc", "x" < a)
print(P("a") == "a", P("a") < "b", "b" > P("a"), P("a") != P("a"), P("b") >= "b")
def g(s):
    return s == "abc", s < "abd", "abc" == s
print(g(a), g(P("abc")), g("abc"))
class O:
    def __eq__(self, o): return "O-eq"
    def __lt__(self, o): return "O-lt"
    def __gt__(self, o): return "O-gt"
print("abc" == O(), "abc" < O(), O() > "abc", "abc" == 1, "1" != 1, "a" == b"a")
for op in ("<", "<=", ">", ">="):
    try:
        eval("'a' " + op + " 1")
    except TypeError as e:
        print(op, e)
words = ["delta", "alpha", "Charlie", "bravo", "échelle", "echo"]
print(sorted(words), max(words), min(words), [w for w in words if w > "b"], [w for w in words if w == "echo"])
