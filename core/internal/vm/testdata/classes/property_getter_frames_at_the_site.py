# Property getters called from a LOAD_ATTR site: the getter's frame is
# pushed at once only for a Python function taking exactly self; the rest
# (defaults, closures, generators, builtins, recursion, errors, changes
# at run time, class constants at the same site) must behave as CPython.
import sys


def make_closure_getter(k):
    def get(self):
        return self.v * k
    return get


class A:
    LIMIT = 7

    def __init__(self, v):
        self.v = v

    @property
    def dbl(self):
        return self.v * 2

    def _defaults(self, extra=100):
        return self.v + extra
    with_default = property(_defaults)

    tripled = property(make_closure_getter(3))
    lam = property(lambda self: self.v - 1)

    def _gen(self):
        yield self.v
    gen = property(_gen)

    length = property(len)  # a builtin getter: len(self) -> __len__

    def __len__(self):
        return self.v + 1000


class B(A):
    dbl = 5  # a class constant where A had a property


class C(A):
    @property
    def dbl(self):
        return "C" + str(self.v)


def read(o):
    return o.dbl


objs = [A(1), B(2), C(3), A(4)]
out = []
for i in range(600):  # past the every-256th-call limit checks
    out.append(read(objs[i % 4]))
print(out[:8], len(out), sum(x for x in out if isinstance(x, int)))

a = A(10)
print(a.with_default, a.tripled, a.lam, list(a.gen), a.length)
tot = 0
for i in range(300):
    tot += A(i).with_default + A(i).tripled + A(i).lam + A(i).length
print(tot)


# Replacing the getter, the property, and shadowing by the instance dict
# (a data descriptor wins over it).
a.__dict__["dbl"] = "shadow"
print(a.dbl)
A.dbl = property(lambda self: ("new", self.v))
print(read(a), read(objs[0]))
del A.dbl
try:
    read(a)
except AttributeError as e:
    print("AttributeError", e)
print(read(objs[1]), read(objs[2]))


# A getter that raises, and one that recurses without end.
class E:
    @property
    def bad(self):
        raise ValueError("bad getter " + type(self).__name__)

    @property
    def deep(self):
        return self.deep


for i in range(3):
    try:
        E().bad
    except ValueError as e:
        print("ValueError", e)
try:
    E().deep
except RecursionError as e:
    print("RecursionError", str(e)[:32])


# __getattr__ after an AttributeError from the getter, and a class with
# __getattribute__: the general path.
class G:
    @property
    def p(self):
        raise AttributeError("no p")

    def __getattr__(self, name):
        return "getattr " + name


class H:
    @property
    def p(self):
        return "p"

    def __getattribute__(self, name):
        if name == "p":
            return "intercepted"
        return object.__getattribute__(self, name)


for o in [G(), H(), G(), H()]:
    print(o.p)


# A getter taking *args, or a keyword-only parameter, or two parameters.
class K:
    def _star(*args):
        return len(args)
    star = property(_star)

    def _two(self, other):
        return 1
    two = property(_two)


k = K()
print(k.star)
try:
    k.two
except TypeError as e:
    print("TypeError", e)


# The class constant and the getter share the site: B's constant is
# shadowed by an instance attribute later.
b = objs[1]
b.dbl = "inst"
A.dbl = property(lambda self: self.v * 2)
print(read(b), read(objs[2]), read(objs[3]))
print(sys.getrecursionlimit() > 100)
