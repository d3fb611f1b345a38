print(sorted([3, 1, 2]), sorted('bca'), sorted([2.5, 1.0], reverse=True), sorted([(1, 'b'), (0, 'z'), (1, 'a')]))
print(sorted(range(20), key=lambda v: v % 3), sorted(range(20), key=lambda v: v % 3, reverse=True))
l = [5, 3, 1, 4]; l.sort(); print(l); l.sort(key=lambda v: -v); print(l)
try:
    sorted([1, 'a'])
except TypeError as e:
    print(e)
l = [3, 2, 1]
def k(v):
    l.append(v)
    return v
try:
    l.sort(key=k)
except ValueError as e:
    print(e, l)