# Property getters and setters, and operator dunders, called through the
# fast frame path: errors, tracebacks' messages, subclasses and
# recursion.
class T:
    def __init__(self):
        self._v = 0
    @property
    def v(self):
        return self._v
    @v.setter
    def v(self, x):
        if x < 0:
            raise ValueError("negative: %d" % x)
        self._v = x
    @property
    def boom(self):
        return 1 / 0
    @property
    def ro(self):
        return "ro"

t = T()
for i in range(3):
    t.v = t.v + i
print(t.v)
try:
    t.v = -5
except ValueError as e:
    print("ValueError", e)
print(t.v)
try:
    t.boom
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    t.ro = 1
except AttributeError as e:
    print("AttributeError", e)

# A getter that raises AttributeError falls back to __getattr__.
class G:
    @property
    def p(self):
        raise AttributeError("no p")
    def __getattr__(self, name):
        return "getattr " + name
print(G().p)

# A property overridden in a subclass, and a getter taking *args.
class Base:
    @property
    def k(self):
        return "base"
class Sub(Base):
    @property
    def k(self):
        return "sub:" + super().k
class Star:
    def _get(*args):
        return len(args)
    k = property(_get)
print([o.k for o in (Base(), Sub(), Base(), Sub())], Star().k)

# A getter with a default parameter and one that is a closure.
def make(n):
    def g(self, extra=10):
        return n + extra
    return g
class C:
    a = property(make(1))
    b = property(make(2))
print(C().a, C().b)

# Dunders as frames: comparison, recursion through properties.
class N:
    def __init__(self, n):
        self.n = n
    def __lt__(self, other):
        return self.n < other.n
    @property
    def depth(self):
        return 0 if self.n == 0 else 1 + N(self.n - 1).depth
print(sorted([N(3), N(1), N(2)])[0].n, N(50).depth)
class Deep:
    @property
    def d(self):
        return self.d
try:
    Deep().d
except RecursionError as e:
    print("RecursionError", e)

# Plain calls with wrong argument counts after many right ones.
def f(a, b):
    return a + b
for i in range(3):
    f(i, i)
try:
    f(1)
except TypeError as e:
    print("TypeError", e)
try:
    f(1, 2, 3)
except TypeError as e:
    print("TypeError", e)
