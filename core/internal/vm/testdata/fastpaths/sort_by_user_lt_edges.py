# list.sort and sorted over instances with a user __lt__ (the nested-call
# fast path): exceptions at different points, NotImplemented and non-bool
# results, a class changed mid-sort, nested sorts, recursion in __lt__.
import sys


class K:
    fail_at = None
    calls = 0

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        K.calls += 1
        if K.calls == K.fail_at:
            raise KeyError(K.calls)
        return self.v < other.v

    def __repr__(self):
        return "K(%r)" % self.v


def vals(l):
    return [k.v for k in l]


data = [(i * 37) % 101 for i in range(101)]

# Exceptions on the first, a middle and a late comparison: the error
# leaves sort, the list keeps all its items, and sort works again after.
for at in (1, 2, 50, 300):
    K.calls, K.fail_at = 0, at
    l = [K(v) for v in data]
    try:
        l.sort()
        print(at, "no error")
    except KeyError as e:
        print(at, "KeyError", e.args, len(l), sorted(vals(l)) == sorted(data))
    K.fail_at = None
    l.sort()
    print(vals(l) == sorted(data))
    try:
        K.calls, K.fail_at = 0, at
        r = sorted([K(v) for v in data], reverse=True)
        print("sorted", at, "no error", vals(r)[:3])
    except KeyError as e:
        print("sorted", at, "KeyError", e.args)
K.fail_at = None


# __lt__ returning NotImplemented: the default comparison's TypeError.
class NI:
    def __lt__(self, other):
        return NotImplemented


try:
    sorted([NI(), NI(), NI()])
except TypeError as e:
    print("NotImplemented:", e)


# Non-bool results go through truth; a __bool__ that raises propagates.
class Truthy:
    def __init__(self, v):
        self.v = v

    def __bool__(self):
        if self.v is None:
            raise ValueError("no truth")
        return bool(self.v)


class NB:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        d = other.v - self.v
        if self.v == 7 or other.v == 7:
            return Truthy(None) if NB.bad else 0
        return [1] if d > 0 else ""


NB.bad = False
print([x.v for x in sorted(NB(v) for v in [5, 3, 9, 1, 7, 3, 8])])
NB.bad = True
try:
    sorted(NB(v) for v in [5, 3, 9, 1, 7, 3, 8])
except ValueError as e:
    print("bool raised:", e)


# The class changed mid-sort: __lt__ replaced, then __gt__ added.
class M:
    n = 0

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        M.n += 1
        if M.n == 20:
            M.__lt__ = lambda a, b: a.v > b.v
        return self.v < other.v


l = [M(v) for v in data[:40]]
l.sort()
print("replaced __lt__:", len(l), sorted(vals(l)) == sorted(data[:40]))


class G:
    n = 0

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        G.n += 1
        if G.n == 10:
            G.__gt__ = lambda a, b: "gt called"
        return self.v < other.v


class GSub(G):
    pass


l = [G(v) for v in data[:30]] + [GSub(v) for v in data[30:60]]
l.sort()
print("added __gt__:", len(l), sorted(vals(l)) == sorted(data[:60]))


# Sorts nested inside __lt__, on other lists and of the same class.
class Outer:
    def __init__(self, items):
        self.items = items

    def __lt__(self, other):
        return sorted(K(v) for v in self.items)[0].v < sorted(K(v) for v in other.items)[0].v


outs = [Outer([(i * 7 + j) % 23 for j in range(5)]) for i in range(30)]
outs.sort()
print("nested:", [sorted(o.items)[0] for o in outs])


# The list being sorted is empty to __lt__; filling it is an error.
class Peek:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        seen.append(len(target))
        if self.v == 2:
            target.append(99)
        return self.v < other.v


seen = []
target = [Peek(v) for v in [3, 1, 2, 5, 4]]
try:
    target.sort()
except ValueError as e:
    print("modified:", e, min(seen), max(seen))


# Recursion in __lt__ meets the recursion limit, inside and out of sort.
class Deep:
    def __init__(self, v, depth):
        self.v = v
        self.depth = depth

    def __lt__(self, other):
        if self.depth > 0:
            return Deep(self.v, self.depth - 1) < other
        return self.v < other.v


print([d.v for d in sorted([Deep(3, 20), Deep(1, 20), Deep(2, 20)])])
try:
    sorted([Deep(1, 5), Deep(3, 10**6)])
except RecursionError as e:
    print("RecursionError:", str(e)[:32])


class SortsDeeper:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return sorted([SortsDeeper(self.v), SortsDeeper(other.v)]) and self.v < other.v


try:
    sorted([SortsDeeper(2), SortsDeeper(1)])
except RecursionError as e:
    print("RecursionError:", str(e)[:32])
sys.setrecursionlimit(1000)
print(vals(sorted(K(v) for v in [3, 1, 2])))


# Properties read in __lt__, with a getter that raises on one item.
class P:
    def __init__(self, v):
        self._v = v

    @property
    def v(self):
        if self._v == 13:
            raise AttributeError("thirteen")
        return self._v

    def __lt__(self, other):
        return self.v < other.v


print([p._v for p in sorted(P(v) for v in [4, 2, 9, 1])])
try:
    sorted(P(v) for v in data[:30])
except AttributeError as e:
    print("getter raised:", e)
