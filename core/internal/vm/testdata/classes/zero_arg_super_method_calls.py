# super().name(...) in a method pushes the function found after __class__
# in type(self)'s MRO without making a super object; every other case
# (not a plain function, a class as first argument, a rebound super,
# classes changed after the lookup) must behave exactly as super() does.


class A:
    def __init__(self, x):
        self.x = x

    def f(self, n):
        return "A.f%d" % n

    def g(self):
        return "A.g"

    @staticmethod
    def s(n):
        return "A.s%d" % n

    @classmethod
    def c(cls):
        return "A.c " + cls.__name__

    @property
    def p(self):
        return "A.p"


class B(A):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y

    def f(self, n):
        return "B>" + super().f(n)

    def g(self):
        return "B>" + super().g()


class C(A):
    def f(self, n):
        return "C>" + super().f(n)


class D(B, C):
    def __init__(self):
        super().__init__(1, 2)

    def f(self, n):
        return "D>" + super().f(n)

    def s2(self):
        return super().s(3)

    def c2(self):
        return super().c()

    def p2(self):
        return super().p

    def missing(self):
        return super().nosuch()

    def swapped(self, other):
        self = other
        return super().f(0)

    @classmethod
    def cm(cls):
        return super().c()


out = []
for i in range(3):
    d = D()
    out.append((d.x, d.y, d.f(i), d.g(), d.s2(), d.c2(), d.p2()))
print(out)
print(D.cm())

try:
    D().missing()
except AttributeError as e:
    print("AttributeError", e)

# The first argument is read when super() runs, as CPython does.
class E(D):
    def f(self, n):
        return "E>" + super().f(n)


print(D().swapped(E()))
try:
    D().swapped(A(0))
except TypeError as e:
    print("TypeError", e)

# Unbound call with an instance not of the class.
try:
    B.f(A(0), 1)
except TypeError as e:
    print("TypeError", e)

# The instance dict does not shadow what super() finds.
d = D()
d.f = lambda n: "instance"
print(d.f(1), D.f(d, 1))

# Classes changed after the site has looked up: the new method is found.
def newg(self):
    return "A.g2"


for i in range(3):
    if i == 2:
        A.g = newg
    print(D().g())
del A.g
try:
    D().g()
except AttributeError as e:
    print("AttributeError", e)
C.g = lambda self: "C.g"
print(D().g())

# A rebound global super is called as any other function, at the same site.
class F(A):
    def f(self, n):
        return super().f(n)


real_super = super
res = []
for i in range(4):
    if i == 1:
        super = lambda: A(7)
    if i == 3:
        super = real_super
    res.append(F(0).f(i))
print(res)
del super

# One method code, several classes: __class__ is each class's own.
def make(base):
    class K(base):
        def f(self, n):
            return "K>" + super().f(n)

    return K


ks = [make(A), make(B), make(C)]
print([k(0).f(1) if k.__mro__[1] is not B else k(0, 1).f(1) for k in ks for _ in range(2)])

# A builtin found after __class__ (object.__init__) and a Python __init__
# elsewhere; a subclass of a builtin type.
class G:
    def __init__(self, *a):
        super().__init__()
        self.a = a


print(G(1, 2).a)


class H(G):
    def __init__(self):
        super().__init__(3)


print(H().a)


class L(list):
    def append(self, v):
        super().append(v * 2)


lst = L()
for i in range(3):
    lst.append(i)
print(lst)
