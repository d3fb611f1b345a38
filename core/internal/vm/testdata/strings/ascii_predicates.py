# isdigit/isalpha/isalnum/isspace/islower/isupper of ASCII strs answer in
# the str fast dispatch; the rest take the general path.


class T(str):
    def isdigit(self):
        return "T.isdigit"


names = ["isdigit", "isalpha", "isalnum", "isspace", "islower", "isupper"]
for n in names:
    print(n, "".join("1" if getattr(chr(c), n)() else "0" for c in range(128)))
for s in ["", "abc", "ABC", "aBc", "a1", "A1", "123", " \\t\\n", "a b", "ab ", "_", "a_b", "12.5", "\x1c\x1f", "\xb2", "\u00e9", "\u00c9A", "\u0663", "\u3000"]:
    print(repr(s), [getattr(s, n)() for n in names])
print(T("12").isdigit(), T("12").isalpha(), str.isdigit("12"), list(map(str.isupper, ["A", "a"])))
try:
    "a".isdigit(1)
except TypeError as exc:
    print("TypeError", exc)
