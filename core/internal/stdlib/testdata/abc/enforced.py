from abc import ABC, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self): ...
class Sq(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
print(Sq(3).area())
try:
    Shape()
except TypeError as e:
    print(e)
