# Positional calls taking their last parameters' defaults (callDefaults)
# move the arguments into the callee's frame and empty the caller's call
# region in one pass: closures, methods called by name and as bound
# values, and defaults replaced mid-loop must all see the right values.


def outer(k):
    def add(x, y=10, z=k):
        return x + y + z

    return add


class C:
    def __init__(self, v):
        self.v = v

    def m(self, a, b=1, c=2):
        return (self.v, a, b, c)


def plain(a, b=100, c=200):
    return (a, b, c)


def t(call):
    try:
        return call()
    except TypeError as e:
        return "TypeError: " + str(e)


out = []
c = C("c")
bound = c.m
for i in range(10):
    if i == 4:
        plain.__defaults__ = (-1,)
    if i == 6:
        C.m.__defaults__ = ("x",)
    if i == 8:
        plain.__defaults__ = ()
    add = outer(i)
    out.append((t(lambda: add(i)), t(lambda: add(i, 1)), t(lambda: c.m(i)), t(lambda: bound(i, 5)), t(lambda: plain(i))))
    # The call region must be empty afterwards: a later value on the
    # stack sees nothing stale.
    out.append(t(lambda: [plain(i, j) for j in range(2)]))
for o in out:
    print(o)
