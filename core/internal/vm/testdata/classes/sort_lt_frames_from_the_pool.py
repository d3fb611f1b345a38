# A sort's __lt__ frames taken from the frame pool with the two operands
# put straight in: closures, recursion near the limit, exceptions with
# their tracebacks, and __lt__ or its code replaced in the middle of the
# sort must behave as CPython's sort.
import sys


def make(scale):
    class C:
        def __init__(self, v):
            self.v = v

        def __lt__(self, other):
            return self.v * scale < other.v * scale  # scale is a free variable

        def __repr__(self):
            return "C(%d)" % self.v
    return C


Up, Down = make(1), make(-1)
print(sorted(Up(i * 7 % 11) for i in range(11)))
print(sorted(Down(i * 7 % 11) for i in range(11)))


class Big:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v * 2**70 < other.v * 2**70


print([b.v for b in sorted(Big(i * 13 % 300) for i in range(300))][:10])


# An exception inside __lt__, part way through; its traceback goes
# through the sort's caller and __lt__.
class Boom:
    n = 0

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        Boom.n += 1
        if Boom.n == 40:
            raise KeyError("boom at 40")
        return self.v < other.v


def sort_them(xs):
    xs.sort()


try:
    sort_them([Boom(i * 7 % 50) for i in range(50)])
except KeyError as e:
    tb, seen = e.__traceback__, []
    while tb is not None:
        seen.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    print("KeyError", e, seen)


# __lt__ replaced, and its __code__ replaced, during the sort.
class Flip:
    calls = 0

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        Flip.calls += 1
        if Flip.calls == 30:
            Flip.__lt__ = lambda a, b: a.v > b.v
        return self.v < other.v


xs = [Flip(i * 7 % 40) for i in range(40)]
xs.sort()
print(Flip.calls > 30, sorted(x.v for x in xs) == list(range(40)))


def backwards(self, other):
    return self.v > other.v


class Code:
    calls = 0

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        Code.calls += 1
        if Code.calls == 25:
            Code.__lt__.__code__ = backwards.__code__
        return self.v < other.v


ys = [Code(i * 7 % 40) for i in range(40)]
ys.sort()
print(Code.calls > 25, [y.v for y in ys][:5])


# Recursion: a sort whose __lt__ sorts again, deeper and deeper, until the
# recursion limit; the sort stack unwinds cleanly and sorting works after.
class Deep:
    def __init__(self, v, d):
        self.v, self.d = v, d

    def __lt__(self, other):
        if self.d > 0:
            sorted([Deep(2, self.d - 1), Deep(1, self.d - 1)])
        return self.v < other.v


print([x.v for x in sorted([Deep(2, 5), Deep(1, 5), Deep(3, 5)])])
try:
    sorted([Deep(2, 10**6), Deep(1, 10**6)])
except RecursionError as e:
    print("RecursionError", str(e)[:32])
print([x.v for x in sorted([Deep(3, 2), Deep(1, 2), Deep(2, 2)])])


# NotImplemented from __lt__ gives the default comparison's TypeError.
class NI:
    def __lt__(self, other):
        return NotImplemented


try:
    sorted([NI(), NI()])
except TypeError as e:
    print("TypeError", e)

# Many comparisons, past the every-256th-step limit checks.
print(sum(c.v for c in sorted(Up(i * 7919 % 5000) for i in range(5000))[:100]))
