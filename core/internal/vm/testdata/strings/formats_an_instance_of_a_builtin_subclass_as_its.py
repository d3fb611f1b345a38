class MyStr(str):
    def __str__(self): return "S"
    def __repr__(self): return "R"
class Money(float):
    def __str__(self): return f"${self:.2f}"
class N(int): pass
class T(tuple): pass
class D(dict): pass
print("%s" % MyStr("a"), "%r" % MyStr("a"), "%s" % Money(3.5), "%.1f" % Money(3.25), "%d" % N(4), "%05d" % N(4), "%x" % N(255))
print("%s-%s" % T((1, 2)), "%(a)s" % D(a=1), b"%s" % b"x", "%s" % (MyStr("a"),), "%c" % N(65))
from enum import IntEnum
class P(IntEnum):
    A = 1
print("%d %s %i" % (P.A, P.A, P.A), "%d" % P.A)
