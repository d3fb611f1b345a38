# Calls whose last argument is a local (f(x), obj.m(x), len(x)): every
# kind of callee, the general path's cases, errors and unbound locals.


def one(a):
    return a + 1


def star(*args):
    return args


def gen(n):
    yield from range(n)


class K:
    def __init__(self, v):
        self.v = v

    def m(self, x):
        return self.v * x

    def __call__(self, x):
        return ("called", x)


def run(x):
    k = K(x)
    bm = k.m
    items = [x]
    out = [one(x), star(x), list(gen(x)), K(x).v, k.m(x), bm(x), k(x), len(items), str(x)]
    items.append(x)
    out.append(items)
    f = lambda y: y * 2
    out.append(f(x))
    return out


print(run(3))
print(run(0))


def bad_arity(x):
    fns = [one]
    g = fns[0]
    return g(x, x)


for fn, arg in [(bad_arity, 1), (one, "s"), (len, 5)]:
    try:
        fn(arg)
    except TypeError as e:
        print("TypeError", e)


def unbound(flag):
    if flag:
        z = 1
    return one(z)


print(unbound(True))
try:
    unbound(False)
except UnboundLocalError as e:
    print("UnboundLocalError", e, e.__traceback__.tb_next.tb_lineno)


def deep(n):
    if n == 0:
        return 0
    m = n - 1
    return deep(m) + 1


print(deep(200))
try:
    deep(100000)
except RecursionError as e:
    print("RecursionError", e)
