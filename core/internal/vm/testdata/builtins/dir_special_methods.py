# dir() of classes and instances lists their special methods, the names
# every object has, and what a class's __dir__ says; every name it lists
# can be read.
class A:
    def __init__(self):
        self.x = 1

    def __eq__(self, o):
        return True

    def __len__(self):
        return 0

    def __iter__(self):
        return iter([])

    def m(self):
        pass

    @property
    def p(self):
        return 1


class B(A):
    __slots__ = ()

    def __add__(self, o):
        return 1


class D:
    def __dir__(self):
        return ['b', 'a', 'c']


for obj in (A, A(), B, B(), 1, 'text', [1], D):
    names = dir(obj)
    print(type(obj).__name__, names == sorted(names), all(hasattr(obj, n) for n in names))
    print([n for n in names if n in ('__add__', '__eq__', '__len__', '__init__', '__class__', '__dict__',
                                      '__module__', '__repr__', 'm', 'p', 'x', '__slots__', '__hash__')])
print(dir(D()), type(dir(D())).__name__)


class Bad:
    def __dir__(self):
        return 5


try:
    dir(Bad())
except TypeError as e:
    print('TypeError')
