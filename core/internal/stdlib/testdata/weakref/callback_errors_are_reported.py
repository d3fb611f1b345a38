import gc
import weakref


class Obj:
    pass


class Bad:
    def __call__(self, r):
        raise ValueError("in a callback")

    def __repr__(self):
        return "<Bad callback>"


bad = Bad()


def main():
    o = Obj()
    refs = [weakref.ref(o, lambda r: print("first")), weakref.ref(o, bad),
            weakref.ref(o, 5), weakref.ref(o, lambda r: print("last"))]
    o = None
    gc.collect()
    print("collect returned", [r() for r in refs])


main()
# amber-only: CPython reports a callback's exception where the object dies; Amber's callbacks run inside gc.collect()
