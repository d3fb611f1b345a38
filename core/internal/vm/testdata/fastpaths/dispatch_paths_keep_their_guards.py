# The eval loop's fast paths and every way they give up mid-loop: type
# changes, subclasses, redefinition, mutation, overflow, exceptions and
# the line numbers of their tracebacks.


def lines(e):
    out = []
    tb = e.__traceback__
    while tb is not None:
        out.append(tb.tb_lineno)
        tb = tb.tb_next
    return out


def arith(vals):
    out = []
    for a, b in vals:
        r = []
        for op in range(13):
            try:
                if op == 0:
                    x = a + b
                elif op == 1:
                    x = a - b
                elif op == 2:
                    x = a * b
                elif op == 3:
                    x = a / b
                elif op == 4:
                    x = a // b
                elif op == 5:
                    x = a % b
                elif op == 6:
                    x = a ** 2
                elif op == 7:
                    x = a < b
                elif op == 8:
                    x = a <= b
                elif op == 9:
                    x = a == b
                elif op == 10:
                    x = a != b
                elif op == 11:
                    x = a > b
                else:
                    x = a >= b
            except Exception as e:
                x = type(e).__name__ + ": " + str(e)
            r.append(x)
        out.append(r)
    return out


nan = float("nan")
big = 2**62
for row in arith([(7, 2), (-7, 2), (7, -2), (big, big), (-big, big), (big * 2, 3),
                  (3, 0), (2.5, 0.5), (-0.0, 0.0), (nan, 1.0), (1.0, nan), (nan, nan),
                  (2.0, 0.0), (1, 2.5), ("ab", "cd"), ("ab", "ab"), ("b", "ab"),
                  ("x", 3), ([1], [2]), (True, 2), (None, 1)]):
    print(row)


def fused_compares(n, limit, s):
    # while i < n with i a local and n a local or a constant: ints, then
    # floats, then a type change mid-loop.
    i = 0
    hits = 0
    while i < n:
        if i < 10:
            hits += 1
        if s == "stop":
            hits += 100
        i += 1
        if i == limit:
            i = float(i)
        if i == limit + 2:
            s = "stop"
    return i, hits


print(fused_compares(20, 5, "go"))
print(fused_compares(3.5, 100, "go"))
try:
    fused_compares(5, 2, None)
    fused_compares("5", 2, None)
except TypeError as e:
    print("TypeError", e, lines(e))


def overflowing():
    x = 1
    acc = []
    for k in range(70):
        x = x * 3
        y = x + x
        z = y - 1
        w = k + 9223372036854775800
        acc.append((z % 1000003, w))
    return acc[-1], acc[3]


print(overflowing())


def unbound(flag):
    if flag:
        u = 1
    return u + 1


for flag in (True, False):
    try:
        print(unbound(flag))
    except UnboundLocalError as e:
        print("UnboundLocalError", e, lines(e))


def unbound_cmp(flag):
    if flag:
        u = 1
    if u < 3:
        return "small"
    return "big"


for flag in (True, False):
    try:
        print(unbound_cmp(flag))
    except UnboundLocalError as e:
        print("UnboundLocalError", e, lines(e))


def swaps(n):
    a, b, c, d = 1, 2, 3, 4
    for _ in range(n):
        a, b = b, a
        a, b, c = c, b, a
        a, b, c, d = d, c, b, a
        (x,) = (a,)
    return a, b, c, d, x


print(swaps(5), swaps(6))


def unpacks(items):
    out = []
    for it in items:
        try:
            p, q = it
            out.append((p, q))
        except (TypeError, ValueError) as e:
            out.append(type(e).__name__ + ": " + str(e))
    return out


def gen2():
    yield "g"
    yield "h"


class Pair(tuple):
    pass


print(unpacks([(1, 2), [3, 4], "ab", gen2(), Pair((5, 6)), (1, 2, 3), [1], 7, {8: 9, 10: 11}]))


def contains(cases):
    out = []
    for needle, hay in cases:
        try:
            out.append((needle in hay, needle not in hay))
        except Exception as e:
            out.append(type(e).__name__ + ": " + str(e))
    return out


class Bag:
    def __init__(self, ok):
        self.ok = ok

    def __contains__(self, x):
        if not self.ok:
            raise RuntimeError("no contains")
        return x == 3


class D(dict):
    def __contains__(self, k):
        return k == "only"


