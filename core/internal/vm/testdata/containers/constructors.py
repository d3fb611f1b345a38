t = (1, 2)
print(list(range(3)), tuple([1]), tuple(t) is t, dict([(1, 2)], a=3), set('aab') == {'a', 'b'}, frozenset([1]), range(2, 5), range(5, 0, -2), slice(3), slice(1, 2, 3))
for f in (lambda: range(1.0), lambda: range(1, 2, 0), lambda: range(), lambda: list(1, 2), lambda: list(x=1), lambda: slice()):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)