
import math as _math
import numbers as _numbers
import re as _re

_RATIONAL_FORMAT = _re.compile(r"""
    \A\s*
    (?P<sign>[-+]?)
    (?=\d|\.\d)
    (?P<num>\d*|\d+(_\d+)*)
    (?:
        (?:\s*/\s*(?P<denom>\d+(_\d+)*))?
    |
        (?:\.(?P<decimal>\d*|\d+(_\d+)*))?
        (?:E(?P<exp>[-+]?\d+(_\d+)*))?
    )
    \s*\Z
""", _re.VERBOSE | _re.IGNORECASE)


# The exact arithmetic of two Fractions.

def _add(a, b):
    return Fraction(a._numerator * b._denominator + b._numerator * a._denominator, a._denominator * b._denominator)


def _sub(a, b):
    return Fraction(a._numerator * b._denominator - b._numerator * a._denominator, a._denominator * b._denominator)


def _mul(a, b):
    return Fraction(a._numerator * b._numerator, a._denominator * b._denominator)


def _truediv(a, b):
    if b._numerator == 0:
        raise ZeroDivisionError('Fraction(%s, 0)' % (a._numerator * b._denominator))
    return Fraction(a._numerator * b._denominator, a._denominator * b._numerator)


def _floordiv(a, b):
    return (a._numerator * b._denominator) // (a._denominator * b._numerator)


def _mod(a, b):
    da, db = a._denominator, b._denominator
    return Fraction((a._numerator * db) % (b._numerator * da), da * db)


def _operators(name, exact, inexact, complex_too):
    # An operator's method and its reflection: exact on two Fractions (an
    # int operand becomes one), inexact on floats, and on complex numbers
    # where complex_too; any other operand is NotImplemented.
    def forward(a, b):
        c = Fraction._coerce(b)
        if c is not None:
            return exact(a, c)
        if isinstance(b, float):
            return inexact(float(a), b)
        if complex_too and isinstance(b, complex):
            return inexact(complex(a), b)
        return NotImplemented

    def reverse(b, a):
        c = Fraction._coerce(a)
        if c is not None:
            return exact(c, b)
        if isinstance(a, float):
            return inexact(a, float(b))
        if complex_too and isinstance(a, complex):
            return inexact(a, complex(b))
        return NotImplemented

    forward.__name__ = '__%s__' % name
    reverse.__name__ = '__r%s__' % name
    return forward, reverse


