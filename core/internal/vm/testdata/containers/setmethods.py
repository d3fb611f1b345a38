s = {1, 2, 3}; s.add(4); s.discard(1); s.remove(2); print(s, s.pop(), s)
print({1, 2}.union([3], [4]), {1, 2, 3}.intersection([2, 3], [3]), {1, 2, 3}.difference([1], [2]), {1, 2}.symmetric_difference([2, 3]), {1}.issubset([1, 2]), {1, 2}.issuperset([1]), {1}.isdisjoint([2]))
for f in (lambda: set().pop(), lambda: {1}.remove(2), lambda: set(1, 2)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, repr(e))