from array import array
a = array('i', [1, 2, 3])
a.append(4); a.extend([5, 6]); a.insert(0, 0)
print(a, len(a), a[2], a[-1], a[1:3], 3 in a, a.index(3), a.count(1), sum(a), list(a))
print(a.tobytes()[:8], array('h', b'\x01\x00\x02\x00'), a.pop(), a.tolist())
d = array('d', [1.5, 2]); print(d, d.itemsize, array('b'), array('u', 'hi'), array('B', [1, 2]) + array('B', [3]))
f = array('f', [0.1]); print(f[0], f.typecode)
for bad in [lambda: array('B', [256]), lambda: array('i', [1.5]), lambda: array('z')]:
    try:
        bad()
    except (OverflowError, TypeError, ValueError) as e:
        print(type(e).__name__)
a[0] = 9; del a[1]; print(a, a == array('i', a.tolist()), a * 2)
a.reverse(); print(a)
