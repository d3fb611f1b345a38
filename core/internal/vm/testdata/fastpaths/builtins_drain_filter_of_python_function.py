# list, tuple, sum, any and all drain filter(f, xs) of a Python predicate
# natively (RetMapDrive), with CPython's results for every edge.
def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)

data = list(range(-5, 15))
show("list", lambda: list(filter(lambda x: x % 3 == 0, data)))
show("tuple", lambda: tuple(filter(lambda x: x > 10, data)))
show("sum", lambda: sum(filter(lambda x: x & 1, data)))
show("sum start", lambda: sum(filter(lambda x: x > 0, data), 0.5))
show("any", lambda: any(filter(lambda x: x > 12, data)))
show("all", lambda: all(filter(lambda x: x != 0, data)))
show("empty", lambda: list(filter(lambda x: True, [])))
show("none true", lambda: list(filter(lambda x: False, data)))
show("range", lambda: list(filter(lambda x: x % 4 == 1, range(20))))
show("tuple src", lambda: list(filter(lambda s: s.startswith("a"), ("ab", "b", "ac"))))
show("str src", lambda: list(filter(lambda c: c in "aeiou", "education")))
show("dict src", lambda: list(filter(lambda k: k > "b", {"a": 1, "c": 2, "d": 3})))

def raises(x):
    if x == 3:
        raise ValueError("bad %d" % x)
    return True
show("raises", lambda: list(filter(raises, data)))

def stops(x):
    if x == 2:
        raise StopIteration
    return x > -3
show("stops", lambda: list(filter(stops, data)))
show("stops sum", lambda: sum(filter(stops, data)))

class B:
    def __init__(self, v): self.v = v
    def __bool__(self): return self.v
show("bool obj", lambda: list(filter(lambda x: B(x > 8), data)))

class Bad:
    def __bool__(self): raise TypeError("no truth")
show("bool raises", lambda: list(filter(lambda x: Bad(), data)))

def with_default(x, k=2):
    return x % k
show("default", lambda: list(filter(with_default, data)))
show("varargs", lambda: list(filter(lambda *a: a[0] > 11, data)))

def gen():
    yield from data
show("gen src", lambda: list(filter(lambda x: x > 11, gen())))

class N:
    def __init__(self, v): self.v = v
    def __add__(self, o): return N(self.v + (o.v if isinstance(o, N) else o))
    __radd__ = __add__
show("sum objs", lambda: sum(filter(lambda n: n.v > 1, [N(1), N(2), N(3)])).v)

lst = [1, 2, 3, 4]
def grow(x):
    if x == 2:
        lst.append(10)
    return x % 2 == 0
show("mutating", lambda: list(filter(grow, lst)))

f = filter(lambda x: x > 0, data)
print("any then rest", any(f), list(f))
f = filter(lambda x: x > 0, data)
print("all then rest", all(f), list(f))

class L(list):
    pass
show("list subclass", lambda: L(filter(lambda x: x > 12, data)))
show("nested", lambda: list(filter(lambda x: x > 1, filter(lambda x: x % 2, data))))
show("map in filter", lambda: list(filter(lambda x: x > 20, map(lambda x: x * 2, data))))
import sys
def deep(n):
    return list(filter(lambda x: deep(n + 1) if n < 50 else True, [1]))
show("recursive", lambda: deep(0))
