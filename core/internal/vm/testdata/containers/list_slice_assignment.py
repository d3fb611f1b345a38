# Slice assignment: same length (in place), growing, shrinking, from the
# list itself, from tuples and iterators, and extended slices.

a = list(range(10))
a[2:5] = [20, 30, 40]
print(a)
a[:4] = a[6:10]
print(a)
a[3:6] = a[2:5]
print(a)
a[:] = a
print(a)
a[1:3] = (7,)
print(a)
a[1:2] = iter("xyz")
print(a)
a[8:2] = []
print(a)
a[8:2] = [99]
print(a)
a[-3:] = a[:3]
print(a)
b = [0, 1, 2, 3, 4, 5]
b[::2] = b[1::2]
print(b)
b[:k] = b[k::-1] if (k := 3) else []
print(b)
try:
    b[::2] = [1]
except ValueError as e:
    print("ValueError:", e)
try:
    b[1:2] = 5
except TypeError as e:
    print("TypeError:", e)
