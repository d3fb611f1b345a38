# Bound methods called as plain values (callbacks): Python methods,
# generators, *args methods, builtin methods, errors and keyword calls.
class Acc:
    def __init__(self):
        self.total = 0
    def add(self, x, scale=1):
        self.total += x * scale
        return self.total
    def gen(self, n):
        for i in range(n):
            yield i + self.total
    def many(self, *args, **kw):
        return (len(args), sorted(kw))
    def two(self, a, b):
        return a - b

a = Acc()
add = a.add
for i in range(5):
    add(i)
print(a.total, add(10, 2), add(1, scale=3))
print(list(a.gen(3)), a.many(1, 2, x=1), a.many())
cbs = [a.add, a.two, a.many, [].append, "x".upper]
print(cbs[1](5, 2), cbs[2](1), cbs[4]())
try:
    a.two(1)
except TypeError as e:
    print("TypeError", e)
try:
    cbs[1](1, 2, 3)
except TypeError as e:
    print("TypeError", e)
print(list(map(a.add, [1, 2, 3])), sorted([3, 1, 2], key=a.two.__self__.add))
# A bound method of a class with __call__ objects and classmethods.
class K:
    @classmethod
    def make(cls, v):
        return (cls.__name__, v)
    def __call__(self, v):
        return v * 2
m = K.make
print(m(1), K().__call__(4), K()(5))
# Recursion through bound methods keeps the recursion limit.
class R:
    def down(self, n):
        f = self.down
        return 0 if n == 0 else 1 + f(n - 1)
print(R().down(200))
try:
    R().down(100000)
except RecursionError as e:
    print("RecursionError", e)
