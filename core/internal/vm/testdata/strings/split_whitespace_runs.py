# str.split() with no separator: runs of every ASCII whitespace byte
# (and of the control bytes that are not whitespace) at every alignment
# of the eight-byte scans, words longer and shorter than eight bytes.
spaces = " \t\n\x0b\x0c\r\x1c\x1d\x1e\x1f"
others = "\x00\x01\x08\x0e\x1b\x21\x7f"
for sp in spaces:
    for n in range(0, 20):
        s = sp * (n % 3) + ("w" * n + sp) * 3 + "x" * (n % 9)
        print(repr(sp), n, s.split())
for c in others:
    print(repr(c), ("ab" + c + "cd " + c * 9 + " e").split())
print("".split(), "   ".split(), " \x1c\x1f\n ".split())
print("abcdefghijklmnopqrstuvwxyz0123456789".split())
print(("alpha beta\tgamma\ndelta " * 5).split())
# Non-ASCII text takes the general path, whose whitespace includes
# \x85, \xa0 and the wide spaces.
print("a\x85b\xa0c\u2003d\u3000e \u00e9t\u00e9 ".split())
words = ("w%d " % i * 3 for i in range(200))
text = "".join(words)
parts = text.split()
print(len(parts), parts[:3], parts[-3:], sum(map(len, parts)))


class S(str):
    def split(self, *a):
        return ["overridden"]


print(S("a b").split(), str.split(S("a  b\x1cc")))
try:
    "a b".split(None, "x")
except TypeError as e:
    print("TypeError", e)
