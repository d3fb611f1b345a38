# sum, any, all, list and tuple drain a map of a Python function over a
# builtin iterator natively (RetMapDrive): values needing __add__/__bool__,
# StopIteration, errors, generator functions, defaults, recursion, mutation.
class N:
    def __init__(self, v): self.v = v
    def __add__(self, o): return N(self.v + (o.v if isinstance(o, N) else o))
    __radd__ = __add__
    def __bool__(self): return self.v > 2
def stop(x):
    if x > 2:
        raise StopIteration
    return x
data = list(range(10))
print(sum(map(lambda x: x * 2 + 1, data)), sum(map(lambda x: x, [])), sum(map(lambda x: x, data), 100))
print(sum(map(lambda x: x / 2, data)), sum(map(lambda x: 2 ** (60 + x), range(5))))
print(sum(map(lambda x: N(x), data)).v, sum(map(lambda x: x if x < 5 else N(x), data)).v)
print(any(map(lambda x: x > 5, data)), all(map(lambda x: x < 5, data)), any(map(lambda x: N(x), data)), all(map(lambda x: N(x + 3), data)))
print(any(map(lambda x: 0, data)), all(map(lambda x: 1, data)), any(map(lambda x: x, [])), all(map(lambda x: x, [])))
print(list(map(lambda x: -x, data)), tuple(map(lambda x: str(x), range(3))), list(map(lambda x: x, ())))
print(sum(map(stop, data)), list(map(stop, data)), any(map(stop, [0, 0, 5])), tuple(map(stop, (1, 2, 3))))
def bad(x): return 1 // (x - 3)
for f in (sum, list, tuple, any, all):
    try:
        f(map(bad, data))
    except ZeroDivisionError as e:
        print(f.__name__, "ZDE", e)
try:
    sum(map(lambda x: "a", data))
except TypeError as e:
    print("TE", e)
def g(x):
    yield x
    yield x + 1
print([list(z) for z in map(g, [1, 2])], list(map(g, [])))
print(sum(map(lambda x, y=1: x + y, data)), list(map(lambda *a: a, [1, 2])))
m = map(lambda x: x * 10, data)
next(m)
print(sum(m), list(m))
lst = [1, 2, 3]
print(list(map(lambda x: lst.append(x) if len(lst) < 6 else x, lst)), lst)
def rec(n):
    return sum(map(lambda v: rec(n - 1) if n else 1, [1]))
try:
    rec(5000)
except RecursionError:
    print("RecursionError")
print(rec(50))
print(sum(map(len, ["ab", "c"])), list(map(lambda x: x, "abc")), sum(map(lambda k: k, {1: 2, 3: 4})))
