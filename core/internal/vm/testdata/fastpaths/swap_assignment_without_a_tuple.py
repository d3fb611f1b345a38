# "a, b = x, y" with two or three names and values reorders the stack
# instead of building a tuple; every value is still computed before any
# target is stored, and targets are stored left to right.
def f():
    a, b = 0, 1
    for _ in range(10):
        a, b = b, a + b
    x, y, z = 1, 2, 3
    x, y, z = z, x, y
    p, q = 1, 2
    [p, q] = q, p
    l = [5, 6, 7]
    l[0], l[2] = l[2], l[0]
    (m, n), o = (1, 2), 3
    class A: pass
    t = A()
    t.u, t.v = 9, 8
    return a, b, x, y, z, p, q, l, m, n, o, t.u, t.v
print(f())
try:
    a, b = 1, undefined_name
except NameError as e:
    print("err", e)
try:
    (a, b), c = (1, 2, 3), 4
except ValueError as e:
    print("err", e)

class Loud(dict):
    def __setitem__(self, k, v):
        print("store", k, v)
        super().__setitem__(k, v)

def val(n):
    print("value", n)
    return n

d = Loud()
d["a"], d["b"], d["c"] = val(1), val(2), val(3)
d["x"], d["y"] = val(4), val(5)
print(d)
i = 0
lst = [10, 20, 30]
i, lst[i] = 2, 99
print(i, lst)
