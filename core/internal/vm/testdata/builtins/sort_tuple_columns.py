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
