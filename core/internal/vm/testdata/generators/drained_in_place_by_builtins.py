# sum, any, all, list and tuple drain a generator in place (RetDrive);
# values that need Python code (an __add__, a __bool__) hand the rest to
# a Python frame. Results, errors and order must be CPython's.
import sys


def gen(*items):
    for x in items:
        yield x


class Money:
    def __init__(self, n):
        self.n = n

    def __add__(self, other):
        print("add", self.n, other)
        return Money(self.n + (other.n if isinstance(other, Money) else other))

    def __radd__(self, other):
        print("radd", self.n, other)
        return Money(self.n + other)

    def __repr__(self):
        return f"Money({self.n})"


class Flag:
    def __init__(self, v):
        self.v = v

    def __bool__(self):
        print("bool", self.v)
        return self.v


print(sum(gen(1, 2, 3)), sum(gen(1, 2.5)), sum(gen(True, True, 3)), sum(gen(), 7))
print(sum(gen(sys.maxsize, 1, -5)), sum(gen(1.0, 10**400 // 10**399)))
print(sum(gen(1, 2, Money(10), 3, 4)))
print(sum(gen(Money(1), Money(2)), Money(0)))
print(sum(gen(1, 2), 0.5), sum(gen(2**70, 2**70)), sum(gen(0.5, 2**70)))
try:
    sum(gen(1.5, 10**400))
except OverflowError as e:
    print("OverflowError", e)
try:
    sum(gen(1, "a", 2))
except TypeError as e:
    print("TypeError", e)
print(sum(gen([1], [2]), []))
print(any(gen(0, 0, 3, 0)), any(gen(0, "", [], ())), all(gen(1, "x", [0])), all(gen(1, 0, 1)))
print(any(gen(0, Flag(False), Flag(True), Flag(True))), all(gen(1, Flag(True), Flag(False), 5)))
print(any(gen(0, Flag(True))), all(gen()), any(gen()))
print(list(gen(1, "a", None)), tuple(gen(1, "a", None)), list(gen()), tuple(gen()))


def noisy(n):
    for i in range(n):
        print("yield", i)
        x = yield i
        print("sent", x)
    print("end")


print(any(noisy(5)))
print(all(v < 1 for v in noisy(5)))
print(sum(noisy(2)), list(noisy(1)))


def fails():
    yield 1
    yield 2
    raise KeyError("k")


for f in (sum, any, all, list, tuple):
    try:
        f(fails())
    except KeyError as e:
        print(f.__name__, "KeyError", e)


def stops():
    yield 1
    raise StopIteration


try:
    sum(stops())
except RuntimeError as e:
    print("RuntimeError", e, type(e.__cause__).__name__)

g = gen(1, 2)
print(list(g), list(g), sum(g), tuple(g), any(g), all(g))


def selfish():
    yield sum(me)


me = selfish()
try:
    list(me)
except ValueError as e:
    print("ValueError", e)


def watcher():
    yield me2.gi_running
    yield sys.exc_info()[0]


me2 = watcher()
print(list(me2))


def in_except():
    try:
        raise ValueError("v")
    except ValueError:
        yield sys.exc_info()[0].__name__
        yield sys.exc_info()[0].__name__
    yield sys.exc_info()[0]


try:
    raise KeyError("outer")
except KeyError:
    print(list(in_except()), sys.exc_info()[0].__name__)
print(sys.exc_info())


def deleg():
    yield 0
    yield from gen(1, 2)
    r = yield from (x * 10 for x in gen(3, 4))
    yield r


print(list(deleg()))
print(sum(sum(x for x in range(i)) for i in range(10)))
print(list(list(x for x in range(i)) for i in range(4)))


class L(list):
    pass


class T(tuple):
    pass


print(L(gen(1, 2)), type(L(gen(1))).__name__, T(gen(1, 2)), type(T(gen())).__name__)
print(sorted(gen(3, 1, 2)), min(gen(3, 1)), max(gen(3, 1)), set(gen(1, 1)))


def big(n):
    for i in range(n):
        yield [i] * 3


print(len(list(big(10000))), sum(len(x) for x in big(1000)))
