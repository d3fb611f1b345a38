def e(f):
    try: print(repr(f()))
    except Exception as x: print(type(x).__name__, x)
l = [1, 2, 3]; ba = bytearray(b"abc")
def s(o, k, v):
    o[k] = v
    return o
def d(o, k):
    del o[k]
    return o
for o, v in ((l, 9), (ba, 65)):
    for k in (0, -1, 3, -4, 10**20, "a", 1.0, True):
        e(lambda: s(o, k, v)); e(lambda: d(o, k)); e(lambda: o[k])
e(lambda: (1, 2)[5]); e(lambda: range(3)[7]); e(lambda: (1,)["x"])
