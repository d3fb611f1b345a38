# type(name, bases, dict) checks each argument's type (subclasses of str,
# tuple and dict are fine); a user metaclass's __new__ sees them unchecked.
for args in [("abc", None, None), ("abc", (), None), (1, (), {}), ("abc", [], {}), ("abc", (), [])]:
    try:
        type(*args)
    except TypeError as e:
        print(e)


class T(tuple):
    pass


class D(dict):
    pass


class S(str):
    pass


C = type(S("Named"), T((object,)), D(x=1))
print(C.__name__, C.x, C.__bases__)


class Meta(type):
    def __new__(mcls, name, bases, ns):
        print("Meta.__new__ got", type(name).__name__, type(bases).__name__, type(ns).__name__)
        return super().__new__(mcls, str(name), tuple(bases), dict(ns))


print(Meta(7, [], {}).__name__)
