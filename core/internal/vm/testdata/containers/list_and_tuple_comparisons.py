def e(f):
    try: print(repr(f()))
    except Exception as x: print(type(x).__name__, x)
for a in ([1, 2], (1, 2), [1], (1, 3), [], ()):
    for b in ([1, 2], (1, 2), [1, 3], (1,), {1}, range(2)):
        e(lambda: (a == b, a != b)); e(lambda: a < b); e(lambda: a >= b)
class L(list): pass
e(lambda: L([1]) == [1]); e(lambda: L([1]) < (2,)); e(lambda: sorted([(2, 1), (1, 5), (1, 2)]))
