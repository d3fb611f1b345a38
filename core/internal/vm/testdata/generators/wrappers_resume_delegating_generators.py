# enumerate, zip and map over generators that delegate with yield from:
# the chain resumes level by level under the wrapper, and the wrapper
# sees the end, errors and values sent in the middle of the chain.
def leaf(n, stop_with=None):
    for i in range(n):
        yield i * 10
    if stop_with is not None:
        raise stop_with
    return "leaf end"


def mid(n, stop_with=None):
    r = yield from leaf(n, stop_with)
    yield r


def top(n, stop_with=None):
    yield from mid(n, stop_with)
    yield "top end"


print(list(enumerate(top(3))))
print(list(zip(range(10), top(2))))
print(list(zip(top(2), "abcdefg")))
print(dict(zip(range(100), top(4))))
print({k: v for k, v in zip(top(3), range(2))})
print(list(map(str, top(2))))
for i, v in enumerate(top(1)):
    print(i, v)
try:
    for i, v in enumerate(top(2, KeyError("deep"))):
        print("item", i, v)
except KeyError as e:
    print("KeyError", e)

# a zip partner that is exhausted while the chain is suspended deep
g = top(5)
print(list(zip(g, range(2))), next(g), list(g))

# the wrapped generator running already
def selfref():
    yield from inner()


def inner():
    try:
        yield next(w)
    except ValueError as e:
        yield str(e)


w = enumerate(selfref())
print(list(w))
