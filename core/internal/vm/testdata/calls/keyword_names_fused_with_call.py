# Keyword calls of every kind of callee (the keyword names travel with the
# CALL): Python functions, closures, builtins, classes, bound methods,
# **kwargs, generators, and the binding errors, with their tracebacks'
# lines.


def f(a, b=2, *, c=3):
    return (a, b, c)


def g(**kw):
    return sorted(kw.items())


def gen(n, *, step=1):
    i = 0
    while i < n:
        yield i
        i += step


class C:
    def __init__(self, x, y=0):
        self.x, self.y = x, y

    def m(self, z, *, w=5):
        return self.x + self.y + z + w


def outer(k):
    def inner(v, *, scale=1):
        return v * k * scale
    return inner


print(f(1, c=4), f(a=1), f(1, b=5, c=6), f(c=0, b=1, a=2))
print(g(x=1, y=2), g())
print(list(gen(7, step=2)), list(gen(n=3)))
c = C(1, y=2)
print(c.x, c.y, c.m(3, w=4), c.m(z=1), C(x=9).y)
bm = c.m
print(bm(1, w=0), outer(3)(2, scale=5))
print(sorted([3, 1, 2], key=lambda v: -v, reverse=True), int("ff", base=16), dict(a=1, b=2))
print(max([1, 5, 3], key=lambda v: -v), "-".join(map(str, range(3))))
for call in [lambda: f(1, d=4), lambda: f(1, a=2), lambda: f(b=1), lambda: C(1, z=2),
             lambda: c.m(1, 2), lambda: len(obj=[]), lambda: outer(1)(v=1, v2=2)]:
    try:
        call()
    except TypeError as e:
        print("TypeError", e)
try:
    f(
        1,
        zz=3,
    )
except TypeError as e:
    print(e.__traceback__.tb_lineno)
for i in range(3):
    print(f(i, c=i * 2), f(b=i, a=-i))