class Fraction:
    __slots__ = ('_numerator', '_denominator')

    def __new__(cls, numerator=0, denominator=None):
        self = object.__new__(cls)
        if denominator is None:
            if type(numerator) is int or isinstance(numerator, int):
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            elif isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return self
            elif isinstance(numerator, float):
                n, d = numerator.as_integer_ratio()
                self._numerator = n
                self._denominator = d
                return self
            elif isinstance(numerator, str):
                m = _RATIONAL_FORMAT.match(numerator)
                if m is None:
                    raise ValueError('Invalid literal for Fraction: %r' % numerator)
                numerator = int(m.group('num') or '0')
                denom = m.group('denom')
                if denom:
                    denominator = int(denom)
                else:
                    denominator = 1
                    decimal = m.group('decimal')
                    if decimal:
                        decimal = decimal.replace('_', '')
                        scale = 10 ** len(decimal)
                        numerator = numerator * scale + int(decimal)
                        denominator *= scale
                    exp = m.group('exp')
                    if exp:
                        exp = int(exp)
                        if exp >= 0:
                            numerator *= 10 ** exp
                        else:
                            denominator *= 10 ** -exp
                if m.group('sign') == '-':
                    numerator = -numerator
            elif hasattr(numerator, 'as_integer_ratio'):
                numerator, denominator = numerator.as_integer_ratio()
            else:
                raise TypeError('argument should be a string or a Rational instance')
        elif isinstance(numerator, int) and isinstance(denominator, int):
            pass
        elif isinstance(numerator, Fraction) or isinstance(denominator, Fraction):
            a = Fraction(numerator)
            b = Fraction(denominator)
            numerator = a._numerator * b._denominator
            denominator = a._denominator * b._numerator
        else:
            raise TypeError('both arguments should be Rational instances')
        if denominator == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % numerator)
        g = _math.gcd(numerator, denominator)
        if denominator < 0:
            g = -g
        self._numerator = numerator // g
        self._denominator = denominator // g
        return self

    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError('%s.from_float() only takes floats, not %r (%s)' % (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        return cls(*dec.as_integer_ratio())

    def as_integer_ratio(self):
        return (self._numerator, self._denominator)

    def is_integer(self):
        return self._denominator == 1

    def limit_denominator(self, max_denominator=1000000):
        if max_denominator < 1:
            raise ValueError('max_denominator should be at least 1')
        if self._denominator <= max_denominator:
            return Fraction(self)
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        if 2 * d * (q0 + k * q1) <= self._denominator:
            return Fraction(p1, q1)
        else:
            return Fraction(p0 + k * p1, q0 + k * q1)

    @property
    def numerator(self):
        return self._numerator

    @property
    def denominator(self):
        return self._denominator

    def __repr__(self):
        return '%s(%s, %s)' % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return '%s/%s' % (self._numerator, self._denominator)

    @staticmethod
    def _coerce(other):
        if isinstance(other, Fraction):
            return other
        if isinstance(other, int):
            return Fraction(other)
        return None

    __add__, __radd__ = _operators('add', _add, lambda x, y: x + y, True)
    __sub__, __rsub__ = _operators('sub', _sub, lambda x, y: x - y, True)
    __mul__, __rmul__ = _operators('mul', _mul, lambda x, y: x * y, True)
    __truediv__, __rtruediv__ = _operators('truediv', _truediv, lambda x, y: x / y, True)
    __floordiv__, __rfloordiv__ = _operators('floordiv', _floordiv, lambda x, y: x // y, False)
    __mod__, __rmod__ = _operators('mod', _mod, lambda x, y: x % y, False)

    def __divmod__(a, b):
        return (a // b, a % b)

    def __rdivmod__(b, a):
        return (a // b, a % b)

    def __pow__(a, b):
        if isinstance(b, int) or (isinstance(b, Fraction) and b._denominator == 1):
            power = int(b)
            if power >= 0:
                return Fraction(a._numerator ** power, a._denominator ** power)
            elif a._numerator == 0:
                raise ZeroDivisionError('Fraction(%s, 0)' % a._denominator ** -power)
            elif a._numerator > 0:
                return Fraction(a._denominator ** -power, a._numerator ** -power)
            else:
                return Fraction((-a._denominator) ** -power, (-a._numerator) ** -power)
        if isinstance(b, (float, Fraction)):
            return float(a) ** float(b)
        if isinstance(b, complex):
            return complex(a) ** b
        return NotImplemented

    def __rpow__(b, a):
        if b._denominator == 1 and b._numerator >= 0:
            return a ** b._numerator
        if isinstance(a, int):
            return Fraction(a) ** b
        return a ** float(b)

    def __pos__(a):
        return Fraction(a._numerator, a._denominator)

    def __neg__(a):
        return Fraction(-a._numerator, a._denominator)

    def __abs__(a):
        return Fraction(abs(a._numerator), a._denominator)

    def __int__(a):
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    def __trunc__(a):
        return a.__int__()

    def __floor__(a):
        return a._numerator // a._denominator

    def __ceil__(a):
        return -(-a._numerator // a._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            floor, remainder = divmod(self._numerator, self._denominator)
            if remainder * 2 < self._denominator:
                return floor
            elif remainder * 2 > self._denominator:
                return floor + 1
            elif floor % 2 == 0:
                return floor
            else:
                return floor + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        else:
            return Fraction(round(self / shift) * shift)

    def __float__(a):
        return a._numerator / a._denominator

    def __complex__(a):
        return complex(float(a))

    def __bool__(a):
        return a._numerator != 0

    def __hash__(self):
        if self._denominator == 1:
            return hash(self._numerator)
        f = float(self)
        if f == self:
            return hash(f)
        return hash((self._numerator, self._denominator))

    def __eq__(a, b):
        if isinstance(b, Fraction):
            return a._numerator == b._numerator and a._denominator == b._denominator
        if isinstance(b, int):
            return a._denominator == 1 and a._numerator == b
        if isinstance(b, float):
            if b != b or b in (float('inf'), float('-inf')):
                return False
            return a == Fraction(b)
        if isinstance(b, complex):
            return b.imag == 0 and a == b.real
        return NotImplemented

    def _cmp(a, b):
        if isinstance(b, (Fraction, int)):
            c = Fraction._coerce(b)
            return a._numerator * c._denominator - c._numerator * a._denominator
        if isinstance(b, float):
            if b != b:
                return None
            if b in (float('inf'), float('-inf')):
                return -1 if b > 0 else 1
            return a._cmp(Fraction(b))
        return NotImplemented

    def __lt__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c < 0

    def __gt__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c > 0

    def __le__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c <= 0

    def __ge__(a, b):
        c = a._cmp(b)
        if c is NotImplemented:
            return c
        return c is not None and c >= 0

    def __reduce__(self):
        return (self.__class__, (self._numerator, self._denominator))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


_numbers.Rational.register(Fraction)
