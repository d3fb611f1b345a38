# sum, any, all, list, tuple, min, sorted and str.join draining generators
# from each state they can find one in: just made, part consumed, paused
# in a yield from, running, finished, and at the recursion limit.
import sys


def gen(n):
    for i in range(n):
        yield i


def words(n):
    for i in range(n):
        yield "w%d" % i


def outer(n):
    yield -1
    r = yield from gen(n)
    yield ("end", r)


def fresh():
    return [sum(gen(5)), any(gen(3)), all(gen(3)), list(gen(3)), tuple(gen(3)),
            min(gen(4), key=lambda x: -x), sorted(gen(3), key=lambda x: -x), "-".join(words(3))]


print(fresh())

# Part consumed: the drain takes the rest.
for drain in (sum, list, tuple, any, all, "+".join):
    g = words(4) if drain == "+".join else gen(4)
    next(g)
    print(drain(g) if drain != "+".join else drain(g), list(g))

# Paused inside a yield from: the drain goes on down through it.
g = outer(3)
print(next(g), next(g), list(g))
g = outer(3)
next(g)
print(sum(x if isinstance(x, int) else 100 for x in g))

# Finished, and running (the generator drains itself).
g = gen(2)
list(g)
print(sum(g), list(g), tuple(g), any(g), all(g))


def self_drain():
    yield sum(me)


me = self_drain()
try:
    next(me)
except ValueError as e:
    print("ValueError:", e)

# Values a drain cannot take in place hand over mid-run: big ints,
# objects with __add__, a str in a sum.
def mixed():
    yield 1
    yield 2**64
    yield 0.5


print(sum(mixed()))


class N:
    def __init__(self, v):
        self.v = v

    def __radd__(self, o):
        return o + self.v


print(sum(x for x in (1, N(2), 3)))
try:
    sum(x for x in (1, "s"))
except TypeError as e:
    print("TypeError:", e)

# An exception inside a drained generator, on its first run and later.
def boom(at):
    for i in range(3):
        if i == at:
            raise KeyError(i)
        yield i


for at in (0, 2):
    try:
        print(list(boom(at)))
    except KeyError as e:
        print("KeyError", e)

# Drains started at the recursion limit.
def at_depth(n, fn):
    if n:
        return at_depth(n - 1, fn)
    return fn()


limit = sys.getrecursionlimit()
seen = set()
for n in range(limit - 40, limit + 5):
    try:
        seen.add(at_depth(n, lambda: sum(gen(3))))
    except RecursionError:
        seen.add("RecursionError")
print(sorted(seen, key=str))
