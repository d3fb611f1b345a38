from enum import Enum, IntEnum, auto
class Color(Enum):
    RED = 1
    GREEN = 2
print(len(Color), list(Color), Color.RED in Color, repr(Color), Color["GREEN"], Color(2))
for c in Color:
    print(c.name, c.value)
class Meta(type):
    def __new__(mcs, name, bases, ns, **kw):
        ns["tag"] = name.lower()
        return super().__new__(mcs, name, bases, ns)
    def __call__(cls, *a):
        print("making", cls.__name__)
        return super().__call__(*a)
    def __len__(cls):
        return 7
class A(metaclass=Meta):
    def __init__(self, x):
        self.x = x
a = A(3)
print(A.tag, a.x, len(A), type(A).__name__)
from abc import ABCMeta, abstractmethod
class S(metaclass=ABCMeta):
    @abstractmethod
    def area(self): ...
try:
    S()
except TypeError as e:
    print(e)
class Base:
    def __init_subclass__(cls, **kw):
        print("sub", cls.__name__, kw)
class D(Base, flavor="x"): pass
B = type("B", (Base,), {"y": 1})
print(B.y)
