
from abc import ABCMeta, abstractmethod

class Number(metaclass=ABCMeta):
    __slots__ = ()
    __hash__ = None

class Complex(Number):
    __slots__ = ()

class Real(Complex):
    __slots__ = ()

class Rational(Real):
    __slots__ = ()

class Integral(Rational):
    __slots__ = ()

Complex.register(complex)
Real.register(float)
Integral.register(int)
