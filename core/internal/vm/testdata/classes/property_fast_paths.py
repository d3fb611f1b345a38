# Properties read and written at one site by several classes, with the
# cases the cached fast paths must leave to the general path.


class P:
    def __init__(self):
        self._x = 1

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v * 10


class Q(P):
    x = 5  # a plain class attribute shadows the property


class R(P):
    def __getattr__(self, name):
        return "getattr:" + name

    @property
    def y(self):
        raise AttributeError("no y")


class S(P):
    def __setattr__(self, name, v):
        object.__setattr__(self, "_x", -v)


class ReadOnly:
    @property
    def x(self):
        return 7


def get(o):
    return o.x


def put(o, v):
    o.x = v


for o in [P(), Q(), R(), S(), P()]:
    print(type(o).__name__, get(o))
p = P()
p.__dict__["x"] = "instance"  # a data descriptor wins over the instance dict
print(get(p))
for o in [P(), R(), S()]:
    put(o, 3)
    print(type(o).__name__, o._x, get(o))
q = Q()
put(q, 4)
print(q.x, q._x)
print(R().y)
try:
    put(ReadOnly(), 1)
except AttributeError as e:
    print("AttributeError:", e)
# Changing the class after the site cached it.
P.x = property(lambda self: "new getter")
print(get(P()), get(R()))
