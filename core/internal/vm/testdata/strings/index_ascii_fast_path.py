# s[i] of a str known to be ASCII answers in BINARY_SUBSCR; other strs,
# other keys and out-of-range indexes take the general path.


class T(str):
    def __getitem__(self, i):
        return "T[" + str(i) + "]"


words = "alpha beta gamma".split()
for w in words + ["h\u00e9llo", "\U0001f600ab"]:
    print([w[0], w[-1], w[len(w) - 1], w[-len(w)], w[True], w[False]], [c for c in w if c in "aeg\u00e9"])
s = "abc" + "def"
print(s[0], s[5], s[-6], T("abc")[1], str.__getitem__(T("abc"), 1))
for i in (6, -7, 2**63, -(2**63)):
    try:
        print(s[i])
    except IndexError as exc:
        print("IndexError", exc)
for k in (1.0, None, "a"):
    try:
        print(s[k])
    except TypeError as exc:
        print("TypeError", exc)
