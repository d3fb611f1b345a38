# Sorting by tuple keys: ints, floats (NaN too), strs, str subclasses,
# big ints, prefixes, and keys whose items cannot be ordered.


class S(str):
    pass


words = ["pear", "fig", "apple", "kiwi", "date", "plum", "é", "z", "ab"]
print(sorted(words, key=lambda w: (len(w), w)))
print(sorted(words, key=lambda w: (-len(w), w), reverse=True))
print(sorted([(1, 2.5), (1, 0.5), (0, 9.0), (1, float("nan")), (0,)]))
print(sorted([(2**70, "b"), (2**70, "a"), (-2**70, "z"), (True, "t"), (1, "s")]))
print(sorted([(S("b"), 1), ("a", 2), (S("a"), 0)]))
print(sorted([(1, 2, 3), (1, 2), (1,), ()]))
rows = [{"name": n, "score": i % 3} for i, n in enumerate(words)]
print([r["name"] for r in sorted(rows, key=lambda r: (r["score"], r["name"]))])
try:
    sorted([(1, "a"), (1, 2)])
except TypeError as e:
    print("TypeError:", e)
nan = float("nan")
print(sorted([(nan, 1), (nan, 0)]))
