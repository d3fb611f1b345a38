# a, b = x, y assigns without making the tuple; order of evaluation and
# of the stores is CPython's.
log = []


def val(name, v):
    log.append("eval " + name)
    return v


class Rec:
    def __setattr__(self, name, v):
        log.append("set " + name)
        object.__setattr__(self, name, v)


def swaps():
    a, b = 1, 2
    a, b = b, a
    x, y, z = a, b, a + b
    x, y, z = z, x, y
    p = [1, 2, 3, 4]
    p[0], p[3] = p[3], p[0]
    p[1], p[2], p[0] = p[0], p[1], p[2]
    f0, f1 = 0, 1
    for _ in range(10):
        f0, f1 = f1, f0 + f1
    big, small = 2**70, -1
    small, big = big, small
    return a, b, x, y, z, p, f0, small, big


print(swaps())

r = Rec()
r.a, r.b, r.c = val("1", 1), val("2", 2), val("3", 3)
print(log, r.a, r.b, r.c)
log.clear()
(a, b), c = (val("x", 1), val("y", 2)), val("z", 3)
print(log, a, b, c)
a, *rest = 1, 2, 3
print(a, rest)
t = 1, 2
u, v = t
print(u, v, t)
q = [0, 0]
i = 0
i, q[i] = 1, 5  # i is stored before q[i] is indexed
print(i, q)
try:
    a, b = 1, 2, 3
except ValueError as e:
    print("ValueError:", e)
try:
    m, n = val("ok", 1), 1 / 0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e, log[-1])


def gen():
    a, b = yield 1, 2
    yield a + b


g = gen()
print(next(g), g.send((3, 4)))
print([(k, w) for w, k in [(1, 2), (3, 4)]])
