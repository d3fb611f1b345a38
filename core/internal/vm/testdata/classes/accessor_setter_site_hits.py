# A property whose setter is `self._x = v` is stored in place at the
# STORE_ATTR site once the attribute is where the site last found it;
# everything else takes the general path.


class A:
    def __init__(self, x):
        self._x = x

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v


def bump(objs, n):
    for _ in range(n):
        for o in objs:
            o.x = o.x + 1


objs = [A(i) for i in range(5)]
bump(objs, 3)
print([o.x for o in objs], [o.__dict__ for o in objs][:2])

# The attribute missing from one instance: the setter adds it.
b = A(0)
del b._x
objs.append(b)
for o in objs:
    o.x = 7
print([o._x for o in objs])

# Attribute moved to another slot in the dict (deleted and re-added).
c = A(1)
c.extra = 2
del c._x
c._x = 10
for o in [A(1), c, A(2)]:
    o.x = o.x * 3
    print(o.__dict__)

# __dict__ replaced.
d = A(1)
d.__dict__ = {"other": 1}
for o in [A(5), d]:
    o.x = 9
    print(o.__dict__)


# A subclass with __setattr__: every store goes through it.
class Loud(A):
    def __setattr__(self, name, v):
        print("setattr", name, v)
        object.__setattr__(self, name, v)


for o in [A(1), Loud(2), A(3)]:
    o.x = 4
    print(type(o).__name__, o._x)


# __slots__ holding the attribute.
class S:
    __slots__ = ("_x",)

    def __init__(self):
        self._x = 0

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v


for o in [A(1), S(), A(2), S()]:
    o.x = 11
    print(type(o).__name__, o.x)


# The class's setter replaced between stores: the new one runs.
def setx(objs, v):
    for o in objs:
        o.x = v


objs = [A(0), A(1)]
setx(objs, 1)
A.x = A.x.setter(lambda self, v: object.__setattr__(self, "_x", -v))
setx(objs, 2)
print([o._x for o in objs])
A.x = property(lambda self: self._x)
try:
    setx(objs, 3)
except AttributeError as e:
    print("AttributeError", "no setter" in str(e))
print([o._x for o in objs])


# A setter that stores elsewhere, and one that validates.
class B:
    def __init__(self):
        self._y = 0
        self._z = 0

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, v):
        self._z = v

    @property
    def w(self):
        return self._y

    @w.setter
    def w(self, v):
        if v < 0:
            raise ValueError("negative")
        self._y = v


bs = [B(), B()]
for o in bs:
    o.y = 5
    o.w = 6
print([(o._y, o._z) for o in bs])
try:
    bs[0].w = -1
except ValueError as e:
    print("ValueError:", e, bs[0]._y)


# An exception instance with a plain accessor property.
class E(Exception):
    def __init__(self):
        self._x = 0

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v


for o in [E(), E()]:
    o.x = 3
    print(o.x, o.args)
