# Keys equal in their low bits (multiples of a power of two, floats and
# negative ints) stay fast and correct through inserts, deletes and
# re-inserts.
d = {}
for i in range(30000):
    d[i << 20] = i
total = 0
for i in range(30000):
    total += d[i << 20]
print(len(d), total, (5 << 20) in d, (5 << 19) in d)
for i in range(0, 30000, 2):
    del d[i << 20]
for i in range(0, 30000, 4):
    d[i << 20] = -i
print(len(d), sum(d.values()), list(d)[:3], list(d)[-3:])
m = {}
for i in range(5000):
    m[-(i << 32)] = i
    m[float(i) * 2.0**40] = -i
print(len(m), m[-(7 << 32)], m[7 * 2.0**40], -1 in m, -2 in m)
h = {-1: "a", -2: "b", 2**61 - 1: "c", 0: "d", 2**64: "e", -2**64: "f"}
print(h, h[-1], h[-2], h[2**64])
s = {}
for i in range(2000):
    s["k%d" % i] = i
    if i % 3 == 0:
        del s["k%d" % (i // 2)]
print(len(s), sum(s.values()), list(s)[:4])
