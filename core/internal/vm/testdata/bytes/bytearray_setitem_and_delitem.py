def t(f):
    try:
        r = f()
        print("ok", r)
    except Exception as e:
        print(type(e).__name__, e)
def mk(): return bytearray(b"abcdef")
for key, val in [(10**20, 1), (0, 300), (0, -1), (slice(0,1), [300]), (slice(0,1), [-1]), (slice(0,1), ["x"]), (slice(0,1), 5), (slice(0,1), "s"), (slice(None,None,2), b"xyz"), (slice(None,None,2), b"xy"), (slice(None,None,-2), b"xyz"), ("a", 1), (1.5, 1), (0, "a"), (0, 2.5), (-7, 1), (slice(5,1), b"zz"), (slice(0,2), memoryview(b"QQQ")), (slice(0,2), iter([1,2,3]))]:
    b = mk(); t(lambda: (b.__setitem__(key, val), b)[1])
    b = mk()
    def f():
        b[key] = val
        return b
    t(f)
for key in [10**20, -7, 6, 0, slice(None,None,-2), slice(None,None,2), slice(1,4), slice(4,1), slice(None,None,-1), "a", 2.0]:
    b = mk(); t(lambda: (b.__delitem__(key), b)[1])
    b = mk()
    def g():
        del b[key]
        return b
    t(g)
