print(min(3, 1, 2), max([1, 5, 2]), min([], default=0), max('abc', key=ord), max(1, 2.5), sum([1, 2, 3]), sum([0.1] * 10), sum([[1], [2]], []), sum([1, 2.5]), sum([2**62] * 3), any([0, 1]), all([1, 0]), all([]))
for f in (lambda: min([]), lambda: max(1, 2, default=3), lambda: sum(['a'], ''), lambda: sum([], b''), lambda: min()):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)