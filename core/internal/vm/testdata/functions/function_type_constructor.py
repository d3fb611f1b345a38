import types

a = "the module's a"


def f():
    return a


ftype = type(f)
print(ftype is types.FunctionType, f())
f1 = ftype(f.__code__, {"a": 1})
f2 = ftype(f.__code__, {"a": 2}, "renamed")
print(f1(), f2(), f1.__name__, f2.__name__, f2.__qualname__, type(f1) is ftype)
try:
    ftype(f.__code__, {})()
except NameError as e:
    print("NameError", e)


def with_defaults(x, y=5):
    return x + y


g = ftype(with_defaults.__code__, {}, None, (10, 20))
print(g(), g(1), g(1, 2))


def outer():
    n = 3

    def inner():
        return n
    return inner


inner = outer()
copy = ftype(inner.__code__, {}, None, None, inner.__closure__)
print(copy())
nested = (lambda: (lambda: a)).__code__
print(ftype(nested, {"a": "deep"})()())

for args in ((None, {}), (f.__code__, None), (f.__code__, []), (f.__code__, {}, 3),
             (f.__code__, {}, None, [1]), (inner.__code__, {}), (inner.__code__, {}, None, None, (1,)),
             (inner.__code__, {}, None, None, ()), (f.__code__, {}, None, None, inner.__closure__)):
    try:
        ftype(*args)
        print("no error")
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
