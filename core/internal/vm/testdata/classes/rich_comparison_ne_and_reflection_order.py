# != without a __ne__ of its own is object.__ne__: the inverse of the left
# operand's own __eq__, before the right operand's __ne__ is tried; a
# subclass's reflected method runs first; unary methods' NotImplemented is
# their result.


def log(name):
    def method(self, other):
        print("  %s.%s(%s)" % (type(self).__name__, name, type(other).__name__))
        return getattr(self, "answer_" + name, NotImplemented)
    return method


class OnlyEq:
    __eq__ = log("__eq__")
    answer___eq__ = 7


class OnlyNe:
    __ne__ = log("__ne__")
    answer___ne__ = "ne!"


class EqNotImpl:
    __eq__ = log("__eq__")


class Plain:
    pass


class Base:
    __lt__ = log("__lt__")
    __gt__ = log("__gt__")
    __eq__ = log("__eq__")
    answer___lt__ = "base lt"


class Derived(Base):
    __gt__ = log("__gt__")
    answer___gt__ = "derived gt"


class Sibling(Base):
    pass


pairs = [
    ("OnlyEq() != OnlyNe()", lambda: OnlyEq() != OnlyNe()),
    ("OnlyNe() != OnlyEq()", lambda: OnlyNe() != OnlyEq()),
    ("OnlyEq() == OnlyNe()", lambda: OnlyEq() == OnlyNe()),
    ("EqNotImpl() != OnlyNe()", lambda: EqNotImpl() != OnlyNe()),
    ("EqNotImpl() != EqNotImpl()", lambda: EqNotImpl() != EqNotImpl()),
    ("Plain() != OnlyEq()", lambda: Plain() != OnlyEq()),
    ("None != OnlyEq()", lambda: None != OnlyEq()),
    ("OnlyEq() != 3", lambda: OnlyEq() != 3),
    ("Base() < Derived()", lambda: Base() < Derived()),
    ("Base() < Sibling()", lambda: Base() < Sibling()),
    ("Derived() > Base()", lambda: Derived() > Base()),
    ("Base() != Derived()", lambda: Base() != Derived()),
]
for text, f in pairs:
    print(text)
    print("  ->", repr(f()))

p = Plain()
print(p != p, p == p)
e = EqNotImpl()
print(e != e)


class Neg:
    def __neg__(self):
        return NotImplemented

    def __invert__(self):
        return "inverted"


print(-Neg(), ~Neg())
try:
    +Neg()
except TypeError as exc:
    print(exc)