print(contains([("a", "cat"), ("z", "cat"), (1, {1: 2}), (2, {1: 2}), ("k", {"k": 1}),
                (3, [1, 2, 3]), (4, (1, 2)), (3, {3}), (3, Bag(True)), (3, Bag(False)),
                ("k", D(k=1)), ("only", D()), (1, "abc"), ([], {1: 2}), (1, 5)]))


def subscripts():
    lst = [1, 2, 3]
    d = {"a": 1, 2: "b"}
    s = "hello"
    out = []
    for k in (0, -1, 2, 3, -4):
        try:
            out.append(lst[k])
        except IndexError as e:
            out.append("IndexError: " + str(e))
        try:
            out.append(s[k])
        except IndexError as e:
            out.append("IndexError: " + str(e))
    for k in ("a", 2, "zz", [1]):
        try:
            out.append(d[k])
        except (KeyError, TypeError) as e:
            out.append(type(e).__name__ + ": " + str(e))
    for k in (0, -1, 5):
        try:
            lst[k] = k * 10
            d[k] = k
            out.append(list(lst))
        except IndexError as e:
            out.append("IndexError: " + str(e))
    try:
        d[[1]] = 2
    except TypeError as e:
        out.append("TypeError: " + str(e))

    class L(list):
        def __setitem__(self, i, v):
            list.__setitem__(self, i, v * 2)

        def __getitem__(self, i):
            return "item%d" % i

    m = L([0, 0])
    for i in range(2):
        m[i] = i + 1
        out.append(m[i])
    out.append(list(m))
    return out


print(subscripts())

counter = 0


def bump():
    global counter
    counter += 1
    return counter


def uses_globals(n):
    out = []
    for i in range(n):
        out.append(bump() + len("ab"))
        if i == 1:
            globals()["bump"] = lambda: -1
        if i == 2:
            globals()["len"] = lambda s: 100
        if i == 3:
            del globals()["len"]
    return out


print(uses_globals(6), counter)


def missing_global():
    for i in range(3):
        if i == 2:
            return undefined_name
    return None


try:
    missing_global()
except NameError as e:
    print("NameError", e, lines(e))


class P:
    def __init__(self, v):
        self.v = v

    def get(self):
        return self.v


class Q(P):
    @property
    def v(self):
        return "prop"

    @v.setter
    def v(self, x):
        pass


class S:
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v

    def get(self):
        return -self.v


def attrs(objs):
    out = []
    for o in objs:
        try:
            out.append(o.v)
            out.append(o.get())
            o.v = 5
            out.append(o.v)
            o.w = 6
            out.append(o.w)
        except AttributeError as e:
            out.append("AttributeError: " + str(e))
    return out


print(attrs([P(1), P(2), Q(3), S(4), P(7)]))


def patched(n):
    p = P(1)
    out = []
    for i in range(n):
        out.append(p.get())
        if i == 1:
            P.get = lambda self: "patched"
        if i == 2:
            p.get = lambda: "instance"
        if i == 3:
            del p.get
    return out


print(patched(5))


class Truthy:
    def __init__(self, t):
        self.t = t

    def __repr__(self):
        return "Truthy(%r)" % self.t

    def __bool__(self):
        if self.t is None:
            raise ValueError("no truth")
        return self.t


def truth(vals):
    out = []
    for v in vals:
        try:
            out.append((1 if v else 0, v and "and", v or "or", not v))
        except ValueError as e:
            out.append("ValueError: " + str(e))
    return out


print(truth([0, 1, True, False, None, [], [0], "", "x", 0.0, Truthy(True), Truthy(False), Truthy(None)]))


def delegate(g):
    r = yield from g
    yield ("returned", r)


def inner(n):
    for i in range(n):
        x = yield i
        if x is not None:
            yield ("got", x)
    return "done"


g = delegate(inner(3))
print(next(g), g.send(None), g.send("s"), list(g))


def iterate(seqs):
    out = []
    for s in seqs:
        acc = []
        for x in s:
            acc.append(x)
            if isinstance(s, list) and len(s) < 6:
                s.append(len(s))
        out.append(acc)
    return out


print(iterate([[1, 2], (3, 4), range(2, 9, 3), range(5, 0, -2), "ab", enumerate("xy"),
               zip([1, 2], gen2()), {"k": 1}.items(), map(abs, [-1, -2])]))


def comprehension(n):
    return [i * i for i in range(n) if i % 3] + [s + s for s in "abc"]


print(len(comprehension(1000)), comprehension(10))


def deep(n):
    if n == 0:
        return [][1]
    return deep(n - 1)


try:
    deep(3)
except IndexError as e:
    print("IndexError", e, lines(e))
