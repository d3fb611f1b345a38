# Fields of ASCII strs with plain specs (padding, truncation) in
# f-strings and str.format are laid out directly; everything else takes
# the general path.


class S(str):
    def __format__(self, spec):
        return "S<" + spec + ">"


class T(str):
    pass


words = ["", "a", "abc", "abcdefgh", "x" * 70, "héllo", "日本"]
specs = ["", "5", "<5", ">5", "^5", "^6", "*^7", "0>4", "05", "-<6", ".2", "8.3", ">10.1", ".0", "<", "s", ">8s", "^1", "\u00e9>6", "64", ">64.3"]
for w in words:
    print([f"{w:{s}}" for s in specs])
    print(["{:{}}".format(w, s) for s in specs])
    print(["[{0:{1}}|{0!r:{1}}]".format(w, s) for s in specs[:6]])
print(f"{S('ab'):>5}", "{:>5}".format(S("ab")), f"{T('ab'):>5}|{T('ab'):.1}", "{:*<4}".format(T("ab")))
print(f"{'abc'!r:>8}|{'abc'!s:<6}|{'é'!a:^9}")
for bad in ["=5", "+5", " 5", "#5", ",", "_", "d", "z5", "5x"]:
    for fn in (lambda s: f"{'ab':{s}}", lambda s: "{:{}}".format("ab", s), lambda s: format("ab", s)):
        try:
            print(repr(fn(bad)))
        except (ValueError, TypeError) as exc:
            print(type(exc).__name__, exc)
print(["{:>6}|{:<4}|{:^5}".format(i, -i, i * 3) for i in (0, 7, -12, 123456)])
print(["{:6.2f}|{:.1f}|{}".format(x, x, x) for x in (0.0, -1.25, 3.14159, 1e20)])
print("{:<5}{:>3}".format(True, 1.5), f"{True:>5}", "{0:>3}{0}".format(1))
