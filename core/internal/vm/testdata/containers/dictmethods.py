d = {'a': 1, 'b': 2}
print(d.pop('a'), d, d.popitem(), d, d.setdefault('z', 5), d.get('q'), d.get('z'), d.pop('q', 0))
d.update({'c': 3}, d=4); d.update([('e', 5)]); print(d, dict.fromkeys('ab', 0), d.copy() == d)
for f in (lambda: {}.popitem(), lambda: {}.pop(1), lambda: dict([(1, 2, 3)]), lambda: dict([1]), lambda: dict(1, 2)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, repr(e))