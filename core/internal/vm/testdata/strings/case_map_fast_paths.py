# upper/lower of ASCII strs write straight into their result; unchanged
# exact strs are their own result; subclasses and non-ASCII map fully.


class S(str):
    pass


for s in ["", "abc", "ABC", "MiXeD 123!", "already upper", "@[`{", "x" * 100, "Straße", "ǅ", "ΣΑΣ"]:
    u, l = s.upper(), s.lower()
    print(repr(u), repr(l), len(u), len(l), u == s.upper(), type(u).__name__, u[-1:], l[:1])
t = "HELLO"
print(t.upper() == t, t.lower(), t.lower().upper() == t)
for s in (S("abc"), S("ABC"), S("")):
    print(type(s.upper()).__name__, repr(s.upper()), repr(s.lower()), len(s.upper()))
print(str.upper("abc"), str.lower("ABC"), list(map(str.upper, ["a", "b"])))
for bad in ((), (1,)):
    try:
        "a".upper(*bad, 2)
    except TypeError as exc:
        print("TypeError:", exc)
try:
    str.upper(1)
except TypeError as exc:
    print("TypeError:", exc)
