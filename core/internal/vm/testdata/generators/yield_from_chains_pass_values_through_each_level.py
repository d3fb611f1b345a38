# Values yielded up a chain of yield froms reach the outermost resumer
# (FOR_ITER, a builtin draining it, next, send) with every level left
# suspended where its own yield would leave it.
import sys


def leaf(n):
    for i in range(n):
        got = yield i
        if got is not None:
            yield ("leaf got", got)
    return "leaf done"


def middle(n):
    r = yield from leaf(n)
    yield ("middle saw", r)
    return "middle done"


def outer(n):
    r = yield from middle(n)
    yield ("outer saw", r)


print(list(outer(3)))
print(sum(x for x in outer(4) if isinstance(x, int)))
print(tuple(outer(2)))

g = outer(3)
print(next(g), next(g))
print(g.send("hello"))
print(next(g))
print(g.gi_running)
print(list(g))


# Each level's state while the innermost runs: running all the way down.
def probe():
    yield (outer_gen.gi_running, mid_gen.gi_running)


def mid3():
    global mid_gen
    yield from probe()


def outer3():
    global mid_gen
    m = mid3()
    mid_gen = m
    yield from m


outer_gen = outer3()
print(list(outer_gen))
print(outer_gen.gi_running, mid_gen.gi_running)


# An exception handled state held across a yield in the chain.
def catches():
    try:
        raise KeyError("k")
    except KeyError:
        yield sys.exc_info()[0].__name__
        yield sys.exc_info()[0].__name__
    yield sys.exc_info()[0]


def wraps():
    yield from catches()


for v in wraps():
    print(v, sys.exc_info()[0])


# Delegation to a non-generator iterator in the middle of a chain.
class Counter:
    def __init__(self, n):
        self.i, self.n = 0, n

    def __iter__(self):
        return self

    def __next__(self):
        if self.i >= self.n:
            raise StopIteration("counter end")
        self.i += 1
        return self.i


def via_object():
    r = yield from Counter(3)
    yield r


def over_object():
    yield from via_object()


print(list(over_object()))
print(list(x for x in over_object()))


# A generator raising in the middle of a pipeline.
def boom(it):
    for x in it:
        if x == 2:
            raise ValueError("boom at 2")
        yield x


def carry(it):
    yield from it


try:
    for x in carry(carry(boom(iter(range(5))))):
        print("got", x)
except ValueError as e:
    print("caught", e)


# Already executing, from inside the chain.
def selfish():
    yield from inner_self()


def inner_self():
    try:
        next(me)
    except ValueError as e:
        yield str(e)


me = selfish()
print(list(me))

# close and throw through a chain that has yielded.
def closer():
    try:
        yield 1
        yield 2
    finally:
        print("closer finally")


def chain():
    yield from closer()


c = chain()
print(next(c))
c.close()
print(c.gi_frame is None)
c = chain()
print(next(c))
try:
    c.throw(KeyError("thrown"))
except KeyError as e:
    print("thrown out", e)


# Deep chains: values pass all levels, and a recursion limit still holds.
def deep(n):
    if n == 0:
        yield "bottom"
        yield "again"
    else:
        yield from deep(n - 1)


print(list(deep(50)))
try:
    print(list(deep(5000)))
except RecursionError:
    print("RecursionError")
