# STORE_ATTR appends a new attribute in place when the instance dict ends
# where the site last stored it; every other shape takes the general
# store, with the same results as CPython.


class A:
    def __init__(self, a, b, flag=False):
        self.a = a
        if flag:
            self.extra = "x"
        self.b = b
        self.c = a + b


xs = [A(i, i * 2, flag=(i % 3 == 0)) for i in range(10)]
print([sorted(vars(x).items()) for x in xs[:4]])
print([list(vars(x)) for x in xs[:4]])


# Names set first through setattr with a non-interned str, then by the site.
class B:
    def __init__(self, first):
        if first:
            setattr(self, "".join(["y", "y"]), 0)
        self.yy = 1
        self.zz = 2


print([vars(B(f)) for f in (False, True, False, True)])


# A str subclass key with the same text in the instance dict.
class S(str):
    pass


class C:
    def __init__(self, pre):
        if pre:
            self.__dict__[S("p")] = "pre"
        self.p = "site"
        self.q = 1


for pre in (False, True, False):
    c = C(pre)
    print(vars(c), type(list(vars(c))[0]).__name__)


# Deleted attributes, re-added by the site.
class D:
    def __init__(self):
        self.u = 1
        self.v = 2

    def reset(self):
        del self.u
        self.u = 3
        self.w = 4


for _ in range(3):
    d = D()
    d.reset()
    print(vars(d))


# A replaced __dict__, then stores.
class E:
    def __init__(self, d=None):
        if d is not None:
            self.__dict__ = d
        self.k = 1
        self.m = 2


shared = {"k": 0}
e1, e2, e3 = E(), E(shared), E()
print(vars(e1), vars(e2), shared is vars(e2), vars(e3))


# Many attributes: beyond the room allocated with the instance.
class F:
    def __init__(self, n):
        for i in range(n):
            setattr(self, f"a{i}", i)
        self.last = n
        self.more = -n


for n in (0, 3, 8, 12):
    f = F(n)
    print(n, f.last, f.more, len(vars(f)))


# The class grows a data descriptor / __setattr__ after instances were
# made: the site's cached shape must not be used.
class G:
    def __init__(self, x):
        self.x = x
        self.y = x + 1


print(vars(G(1)))
G.y = property(lambda self: "prop-y", lambda self, v: print("setter", v))
g = G(2)
print(vars(g), g.y)
del G.y


def loud(self, name, value):
    print("setattr", name, value)
    object.__setattr__(self, name, value)


G.__setattr__ = loud
print(vars(G(3)))
del G.__setattr__
print(vars(G(4)))


# __slots__ classes and a subclass adding a dict.
class H:
    __slots__ = ("s", "t")

    def __init__(self):
        self.s = 1
        self.t = 2


class H2(H):
    def __init__(self):
        super().__init__()
        self.extra = 3


h = H()
print(h.s, h.t)
try:
    h.other = 1
except AttributeError as e:
    print("AttributeError:", e)
h2 = H2()
print(h2.s, h2.t, h2.extra)


# Exceptions keep args outside their dict.
class MyErr(Exception):
    def __init__(self, msg):
        super().__init__(msg)
        self.msg = msg
        self.code = 7


for _ in range(3):
    err = MyErr("boom")
    print(err.args, vars(err))
