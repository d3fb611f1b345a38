# Instances are allocated with room for their dict, sized by what earlier
# instances of the class needed: attribute reads and writes, __dict__,
# vars(), deletion, growth past the room and exceptions must not notice.


class Few:
    def __init__(self, a):
        self.a = a
        self.b = a * 2


class Many:
    def __init__(self, n):
        for i in range(n):
            setattr(self, "f%d" % i, i)


class Empty:
    pass


for rnd in range(3):
    f = Few(rnd)
    f.c = 3
    f.d = 4
    f.e = 5  # past the first room
    print(rnd, f.a, f.b, f.e, sorted(vars(f)))
    for n in (0, 3, 5, 8, 9, 12):
        m = Many(n)
        m.extra = n
        print(n, len(m.__dict__), getattr(m, "f%d" % (n - 1), None), m.extra)

e = Empty()
print(e.__dict__)
e.__dict__["x"] = 1
print(e.x)
e.y = 2
print(vars(e))
del e.x
print(hasattr(e, "x"), e.y)
try:
    e.x
except AttributeError as err:
    print("AttributeError", err)

# __dict__ read before any attribute exists, then written both ways.
g = Few.__new__(Few)
d = g.__dict__
g.q = 1
d["r"] = 2
print(sorted(d.items()), g.r, d is g.__dict__)

# Exceptions and subclasses of builtins keep their dicts too.
class MyErr(ValueError):
    def __init__(self, msg):
        super().__init__(msg)
        self.code = 7

try:
    raise MyErr("bad")
except MyErr as x:
    x.more = 1
    print(x, x.code, x.more, sorted(vars(x)))


class L(list):
    def __init__(self, *a):
        super().__init__(a)
        self.tag = "t"

l = L(1, 2)
l.other = 3
print(l, l.tag, l.other, sorted(vars(l)))

# __class__ assignment between classes of different sizes.
w = Many(9)
w.__class__ = Few
print(type(w).__name__, w.f8, len(vars(w)))
f = Few(1)
f.__class__ = Many
f.z = 0
print(type(f).__name__, sorted(vars(f)))

# A class that learned a size, then changed its __init__.
def new_init(self, a):
    self.only = a
Few.__init__ = new_init
print(vars(Few(1)))
