# Module and class attribute loads through site caches: values replaced
# or deleted after the cache filled, module __getattr__, class and static
# methods through instances and classes, shadowing by the instance dict.
import math
import string as mod

mod.a = 1
mod.f = lambda x: x + 1

def read(m):
    out = []
    for _ in range(2):
        try:
            out.append((m.a, m.f(1)))
        except AttributeError as e:
            out.append("AttributeError: " + str(e))
    return out

print(read(mod))
mod.a = 2
print(read(mod))
for i in range(20):
    setattr(mod, "x%d" % i, i)  # the dict grows and is reindexed
del mod.a
print(read(mod))
mod.__getattr__ = lambda name: "dyn:" + name
print(read(mod), mod.zzz)
mod.a = 3
print(read(mod), math.pi > 3, math.sqrt(16))

class C:
    K = 1
    @staticmethod
    def s(x):
        return ("s", x)
    @classmethod
    def c(cls, x):
        return (cls.__name__, x)
    def m(self):
        return "m"
class D(C):
    pass

def calls(o):
    return [o.K, o.s(1), o.c(2), o.s(4)[0], o.c(3)]

for o in (C, D, C(), D()):
    print(calls(o))
C.K = 5
C.s = staticmethod(lambda x: ("s2", x))
print([calls(o) for o in (C, D(), C)])
d = D()
d.c = lambda x: ("instance c", x)
d.s = lambda x: ("instance s", x)
print(calls(d), calls(D()))
del C.K
for o in (C, C()):
    try:
        o.K
    except AttributeError as e:
        print("AttributeError", e)
print(C.m.__name__, C.m(C()), D.c.__self__ is D, C().c.__self__ is C)

# A descriptor with __get__ put on the class later.
class Desc:
    def __get__(self, obj, typ):
        return ("get", obj is None, typ.__name__)
print(C.K2 if hasattr(C, "K2") else "no K2")
C.K2 = Desc()
print(C.K2, C().K2, D.K2)
# staticmethod wrapping a class, classmethod wrapping a callable object.
class Callable:
    def __call__(self, cls, x):
        return (cls.__name__, x)
class E:
    f = classmethod(Callable())
    g = staticmethod(int)
print(E.f(1), E().f(2), E.g("4"), E().g("5"))
print(repr(dict.fromkeys).split(" at ")[0])
print(repr(int.from_bytes).split(" at ")[0])
print(dict.fromkeys([1,2]), int.from_bytes(b"\x01\x00", "big"))
class D(dict): pass
print(type(D.fromkeys([1])).__name__)
