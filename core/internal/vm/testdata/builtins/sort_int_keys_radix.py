# Sorting by small int keys: ties keep their order, reverse keeps ties in
# order too, and wide or mixed keys take the general path.
import random

rng = random.Random(3)
for n, lo, hi in ((300, -5, 5), (1000, -10**6, 10**6), (5000, 0, 2**40), (700, -2**62, 2**62), (400, 0, 0)):
    keys = [rng.randint(lo, hi) for _ in range(n)]
    idx = list(range(n))
    a = sorted(idx, key=lambda i: keys[i])
    b = sorted(idx, key=lambda i: keys[i], reverse=True)
    print(n, a == sorted(idx, key=lambda i: (keys[i], i)), b == sorted(idx, key=lambda i: (-keys[i], i)))
    print(sorted(keys) == sorted(keys, key=lambda x: (x,)), sorted(keys)[:2], sorted(keys, reverse=True)[:2])

mixed = [3, 10**30, -2, True, False, 2.5, -(10**25)] * 50
print(sorted(mixed)[:8], sorted(mixed, reverse=True)[:4])
lst = [rng.randrange(100) for _ in range(1000)]
lst.sort()
print(lst[::100], all(lst[i] <= lst[i + 1] for i in range(len(lst) - 1)))
lst.sort(reverse=True)
print(lst[::100])

# Float keys: -0.0 and 0.0 are equal (ties keep their order), infinities,
# and NaN (which leaves the radix path).
fl = [0.0, -0.0, 1.5, -1.5, float("inf"), -float("inf"), 2.0, -0.0, 0.0, 1e-300, -1e300] * 30
s = sorted(fl)
print([repr(x) for x in s[::30]], [repr(x) for x in sorted(fl, reverse=True)[::29]])
print(sorted(range(len(fl)), key=lambda i: fl[i])[:12])
print(sorted(range(len(fl)), key=lambda i: fl[i], reverse=True)[:12])
nan = float("nan")
print(sorted([3.0, nan, 1.0, 2.0]), sorted([nan, 3.0, 1.0]))
big = [rng.uniform(-1e6, 1e6) for _ in range(2000)]
print(sorted(big) == sorted(big, key=lambda x: (x,)), sorted(big, reverse=True)[:2] == sorted(big)[-1:-3:-1])
