# C(args) of a plain class pushes __init__'s frame straight from the
# caller's stack; other shapes and failures take the general path.


def outer(k):
    class C:
        def __init__(self, a, b):
            self.v = (a + k, b)
            self.f = lambda: self.v

    return C


C = outer(10)
objs = [C(i, str(i)) for i in range(3)]
print([o.v for o in objs], objs[1].f())


class D:
    def __init__(self, a, b=2):
        self.s = a + b


print([D(1).s, D(1, 5).s, D(a=3).s])
for args in [(), (1, 2, 3)]:
    try:
        D(*args)
    except TypeError as e:
        print("TypeError", e)


class E:
    def __init__(self, a):
        self.a = a


for n in range(3):
    try:
        E() if n == 1 else E(n, n) if n == 2 else E(n)
    except TypeError as e:
        print("TypeError", e)


class R:
    def __init__(self, x):
        self.x = x
        return x


for x in [None, 1]:
    try:
        print(R(x).x)
    except TypeError as e:
        print("TypeError", e)


class Sub(E):
    pass


class Sub2(E):
    def __init__(self, a, b):
        super().__init__(a * b)


print([Sub(4).a, Sub2(3, 4).a])
E.__init__ = lambda self, a: setattr(self, "a", -a)
print([E(5).a, Sub(4).a, Sub2(3, 4).a])
del E.__init__
try:
    E(1)
except TypeError as e:
    print("TypeError", e)
print(type(E()).__name__)


class Count:
    n = 0

    def __init__(self, d):
        Count.n += 1
        if d > 0:
            self.child = Count(d - 1)


c = Count(50)
print(Count.n)
