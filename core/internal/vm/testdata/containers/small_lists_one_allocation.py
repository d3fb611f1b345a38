# Lists made by slices, displays, copies and concatenation (small ones share
# their items' allocation): growth, mutation and independence of the copies.
base = list(range(20))
for n in range(0, 20):
    a = base[:n]
    b = base[n::-1]
    c = a.copy()
    d = a + b[:3]
    e = [*a[:2], n]
    a.append(-1)
    a.extend(range(5))
    c[:0] = [7, 8]
    d *= 2
    b.insert(0, "x")
    e += e
    print(n, len(a), a[-6:], c[:3], len(d), b[:2], e)
    assert base == list(range(20))
lits = [[i, i + 1, i + 2] for i in range(4)]
lits[0].append(9)
lits[1][1:2] = []
lits[2][:] = lits[2][::-1]
print(lits)
perm = list(range(9))
k = 5
perm[: k + 1] = perm[k::-1]
print(perm, perm[:], perm[::2], perm[-3:], perm[10:], perm[::-3])
t = tuple(perm)
print(t[2:5], t[::-1], [] + [], [1] + [], [] + [2])
class L(list):
    def __getitem__(self, i):
        return ("sub", i)
    def __add__(self, o):
        return "added"
sl = L([1, 2, 3])
print(sl[1:2], sl + [4], [4] + sl, type([4] + sl).__name__)
big = list(range(40))
bb = big[3:30]
bb.append(1)
print(len(bb), bb[-3:], big[:] == big, big[:] is big)
