# generator.throw(type[, value[, traceback]]) normalizes its arguments as
# CPython does: an instance of the class is thrown as is, a tuple gives the
# arguments, an instance takes no separate value, the traceback must be one.
import warnings
warnings.simplefilter("ignore")


def gen():
    try:
        yield 1
    except BaseException as e:
        print("caught", type(e).__name__, e.args)
    return "r"


cases = [
    (ValueError,), (ValueError, None), (ValueError, 5), (ValueError, (1, 2)),
    (ValueError, ()), (ValueError, ValueError(7)), (ValueError, KeyError(3)),
    (LookupError, KeyError(3)), (ValueError(1),), (ValueError(1), None),
    (ValueError(1), 2), (123,), (int,), (ValueError, 1, None), (ValueError, 1, 5),
    (GeneratorExit, GeneratorExit(123)), (GeneratorExit(), None),
]
for args in cases:
    g = gen()
    next(g)
    try:
        print("->", g.throw(*args))
    except Exception as e:
        print("raised", type(e).__name__, e)
    g.close()

g = gen()
next(g)
for bad in [(), (1, 2, 3, 4)]:
    try:
        g.throw(*bad)
    except TypeError as e:
        print(e)
g.close()
