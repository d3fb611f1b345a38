# Slicing a list or tuple with int or None bounds (made without a slice
# object) gives what the general path does, subclasses and errors included.
l = list(range(10)); t = tuple(l)
for s in [None, -20, -3, 0, 2, 9, 10, 30]:
    for e in [None, -20, -3, 0, 2, 9, 10, 30]:
        for st in [None, -3, -1, 1, 2, 5]:
            print(l[s:e:st], t[s:e:st], l[s:e], t[s:e])
print(t[:] is t, t[::1] is t, t[0:] is t, t[:100] is t, l[:] is l)
class T(tuple): pass
x = T((1, 2, 3))
print(type(x[:]), x[:] is x, type(x[1:]))
class L(list): pass
y = L([1, 2, 3])
print(type(y[:]), type(y[::2]))
try:
    l[::0]
except ValueError as e:
    print("VE", e)
print(l[True:], t[False:True])
import sys
print(l[-sys.maxsize * 4:2], t[:sys.maxsize * 4])
