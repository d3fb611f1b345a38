import gc
import weakref


class Node:
    def __init__(self, name):
        self.name = name
        self.other = None

    def __repr__(self):
        return "Node(%s)" % self.name


def report(r):
    print("callback: dead ref", r() is None, type(r).__name__)


def main():
    a = Node("a")
    plain = weakref.ref(a)
    with_cb = weakref.ref(a, report)
    print(plain() is a, with_cb() is a, plain == with_cb, hash(plain) == hash(a))
    gc.collect()
    print("still referenced:", plain())
    a = None
    gc.collect()
    print("after collect:", plain(), with_cb(), plain == with_cb, plain == plain)
    print(repr(plain).endswith("; dead>"))

    # A cycle only weakly referenced from outside is collected too.
    x, y = Node("x"), Node("y")
    x.other, y.other = y, x
    rx = weakref.ref(x, lambda r: print("cycle member gone"))
    x = y = None
    gc.collect()
    print("cycle:", rx())

    # A reference that dies before its object never calls back.
    b = Node("b")
    r = weakref.ref(b, report)
    r = None
    gc.collect()
    print("b alive:", b)

    # Callbacks of several references run newest first.
    c = Node("c")
    refs = [weakref.ref(c, lambda r, i=i: print("callback", i)) for i in range(3)]
    c = None
    gc.collect()
    print("done")


main()
for value in (None, 1, 2.5, "s", b"b", (), [], {}, True, range(3)):
    try:
        weakref.ref(value)
    except TypeError as e:
        print("TypeError", e)


class Holder:
    def method(self):
        return "called"


h = Holder()
wm = weakref.WeakMethod(h.method)
print(wm()())
h = None
gc.collect()
print(wm())
