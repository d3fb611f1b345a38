class Sub:
    def __iter__(self):
        return self

    def __next__(self):
        return "next"

    def throw(self, *args):
        print("Sub.throw got", args)
        return "handled"


class NoThrow:
    def __iter__(self):
        return self

    def __next__(self):
        return "next"


def outer(sub):
    yield from sub


def chain():
    yield from outer(Sub())


for args in ((123,), (ZeroDivisionError,), (ValueError, "v"), (KeyError("k"),)):
    g = outer(Sub())
    next(g)
    print(g.throw(*args))
g = chain()
next(g)
print(g.throw(TypeError))
g = outer(NoThrow())
next(g)
for args in ((123,), (ValueError,)):
    g = outer(NoThrow())
    next(g)
    try:
        g.throw(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)


def plain():
    yield 1


g = plain()
next(g)
try:
    g.throw(123)
except TypeError as e:
    print("TypeError", e)
