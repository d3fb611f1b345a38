# Calls with keyword and default arguments, including every binding error
# the fast path must hand to the general path.


def f(a, b=2, *, c, d=4):
    return (a, b, c, d)


def g(a, /, b, c=3):
    return (a, b, c)


def cells(x, y=10, *, z=100):
    def inner():
        return x + y + z
    return inner()


def outer(k):
    def closure(v, *, scale=1, bias=k):
        return v * scale + bias
    return closure


def show(thunk):
    try:
        print(thunk())
    except TypeError as e:
        print("TypeError:", e)


print(f(1, c=3))
print(f(1, 5, c=3, d=6))
print(f(a=1, c=3))
print(f(c=3, a=1, b=7))
print(g(1, b=2))
print(g(1, 2, c=9))
print(cells(1), cells(1, z=2), cells(x=1, y=1, z=1))
cl = outer(5)
print(cl(2), cl(2, scale=3), cl(v=2, bias=0))
show(lambda: f(1))
show(lambda: f(1, 2, 3, c=4))
show(lambda: f(1, a=1, c=3))
show(lambda: f(1, c=3, e=5))
show(lambda: g(a=1, b=2))
show(lambda: g(1))
show(lambda: g(1, 2, b=3))
total = 0
for i in range(1000):
    total += f(i, c=i)[2] + g(i, b=i)[1] + cl(i, scale=2)
print(total)
