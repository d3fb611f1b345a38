import abc, numbers, fractions, decimal
class A: pass
class B(A): pass
class Base(abc.ABC): pass
class Mid(Base): pass
class Leaf(Mid): pass
class X: pass
class Y: pass
Mid.register(X)
Base.register(Y)
print(issubclass(X, Base), issubclass(X, Mid), issubclass(X, Leaf), issubclass(Y, Mid), issubclass(Y, Base), isinstance(X(), Base))
print(isinstance(1, numbers.Integral), isinstance(1, numbers.Number), isinstance(1.5, numbers.Rational), isinstance(1.5, numbers.Real), isinstance(1j, numbers.Real), isinstance(1j, numbers.Complex))
print(isinstance(fractions.Fraction(1, 2), numbers.Rational), issubclass(bool, numbers.Integral), isinstance('x', numbers.Number))
class MyNum:
    pass
numbers.Real.register(MyNum)
print(issubclass(MyNum, numbers.Complex), issubclass(MyNum, numbers.Rational), numbers.Real.register(MyNum) is MyNum)
