# Property getters whose frames the eval loop enters at once from a
# LOAD_ATTR site (of a local, fused, or of a value on the stack): each
# guard of that path fails in the middle of a loop, and the loads must
# then go on as CPython's.


class P:
    def __init__(self, v):
        self.v = v

    @property
    def sq(self):
        return self.v * self.v


def local_reads(objs):
    t = 0
    for o in objs:
        t += o.sq  # LOAD_FAST__LOAD_ATTR
    return t


def stack_reads(objs):
    t = 0
    for i in range(len(objs)):
        t += objs[i].sq  # LOAD_ATTR of a subscript
    return t


objs = [P(i) for i in range(50)]
print(local_reads(objs), stack_reads(objs))

# Big ints through the getter: overflow past 64 bits.
big = [P(2**40 + i) for i in range(5)]
print(local_reads(big), stack_reads(big))


# The getter replaced mid-loop by another property, a plain function,
# a class constant, and deleted.
class Q:
    def __init__(self, v):
        self.v = v

    @property
    def p(self):
        return self.v + 1


def churn(kind):
    qs = [Q(i) for i in range(10)]
    out = []
    for i, q in enumerate(qs):
        if i == 4:
            if kind == "prop":
                Q.p = property(lambda self: -self.v)
            elif kind == "func":
                Q.p = lambda self: "method"
            elif kind == "const":
                Q.p = 99
            elif kind == "del":
                del Q.p
            elif kind == "getattr":
                Q.__getattr__ = lambda self, name: "ga " + name
                del Q.p
            elif kind == "getattribute":
                Q.__getattribute__ = lambda self, name: "gab " + name
            elif kind == "dict":
                q.__dict__["p"] = "shadow"  # a data descriptor wins
        try:
            r = q.p
            out.append(r if not callable(r) else r())
        except AttributeError as e:
            out.append("AttributeError: " + str(e))
    return out


saved = Q.p
for kind in ["prop", "func", "const", "del", "getattr", "getattribute", "dict"]:
    print(kind, churn(kind))
    Q.p = saved
    for extra in ("__getattr__", "__getattribute__"):
        if extra in Q.__dict__:
            delattr(Q, extra)


# The property swapped mid-loop for a copy with another getter.
class R:
    def __init__(self, v):
        self.v = v

    def _a(self):
        return ("a", self.v)

    def _b(self):
        return ("b", self.v)

    x = property(_a)


rs = [R(i) for i in range(6)]
got = []
for i, r in enumerate(rs):
    if i == 3:
        R.x = R.__dict__["x"].getter(R._b)
    got.append(r.x)
print(got)


# The getter's code replaced mid-loop: with a closure, then with defaults.
class S:
    def __init__(self, v):
        self.v = v

    @property
    def y(self):
        return self.v


def make(k):
    def g(self):
        return self.v * k
    return g


def with_default(self, k=1000):
    return self.v + k


def twice(self):
    return self.v * 2


ss = [S(i) for i in range(9)]
got = []
for i, s in enumerate(ss):
    if i == 2:
        S.__dict__["y"].fget.__code__ = twice.__code__
    if i == 4:
        S.y = property(make(7))
    if i == 6:
        S.y = property(with_default)
    got.append(s.y)
print(got)


# Subclasses: one overriding the property with a plain attribute, one
# with __slots__, one whose getter is a generator function.
class Base:
    def __init__(self, v):
        self.v = v

    @property
    def w(self):
        return self.v * 10


class Plain(Base):
    w = "plain"


class Slotted(Base):
    __slots__ = ("u",)

    def __init__(self, v):
        Base.__init__(self, v)
        self.u = v


class Gen(Base):
    @property
    def w(self):
        yield self.v


mixed = [Base(1), Plain(2), Slotted(3), Gen(4), Base(5), Slotted(6)]
print([m.w if not isinstance(m, Gen) else list(m.w) for m in mixed])
got = []
for m in mixed + mixed:
    w = m.w
    got.append(w if not isinstance(m, Gen) else next(w))
print(got)


# Exceptions raised inside the getter, with their tracebacks through the
# site of the local and of the stack value.
class T:
    def __init__(self, v):
        self.v = v

    @property
    def inv(self):
        return 100 // self.v


def use_local(ts):
    t = 0
    for o in ts:
        t += o.inv
    return t


def use_stack(ts):
    t = 0
    for i in range(len(ts)):
        t += ts[i].inv
    return t


ts = [T(5), T(4), T(0), T(2)]
for fn in (use_local, use_stack):
    try:
        fn(ts)
    except ZeroDivisionError as e:
        tb, seen = e.__traceback__, []
        while tb is not None:
            seen.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
            tb = tb.tb_next
        print(fn.__name__, seen)


# Recursion through getters stops at the limit, and the loop goes on.
class Deep:
    def __init__(self, n):
        self.n = n
        self.nxt = Deep(n - 1) if n > 0 else None

    @property
    def depth(self):
        return 0 if self.nxt is None else self.nxt.depth + 1


d = Deep(50)
print(d.depth)


class Forever:
    @property
    def me(self):
        return self.me


for i in range(3):
    try:
        Forever().me
    except RecursionError as e:
        print("RecursionError", i, str(e)[:32])

# Many getter calls, past the every-256th-step limit checks.
print(sum(P(i).sq for i in range(2000)))
