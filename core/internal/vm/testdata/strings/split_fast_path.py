# str.split() of ASCII strs and str.split(sep) with a non-empty sep make
# their pieces in place; other forms take the general path.


class T(str):
    pass


texts = ["", " ", "a", " a ", "a b", "  alpha   beta\tgamma\n\x0bdelta\x0c\r\x1c\x1d\x1e\x1fz  ", "a||b|", "|", "||", "h\u00e9 l\u00e0|x", "a\u00a0b c", "\u2003a b\u3000"]
for t in texts:
    print(repr(t), t.split(), t.split("|"), t.split("||"), t.split(" "), t.split("a"), t.split(None), t.split(maxsplit=1), t.split("|", 1), t.rsplit())
    print([len(p) for p in t.split()], [p[:1] for p in t.split("|")], [p.upper() for p in t.split()])
print(T("a b").split(), type(T("a b").split()[0]).__name__, str.split("x y"), "a,b".split(sep=","))
big = " ".join(str(i) for i in range(1000))
parts = big.split()
print(len(parts), parts[:3], parts[-1], len(big.split("9")), sum(len(p) for p in big.split(" ")))
for bad in [lambda: "a".split(""), lambda: "a".split(1), lambda: "a".split(b"a"), lambda: "a".split(",", "x")]:
    try:
        bad()
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
