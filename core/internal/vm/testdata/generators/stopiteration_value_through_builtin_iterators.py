# The StopIteration that ends an iterator reaches next() of an enumerate,
# map or zip over it, args and all.
class Stops:
    def __init__(self, n, value):
        self.n, self.value = n, value

    def __iter__(self):
        return self

    def __next__(self):
        if self.n:
            self.n -= 1
            return self.n
        raise StopIteration(self.value)


def end_args(it):
    try:
        while True:
            next(it)
    except StopIteration as e:
        return e.args


print(end_args(enumerate(Stops(2, 42))))
print(end_args(map(lambda x: x, Stops(1, "m"))))
print(end_args(map(lambda x, y: x, Stops(3, "first"), Stops(1, "second"))))
print(end_args(zip(Stops(2, "z"))))
print(end_args(zip(Stops(1, "a"), Stops(5, "b"))))
print(end_args(enumerate(Stops(0, (1, 2)))))


def delegate(it):
    result = yield from it
    print("yield from returned", result)


print(list(delegate(enumerate(Stops(2, "done")))))
print(list(delegate(map(str, Stops(1, 7)))))
for i, x in enumerate(Stops(3, "loop")):
    print(i, x)
print(list(zip(Stops(3, 0), Stops(2, 1))))
try:
    list(zip(Stops(1, 0), Stops(2, 1), strict=True))
except ValueError as e:
    print("ValueError", e)
