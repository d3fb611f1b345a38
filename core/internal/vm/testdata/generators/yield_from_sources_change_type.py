# yield from over each kind of source, the kind changing from one call to
# the next at the same yield from: generators (their own iterators),
# builtin iterables, objects with __iter__, and the sources it refuses.
def inner(n):
    for i in range(n):
        yield i
    return n


def flatten(x):
    for item in x:
        if isinstance(item, list):
            yield from flatten(item)
        elif isinstance(item, (tuple, range, dict, str, Iterable, Iterator, type(inner(0)), type(iter([])))):
            yield from delegate(item)
        else:
            yield item


def delegate(src):
    r = yield from src
    if r is not None:
        yield ("returned", r)


class Iterable:
    def __iter__(self):
        return inner(2)


class Iterator:
    def __init__(self):
        self.n = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.n += 1
        if self.n > 2:
            raise StopIteration(99)
        return -self.n


srcs = [inner(3), [1, [2, inner(2)]], (7, 8), range(2), {"k": 1}, "ab", Iterable(), Iterator(), inner(0), iter([5])]
print(list(flatten(srcs)))

# The same yield from given a generator, then a list, then a generator.
for src in (inner(2), [10, 11], inner(1), (), inner(3)):
    print(list(delegate(src)))

# A generator already started, or finished, delegated to.
g = inner(4)
next(g)
print(list(delegate(g)), list(delegate(g)))


# Refused sources: their errors and tracebacks' lines.
async def coro():
    return 1


for bad in (5, None, coro):
    src = bad() if callable(bad) else bad
    try:
        list(delegate(src))
    except TypeError as e:
        print("TypeError:", e)
    if bad is coro:
        src.close()


# Deep recursion through yield from, then past the recursion limit.
def deep(n):
    if n:
        yield from deep(n - 1)
    yield n


print(sum(deep(100)))
try:
    sum(deep(5000))
except RecursionError as e:
    print("RecursionError:", e)

# An exception from the delegated generator passes up through every level.
def raises(n):
    if n == 0:
        raise KeyError("bottom")
    yield from raises(n - 1)


try:
    list(raises(3))
except KeyError as e:
    print("KeyError", e)
