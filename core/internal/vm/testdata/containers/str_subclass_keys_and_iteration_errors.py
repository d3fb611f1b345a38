# str subclasses overriding __hash__/__eq__/__format__ as dict keys and
# in formatting; dicts changed during iteration; ints at the int64 edge.
class Loud(str):
    def __hash__(self):
        return 42

    def __eq__(self, other):
        return str.__eq__(self.lower(), str(other).lower())

    def __format__(self, spec):
        return "<" + str.__format__(self, spec) + ">"


d = {Loud("Key"): 1}
d[Loud("KEY")] = 2
print(len(d), d[Loud("kEy")], Loud("a") in {Loud("A"): 0}, "key" in d)
d2 = {"x": 1}
print(Loud("x") in d2, d2.get(Loud("x")), f"{Loud('ab'):>5}", format(Loud("ab"), "<4"), "{:^6}".format(Loud("z")))
for change in ("add", "del", "clear"):
    m = {i: i for i in range(10)}
    try:
        for k in m:
            if change == "add":
                m[k + 100] = 1
            elif change == "del":
                del m[k]
            else:
                m.clear()
    except RuntimeError as e:
        print(change, "RuntimeError", e)
m = {i: i for i in range(10)}
for k in m:
    m[k] = -k
print(sum(m.values()))
s = set(range(5))
try:
    for x in s:
        s.add(x + 10)
except RuntimeError as e:
    print("set RuntimeError", e)
edge = [2**63 - 1, 2**63, -2**63, -2**63 - 1, 2**64 - 1, 2**64]
for a in edge:
    print(a + 1, a - 1, a * 2, a // 2, a % 7, -a, a >> 1, a << 1, abs(a), hash(a), str(a), f"{a:,}", f"{a:x}", f"{a:>25}")
for a in edge:
    for sh in (-1,):
        try:
            print(a >> sh)
        except ValueError as e:
            print("ValueError", e)
        try:
            print(a << sh)
        except ValueError as e:
            print("ValueError", e)
print((2**63 - 1) + 1 == 2**63, -(-2**63) == 2**63, (-2**63) // -1, (-2**63) % -1, divmod(-2**63, -1))
