# A function's code object needs a call to set up its frame: exec and
# eval refuse it rather than run it without arguments, cells or generator.
def gen():
    yield 1


def cells(a):
    return lambda: a


def plain(x):
    return x


async def coro():
    pass


for code in (gen.__code__, cells.__code__, plain.__code__, coro.__code__, (lambda: 1).__code__):
    for f in (exec, eval):
        try:
            f(code)
            print("ran")
        except TypeError as e:
            print(f.__name__, "TypeError", e)
# amber-only: CPython runs function code objects in exec() (without their arguments); Amber refuses them
