# LOAD_ATTR of a class constant through an instance (self.LIMIT) is
# answered at the site while the instance dict lacks the name and the
# class is unchanged; everything else takes the general path.


class C:
    LIMIT = 3
    NAME = "c"
    PAIR = (1, 2)
    NOTHING = None
    RATE = 0.5
    BIG = 2**80

    def __init__(self, v):
        self.v = v

    def read(self):
        return self.LIMIT, self.NAME, self.PAIR, self.NOTHING, self.RATE, self.BIG


def reads(objs):
    return [o.read() for o in objs]


def limits(objs):
    return [o.LIMIT for o in objs]


objs = [C(i) for i in range(3)]
print(reads(objs))
print(limits(objs))

# An instance shadowing the constant, by store, setattr and __dict__.
objs[0].LIMIT = 10
setattr(objs[1], "LIM" + "IT", 11)
objs[2].__dict__["".join(["LI", "MIT"])] = 12
print(limits(objs))
for o in objs:
    del o.LIMIT
print(limits(objs))

# The class constant changed, on the class and on a base.
C.LIMIT = 4
print(limits(objs))


class D(C):
    pass


ds = [D(1), D(2)]
print(limits(ds))
C.LIMIT = 5
print(limits(ds))
D.LIMIT = 6
print(limits(ds), limits(objs))
del D.LIMIT
print(limits(ds))

# A subclass overriding it with a property, and one with __getattribute__.
class P(C):
    @property
    def LIMIT(self):
        return "prop"


class G(C):
    def __getattribute__(self, name):
        if name == "LIMIT":
            return "getattribute"
        return object.__getattribute__(self, name)


class GA(C):
    def __getattr__(self, name):
        return "getattr"


print(limits([C(0), P(0), G(0), GA(0), D(0)]))


# A descriptor with __get__ only as the class attribute.
class Desc:
    def __get__(self, obj, cls):
        return "desc"


class E(C):
    LIMIT = Desc()


print(limits([E(0), C(0), E(1)]))

# __class__ reassigned.
x = C(0)
print(limits([x]))
x.__class__ = D
D.LIMIT = 7
print(limits([x]))


# A class constant of an exception class, and of an int subclass.
class Err(Exception):
    LIMIT = "err"


class I(int):
    LIMIT = "int"


print(limits([Err(), Err("a"), I(3), I(4)]))

# Functions, staticmethods, classmethods bind as before.
class F:
    f = lambda self: "bound"
    s = staticmethod(lambda: "static")
    c = classmethod(lambda cls: cls.__name__)
    b = len


def get(objs):
    return [(o.f(), o.s(), o.c(), o.b("ab")) for o in objs]


print(get([F(), F()]))

# Deleting the class constant: AttributeError, then __getattr__-less miss.
del C.NAME
try:
    reads([C(0)])
except AttributeError as e:
    print("AttributeError:", e)
