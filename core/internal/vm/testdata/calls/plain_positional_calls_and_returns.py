# Plain positional calls of Python functions take CALL's fast path; every
# other shape, and every failure, must behave as the general path does.
import sys


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


print(fib(15))


def outer(k):
    def inner(x):
        return x * k  # a free variable copied into the frame
    return inner


print(outer(3)(7), list(map(outer(2), [1, 2, 3])))


def with_cell(a):
    def get():
        return a  # a is a cell made from an argument: not the fast path
    return get


print(with_cell(5)())


def defaults(a, b=10):
    return a + b


print(defaults(1), defaults(1, 2))


def gen(n):
    yield from range(n)


print(list(gen(3)))

for bad in [(), (1, 2, 3)]:
    try:
        defaults(*bad) if len(bad) == 0 else fib(*bad)
    except TypeError as e:
        print("TypeError:", e)

try:
    fib()
except TypeError as e:
    print("TypeError:", e)
try:
    fib(1, 2)
except TypeError as e:
    print("TypeError:", e)


def down(n):
    return down(n + 1)


try:
    down(0)
except RecursionError as e:
    print("RecursionError:", e)

print(fib(10))  # still fine after the recursion error


class C:
    def m(self, x):
        return x + 1


c = C()
f = c.m
print(f(1), C.m(c, 2), c.m(3))


def g1(x):
    return "g1", x


def call_g(x):
    return g1(x)


print(call_g(1))
g1 = lambda x: ("lambda", x)  # noqa: E731
print(call_g(2))


def deep(n):
    if n == 0:
        raise ValueError("bottom")
    return deep(n - 1)


try:
    deep(5)
except ValueError as e:
    print("ValueError:", e)


def noret(x):
    x + 1


print(noret(1))
print(sorted([3, 1, 2], key=lambda v: -v))
sys.setrecursionlimit(60)


def count(n):
    return 0 if n == 0 else 1 + count(n - 1)


print(count(40))
try:
    count(100)
except RecursionError:
    print("RecursionError at a lower limit")
sys.setrecursionlimit(1000)
deep(3)  # the traceback names every frame the fast path pushed
