# Generators driven by the fast switch: for, yield, yield from, send,
# close/throw during a for loop, PEP 479 and tracebacks.
import traceback


def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"


def wrap(it):
    for x in it:
        yield x * 2


# for over a generator, nested pipelines, a created-but-not-started one.
print(list(wrap(count(5))))
g = count(3)
for x in g:
    pass
print(x, list(g))
for x in g:
    print("never")
print(sum(wrap(count(100))))


# yield from returns the sub-generator's value; send goes through.
def deleg():
    r = yield from count(3)
    print("sub returned", r)
    got = yield from echo()
    return got


def echo():
    v = yield "ready"
    while v is not None:
        v = yield v * 10
    return "echo done"


d = deleg()
print(next(d), next(d), next(d))
print(next(d))
print(d.send(4), d.send(5))
try:
    d.send(None)
except StopIteration as e:
    print("stop", e.value)

# yield from an exhausted generator.
ex = count(1)
list(ex)


def from_done():
    r = yield from ex
    yield ("after", r)


print(list(from_done()))


# close and throw while a for loop consumes the generator.
def guarded():
    try:
        for i in range(10):
            yield i
    finally:
        print("finally ran")


g = guarded()
for x in g:
    if x == 2:
        g.close()
print("after close", x)


def catcher():
    i = 0
    while True:
        try:
            yield i
        except ValueError as e:
            print("caught", e)
            i += 100
        i += 1


g = catcher()
out = []
for x in g:
    out.append(x)
    if x == 1:
        out.append(g.throw(ValueError("boom")))
    if len(out) > 5:
        break
print(out)


# PEP 479: StopIteration inside a generator becomes RuntimeError.
def leaks():
    yield 1
    raise StopIteration("inner")


try:
    for x in leaks():
        pass
except RuntimeError as e:
    print("RuntimeError:", e, "| cause:", repr(e.__cause__))


def next_leak(it):
    while True:
        yield next(it)


try:
    print(list(next_leak(iter([1, 2]))))
except RuntimeError as e:
    print("RuntimeError:", e)


# already executing
def selfref():
    yield next(me)


me = selfref()
try:
    for x in me:
        pass
except ValueError as e:
    print("ValueError:", e)


# Exceptions through a pipeline keep their frames in the traceback.
def bad(n):
    for i in range(n):
        if i == 2:
            1 / 0
        yield i


def mid(it):
    yield from it


try:
    for x in wrap(mid(bad(5))):
        pass
except ZeroDivisionError:
    tb = traceback.format_exc()
    print([l.split(", in ")[1] for l in tb.splitlines() if ", in " in l], x)


# for over a class with __iter__ returning a generator, and a subclass of list.
class Bag:
    def __init__(self, items):
        self.items = items

    def __iter__(self):
        for x in self.items:
            yield x + 1


class L(list):
    def __iter__(self):
        yield "overridden"


print([x for x in Bag([1, 2, 3])], list(L([1, 2])), [x for x in L([5])])
print(sum(x for x in count(1000) if x % 3 == 0))
print(dict(zip(range(4), count(10))))


# Tuple and list iterators in for loops stay exhausted when the list grows.
total = 0
for x in (1, 2, 3):
    total += x
lst = [1, 2]
it = iter(lst)
for x in it:
    total += x
lst.append(10)
print(total, list(it), [y for y in (4, 5)], next(iter((7,))))
