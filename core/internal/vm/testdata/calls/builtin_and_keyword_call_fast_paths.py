# CALL's fast paths for builtins and for keyword calls of Python
# functions: results, errors and the frames that builtins hand work to.


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


lst = []
lst.append(1)
list.append(lst, 2)
print(lst, len(lst), abs(-3), isinstance(lst, list))
show(lambda: list.append())
show(lambda: len())
show(lambda: len(1))
show(lambda: abs("x"))
print(sorted([3, 1, 2], key=lambda v: -v))  # the builtin continues in a frame
print(max([3, 1, 2], key=lambda v: v % 3), min("bca"))
print(sum(map(lambda v: v * 2, [1, 2, 3])))


class L(list):
    def append(self, x):
        list.append(self, x * 10)


sub = L()
sub.append(1)
print(sub)


def kw(a, b=2, *, c=3, d):
    return (a, b, c, d)


print(kw(1, d=4), kw(a=1, d=4, c=5), kw(1, 2, d=0, c=9))
show(lambda: kw(1, a=2, d=4))
show(lambda: kw(1, e=2, d=4))
show(lambda: kw(1))
show(lambda: kw(d=1))


def posonly(a, /, b):
    return a, b


show(lambda: posonly(1, b=2))
show(lambda: posonly(a=1, b=2))


def closure(k):
    def inner(x, *, scale=1):
        return x * k * scale
    return inner


f = closure(3)
print(f(2), f(2, scale=10), [f(i, scale=i) for i in range(4)])
kw.__kwdefaults__ = {"c": 30}
print(kw(1, d=4))


class S(str):
    def __new__(cls, v):
        return super().__new__(cls, v * 2)


print(int("12"), str(5), tuple([1, 2]), list((3,)), dict(a=1, b=2), S("ab"))
print(type(1), type("C", (), {"x": 1}).x, int("ff", base=16), sorted([1, 3, 2], reverse=True))
show(lambda: int("x"))
show(lambda: int("1", bogus=2))
show(lambda: dict(1, 2))
show(lambda: sorted([1], bogus=1))
print(*[1, 2], sep="-", end="|\n")
