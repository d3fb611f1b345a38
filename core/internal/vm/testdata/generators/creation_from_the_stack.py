# Calls of generator functions with exactly their positional parameters
# make the generator straight from the caller's stack; every other shape
# takes the general path. Arguments bind the same either way.
import asyncio


def plain(a, b):
    yield a
    yield b


def with_default(a, b=2):
    yield a + b


def with_cell(a):
    def inner():
        return a * 2
    yield inner()


def with_free(a):
    yield from (a + i for i in range(2))


def star(*args, **kw):
    yield args
    yield kw


def kwonly(a, *, k):
    yield a, k


class C:
    def __init__(self, n):
        self.n = n

    def gen(self, m):
        for i in range(m):
            yield self.n + i


print(list(plain(1, 2)), list(plain(b=4, a=3)))
print(list(with_default(1)), list(with_default(1, 5)))
print(list(with_cell(4)), list(with_free(10)))
print(list(star(1, 2, x=3)), list(kwonly(1, k=2)))
print(list(C(10).gen(3)))
m = C(5).gen
print(list(m(2)))
try:
    plain(1)
except TypeError as e:
    print(e)
try:
    plain(1, 2, 3)
except TypeError as e:
    print(e)
g = plain([1], {"a": 2})
print(g.__name__, g.__qualname__, type(g).__name__)
print(next(g), next(g), next(g, "end"))


def deep(n):
    # Making a generator pushes no frame: no recursion limit here.
    gens = [plain(i, i) for i in range(n)]
    return sum(next(x) for x in gens)


print(deep(5000))


async def co(a, b):
    return a + b


async def main():
    print(await co(1, 2))


asyncio.run(main())
c = co(1, 2)
print(type(c).__name__)
c.close()
