# FOR_ITER steps enumerate, zip, dict views and strs in the loop
# (iterfast.go); every end, error and unusual shape must still behave
# as CPython's.

data = [3, 1, 4, 1, 5]
for i, x in enumerate(data):
    print("enum", i, x)
for i, x in enumerate(range(10, 0, -3), start=-2):
    print("enum range", i, x)
for i, x in enumerate((7, 8)):
    print("enum tuple", i, x)
for pair in enumerate(data[:2]):
    print("enum boxed", pair)
for i, (a, b) in enumerate([(1, 2), (3, 4)]):
    print("enum nested", i, a, b)


def gen():
    yield "g1"
    yield "g2"


for i, x in enumerate(gen()):
    print("enum gen", i, x)

# The list grows while enumerate walks it, then is cut short.
grow = [1, 2]
for i, x in enumerate(grow):
    if len(grow) < 5:
        grow.append(x * 10)
    print("enum grow", i, x)
cut = [1, 2, 3, 4]
for i, x in enumerate(cut):
    if i == 1:
        del cut[2:]
    print("enum cut", i, x)

# An enumerate held outside the loop keeps its place after a break.
e = enumerate("abc")
for i, ch in e:
    print("held", i, ch)
    break
print("held next", next(e))

for a, b in zip([1, 2, 3], "xy"):
    print("zip", a, b)
for a, b in zip(range(3), [9, 8, 7, 6]):
    print("zip longer second", a, b)
# The first iterator's item is spent when the second runs out, as in
# CPython; the second's is not asked for when the first runs out.
first, second = iter([1, 2, 3]), iter([10])
for a, b in zip(first, second):
    print("zip spent", a, b)
print("left in first", list(first))
first, second = iter([1]), iter([10, 20])
for a, b in zip(first, second):
    print("zip spent2", a, b)
print("left in second", list(second))
for a, b in zip([1, 2], gen()):
    print("zip gen", a, b)
for t in zip("ab", "cd"):
    print("zip boxed", t)
for a, b, c in zip("ab", "cd", "ef"):
    print("zip three", a, b, c)
try:
    for a, b in zip([1, 2, 3], [1, 2], strict=True):
        print("strict", a, b)
except ValueError as exc:
    print("strict error:", exc)

d = {"a": 1, "b": 2, "c": 3}
del d["a"]
d["z"] = 26
for k, v in d.items():
    print("items", k, v)
for k in d:
    print("keys", k)
for k in d.keys():
    print("keys()", k)
for v in d.values():
    print("values", v)
for kv in d.items():
    print("items boxed", kv)
for k, (x, y) in {"p": (1, 2)}.items():
    print("items nested", k, x, y)
try:
    for k, v in d.items():
        d["new" + k] = v
except RuntimeError as exc:
    print("items error:", exc)
try:
    for k in d:
        del d[k]
except RuntimeError as exc:
    print("keys error:", exc)
# Values may change during iteration; the size may not.
sq = {i: i for i in range(4)}
for k, v in sq.items():
    sq[k] = v * v
print("changed values", sq)


class D(dict):
    pass


sub = D(x=1, y=2)
for k, v in sub.items():
    print("subclass items", k, v)

for ch in "héllo→":
    print("str", ch, ord(ch))
s = "ab"
for ch in s:
    s += "!"  # the loop keeps the str it started with
    print("str rebinding", ch, s)
print(sum(1 for _ in "é" * 1000))
