
from abc import ABCMeta, abstractmethod

# abc.ABCMeta.register does not yet record virtual subclasses, so the
# numeric tower keeps its own registry.
class _NumberMeta(ABCMeta):
    def register(cls, subclass):
        cls.__dict__['_registered'].append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, sub):
        if type.__subclasscheck__(cls, sub):
            return True
        for c in _tower:
            if type.__subclasscheck__(cls, c):
                for r in c.__dict__['_registered']:
                    if issubclass(sub, r):
                        return True
        return False

class Number(metaclass=_NumberMeta):
    __slots__ = ()
    __hash__ = None
    _registered = []

class Complex(Number):
    __slots__ = ()
    _registered = []

class Real(Complex):
    __slots__ = ()
    _registered = []

class Rational(Real):
    __slots__ = ()
    _registered = []

class Integral(Rational):
    __slots__ = ()
    _registered = []

_tower = (Number, Complex, Real, Rational, Integral)

Complex.register(complex)
Real.register(float)
Integral.register(int)
