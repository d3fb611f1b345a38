# s.upper(), s.rstrip(chars), sep.join(xs)... answer from the call site
# for an exact str receiver. Mid-loop the receiver becomes a str
# subclass overriding the method, a non-str with the same method, and
# the calls get wrong argument counts and types, with CPython's messages.
class U(str):
    def upper(self):
        return "U!" + str.upper(self)


class Other:
    def upper(self):
        return "other"

    def rstrip(self, chars=None):
        return "other-rstrip"


recv = ["abcxx", U("defx"), "ghi", Other(), "jkl\u00e9x", U("")]
out = []
for i in range(12):
    s = recv[i % len(recv)]
    out.append(s.upper())
    out.append(s.rstrip("x"))
print(out)

parts = []
for i in range(6):
    xs = [str(j) for j in range(i)]
    if i == 4:
        xs.append(U("sub"))
    parts.append("-".join(xs))
print(parts)

for call in (
    lambda: "a".upper(1),
    lambda: "a".rstrip(1),
    lambda: ",".join([1, 2]),
    lambda: ",".join(5),
    lambda: str.upper(5),
    lambda: str.upper(),
    lambda: str.rstrip(U("yy"), "y"),
):
    try:
        print(repr(call()))
    except TypeError as e:
        print("TypeError", e)

# str.upper replaced on the subclass mid-loop.
class V(str):
    pass


r = []
for i in range(6):
    r.append(V("ab").upper())
    if i == 2:
        V.upper = lambda self: "patched"
print(r)
