# Positional calls with fewer arguments than parameters fill the last
# ones from the function's defaults, as they are at the call.


def f(a, b=2, c=3):
    return (a, b, c)


def acc(x, into=[]):
    into.append(x)
    return len(into)


class Account:
    def __init__(self):
        self.total = 0

    def deposit(self, amount, note=None, scale=1):
        self.total += amount * scale
        return (self.total, note)


def outer(k):
    def inner(a, b=k):
        return a + b
    return inner


out = []
for i in range(3):
    out.append(f(i))
    out.append(f(i, 10))
    out.append(f(i, 10, 20))
    out.append(acc(i))
print(out)

acct = Account()
print([acct.deposit(i) for i in range(3)], acct.deposit(1, "n"), acct.deposit(1, "n", 5))
m = acct.deposit
print(m(2), list(map(m, [1, 2])))
print(outer(5)(1), outer(7)(1, 1))

# Defaults replaced or removed at run time.
f.__defaults__ = (20, 30)
print(f(1))
f.__defaults__ = (99,)
print(f(1, 2))
try:
    f(1)
except TypeError as e:
    print("TypeError", e)
f.__defaults__ = None
try:
    f(1, 2)
except TypeError as e:
    print("TypeError", e)


def g(a, b, c=1):
    return a, b, c


try:
    g(1)
except TypeError as e:
    print("TypeError", e)
try:
    g()
except TypeError as e:
    print("TypeError", e)


def deep(n, acc=0):
    if n == 0:
        return acc
    return deep(n - 1) + 1


print(deep(200))
