# map of a Python function over builtin iterables: the function runs in
# a frame of its own; its StopIteration ends the map, its other errors
# propagate, and every consumer sees the same items.
data = list(range(10))
m = map(lambda x: x * 2, data)
print(type(m).__name__, sum(m), list(map(lambda x: x + 1, range(5))))
print([y for y in map(lambda x: -x, (1, 2, 3))])
m = map(lambda x: x * 3, [1, 2, 3])
print(next(m), list(m), list(m))
def stopper(x):
    if x == 2:
        raise StopIteration
    return x
print(list(map(stopper, [0, 1, 2, 3])))
for v in map(stopper, [5, 2, 7]):
    print("got", v)
def bad(x):
    return 1 / x
try:
    for v in map(bad, [1, 0]):
        print(v)
except ZeroDivisionError as e:
    print("ZDE", e)
try:
    list(map(lambda a, b: a, [1]))
except TypeError as e:
    print("TypeError", e)
print(dict(map(lambda k: (k, k * k), range(3))), set(map(lambda c: c.upper(), "abca")) == set("ABC"))
print(",".join(map(lambda i: str(i), range(4))), sorted(map(lambda x: -x, [3, 1, 2])))
a, b = map(lambda x: x + 1, [1, 2])
print(a, b, max(map(lambda x: x % 7, range(20))), any(map(lambda x: x > 3, [1, 5])))
def gen():
    yield 1
    yield 2
print(list(map(lambda x: x * 10, gen())), list(map(lambda x: x, {1: 2, 3: 4})))
for x in map(len, ["ab", "c"]):
    print(x)
m = map(lambda x: x * 3, [1, 2])
print(next(m), next(m), next(m, "dflt"))
try:
    next(m)
except StopIteration:
    print("stop")
def stopper(x):
    raise StopIteration("inner")
m = map(stopper, [1])
print(next(m, "d2"))
m = map(stopper, [1])
try:
    next(m)
except StopIteration as e:
    print("stop", e.args)
x = [next(map(lambda v: v + 1, [41]))]
print(x)


# A builtin function over a builtin iterable.
class A:
    def __abs__(self):
        return "abs!"


print(list(map(abs, [-1, 2.5, A()])), ",".join(map(str, range(3))))
print(list(map(next, [iter([1]), iter([]), iter([3])])))
try:
    list(map(len, [1]))
except TypeError as e:
    print("TypeError", e)

# filter with builtin predicates; a predicate's StopIteration ends it.
words = ["12", "ab", "3", "", "x9"] * 3
print(list(filter(str.isdigit, words)), list(filter(None, words)), list(filter(len, words)))
print(list(filter(lambda w: w > "a", words)))
print(len(list(filter(next, [iter([1]), iter([]), iter([0]), iter([2])]))))
