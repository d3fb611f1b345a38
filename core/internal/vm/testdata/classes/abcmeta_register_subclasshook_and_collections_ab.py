from abc import ABC, ABCMeta, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self): ...
class Sq:
    def area(self): return 4
Shape.register(Sq)
print(isinstance(Sq(), Shape), issubclass(Sq, Shape), isinstance(1, Shape))
class Sized(metaclass=ABCMeta):
    @classmethod
    def __subclasshook__(cls, C):
        return hasattr(C, "__len__") or NotImplemented
print(isinstance([], Sized), isinstance(1, Sized))
class Circle(Shape):
    def area(self): return 3
print(isinstance(Circle(), Shape), issubclass(Circle, Shape))
import collections.abc as cabc
print(isinstance([], cabc.Sequence), isinstance({}, cabc.Mapping), issubclass(list, cabc.Sequence))
