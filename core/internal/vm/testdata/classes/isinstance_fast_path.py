# isinstance through its fast path (plain classes and tuples of them) and
# everything that must leave it: metaclass __instancecheck__, ABCs,
# nested tuples, unions and bad second arguments.
import abc
from collections.abc import Mapping, Sequence

class A: pass
class B(A): pass
class Meta(type):
    def __instancecheck__(cls, obj):
        print("instancecheck", cls.__name__, type(obj).__name__)
        return obj == 42
class M(metaclass=Meta): pass

vals = [A(), B(), 1, True, "s", [1], {"a": 1}, 2.0, None, M(), 42]
for v in vals:
    print(type(v).__name__, isinstance(v, A), isinstance(v, (int, float)),
          isinstance(v, (str, (list, dict))), isinstance(v, object),
          isinstance(v, (A, M)), isinstance(v, M))
print(isinstance(B, type), isinstance(Meta, type), isinstance(M, Meta),
      isinstance(3, int | str), isinstance([], Sequence), isinstance({}, Mapping),
      isinstance(A(), ()))

class Abstract(abc.ABC):
    @abc.abstractmethod
    def f(self): ...
class Concrete(Abstract):
    def f(self): ...
Abstract.register(int)
print(isinstance(Concrete(), Abstract), isinstance(5, Abstract), isinstance("x", Abstract),
      isinstance(5, (str, Abstract)))
for bad in (5, [int], (int, 5)):
    try:
        print(isinstance(1, bad))
    except TypeError as e:
        print("TypeError", e)
try:
    print(isinstance("x", (int, 5)))
except TypeError as e:
    print("TypeError", e)
print(issubclass(bool, (int, str)))
try:
    issubclass(int, [int])
except TypeError as e:
    print("TypeError", e)
