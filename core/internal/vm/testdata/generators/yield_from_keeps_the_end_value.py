# The value an iterator ends with reaches next() and yield from on every
# path: a generator's return value, the StopIteration a duck-typed
# __next__ raises, and the StopIteration a map's function raises.


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == 0:
            raise StopIteration("liftoff", "extra")
        self.n -= 1
        return self.n


def delegate(it):
    result = yield from it
    print("result:", repr(result))
    return result


print(list(delegate(Countdown(3))))


class Plain:
    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration


print(list(delegate(Plain())))


def sub():
    yield "a"
    return "sub done"


print(list(delegate(delegate(sub()))))


def f(x):
    if x == 2:
        raise StopIteration(x * 100)
    return x


print(list(delegate(map(f, range(10)))))

for it in [Countdown(0), Plain(), sub()]:
    try:
        while True:
            next(it)
    except StopIteration as e:
        print(type(it).__name__, e.args, repr(e.value))

print(next(Countdown(0), "default"))


class Echo:
    # send() is delegated too; its StopIteration ends the yield from.
    def __iter__(self):
        return self

    def __next__(self):
        return "first"

    def send(self, v):
        if v == "stop":
            raise StopIteration("echo stopped")
        return "echo " + v


g = delegate(Echo())
print(next(g))
print(g.send("hi"))
try:
    g.send("stop")
except StopIteration as e:
    print("outer", e.value)
