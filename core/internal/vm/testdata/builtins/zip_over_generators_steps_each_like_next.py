# zip over generators and builtin iterators: each argument is stepped in
# order, the first exhausted one ends it, and later ones are not advanced.
def g(n, log=None):
    for i in range(n):
        if log is not None:
            log.append(i)
        yield i


print(list(zip(g(3), "abcd")))
print(list(zip("ab", g(5))))
print(list(zip(g(2), g(3), [7, 8, 9])))
print(list(zip(g(3))))
print(list(zip()))

a = g(5)
print(list(zip(a, [1, 2])), next(a))
a = g(5)
print(list(zip([1, 2], a)), next(a))

log = []
print(list(zip(g(4, log), g(2))), log)


def bad():
    yield 1
    raise KeyError("x")


try:
    print(list(zip([1, 2, 3], bad())))
except KeyError as e:
    print("KeyError", e)

print(dict(zip(g(3), g(4))))
print({k: v for k, v in zip(range(5), g(3))})
try:
    list(zip(g(3), [1], strict=True))
except ValueError as e:
    print(e)
print(list(zip(g(2), [1, 2], strict=True)))


def stop_inside():
    yield 1
    raise StopIteration


try:
    list(zip([1, 2], stop_inside()))
except RuntimeError as e:
    print("RuntimeError", e)

# A generator may be closed while zip holds it.
a = g(5)
z = zip(a, g(5))
print(next(z))
a.close()
print(list(z))

# An iterator class is iterated once, through its __next__.
class It:
    def __init__(self):
        self.n = 0
        self.iters = 0

    def __iter__(self):
        self.iters += 1
        return self

    def __next__(self):
        self.n += 1
        if self.n > 3:
            raise StopIteration
        return self.n


it = It()
print(list(zip(it, g(10))), it.iters)
