# Instantiation through the plain-class fast path, and everything that
# must leave it: __new__, __init__ changes, abstract classes, metaclasses,
# bad __init__ results and argument errors.
import abc

class P:
    def __init__(self, a, b=2, *, c=3):
        self.t = (a, b, c)

def make(cls, *args, **kw):
    return [cls(*args, **kw).t for _ in range(2)]

print(make(P, 1), make(P, 1, 5, c=6), P(a=9).t)
try:
    P()
except TypeError as e:
    print("TypeError", e)
try:
    P(1, 2, 3)
except TypeError as e:
    print("TypeError", e)

class R:
    def __init__(self):
        return 5
for _ in range(2):
    try:
        R()
    except TypeError as e:
        print("TypeError", e)

# __init__ replaced, then __new__ added, after the fast path was taken.
class M:
    def __init__(self, x):
        self.x = x
print([M(i).x for i in range(3)])
def init2(self, x):
    self.x = x * 10
M.__init__ = init2
print([M(i).x for i in range(3)])
def new(cls, x):
    print("new", cls.__name__, x)
    return object.__new__(cls)
M.__new__ = new
print([M(i).x for i in range(2)])
class M2:
    def __init__(self, x):
        self.x = x
print([M2(i).x for i in range(2)])
del M2.__init__
try:
    M2(1)
except TypeError as e:
    print("TypeError", e)
build = lambda c: c()
print(type(build(M2)).__name__)

# Abstract classes refuse, concrete subclasses construct.
class A(abc.ABC):
    def __init__(self, v):
        self.v = v
    @abc.abstractmethod
    def f(self): ...
class B(A):
    def f(self):
        return self.v
for _ in range(2):
    try:
        A(1)
    except TypeError as e:
        print("TypeError", e)
print([B(i).f() for i in range(3)])

# A metaclass with __call__, and a class whose __init__ raises.
class Meta(type):
    def __call__(cls, *a):
        print("Meta.__call__", a)
        return super().__call__(*a)
class W(metaclass=Meta):
    def __init__(self, a):
        self.a = a
print(W(1).a, W(2).a)
class Boom:
    def __init__(self, n):
        if n > 1:
            raise ValueError("too big: %d" % n)
        self.n = n
for n in range(3):
    try:
        print(Boom(n).n)
    except ValueError as e:
        print("ValueError", e)

# Deep recursion through constructors hits the recursion limit.
class Node:
    def __init__(self, n):
        self.next = Node(n - 1) if n else None
try:
    Node(100000)
except RecursionError as e:
    print("RecursionError", e)
n = Node(50)
k = 0
while n:
    n, k = n.next, k + 1
print(k)

# Many arguments (more than fit on the Go stack buffer).
class Many:
    def __init__(self, a, b, c, d, e, f, g, h, i, j):
        self.s = a + b + c + d + e + f + g + h + i + j
print(Many(*range(10)).s, Many(1, 2, 3, 4, 5, 6, 7, 8, 9, j=10).s)
# Subclasses of builtins keep their own path.
class L(list):
    def __init__(self, *a):
        super().__init__(a)
class I(int):
    pass
print(L(1, 2), I(5) + 1, isinstance(L(), list))
