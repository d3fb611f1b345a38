# sum, list, tuple and str.join drain a generator in place; a value the
# fast path cannot take (an overflow, a float, an instance, a full list)
# hands over mid-run without losing or repeating an item.
import sys


def gen(items):
    for x in items:
        yield x


big = sys.maxsize
print(sum(gen([1, 2, big, big, -big, 3])))
print(sum(gen([1, 2, 0.5, 3, True])))
print(sum(gen([-big, -big, -5, 7])))


class Num:
    def __init__(self, v):
        self.v = v

    def __radd__(self, other):
        return other + self.v

    def __add__(self, other):
        return self.v + other


print(sum(gen([1, 2, Num(10), 4, 5])))
print(len(list(gen(range(1000)))), list(gen(range(20)))[-3:])
print(tuple(gen("abcdefghijklmnopq")))
print("-".join(gen(["a", "b", "c"] * 30))[:20])


def noisy(n):
    for i in range(n):
        if i == 5:
            raise KeyError(i)
        yield i


for drain in (sum, list, tuple, "".join):
    try:
        drain(noisy(10) if drain is not "".join else (str(x) for x in noisy(10)))
    except KeyError as e:
        print(getattr(drain, "__name__", drain), "KeyError", e)

# a yield whose sent value is used (no POP_TOP after the yield)
def echo():
    got = None
    for i in range(4):
        got = yield (i, got)


print(list(echo()))
print(sum(x for x, _ in echo()))
