class Dummy(BaseException):
    pass


class Good(BaseException):
    def __new__(cls, *args):
        return Dummy(*args)


class Bad(BaseException):
    def __new__(cls, *args):
        return 1


try:
    raise Good("msg")
except BaseException as e:
    print(type(e).__name__, e.args)
try:
    raise Bad("msg")
except TypeError as e:
    print("TypeError", e)


def gen():
    yield


for args in ((Bad,), (Bad, "v"), (Bad, ("a", "b"))):
    g = gen()
    next(g)
    try:
        g.throw(*args)
    except TypeError as e:
        print("TypeError", e)
