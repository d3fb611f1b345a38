def e(f):
    try: print(repr(f()))
    except Exception as x: print(type(x).__name__, x)
print(1, 2, sep=None, end=None); print(1, 2, sep="-", end="!\n")
e(lambda: print(1, sep=5)); e(lambda: print(1, end=b"x"))
e(lambda: [1] + [2]); e(lambda: (1,) + (2,)); e(lambda: [1] + (2,)); e(lambda: (1,) + [2]); e(lambda: () + (3,)); e(lambda: [] + "s")
class R:
    def __radd__(self, o): return "radd"
e(lambda: [1] + R()); e(lambda: (1,) + R())
