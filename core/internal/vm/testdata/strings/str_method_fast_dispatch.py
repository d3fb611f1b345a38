# strip/rstrip/lstrip, upper/lower, startswith/endswith, count, find and
# index on exact strs with str arguments answer before the general
# binding; every other form (subclass receivers, other argument types,
# start/end, keywords, unbound calls) keeps its behaviour.


class S(str):
    def strip(self, *a):
        return "S.strip"


class T(str):
    pass


words = ["", "  ab  ", "xxabcxx", "abc123", "ab\u00e9\u00e9", "\u00e9ab\u00e9", "123", "\t\n a \r"]
for w in words:
    print(repr(w), [w.strip(), w.rstrip(), w.lstrip(), w.strip("x"), w.rstrip("0123456789"), w.lstrip("\u00e9a"), w.strip("")])
    print([w.upper(), w.lower(), w.startswith("ab"), w.endswith("\u00e9"), w.startswith(""), w.count("b"), w.count("\u00e9"), w.find("b"), w.find("\u00e9"), w.find("zz")])
    print([w.strip(None), w.startswith(("x", "a")), w.endswith(("c", "x"), 1), w.count("b", 2), w.find("b", 3), w.count(""), w.find("")])
print(S(" a ").strip(), repr(T(" a ").strip()), type(T(" a ").strip()).__name__, type(T("a").strip()).__name__, T("abc").upper(), type(T("ABC").upper()).__name__)
print(str.strip(" q "), str.rstrip("q0", "0"), str.startswith("abc", "a"), str.count("aaa", "a"), str.find("abc", "c"), str.upper("ab"))
print("abcabc".index("c"), "\u00e9abc".index("c"), "a\u00e9c".find("c"), "aaaa".count("aa"))
for call in [lambda: "abc".index("z"), lambda: "abc".strip(1), lambda: "abc".startswith(1), lambda: "abc".count(1),
             lambda: "abc".find(None), lambda: "abc".upper(1), lambda: str.strip(1),
             lambda: "abc".startswith(prefix="a"), lambda: "abc".find(sub="a"), lambda: T("abc").index("z")]:
    try:
        print(repr(call()))
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
print(",".join(["a", "b", "c"]), "".join(("x", "y")), "-".join([]), "-".join(["solo"]), repr("\u00e9".join(["a", "b"])), len("\u00e9".join(["ab", "\u00e9"])))
print("+".join([T("a"), "b"]), type("".join([T("a")])).__name__, "|".join(iter(["p", "q"])), ".".join(c for c in "abc"), ":".join("xyz"), ",".join({"k": 1}))
for bad in [lambda: ",".join(["a", 1]), lambda: ",".join((None,)), lambda: ",".join(5), lambda: ",".join(), lambda: ",".join([b"a"])]:
    try:
        print(bad())
    except TypeError as exc:
        print("TypeError", exc)
