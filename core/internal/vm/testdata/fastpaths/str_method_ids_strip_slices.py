# str methods dispatched by builtin ID (strMethodFast), strip with an ASCII
# character set, and short slices/strips copied into their own small strs.
cases = ["", "abc", "  abc  ", "xxabcxx", "123abc456", "ééabcéé", "é1é", "abc\u00e9123", "\t\n a \r"]
charsets = [None, "", "x", "0123456789", "é", "aé", "abc", " \t", "1", "xyz" * 30]
for s in cases:
    for c in charsets:
        for m in ("strip", "rstrip", "lstrip"):
            r = getattr(s, m)(c) if c is not None else getattr(s, m)()
            print(repr(s), repr(c), m, repr(r), len(r), r.isascii())
class S(str):
    def rstrip(self, c=None): return "over"
print(S("abc1").rstrip("1"), str.rstrip(S("abc1"), "1"), type(str.rstrip(S("abc11"), "1")).__name__)
print(type(S("abc").strip("x")).__name__)
for m in ("upper", "lower", "isdigit", "isalpha", "startswith", "endswith", "count", "find", "index", "split", "join"):
    try:
        f = getattr("a,b1", m)
        print(m, f() if m in ("upper","lower","isdigit","isalpha","split") else f(",") if m != "join" else f(["x","y"]))
    except Exception as e:
        print(m, type(e).__name__, e)
try: "abc".index("z")
except ValueError as e: print(e)
try: "abc".rstrip(1)
except TypeError as e: print(e)
print("abc".split(None), "a b".split(" ", 1), "x".upper(), "ß".upper(), "Ab".lower())
s = "hello world, this is a long string of some text" * 2
print(s[3:10], s[-5:], s[::7], s[40:60])
