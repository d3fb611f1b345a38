# obj.x = <expression> with obj a local: plain instances, properties,
# __setattr__, __slots__, builtins, classes changed after the site is
# warm, and an unbound local.


class P:
    def __init__(self, a):
        self.a = a + 0
        self.b = [a][0]

    def bump(self, n):
        for i in range(n):
            self.a = self.a + i
        return self.a


class Prop:
    def __init__(self):
        self._v = 0

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, x):
        print("setter", x)
        self._v = x * 10


class Logged:
    def __setattr__(self, name, value):
        print("setattr", name, value)
        object.__setattr__(self, name, value + 0)


class Slotted:
    __slots__ = ("s",)

    def set(self, v):
        self.s = v + 1
        return self.s


def store_all(objs):
    for o in objs:
        o.a = len(str(o.__class__.__name__))
    return [o.a for o in objs]


p = P(3)
print(p.bump(5), p.b)
q = Prop()
q.v = 1 + 1
print(q.v)
lg = Logged()
lg.x = 4 * 2
s = Slotted()
print(s.set(4))
try:
    s.t = 1 + 0
except AttributeError as e:
    print("AttributeError", e)
print(store_all([P(1), P(2), P(3)]))


def late():
    objs = [P(i) for i in range(3)]
    out = []
    for k in range(4):
        if k == 2:
            P.a = property(lambda self: -1, lambda self, v: out.append(("prop", v)))
        for o in objs:
            o.a = k * 2
        out.append([o.a for o in objs])
    del P.a
    return out


print(late())
try:
    x = 1 + 2
    (1).real = x + 1
except AttributeError as e:
    print("AttributeError", e)


def unbound(flag):
    if flag:
        o = P(0)
    o.a = 5 + 1
    return o.a


print(unbound(True))
try:
    unbound(False)
except UnboundLocalError as e:
    print("UnboundLocalError", e)


def on_none():
    o = None
    o.a = 1 + 1


try:
    on_none()
except AttributeError as e:
    print("AttributeError", e)
