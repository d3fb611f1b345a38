# The loop's own push of plain calls (and its return without reloading)
# must keep every guard: the recursion limit, a global rebound mid-loop,
# a function's __code__ and __defaults__ replaced, keyword-only
# parameters, closures, methods, and calls that raise.
import sys


def depth(n):
    return depth(n + 1)


try:
    depth(0)
except RecursionError as e:
    print("recursion:", e)


def down(n):
    if n == 0:
        return 0
    return 1 + down(n - 1)


# Deep but under the limit, many times: the pool and the frame stack grow.
print(sum(down(300) for _ in range(20)))


def f(x):
    return x + 1


def g(x):
    return x * 10


out = []
for i in range(6):
    out.append(f(i))
    if i == 2:
        f = g  # the global being called, rebound mid-loop
print(out)


def h(a, b):
    return a - b


def h2(a, b):
    return a * b


r = []
for i in range(4):
    r.append(h(i, 2))
    if i == 1:
        h.__code__ = h2.__code__
print(r)


def d(a, b=5):
    return a + b


r = []
for i in range(4):
    try:
        r.append(d(i))
    except TypeError as e:
        r.append(str(e))
    if i == 1:
        d.__defaults__ = (100,)
    if i == 2:
        d.__defaults__ = None
print(r)


def lam():
    x = 1
    return lambda: x


try:
    h.__code__ = lam().__code__
except ValueError as e:
    print(e)
try:
    h.__code__ = 3
except TypeError as e:
    print(e)


def kwonly(a, *, k=3):
    return a * k


print([kwonly(i) for i in range(3)], kwonly(2, k=10))
try:
    kwonly(1, 2)
except TypeError as e:
    print(e)


def make(n):
    def add(x):
        return x + n
    return add


adders = [make(i) for i in range(3)]
print([a(10) for a in adders])


class C:
    def __init__(self, v):
        self.v = v

    def m(self, x):
        return self.v + x

    def boom(self, x):
        return 1 // x


c = C(7)
print([c.m(i) for i in range(3)])
for x in (1, 0, 2):
    try:
        print(c.boom(x))
    except ZeroDivisionError as e:
        print("caught", e)


def raiser(n):
    if n == 3:
        raise ValueError("three")
    return n


total = 0
for i in range(5):
    try:
        total += raiser(i)
    except ValueError as e:
        print("raised", e, "at", i)
print(total)


def wrong_arity(a, b):
    return a


try:
    wrong_arity(1)
except TypeError as e:
    print(e)
try:
    wrong_arity(1, 2, 3)
except TypeError as e:
    print(e)


def tb_inner(x):
    return 10 // x


def tb_outer(x):
    return tb_inner(x) + 1


try:
    tb_outer(0)
except ZeroDivisionError:
    t = sys.exc_info()[2]
    names = []
    while t is not None:
        names.append(t.tb_frame.f_code.co_name)
        t = t.tb_next
    print(names)

sys.setrecursionlimit(60)


def deep(n):
    return deep(n + 1) if n < 1000 else n


try:
    deep(0)
except RecursionError:
    print("limit 60 hit")
sys.setrecursionlimit(1000)
print(down(200))


# Functions called by builtins that drain a map, and keyword calls that
# bind defaults and keyword-only parameters.
def sq(x):
    return x * x


print(sum(map(sq, range(10))), max(map(sq, range(-5, 3))), list(map(sq, [1, 2])))


def bad(x):
    if x == 4:
        raise KeyError(x)
    return x


try:
    print(sum(map(bad, range(10))))
except KeyError as e:
    print("map raised", e)


def rec(name, value, unit="ms", *, tags=None, weight=1):
    return (name, value * weight, unit, tags)


print([rec("a", i, weight=2) for i in range(2)], rec(name="b", value=1, unit="s"))
try:
    rec("a", 1, bogus=2)
except TypeError as e:
    print(e)
try:
    rec("a", 1, 2, 3)
except TypeError as e:
    print(e)
