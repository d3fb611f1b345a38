# s.replace(old, new[, count]) with a non-empty old counts once and lays
# the result out in one buffer; identity, subclasses, counts and errors
# as CPython.
cases = ["", "abc", "aaaa", "abcabcabc", "héllo héllo", "xx" * 50, "a-b-c-d"]
for s in cases:
    for old, new, *c in [("a", "b"), ("a", ""), ("abc", "X"), ("l", "LL"), ("é", "e"), ("e", "é"), ("-", "--", 2), ("a", "zz", 0), ("a", "zz", -1), ("a", "zz", 1), ("", "_"), ("", "_", 2), ("zz", "y"), ("xx", "y", 10**20 if False else 3)]:
        r = s.replace(old, new, *c)
        print(repr(s), old, new, c, repr(r), len(r), r.isascii(), r is s, r[1:3] if r else "", r[-1:] if r else "")
class S(str): pass
t = S("abc")
r = t.replace("z", "y"); print(type(r).__name__, r, r is t)
r = t.replace("a", "y"); print(type(r).__name__, r)
r = "abc".replace(S("a"), S("q")); print(type(r).__name__, r)
try: "abc".replace(1, "x")
except TypeError as e: print(e)
try: "abc".replace("a", "x", "y")
except TypeError as e: print(e)
big = "alpha beta " * 1000
print(len(big.replace("alpha", "ALPHA").replace("eta", "ETA")), big.replace("a", "").count("l"))
