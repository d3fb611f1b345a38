# Frames of plain calls are recycled through a pool: a recycled frame must
# start with every local unbound and an empty stack, whatever its last
# call left there, and the arguments must move intact (none, one, two,
# many, with self, with closures). Recursion runs to the RecursionError
# limit and back, interleaved with generators and exceptions.
import sys
import traceback


def maybe(a, flag):
    if flag:
        b = a * 2
    return b  # unbound unless flag


print(maybe(3, True))
for i in range(3):
    try:
        maybe(i, False)
    except UnboundLocalError as e:
        print("unbound:", e)
    print(maybe(i, True))


def zero():
    return 7


def one(a):
    return a + 1


def two(a, b):
    return a - b


def three(a, b, c):
    return (a, b, c)


def five(a, b, c, d, e):
    return a * 10000 + b * 1000 + c * 100 + d * 10 + e


acc = []
for i in range(5):
    acc.append((zero(), one(i), two(i, 1), three(i, "x", None), five(i, 1, 2, 3, 4)))
print(acc)


def make_adder(k):
    def add(x):
        return x + k

    return add


adders = [make_adder(k) for k in range(4)]
print([f(10) for f in adders])


class Acc:
    def __init__(self):
        self.total = 0

    def add(self, x):
        self.total += x
        return self.total

    def add2(self, x, y):
        return self.add(x) + self.add(y)


a = Acc()
print([a.add2(i, i * 2) for i in range(5)], a.total)


# Int overflow to big ints through recursion.
def power(b, e):
    if e == 0:
        return 1
    return b * power(b, e - 1)


print(power(3, 50), power(2, 64), power(-7, 21))


# Deep recursion to the limit, caught at different depths, then normal calls.
def depth(n):
    return depth(n + 1)


def catch_at(n, limit_at):
    if n == limit_at:
        try:
            return depth(0)
        except RecursionError:
            return "caught at " + str(n)
    return catch_at(n + 1, limit_at)


for k in (0, 10, 500):
    print(catch_at(0, k))


def count(n):
    if n == 0:
        return 0
    return 1 + count(n - 1)


print(count(900))
try:
    count(5000)
except RecursionError as e:
    print("recursion:", e)
print(count(900), sys.getrecursionlimit())


# Recursion interleaved with generators and exceptions.
def gen_tree(n):
    if n == 0:
        yield 0
        return
    yield n
    for v in gen_tree(n - 1):
        yield v + one(n)


print(list(gen_tree(6)))


def boom(n):
    if n == 0:
        raise ValueError("bottom")
    return boom(n - 1) + 1


def safe(n):
    try:
        return boom(n)
    except ValueError as e:
        return str(e) + "/" + str(n)


print([safe(i) for i in range(5)])


def mixed(n):
    if n == 0:
        return sum(x for x in range(5))
    try:
        if n % 3 == 0:
            raise KeyError(n)
        return mixed(n - 1) + n
    except KeyError:
        return -mixed(n - 1)


print([mixed(i) for i in range(10)])


# A traceback through recursive plain calls names every frame.
def tb(n):
    if n == 0:
        return 1 // n
    return tb(n - 1)


try:
    tb(3)
except ZeroDivisionError:
    lines = traceback.format_exc().splitlines()
    print([ln.strip() for ln in lines if ln.strip().startswith("File")].__len__())
    print(lines[-1])


# Type changes of the callee mid-loop: function, builtin, class, lambda.
callees = [one, abs, int, lambda x: x * 3, one]
print([c(-4) for c in callees])


# A callee whose arguments do not fit (the fast path must decline).
def needs_two(a, b):
    return a + b


for args in ((1, 2), (1,), (1, 2, 3)):
    try:
        print(needs_two(*args))
    except TypeError as e:
        print("TypeError:", e)
