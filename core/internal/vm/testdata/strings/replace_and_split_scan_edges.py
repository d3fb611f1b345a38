# str.replace finds its occurrences once (keeping the first offsets) and
# str.split() scans with a table: the edges both must keep.

# replace: counts, overlaps, no match, whole-string matches, long texts.
s = "abababab"
print(s.replace("aba", "X"), s.replace("ab", "", 2), s.replace("ab", "Y", 0))
print(s.replace("b", "bb", -1), s.replace("zz", "q"), s.replace("abababab", ""))
print(s.replace("ab", "--", 3), s.replace("ab", "--", 100))
t = s.replace("nothing", "x")
print(t is s, s.replace("ab", "ab", 0) is s)
long = "alpha0 beta1 gamma2 delta3 " * 30000
r = long.replace("alpha", "ALPHA")
print(len(r), r.count("ALPHA"), r[:40])
r = long.replace("a", "")
print(len(r), r[:30])
r = long.replace("eta", "\u00e9t\u00e0", 70000)
print(len(r), r.count("\u00e9t\u00e0"), r[-60:])
# More occurrences than the offsets kept: the rest are found again.
many = "x," * 100000
r = many.replace(",", ";;")
print(len(r), r[:12], r[-12:], r.count(";;"))
r = many.replace("x,", "", 99999)
print(repr(r))
u = "h\u00e9\u00e9llo w\u00f6rld \U0001f600\U0001f600 " * 3
print(u.replace("\u00e9", "e"), u.replace("\U0001f600", ":)", 3))
# A subclass and a non-str argument.
class S(str):
    pass
print(type(S("aXa").replace("X", "-")).__name__, S("aXa").replace("X", "-"))
try:
    "abc".replace("a", 1)
except TypeError as e:
    print("TypeError", e)

# split(): ASCII whitespace of every kind, runs, edges.
print("  a\tb\nc\x0bd\x0ce\rf\x1cg\x1dh\x1ei\x1fj  ".split())
print("".split(), "   ".split(), "x".split(), " x ".split())
print("a\x00b \x85c".split())  # \x85 is whitespace (not ASCII)
print("a\u00a0b c\u2003d".split())
w = ("w%d " % 7) * 50000
p = w.split()
print(len(p), p[0], p[-1])
print("a|b||c|".split("|"), "a--b----c".split("--"), "abc".split("abc"))
