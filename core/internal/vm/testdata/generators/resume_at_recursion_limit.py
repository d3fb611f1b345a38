# A generator resumed at the recursion limit gets the RecursionError and
# is finished, as in CPython 3.11: nothing is left behind on its stack.
import sys


def counter():
    log = []
    while True:
        for i in range(3):
            x = yield len(log)
            log.append(x)


def at_depth(n, fn):
    if n:
        return at_depth(n - 1, fn)
    return fn()


def hit_limit(make, step):
    # Resume a new generator deeper and deeper until the resumption
    # itself meets the limit; what is left of that generator.
    limit = sys.getrecursionlimit()
    for n in range(limit - 60, limit + 5):
        g = make()
        try:
            at_depth(n, lambda: step(g))
        except RecursionError:
            try:
                return "next: " + repr(next(g))
            except StopIteration:
                return "finished"
    return "never"


def started():
    g = counter()
    next(g)
    return g


def consume(it):
    for v in it:
        return v


print(hit_limit(started, lambda g: g.send("x")))
print(hit_limit(counter, lambda g: g.send(None)))
print(hit_limit(counter, next))
print(hit_limit(started, consume))
print(hit_limit(counter, consume))
