# filter of a Python predicate over a list, tuple or range steps natively:
# the predicate runs in its own frame, its StopIteration ends the loop,
# __bool__ results, errors, next(), mutation and recursion behave as in CPython.
class B:
    def __init__(self, v): self.v = v
    def __bool__(self): return self.v
def stop(x):
    if x > 2:
        raise StopIteration
    return x
print(list(filter(lambda x: x % 3 == 0, range(20))))
print(list(filter(lambda x: x, [0, 1, "", "a", None, [0]])))
print(list(filter(lambda x: B(x > 2), [1, 2, 3, 4])))
print(list(filter(stop, [1, 2, 3, 4])))
print([y for y in filter(stop, (1, 2, 3, 4))])
f = filter(lambda x: x > 1, [1, 2, 3])
print(next(f), next(f), next(f, "dflt"))
f = filter(lambda x: x > 1, [1, 2, 3])
for x in f:
    print("for", x)
    break
print(list(f))
def bad(x): return 1 / x
try:
    for x in filter(bad, [1, 0, 2]):
        print("bad", x)
except ZeroDivisionError as e:
    print("ZDE", e)
try:
    list(filter(lambda x: B(3), [1]))
except TypeError as e:
    print("TE", e)
lst = [1, 2, 3]
for x in filter(lambda v: v < 10, lst):
    if len(lst) < 6: lst.append(x + 10)
print(lst)
print(sum(filter(lambda v: v & 1, range(100))), sorted(filter(lambda w: len(w) > 1, "a bb ccc d".split())))
def gen():
    yield from filter(lambda v: v % 2, range(7))
print(list(gen()))
def rec(n):
    return list(filter(lambda v: rec(n - 1) if n else True, [1]))
try:
    rec(5000)
except RecursionError:
    print("RecursionError")
print(list(filter(lambda v: v, [])), list(filter(lambda v: False, range(1000))))
