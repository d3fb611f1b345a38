# obj.__class__ = C only between user classes of one layout: an instance
# never becomes an exception (or a list) it was not made as.
def show(src):
    try:
        exec(src, {})
    except TypeError as e:
        print('TypeError:', e)


show("class A: pass\na = A()\na.__class__ = ValueError\nprint(repr(a))")
show("class A: pass\na = A()\na.__class__ = 5")
show("class A: pass\nclass E(ValueError): pass\na = A()\na.__class__ = E\nprint(repr(a))")
show("class A: pass\nclass B: pass\na = A()\na.__class__ = B\nprint(type(a).__name__)")
show("class L(list): pass\nclass A: pass\na = A()\na.__class__ = L\nprint(a)")
show("class L(list): pass\nclass M(list): pass\na = L([1])\na.__class__ = M\nprint(type(a).__name__, a)")
show("e = ValueError('x')\ne.__class__ = KeyError")
show("class A: pass\na = A()\na.__class__ = object")
show("class S:\n    __slots__ = ('x',)\nclass A: pass\na = A()\na.__class__ = S")
show("class E(ValueError): pass\nclass G(ValueError): pass\ne = E(1)\ne.__class__ = G\nprint(repr(e))")
