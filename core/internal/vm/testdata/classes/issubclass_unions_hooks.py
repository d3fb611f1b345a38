# issubclass with unions (int | str), __subclasshook__, ABC registration and
# metaclass __subclasscheck__, and its argument errors.
import abc, collections.abc as cabc
print(isinstance(1, int | str), issubclass(bool, int | str))
class A(abc.ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if hasattr(C, 'quack'): return True
        return NotImplemented
class Duck:
    def quack(self): pass
print(issubclass(Duck, A), isinstance(Duck(), A), issubclass(int, A))
class B(abc.ABC): pass
B.register(int)
print(issubclass(int, B), isinstance(3, B), issubclass(bool, B))
print(issubclass(list, cabc.Sequence), issubclass(dict, cabc.Mapping), isinstance([], cabc.Iterable))
class It:
    def __iter__(self): return self
    def __next__(self): raise StopIteration
print(issubclass(It, cabc.Iterator), isinstance(It(), cabc.Iterable), issubclass(It, cabc.Sized))
print(issubclass(int, (str, int | float)), isinstance(None, int | None), issubclass(type(None), int | None))
try: issubclass(1, int)
except TypeError as e: print(e)
try: issubclass(int, 1)
except TypeError as e: print(e)
try: issubclass(int, list[int])
except TypeError as e: print(e)
try: isinstance(1, list[int] | int)
except TypeError as e: print(e)
class M(type):
    def __subclasscheck__(cls, sub): return sub is int
class X(metaclass=M): pass
print(issubclass(int, X), issubclass(str, X), issubclass(int, X | str))
