# The attribute sites' hits (LOAD_ATTR, STORE_ATTR, LOAD_METHOD) are
# warmed in a loop, then each of their guards is made to fail mid-loop:
# the instance dict changed under the remembered slot, the class changed,
# a subclass or an unrelated class with the same layout at the same site.


class P:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def get(self):
        return self.a

    def put(self, v):
        self.b = v


def read_all(objs):
    out = []
    for o in objs:
        try:
            out.append((o.a, o.b))
        except AttributeError as e:
            out.append(("err", str(e)))
    return out


def write_all(objs, v):
    for o in objs:
        try:
            o.b = v
        except AttributeError as e:
            print("store:", e)


# A deleted attribute leaves its slot empty; re-adding it moves it to the end.
ps = [P(i, -i) for i in range(6)]
print(read_all(ps))
del ps[2].a
del ps[3].b
print(read_all(ps))
ps[2].a = "back"
print(read_all(ps), list(vars(ps[2])))
write_all(ps, 7)
print(read_all(ps))

# vars(obj) mutated directly: cleared, reordered, replaced.
q = P(1, 2)
for i in range(5):
    if i == 2:
        vars(q).clear()
        vars(q)["b"] = "b2"
        vars(q)["a"] = "a2"
    if i == 3:
        q.__dict__ = {"a": "new", "b": "dict"}
    if i == 4:
        q.__dict__ = {"b": "only"}
    print(read_all([q]))

# A data descriptor added to the class after the site hit.
ps = [P(i, i) for i in range(3)]
print(read_all(ps))
P.a = property(lambda self: "prop-a")
print(read_all(ps))
del P.a
print(read_all(ps))

# A property setter added for b after the store site hit.
write_all(ps, 1)
log = []
P.b = property(lambda self: "prop-b", lambda self, v: log.append(v))
write_all(ps, 2)
print(read_all(ps), log)
del P.b
write_all(ps, 3)
print(read_all(ps))

# __getattribute__ and __setattr__ added to the class, then removed.
P.__getattribute__ = lambda self, n: "ga-" + n
print(read_all(ps))
del P.__getattribute__
print(read_all(ps))
P.__setattr__ = lambda self, n, v: object.__setattr__(self, n, ("set", v))
write_all(ps, 4)
del P.__setattr__
write_all(ps[:1], 5)
print(read_all(ps))

# __getattr__ only answers what is missing.
P.__getattr__ = lambda self, n: "missing-" + n
r = P(1, 2)
del r.a
print(read_all([r, P(3, 4)]))
del P.__getattr__


# Several classes with one layout, more than a site remembers, at one site.
def make(n):
    return type("C%d" % n, (P,), {})


kinds = [make(n) for n in range(7)]
objs = [k(i, i * 10) for i, k in enumerate(kinds)] * 2
print(read_all(objs))
write_all(objs, "w")
print(read_all(objs))


# A subclass whose class attribute or slot shadows nothing but changes the
# layout.
class S(P):
    __slots__ = ("c",)


class T:
    __slots__ = ("a", "b")

    def __init__(self, a, b):
        self.a = a
        self.b = b


mixed = [P(1, 2), S(3, 4), T(5, 6), P(7, 8), T(9, 10)]
print(read_all(mixed))
write_all(mixed, 0)
print(read_all(mixed))
try:
    T(1, 2).c = 3
except AttributeError as e:
    print("slots:", e)


# Instances of builtin subclasses and exceptions through the same sites.
class L(list):
    def __init__(self, a, b):
        super().__init__([a, b])
        self.a = a
        self.b = b


class E(Exception):
    def __init__(self, a, b):
        super().__init__(a, b)
        self.a = a
        self.b = b


mixed = [P(1, 2), L(3, 4), E(5, 6), P(7, 8), L(9, 10)]
print(read_all(mixed))
write_all(mixed, "x")
print(read_all(mixed), list(mixed[1]), mixed[2].args)


# Methods: an instance attribute shadowing the method mid-loop, the
# method replaced on the class, a non-function put in its place.
ms = [P(i, i) for i in range(4)]
for step in range(5):
    if step == 1:
        ms[1].get = lambda: "shadow"
    if step == 2:
        P.get = lambda self: ("replaced", self.b)
    if step == 3:
        del ms[1].get
        P.get = staticmethod(lambda: "static")
    if step == 4:
        vars(ms[2])["get"] = lambda: "via vars"
    print([m.get() for m in ms])
for m in ms:
    m.put(m.b + 1 if isinstance(m.b, int) else 0)
print(read_all(ms))


# Plain accessor properties: their attribute deleted, the class changed.
class A:
    def __init__(self, v):
        self._v = v

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, x):
        self._v = x


acc = [A(i) for i in range(4)]
for step in range(4):
    if step == 1:
        del acc[2]._v
    if step == 2:
        acc[2]._v = "again"
        A._v = property(lambda self: "class-prop")
    if step == 3:
        del A._v
    out = []
    for a in acc:
        try:
            out.append(a.v)
        except AttributeError as e:
            out.append(str(e))
    print(out)
for i, a in enumerate(acc):
    a.v = i * 100
print([a.v for a in acc], [vars(a) for a in acc])


# An unbound local at the fused attribute instructions, after the sites hit.
def unbound(kind, n):
    o = P(1, 2)
    out = []
    for i in range(n):
        if i == n - 1:
            del o
        try:
            if kind == "load":
                out.append(o.a)
            elif kind == "method":
                out.append(o.get())
            else:
                o.b = i
                out.append(o.b)
        except UnboundLocalError as e:
            out.append(type(e).__name__ + ": " + str(e))
    return out


for kind in ("load", "method", "store"):
    print(kind, unbound(kind, 4))
