a = list(range(10))
def g():
    yield 1
    del a[3:]
    yield 2
a[1:8] = g(); print(a)
a = list(range(10))
def g2():
    yield 1; yield 2
    a.extend(range(5))
a[2:4] = g2(); print(a)
a = list(range(10))
def g3():
    yield 7; yield 8; yield 9
    del a[2:]
try:
    a[::3] = g3(); print(a)
except Exception as e: print(type(e).__name__, e)
class L(list): pass
x = L([1, 2, 3, 4]); x[1:3] = x; print(x)
x[::-1] = x; print(x)
x[0:2] = L([9]); print(x)
y = [1, 2, 3]
y[1:2] = {5: 1, 6: 2}; print(y)
y[::2] = "ab"; print(y)
try: y[::2] = "abc"
except ValueError as e: print(e)
y[5:] = range(3); print(y)
s = slice(1, 3); y[s] = []; print(y)
y.__setitem__(slice(0, 1), (4, 4)); print(y)
z = list(range(10)); z.pop(0); z.pop(3); z.remove(7); del z[2:4]; print(z)
z.insert(0, 5); z.insert(100, 6); z.insert(-100, 7); print(z, z.pop(), z)
