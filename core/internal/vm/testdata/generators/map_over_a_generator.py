# map of a function over a generator steps the generator in the loop and
# calls the function on each value: Python functions, builtins, errors,
# StopIteration from the function, next() and the fallbacks.
def gen(n, tag=""):
    for i in range(n):
        if tag:
            print(tag, i)
        yield i


print(list(map(str, gen(3))), list(map(lambda x: x * 2, gen(3))), sum(map(abs, gen(4))))
for a, b in map(lambda x: (x, -x), gen(3)):
    print(a, b)


def stop_at(x):
    print("call", x)
    if x == 2:
        raise StopIteration
    return x


print(list(map(stop_at, gen(5, "g"))))
for y in map(stop_at, gen(5)):
    print("got", y)
print(list(map(next, map(iter, [[1], [], [3]]))))
try:
    for y in map(lambda x: 1 / x, gen(3)):
        print(y)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    print(list(map(5, gen(2))))
except TypeError as e:
    print("TypeError", e)
try:
    print(list(map(int, map(str, gen(2)))), list(map(int, ["x"])))
except ValueError as e:
    print("ValueError", e)
m = map(lambda x: x + 100, gen(3))
print(next(m), next(m), list(m), next(m, "end"))


class C:
    def f(self, x):
        return x * 3


print(list(map(C().f, gen(3))), list(map(C, gen(0))), list(map(float, gen(2))))


def g2():
    yield from map(str.upper, (c for c in "ab"))
    yield from map(lambda s: s * 2, (c for c in "cd"))


print(list(g2()), dict(map(lambda x: (x, x), gen(3))))
