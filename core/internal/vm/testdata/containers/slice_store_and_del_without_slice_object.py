a = list(range(10))
a[2:5] = [9, 9, 9]; print(a)
a[2:5] = [1]; print(a)
a[2:3] = [7, 7, 7, 7, 7]; print(a)
a[::2] = range(len(a[::2])) if False else list(range(len(a[::2]))); print(a)
a[::-1] = tuple(a); print(a)
a[1:3] = a; print(a)
b = [1,2,3]; b[:] = b; print(b)
b[::-1] = b; print(b)
b[5:1] = [8]; print(b)
b[-100:100] = (); print(b)
b[10**30:] = [1, 2]; print(b)
try:
    b[::0] = []
except ValueError as e: print(e)
try:
    b[::2] = [1, 2, 3]
except ValueError as e: print(e)
c = list(range(10)); del c[2:5]; print(c)
del c[::2]; print(c)
del c[::-1]; print(c)
c = list(range(10)); del c[100:]; del c[-3:]; print(c)
class L(list):
    def __setitem__(self, k, v): print("set", k, v); super().__setitem__(k, v)
    def __delitem__(self, k): print("del", k)
l = L([1,2,3]); l[0:2] = [5]; del l[1:]; print(l)
d = list(range(5)); d[1:2] = L([7, 8]); print(d)
class I:
    def __index__(self): return 2
e = list(range(6)); e[I():] = []; print(e)
e[None:None:None] = [1]; print(e)
x = list(range(4)); x.append(1); x[1:1] = [5,6]; print(x, len(x))
x[1:1] = iter([3]); print(x)
try: x[1:2] = 5
except TypeError as e: print(e)
try: x[::2] = 5
except TypeError as e: print(e)
t = (1, 2, 3, 4); print(t[::-1], t[1:], t[:], t[::2], t[-2:-1])
s = "hello"; print(s[::-1], s[1:3])
# Growing within capacity, then shrinking, repeatedly.
g = []
for k in range(20):
    g[len(g):] = [k, k]
    g[1:3] = [k]
print(g)
for k in range(10):
    g[:2] = ()
print(g, len(g))
h = list(range(8))
h[-3:-100:-2] = ["a", "b", "c"]; print(h)
h[7:-100:-3] = ("x", "y", "z"); print(h)
h[2:6:3] = [0, 0]; print(h)
h[10**20:-10**20:-1] = list(range(8)); print(h)
del h[-10**20:10**20:3]; print(h)
del h[::-2]; print(h)
del h[5:2]; print(h)
try:
    del h[::0]
except ValueError as e: print(e)
try:
    h[1:2:0] = []
except ValueError as e: print(e)
try:
    h["a":] = []
except TypeError as e: print(e)
try:
    h[1:2] = None
except TypeError as e: print(e)
q = [1, 2, 3, 4]
q[1:3] = q; print(q)
q[::-1] = q; print(q)
q[:0] = q; print(q)
r = (1, 2)
try:
    r[0:1] = [3]
except TypeError as e: print(e)
try:
    del r[0:1]
except TypeError as e: print(e)
m = [1, 2, 3]
m[True:] = [9]; print(m)
m[1:2], m[0:1] = [4, 5], [6]; print(m)
w = [0] * 5
w[1:4] = w[3:0:-1]; print(w)
def f(lst, a, b):
    lst[a:b] = [a] * (b - a)
    return lst
print(f(list(range(6)), 1, 4), f(list(range(6)), 4, 1))
