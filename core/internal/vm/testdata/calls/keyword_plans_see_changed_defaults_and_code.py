# A keyword call site's binding plan is cached per code object; the
# defaults are read at every call, so changing __defaults__,
# __kwdefaults__ (replaced or mutated in place) or __code__ mid-loop
# must show at once, and binding errors keep CPython's messages.


def f(a, b=1, c=2, *, key=10, flag=False):
    return (a, b, c, key, flag)


def g(a, b=100, c=200, *, key=-1, flag=True):
    return ("g", a, b, c, key, flag)


def h(p, /, q, *, r=5):
    return (p, q, r)


def call_all(fn, i):
    out = []
    for call in (
        lambda: fn(i),
        lambda: fn(i, key=i),
        lambda: fn(a=i, c=3),
        lambda: fn(i, 7, flag=True),
        lambda: fn(i, c=i, key=0),
    ):
        try:
            out.append(call())
        except TypeError as e:
            out.append("TypeError: " + str(e))
    return out


for i in range(12):
    if i == 3:
        f.__defaults__ = (11, 22)
    if i == 5:
        f.__kwdefaults__["key"] = 99
    if i == 6:
        f.__kwdefaults__ = {"key": 7, "flag": "x"}
    if i == 7:
        del f.__kwdefaults__["flag"]
    if i == 8:
        f.__defaults__ = None
    if i == 9:
        f.__code__ = g.__code__
        f.__defaults__ = (5, 6)
        f.__kwdefaults__ = {"key": 1, "flag": 2}
    if i == 11:
        f.__kwdefaults__ = None
    print(i, call_all(f, i))


def errs():
    cases = [
        lambda: f(1, 2, 3, 4),
        lambda: f(1, a=2),
        lambda: f(1, nope=2),
        lambda: f(b=2),
        lambda: h(1, 2, r=3),
        lambda: h(p=1, q=2),
        lambda: h(1, q=2, r=3, s=4),
        lambda: h(1),
        lambda: f(1, 2, 3, key=1, key2=2),
    ]
    for k in range(3):
        for c in cases:
            try:
                print(c())
            except TypeError as e:
                print("TypeError:", e)


f.__code__ = (lambda a, b=1, c=2, *, key=10, flag=False: (a, b, c, key, flag)).__code__
f.__defaults__ = (1, 2)
f.__kwdefaults__ = {"key": 10, "flag": False}
errs()

# The same names tuple at sites with different positional counts.
def k(x, y=0, z=0, *, w=0):
    return x + 10 * y + 100 * z + 1000 * w

total = 0
for i in range(50):
    total += k(1, w=2) + k(1, 2, w=3) + k(1, 2, 3, w=4) + k(x=i, w=1)
    if i == 25:
        k.__kwdefaults__ = {}
        k.__defaults__ = (9, 9)
        try:
            k(1)
        except TypeError as e:
            print("TypeError:", e)
print(total)

# Functions of one code share a site's plan, but their keyword-only
# defaults dicts differ in order and content.
def make():
    def tool(q, *, limit=10, timeout=5, retries=3, fmt="json"):
        return (q, limit, timeout, retries, fmt)
    return tool

t1, t2 = make(), make()
t2.__kwdefaults__ = {"fmt": "xml", "retries": 0, "timeout": 1, "limit": 2}
for i in range(6):
    for t in (t1, t2):
        print(t(i, limit=i), t(q=i, fmt="txt"))
    if i == 2:
        t1.__kwdefaults__ = {"limit": -1, "timeout": -2, "fmt": "-", "retries": -3, "extra": 0}
    if i == 3:
        del t2.__kwdefaults__["timeout"]
        t2.__kwdefaults__["timeout"] = 99
    if i == 4:
        t1.__kwdefaults__.pop("retries")
        try:
            t1(0)
        except TypeError as e:
            print("TypeError:", e)
        t1.__kwdefaults__["retries"] = 3
