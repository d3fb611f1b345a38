# Tuple keys of ints and strs compared by columns, and the shapes that
# leave that path: mixed types in a column, ragged lengths, bools, floats,
# big ints, str subclasses.
recs = [((i * 7919) % 13, f"n{(i * 31) % 7}", i % 3, -i) for i in range(200)]
print(sorted(recs)[:4], sorted(recs, reverse=True)[:2])
print(sorted(recs, key=lambda r: (r[1], r[0]))[:3])
print(sorted([("b",), ("a",), ("é",), ("z",), ("",)]))
print(sorted([(1, "x"), (1,), (0, "y", 2), (1, "w")]))
print(sorted([(1, 2), (True, 1), (1.5, 0), (10**30, 1), (-(10**30), 0)]))


class S(str):
    def __lt__(self, other):
        return str.__lt__(other, self)  # reversed


print(sorted([(1, S("a")), (1, S("b")), (0, S("c"))]))
print(sorted([(3, "b"), (3, "a"), (2, "z")], key=lambda t: t))
try:
    sorted([(1, "a"), (1, 2)])
except TypeError as e:
    print("TypeError", e)

# str keys sharing long prefixes, NULs against padding, non-ASCII.
ws = ["prefix%05d" % ((i * 7919) % 1000) for i in range(300)] + ["ab", "ab\0", "ab\0\0", "a", "", "é", "€", "\U0001f600", "abcdefgh", "abcdefgh\0", "abcdefg"]
print(sorted(ws)[:3], sorted(ws)[-12:])
print(sorted(ws, reverse=True)[:5])
idx = sorted(range(len(ws)), key=lambda i: ws[i])
print(idx[:8], all(ws[idx[k]] <= ws[idx[k + 1]] for k in range(len(idx) - 1)))
