# for loops that unpack the pairs of dict items, enumerate and zip: the
# values, the errors, and the shapes that still build the tuple.
d = {"a": 1, "b": 2, "c": 3}
for k, v in d.items():
    print(k, v)
for i, (k, v) in enumerate(d.items(), 10):
    print(i, k, v)
for a, b in zip([1, 2, 3], "xy"):
    print(a, b)
for t in zip([1, 2], "xy"):
    print(t)
for i, *rest in enumerate("ab"):
    print(i, rest)
try:
    for a, b, c in zip([1], [2]):
        pass
except ValueError as e:
    print("ValueError", e)
try:
    for k, v in d.items():
        d["new"] = 0
except RuntimeError as e:
    print("RuntimeError", e)


def g():
    yield 1
    yield 2


for i, x in enumerate(g()):
    print("gen", i, x)
for x, y in zip(g(), g()):
    print("zip gen", x, y)
it = iter([5, 6, 7])
for a, b in zip(it, "p"):
    print(a, b)
print(next(it))
z = zip([1, 2, 3], [4, 5, 6], strict=True)
for a, b in z:
    print(a + b)
try:
    for a, b in zip([1, 2], [3], strict=True):
        print(a, b)
except ValueError as e:
    print("ValueError", e)


def f():
    total = 0
    for i, x in enumerate(range(100000)):
        total += i - x
    for k, v in {i: -i for i in range(1000)}.items():
        total += k + v
    return total


print(f())
