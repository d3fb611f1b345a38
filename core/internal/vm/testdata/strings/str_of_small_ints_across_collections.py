# str() and f-strings of small and large ints, kept across collections.
xs = [str(i % 300) for i in range(2000)]
junk = [[i] for i in range(200000)]
ys = [f"{i % 300}" for i in range(2000)]
print(xs[:3], xs[255:258], ys[299], len(set(xs)), sum(map(len, xs)), str(-1), str(255), str(256), f"{-5}")
d = {}
for i in range(10000):
    d[str(i % 100)] = d.get(str(i % 100), 0) + 1
print(len(d), d["7"], d["99"])
junk = [str(i) * 100 for i in range(300)]
del junk
junk = [[i] for i in range(200000)]
print(str(5) + str(6), [str(i) for i in range(250, 260)])
ok = True
keep = []
for r in range(30):
    tmp = [str(i % 256) for i in range(20000)]
    junk = [[i] for i in range(20000)]
    ok = ok and all(tmp[i] == "%d" % (i % 256) for i in range(0, 20000, 7))
    keep.append(tmp[r])
print(ok, keep[:5], [f"{i}" for i in range(3)])
