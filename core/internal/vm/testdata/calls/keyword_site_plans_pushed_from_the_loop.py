# Keyword calls whose site has a binding plan are pushed straight from
# the loop (the plan keyed by the names constant): every guard must fail
# mid-loop and fall back to the general path, which keeps CPython's
# binding errors and tracebacks.
import traceback


def kw(a, b=2, *, c=3, d=4):
    return (a, b, c, d)


def other(a, b=-2, *, c=-3, d=-4):
    return ("other", a, b, c, d)


def run(label, fn, n=8):
    out = []
    for i in range(n):
        try:
            out.append(fn(i))
        except Exception as e:
            out.append(type(e).__name__ + ": " + str(e))
    print(label, out)


# __defaults__ and __kwdefaults__ replaced, mutated, emptied mid-loop.
def changing_defaults(i):
    if i == 2:
        kw.__defaults__ = (20,)
    if i == 3:
        kw.__kwdefaults__["d"] = 40
    if i == 4:
        kw.__kwdefaults__ = {"d": "d", "c": "c"}
    if i == 5:
        del kw.__kwdefaults__["d"]
    if i == 6:
        kw.__kwdefaults__ = None
    if i == 7:
        kw.__defaults__ = None
        kw.__kwdefaults__ = {"c": 0, "d": 1}
    return kw(i, c=i)


run("defaults", changing_defaults)
kw.__defaults__ = (2,)
kw.__kwdefaults__ = {"c": 3, "d": 4}


# __code__ replaced mid-loop: the same site binds the other code.
def changing_code(i):
    if i == 4:
        kw.__code__ = other.__code__
    return kw(i, d=i)


run("code", changing_code)
kw.__code__ = other.__code__


# One site reaching different functions in turn, methods among them.
class K:
    def m(self, a, b=1, *, c=2):
        return ("m", a, b, c)

    @staticmethod
    def s(a, b=1, *, c=2):
        return ("s", a, b, c)


def f1(a, b=10, *, c=20):
    return ("f1", a, b, c)


def f2(a, *, c, b=5):
    return ("f2", a, b, c)


def f3(**kwargs):
    return ("f3", sorted(kwargs.items()))


def f4(a, /, b=0, *, c=1):
    return ("f4", a, b, c)


def f5(*args, c=7):
    return ("f5", args, c)


def gen(a, c=0):
    yield a + c


targets = [f1, f2, f3, f4, f5, K().m, K.s, len, gen]


def rotating(i):
    fn = targets[i % len(targets)]
    r = fn(i, c=i * 2)
    return list(r) if fn is gen else r


run("rotating", rotating, 18)


# Binding errors from a site whose plan hit before, with CPython's
# messages: unknown, duplicate, missing and positional-only names.
def pos_only(a, /, b, *, c=1):
    return (a, b, c)


# (called through a parameter, which a static check cannot follow)
def errs(i, p=pos_only):
    if i < 3:
        return p(i, b=i)
    if i == 3:
        return p(a=i, b=i)
    if i == 4:
        return p(i, i, b=i)
    if i == 5:
        return p(i, z=1)
    if i == 6:
        return p(i, c=2)
    return p(i, b=1, c=2)


run("errors", errs)


def missing_kwonly(i, g=f2):
    return g(i, b=i)


run("missing", missing_kwonly, 3)


# **kwargs catching the unknown names, and the known ones binding.
def catch(a, b=1, **rest):
    return (a, b, sorted(rest.items()))


run("kwargs", lambda i: catch(i, x=i, b=i) if i % 2 else catch(a=i, y=-i))


# Closures whose cells change between calls, and cells made from
# keyword-bound arguments.
def make(step):
    def inner(x, *, scale=1):
        return x * step * scale

    return inner


def cells(i):
    global make_step
    fn = make(i)
    return fn(i, scale=2) + fn(x=1)


run("cells", cells)


def counter():
    n = 0

    def bump(*, by=1):
        nonlocal n
        n += by
        return n

    return bump


bump = counter()
run("nonlocal", lambda i: bump(by=i) if i % 2 else bump())


def captures(a, *, k=3):
    return lambda: (a, k)


run("captured args", lambda i: captures(i, k=i)() if i % 2 else captures(a=i)())


# Big ints and exceptions raised inside a callee pushed by the plan,
# with the traceback naming the frames.
def grow(x, *, by=1):
    return x * by


def big(i):
    return grow(2**62, by=2**i)


run("bigint", big, 4)


def raiser(x, *, when=3):
    if x == when:
        raise ValueError("bad x %d" % x)
    return x


for i in range(5):
    try:
        raiser(i, when=3)
    except ValueError:
        tb = [l.strip() for l in traceback.format_exc().splitlines()]
        # The file's name, which CPython makes absolute, left out.
        print([l.split(", ", 1)[1] if l.startswith("File") else l for l in tb[1:]])


# Recursion through keyword calls meets the limit as CPython does.
def down(n, *, acc=0):
    return down(n - 1, acc=acc + 1)


try:
    down(10)
except RecursionError as e:
    print("RecursionError", e)


# Monkeypatching the global between calls of the site.
def patched(i):
    return target(i, k=i)


def target(a, k=0):
    return ("first", a, k)


def target2(a, *, k):
    return ("second", a, k)


out = []
for i in range(6):
    if i == 3:
        target = target2
    if i == 5:
        target = lambda a, k: ("lambda", a, k)
    out.append(patched(i))
print(out)


# Methods called by name: the frame's callee sits under self.
k = K()
run("method", lambda i: k.m(i, c=i) if i % 3 else k.m(a=i, b=-i))
K.m = lambda self, a, b=0, *, c=0: ("patched", a, b, c)
run("patched method", lambda i: k.m(i, c=i))


# Lambdas raising inside map, filter and sorted(key=), with the
# traceback through the builtin.
def show(fn):
    try:
        print(fn())
    except ZeroDivisionError:
        tb = [l.strip() for l in traceback.format_exc().splitlines()]
        # Without the lines of carets under the expressions.
        tb = [l for l in tb[1:] if l.strip("^~")]
        print([l.split(", ", 1)[1] if l.startswith("File") else l for l in tb])


data = [5, 4, 3, 2, 1]
show(lambda: list(map(lambda v: 10 // (v - 2), data)))
show(lambda: list(filter(lambda v: 10 // (v - 1), data)))
show(lambda: sorted(data, key=lambda v: 10 // (v - 3)))
show(lambda: max(data, key=lambda v: 10 // (v - 4)))
show(lambda: min(data, key=lambda v: 10 // (v - 5)))
