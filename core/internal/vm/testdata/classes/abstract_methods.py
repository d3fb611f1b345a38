from abc import ABC, abstractmethod
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
