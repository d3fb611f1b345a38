# A key's __index__ (or a slice bound's) may empty the container being
# indexed: the index is resolved first, then checked against the
# container as it is now; never a stale item, never past the end.
class K:
    def __init__(self, victim, i=0):
        self.victim, self.i = victim, i

    def __index__(self):
        self.victim.clear()
        return self.i


def show(what, f):
    try:
        print(what, f())
    except IndexError as e:
        print(what, 'IndexError:', e)


def setitem(c, k, v):
    c[k] = v
    return c


def delitem(c, k):
    del c[k]
    return c


for make in [lambda: [1, 2, 3], lambda: bytearray(b'abc')]:
    c = make()
    show('get', lambda: c[K(c)])
    c = make()
    show('get -1', lambda: c[K(c, -1)])
    c = make()
    show('set', lambda: setitem(c, K(c), 5))
    c = make()
    show('del', lambda: delitem(c, K(c)))
    c = make()
    show('slice', lambda: c[K(c, 1):])
    c = make()
    show('slice step', lambda: c[::K(c, 1)])
    c = make()
    show('set slice', lambda: setitem(c, slice(K(c, 1), None), b'xy' if isinstance(c, bytearray) else [8, 9]))
    c = make()
    show('del slice', lambda: delitem(c, slice(None, K(c, 2))))
    c = make()
    show('getitem method', lambda: c.__getitem__(K(c)))
