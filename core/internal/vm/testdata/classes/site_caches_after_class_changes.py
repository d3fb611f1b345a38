# Attribute and method site caches stay right when classes change after
# the caches have filled.
class P:
    def __init__(self, v):
        self.v = v
    def get(self):
        return "P.get"

def run(objs, n=3):
    out = []
    for _ in range(n):
        for o in objs:
            out.append(o.v)
            out.append(o.get())
    return out

a = P(1)
print(run([a]))
# A data descriptor added to the class later shadows the instance dict.
P.v = property(lambda self: "prop-v")
print(run([a]))
del P.v
print(run([a]))
# A method replaced on the class after calls.
P.get = lambda self: "new get"
print(run([a]))
# An instance attribute shadowing a method.
a.get = lambda: "instance get"
print(run([a]))
del a.get
print(run([a]))

# __getattribute__ and __getattr__ added after the site cache filled.
class Q:
    def __init__(self):
        self.x = 1
    def m(self):
        return "Q.m"

def touch(q):
    return (q.x, q.m())

q = Q()
print([touch(q) for _ in range(3)])
Q.__getattribute__ = lambda self, name: "ga:" + name if name == "x" else object.__getattribute__(self, name)
print([touch(q) for _ in range(3)])
del Q.__getattribute__
print([touch(q) for _ in range(3)])
Q.__getattr__ = lambda self, name: "fallback:" + name
print(q.missing, touch(q))

# __setattr__ added after stores were cached.
class S:
    def __init__(self):
        self.a = 0
    def bump(self):
        self.a = self.a + 1
        return self.a

s = S()
print([s.bump() for _ in range(3)])
def logging_setattr(self, name, value):
    print("setattr", name, value)
    object.__setattr__(self, name, value)
S.__setattr__ = logging_setattr
print([s.bump() for _ in range(2)])
del S.__setattr__
print([s.bump() for _ in range(2)])

# __slots__ classes at a store site shared with a dict class.
class D:
    pass
class L:
    __slots__ = ("a",)

def store(o, v):
    o.a = v
    return o.a

print([store(o, i) for i, o in enumerate([D(), L(), D(), L()])])
def bad(o):
    o.b = 1
for o in (D(), L()):
    try:
        bad(o)
        print("stored b on", type(o).__name__)
    except AttributeError as e:
        print("AttributeError:", e)

# Instances changing class.
class A1:
    def who(self):
        return "A1"
class B1:
    def who(self):
        return "B1"
x = A1()
r = []
for i in range(4):
    r.append(x.who())
    x.__class__ = B1 if i % 2 == 0 else A1
print(r)

# __class__ assigned on an instance that already has attributes, and
# exception attributes set after a plain one.
class A2:
    pass
class B2:
    pass
y = A2()
y.v = 1
y.__class__ = B2
print(type(y).__name__, y.__dict__)
class MyErr(Exception):
    pass
err = MyErr("a")
err.note = "n"
err.args = ("b", "c")
err.__cause__ = ValueError("v")
print(err.args, err.__dict__, repr(err.__cause__), err.__suppress_context__)

# Class values read through instances: constants, methods as values,
# builtin functions stored on a class, and a descriptor object.
class K:
    LIMIT = 10
    names = ("a", "b")
    f = len
    def m(self):
        return "m"
class Getter:
    def __get__(self, obj, typ):
        return ("got", obj is not None)
class K2(K):
    g = Getter()
k = K2()
for _ in range(2):
    bm = k.m
    print(k.LIMIT, k.names, k.f("abc"), bm(), bm.__self__ is k, k.g)
K.LIMIT = 11
k.LIMIT = 12
print(k.LIMIT, K2().LIMIT)
