package vm

import "testing"

// Programs exercising classes: metaclasses, abstract methods and
// descriptors. Expected output is CPython 3.11's.
func TestClassPrograms(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"metaclass new, call and dunders", `from enum import Enum, IntEnum, auto
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
`, `2 [<Color.RED: 1>, <Color.GREEN: 2>] True <enum 'Color'> Color.GREEN Color.GREEN
RED 1
GREEN 2
making A
a 3 7 Meta
Can't instantiate abstract class S with abstract method area
sub D {'flavor': 'x'}
sub B {}
1
`},
		{"abstract methods", `from abc import ABC, abstractmethod
class S(ABC):
    @abstractmethod
    def area(self): ...
    @abstractmethod
    def perimeter(self): ...
class Q(S):
    def area(self): return 1
    def perimeter(self): return 4
print(isinstance(Q(), S), issubclass(Q, S), Q().area())
try:
    S()
except TypeError as e:
    print(e)
`, `True True 1
Can't instantiate abstract class S with abstract methods area, perimeter
`},
		{"non-data descriptor after instance dict", `class Lazy:
    def __init__(self, f): self.f = f
    def __set_name__(self, owner, name): self.name = name
    def __get__(self, obj, typ=None):
        if obj is None: return self
        v = self.f(obj); obj.__dict__[self.name] = v; print("computed"); return v
class C:
    @Lazy
    def x(self): return 42
c = C()
print(c.x, c.x)
`, `computed
42 42
`},
		{"deep recursion traceback summary", `import sys
def f(n):
    return f(n + 1)
try:
    f(0)
except RecursionError as e:
    print(type(e).__name__, e)
`, `RecursionError maximum recursion depth exceeded
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := runContainerSnippet(t, tt.src); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}
