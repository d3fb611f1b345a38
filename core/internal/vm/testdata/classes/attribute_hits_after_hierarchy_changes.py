# The attribute hits (loads, stores, method loads, fused with a local or
# of a value on the stack) warmed in loops, then made to fail mid-loop by
# changes of the class hierarchy: a property added to a base, __class__
# reassigned, descriptors with and without __set__ added to a base, a
# base's method replaced, and the instance dict written through __dict__.


class A:
    def m(self):
        return "A.m"


class B:
    def m(self):
        return "B.m"

    @property
    def q(self):
        return "B.q"


class C(A):
    def __init__(self, v):
        self.v = v
        self.q = "inst-q"


def reads(objs, turn):
    out = []
    for i, o in enumerate(objs):
        if i == turn[0]:
            turn[1]()
        out.append((o.v, o.m(), o.q, objs[i].v, objs[i].q))
    return out


cs = [C(i) for i in range(6)]
print(reads(cs, (3, lambda: setattr(A, "q", property(lambda self: "A.q")))))
del A.q
print(reads(cs, (2, lambda: setattr(A, "q", "class-q")))[:4])
del A.q


# __class__ reassigned mid-loop on one instance.
class D:
    def __init__(self, v):
        self.v = v
        self.q = "D-inst"

    def m(self):
        return "D.m"


def swap_class():
    ds[4].__class__ = C


ds = [D(i) for i in range(7)]
print(reads(ds, (4, swap_class)))


# Descriptors added to a base class mid-loop: without __set__ the
# instance dict wins, with __set__ the descriptor does, for loads and
# for stores.
class NonData:
    def __get__(self, obj, cls):
        return "nondata"


class Data:
    def __get__(self, obj, cls):
        return "data:" + str(obj.__dict__.get("x"))

    def __set__(self, obj, v):
        obj.__dict__["x"] = v * 100


class Base:
    pass


class E(Base):
    def __init__(self, x):
        self.x = x


def loads_and_stores(es, when, change):
    out = []
    for i, e in enumerate(es):
        if i == when:
            change()
        e.x = i
        out.append(e.x)
        es[i].x = i + 1
        out.append(es[i].x)
    return out


es = [E(0) for _ in range(6)]
print(loads_and_stores(es, 3, lambda: setattr(Base, "x", NonData())))
print(loads_and_stores(es, 3, lambda: setattr(Base, "x", Data())))
del Base.x
print(loads_and_stores(es, 2, lambda: None))


# A base's method replaced mid-loop, then shadowed by an instance
# attribute written through __dict__, then the class attribute deleted.
class F(A):
    def __init__(self):
        self.n = 0


fs = [F() for _ in range(8)]
out = []
for i, f in enumerate(fs):
    if i == 2:
        A.m = lambda self: "new A.m"
    if i == 4:
        f.__dict__["m"] = lambda: "inst m"
    if i == 6:
        del A.m
    try:
        out.append(f.m())
    except AttributeError as e:
        out.append("AttributeError: " + str(e))
print(out)


# Writes through __dict__ and del between loads of the same site.
class G:
    def __init__(self):
        self.a, self.b, self.c = 1, 2, 3


g = G()
seen = []
for i in range(8):
    if i == 2:
        g.__dict__["b"] = "via dict"
    if i == 3:
        del g.a
    if i == 4:
        g.a = "back"
    if i == 5:
        g.__dict__.clear()
        g.c = "only c"
    if i == 6:
        g.__dict__.update(a=10, b=20)
    try:
        seen.append((g.a, g.b, g.c))
    except AttributeError as e:
        seen.append(str(e))
print(seen)
