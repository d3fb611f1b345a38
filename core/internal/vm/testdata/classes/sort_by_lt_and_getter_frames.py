# Sorting instances by a Python __lt__ (the comparison's frame is made
# directly) and property getters that are not plain accessors (their
# frame is pushed from the attribute site): the fallbacks must behave as
# the general protocol.


class P:
    def __init__(self, v):
        self.v = v

    @property
    def key(self):
        return self.v * 2

    def __lt__(self, other):
        return self.key < other.key

    def __repr__(self):
        return f"P({self.v})"


print(sorted([P(3), P(1), P(2), P(1)]))

# Stability with equal keys.
ps = [P(i % 3) for i in range(9)]
for i, p in enumerate(ps):
    p.i = i
print([(p.v, p.i) for p in sorted(ps)])
print([(p.v, p.i) for p in sorted(ps, reverse=True)])


# A subclass overriding __lt__ mixed in: not one function, general path.
class Q(P):
    def __lt__(self, other):
        return self.v > other.v


print(sorted([P(1), Q(5), P(3), Q(2)], key=None) is not None)
print(sorted([Q(1), Q(5), Q(3)]))


# __lt__ returning NotImplemented: TypeError as CPython.
class N:
    def __lt__(self, other):
        return NotImplemented


try:
    sorted([N(), N()])
except TypeError as e:
    print("TypeError:", e)


# __lt__ returning non-bools: truth value.
class T:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return [1] if self.v < other.v else []

    def __repr__(self):
        return f"T({self.v})"


print(sorted([T(3), T(1), T(2)]))


# An exception inside a comparison propagates; the list stays a permutation.
class E:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        if self.v == 7 or other.v == 7:
            raise ValueError("seven")
        return self.v < other.v


xs = [E(i) for i in (5, 3, 7, 1, 2)]
try:
    xs.sort()
except ValueError as e:
    print("ValueError:", e)
print(sorted(x.v for x in xs))


# __lt__ replaced on the class in the middle of a sort: later
# comparisons use the new one.
class R:
    calls = 0

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        R.calls += 1
        if R.calls == 3:
            R.__lt__ = lambda a, b: a.v > b.v
        return self.v < other.v

    def __repr__(self):
        return f"R({self.v})"


print(sorted([R(i) for i in (4, 1, 3, 2, 5, 0)]))


# __gt__ defined on a subclass: CPython tries the reflected one first.
class G(P):
    def __gt__(self, other):
        print("G.__gt__")
        return NotImplemented


print(sorted([P(2), G(1)]))


# A __lt__ with a default parameter or a closure cell.
class D:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other, flip=False):
        return (self.v < other.v) != flip

    def __repr__(self):
        return f"D({self.v})"


print(sorted([D(2), D(0), D(1)]))


# Recursion inside __lt__ and deep sorts.
class Deep:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return sorted([self.v, other.v])[0] == self.v and self.v != other.v


print([d.v for d in sorted(Deep(i) for i in (3, 1, 2))])


# Property getters called as frames: subclass overrides, getters raising,
# __getattr__ fallbacks, instance dict vs data descriptor, setters,
# monkeypatching the property.
class S:
    def __init__(self, w, h):
        self.w = w
        self.h = h

    @property
    def area(self):
        return self.w * self.h

    @property
    def bad(self):
        raise AttributeError("bad getter")


class S2(S):
    @property
    def area(self):
        return -super().area


s, s2 = S(2, 3), S2(2, 3)
for _ in range(3):
    print(s.area, s2.area)
s.__dict__["area"] = 99  # a data descriptor wins over the instance dict
print(s.area)
try:
    s.bad
except AttributeError as e:
    print("AttributeError:", e)


class WithGetattr(S):
    def __getattr__(self, name):
        return "getattr:" + name


wg = WithGetattr(1, 1)
for _ in range(3):
    print(wg.area, wg.bad)

S.area = property(lambda self: self.w + self.h)
print(s.area, s2.area)
S.area = property(lambda self, extra=1: self.w + self.h + extra)
print(s.area)
del S.area
try:
    print(s.area)
except AttributeError as e:
    print("AttributeError:", e)


class Counter:
    def __init__(self):
        self.n = 0

    @property
    def tick(self):
        self.n += 1
        return self.n


c = Counter()
print([c.tick for _ in range(5)], c.n)


# A getter that recurses into itself until RecursionError.
class Loop:
    @property
    def me(self):
        return self.me


try:
    Loop().me
except RecursionError:
    print("RecursionError")


# Sorting by a property-reading __lt__ over many objects, three classes.
class Shape:
    def __init__(self, x):
        self.x = x

    @property
    def area(self):
        return 0

    def __lt__(self, other):
        return self.area < other.area


class Sq(Shape):
    def __init__(self, x, s):
        super().__init__(x)
        self.s = s

    @property
    def area(self):
        return self.s * self.s


class Ci(Shape):
    def __init__(self, x, r):
        super().__init__(x)
        self.r = r

    @property
    def area(self):
        return 3 * self.r * self.r


shapes = [(Sq(i, i % 7) if i % 3 else Ci(i, i % 5)) if i % 4 else Shape(i) for i in range(300)]
shapes.sort()
print([s.x for s in shapes[:12]], [s.area for s in shapes[-5:]])
print(all(not (shapes[i + 1] < shapes[i]) for i in range(len(shapes) - 1)))
