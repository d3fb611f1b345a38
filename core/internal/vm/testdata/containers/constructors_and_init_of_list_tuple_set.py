def e(f):
    try: print(repr(f()))
    except Exception as x: print(type(x).__name__, x)
class L(list):
    def __iter__(self): return iter([9])
class T(tuple): pass
def g(): yield 1; yield 2
for c in (list, tuple, set, frozenset):
    e(lambda: c()); e(lambda: c([1, 2])); e(lambda: c((3,))); e(lambda: c(g())); e(lambda: c("ab")); e(lambda: c({1: 2})); e(lambda: c(L([1, 2]))); e(lambda: c(T((4,))))
    e(lambda: c(1)); e(lambda: c([1], [2])); e(lambda: c(x=1))
l = [5]; e(lambda: l.__init__([6, 7])); e(lambda: l); e(lambda: l.__init__(x=1)); e(lambda: l.__init__()); e(lambda: l)
s = {5}; e(lambda: s.__init__([6, 7])); e(lambda: s); e(lambda: s.__init__(x=1)); e(lambda: s.__init__(1, 2))
t = (1, 2); e(lambda: tuple(t) is t)
