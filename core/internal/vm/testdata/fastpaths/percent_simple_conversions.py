# fmt % args with bare %s/%d/%i conversions of machine ints and exact
# strs writes them straight into the result; everything else (other
# conversions, flags, keys, subclasses, bools, big ints, argument count
# errors, long results) takes the general path with CPython's results.


class S(str):
    def __str__(self):
        return "S!"


class I(int):
    def __str__(self):
        return "I!"

    def __repr__(self):
        return "Irepr"


class T(tuple):
    pass


cases = [
    ("item%d", 7), ("item%d", -42), ("%s", "abc"), ("%s", 5), ("%i|%s", (3, "x")),
    ("%s=%s; %d%%", ("k", "v", 100)), ("%s", ()), ("abc", ()), ("abc", 5), ("%s %s", "a"),
    ("%s %s", ("a",)), ("%s", ("a", "b")), ("%d", "x"), ("%d", 2**70), ("%s", 2**70),
    ("%d", True), ("%s", False), ("%s", None), ("%s", S("q")), ("%d", I(9)), ("%s", I(9)),
    ("%s-%s", T(("t", "u"))), ("%s", 1.5), ("%d", 2.7), ("%5d|%-3s|", (4, "z")),
    ("%(a)s", {"a": 1}), ("%r", "r"), ("%x", 255), ("%s" * 10, tuple(range(10))),
    ("%s", "é ünïcode"), ("ü%sü", "ß"), ("%s", "x" * 200), ("%d" * 8, (2**62,) * 8),
    ("%s", ["list"]), ("%s", (["in", "tuple"],)), ("", ()), ("%%", ()), ("%s%", 1),
    ("%d", -(2**63)), ("%s", 2**63 - 1), ("%s|%d", ("", 0)),
]
for fmt, args in cases:
    try:
        r = fmt % args
        print(repr(fmt), "->", repr(r), len(r))
    except Exception as e:
        print(repr(fmt), "!!", type(e).__name__, e)
