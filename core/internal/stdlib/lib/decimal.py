# decimal, written in Python: a useful subset of CPython's decimal module
# (finite numbers plus Infinity/NaN parsing; context precision and
# rounding; + - * / // % ** with integer powers; quantize, to_integral,
# normalize, sqrt; comparisons, hashing, str/repr/format). Signals other
# than division by zero and invalid operation are not tracked.
import math as _math
from collections import namedtuple as _nt

ROUND_DOWN = 'ROUND_DOWN'
ROUND_HALF_UP = 'ROUND_HALF_UP'
ROUND_HALF_EVEN = 'ROUND_HALF_EVEN'
ROUND_CEILING = 'ROUND_CEILING'
ROUND_FLOOR = 'ROUND_FLOOR'
ROUND_UP = 'ROUND_UP'
ROUND_HALF_DOWN = 'ROUND_HALF_DOWN'
ROUND_05UP = 'ROUND_05UP'

MAX_PREC = 999999999999999999
MAX_EMAX = 999999999999999999
MIN_EMIN = -999999999999999999

DecimalTuple = _nt('DecimalTuple', 'sign digits exponent')


def _reflected(name):
    # other <op> self, once other converts to a Decimal.
    def method(self, other, context=None):
        other = Decimal._conv(other)
        if other is NotImplemented:
            return other
        return getattr(other, name)(self, context)
    return method


def _division(name, part):
    # //, % or divmod() through _divmod: part picks the quotient or the
    # remainder, None both.
    def method(self, other, context=None):
        other = Decimal._conv(other)
        if other is NotImplemented:
            return other
        both = self._divmod(other, context or getcontext())
        return both if part is None else both[part]
    method.__name__ = name
    return method


def _arithmetic(compute):
    # A binary operator: other converts to a Decimal (or the operator is
    # NotImplemented), a NaN operand makes NaN, and compute(self, other, ctx)
    # does the rest.
    def method(self, other, context=None):
        other = Decimal._conv(other)
        if other is NotImplemented:
            return other
        if (self._special or other._special) and (self._is_nan() or other._is_nan()):
            return Decimal('NaN')
        return compute(self, other, context or getcontext())
    method.__name__ = compute.__name__
    return method


def _ordering(name, test):
    # <, <=, > or >=: test(c) of the three-way comparison c; NaN has no order.
    def method(self, other):
        o = self._cmp_other(other)
        if o is NotImplemented:
            return o
        c = self._compare(o)
        if c is None:
            raise InvalidOperation([InvalidOperation])
        return test(c)
    method.__name__ = name
    return method


class DecimalException(ArithmeticError):
    pass

class Clamped(DecimalException):
    pass

class InvalidOperation(DecimalException):
    pass

class ConversionSyntax(InvalidOperation):
    pass

class DivisionByZero(DecimalException, ZeroDivisionError):
    pass

class DivisionImpossible(InvalidOperation):
    pass

class DivisionUndefined(InvalidOperation, ZeroDivisionError):
    pass

class Inexact(DecimalException):
    pass

class Rounded(DecimalException):
    pass

class Subnormal(DecimalException):
    pass

class Overflow(Inexact, Rounded):
    pass

class Underflow(Inexact, Rounded, Subnormal):
    pass

class FloatOperation(DecimalException, TypeError):
    pass


class Context:
    def __init__(self, prec=None, rounding=None, Emin=None, Emax=None, capitals=None, clamp=None, flags=None, traps=None):
        self.prec = 28 if prec is None else prec
        self.rounding = ROUND_HALF_EVEN if rounding is None else rounding
        self.Emin = -999999 if Emin is None else Emin
        self.Emax = 999999 if Emax is None else Emax
        self.capitals = 1 if capitals is None else capitals
        self.clamp = 0 if clamp is None else clamp
        self.flags = {}
        self.traps = {InvalidOperation: True, DivisionByZero: True, Overflow: True}

    def copy(self):
        return Context(self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp)

    def __repr__(self):
        return ('Context(prec=%d, rounding=%s, Emin=%d, Emax=%d, capitals=%d, clamp=%d, '
                'flags=[], traps=[InvalidOperation, DivisionByZero, Overflow])'
                % (self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp))

    def create_decimal(self, num='0'):
        d = Decimal(num)
        if d._special:
            return d
        return d._fix(self)

    def clear_flags(self):
        self.flags = {}

    def add(self, a, b):
        return Decimal(a).__add__(Decimal(b), self)

    def subtract(self, a, b):
        return Decimal(a).__sub__(Decimal(b), self)

    def multiply(self, a, b):
        return Decimal(a).__mul__(Decimal(b), self)

    def divide(self, a, b):
        return Decimal(a).__truediv__(Decimal(b), self)

    def sqrt(self, a):
        return Decimal(a).sqrt(self)


DefaultContext = Context()
BasicContext = Context(prec=9, rounding=ROUND_HALF_UP)
ExtendedContext = Context(prec=9, rounding=ROUND_HALF_EVEN)

_current = [Context()]

def getcontext():
    return _current[0]

def setcontext(context):
    _current[0] = context


class _LocalContext:
    def __init__(self, ctx, kw):
        self.new = (ctx or getcontext()).copy()
        for k, v in kw.items():
            setattr(self.new, k, v)

    def __enter__(self):
        self.saved = getcontext()
        setcontext(self.new)
        return self.new

    def __exit__(self, *exc):
        setcontext(self.saved)

def localcontext(ctx=None, **kwargs):
    return _LocalContext(ctx, kwargs)


def _ndigits(n):
    return len(str(n))


def _round_coeff(sign, coeff, drop, rounding, sticky=False):
    # Drop the last drop digits of coeff, rounding; returns the new coeff.
    if drop <= 0:
        return coeff
    p = 10 ** drop
    q, r = divmod(coeff, p)
    half = p // 2
    inc = False
    if rounding == ROUND_DOWN:
        inc = False
    elif rounding == ROUND_UP:
        inc = r != 0 or sticky
    elif rounding == ROUND_CEILING:
        inc = (r != 0 or sticky) and sign == 0
    elif rounding == ROUND_FLOOR:
        inc = (r != 0 or sticky) and sign == 1
    elif rounding == ROUND_HALF_UP:
        inc = r >= half and (r > 0 or sticky)
    elif rounding == ROUND_HALF_DOWN:
        inc = r > half or (r == half and sticky)
    elif rounding == ROUND_05UP:
        inc = (r != 0 or sticky) and q % 10 in (0, 5)
    else:
        inc = r > half or (r == half and (sticky or q % 2 == 1))
    return q + 1 if inc else q


def _parse(s):
    s = s.strip().replace('_', '')
    sign = 0
    if s[:1] in '+-':
        sign = 1 if s[0] == '-' else 0
        s = s[1:]
    low = s.lower()
    if low in ('inf', 'infinity'):
        return sign, 0, 'F'
    if low in ('nan', 'snan'):
        return sign, 0, 'n'
    mant, e, exp = s.partition('e') if 'e' in s else s.partition('E')
    if e:
        if not exp or not exp.lstrip('+-').isdigit() or exp[:1] in '+-' and len(exp) == 1:
            return None
        exp = int(exp)
    else:
        exp = 0
    ip, dot, fp = mant.partition('.')
    if not (ip + fp) or not (ip + fp).isdigit() or not (ip + fp).isascii():
        return None
    return sign, int(ip + fp), exp - len(fp)


class Decimal:
    __slots__ = ('_sign', '_int', '_exp', '_special')

    def __new__(cls, value='0', context=None):
        self = object.__new__(cls)
        self._special = False
        if isinstance(value, Decimal):
            self._sign, self._int, self._exp, self._special = value._sign, value._int, value._exp, value._special
            return self
        if isinstance(value, bool):
            value = int(value)
        if isinstance(value, int):
            self._sign = 1 if value < 0 else 0
            self._int = abs(value)
            self._exp = 0
            return self
        if isinstance(value, float):
            if value != value:
                self._sign, self._int, self._exp, self._special = 0, 0, 'n', True
                return self
            if value in (float('inf'), float('-inf')):
                self._sign, self._int, self._exp, self._special = (1 if value < 0 else 0), 0, 'F', True
                return self
            sign = 1 if _math.copysign(1.0, value) < 0 else 0
            n, d = abs(value).as_integer_ratio()
            k = d.bit_length() - 1
            self._sign = sign
            self._int = n * 5 ** k
            self._exp = -k
            return self
        if isinstance(value, (tuple, list)):
            sign, digits, exp = value
            self._sign = sign
            self._int = int(''.join(str(d) for d in digits) or '0')
            self._exp = exp
            if exp in ('F', 'n', 'N'):
                self._special = True
            return self
        if isinstance(value, str):
            p = _parse(value)
            if p is None:
                raise InvalidOperation([ConversionSyntax])
            self._sign, self._int, self._exp = p
            self._special = self._exp in ('F', 'n')
            return self
        raise TypeError('conversion from %s to Decimal is not supported' % type(value).__name__)

    @classmethod
    def from_float(cls, f):
        return cls(f)

    # --- helpers

    def _is_nan(self):
        return self._special and self._exp == 'n'

    def _is_inf(self):
        return self._special and self._exp == 'F'

    def _fix(self, ctx):
        if self._special:
            return self
        n = _ndigits(self._int)
        if n <= ctx.prec:
            return self
        drop = n - ctx.prec
        c = _round_coeff(self._sign, self._int, drop, ctx.rounding)
        e = self._exp + drop
        if _ndigits(c) > ctx.prec:
            c //= 10
            e += 1
        return Decimal((self._sign, str(c), e))

    @staticmethod
    def _make(sign, coeff, exp):
        d = object.__new__(Decimal)
        d._sign, d._int, d._exp, d._special = sign, coeff, exp, False
        return d

    def _cmp_key(self):
        return self._int, self._exp

    def _compare(self, other):
        if self._is_nan() or other._is_nan():
            return None
        if self._special or other._special:
            a = (-1 if self._sign else 1) * (2 if self._is_inf() else (1 if self._int else 0))
            b = (-1 if other._sign else 1) * (2 if other._is_inf() else (1 if other._int else 0))
            if self._is_inf() or other._is_inf():
                return (a > b) - (a < b)
        sa = 0 if not self._int else (-1 if self._sign else 1)
        sb = 0 if not other._int else (-1 if other._sign else 1)
        if sa != sb:
            return (sa > sb) - (sa < sb)
        if sa == 0:
            return 0
        e = min(self._exp, other._exp)
        x = self._int * 10 ** (self._exp - e)
        y = other._int * 10 ** (other._exp - e)
        c = (x > y) - (x < y)
        return c if sa > 0 else -c

    # --- conversions

    def __str__(self):
        return self._to_str(False)

    def to_eng_string(self, context=None):
        return self._to_str(True)

    def _to_str(self, eng):
        sign = '-' if self._sign else ''
        if self._special:
            return sign + ('Infinity' if self._exp == 'F' else 'NaN')
        digits = str(self._int)
        exp = self._exp
        leftdigits = exp + len(digits)
        if exp <= 0 and leftdigits > -6:
            dotplace = leftdigits
        elif not eng:
            dotplace = 1
        elif self._int == 0:
            dotplace = (leftdigits + 1) % 3 - 1
        else:
            dotplace = (leftdigits - 1) % 3 + 1
        if dotplace <= 0:
            intpart = '0'
            fracpart = '.' + '0' * (-dotplace) + digits
        elif dotplace >= len(digits):
            intpart = digits + '0' * (dotplace - len(digits))
            fracpart = ''
        else:
            intpart = digits[:dotplace]
            fracpart = '.' + digits[dotplace:]
        if leftdigits == dotplace:
            exps = ''
        else:
            exps = 'E%+d' % (leftdigits - dotplace)
        return sign + intpart + fracpart + exps

    def __repr__(self):
        return "Decimal('%s')" % str(self)

    def __float__(self):
        if self._is_nan():
            return float('nan')
        if self._is_inf():
            return float('-inf') if self._sign else float('inf')
        return float(str(self))

    def __int__(self):
        if self._special:
            if self._is_nan():
                raise ValueError('cannot convert NaN to integer')
            raise OverflowError('cannot convert Infinity to integer')
        if self._exp >= 0:
            v = self._int * 10 ** self._exp
        else:
            v = self._int // 10 ** (-self._exp)
        return -v if self._sign else v

    __trunc__ = __int__

    def __floor__(self):
        i = int(self)
        return i - 1 if self._sign and Decimal(i) != self else i

    def __ceil__(self):
        i = int(self)
        return i + 1 if not self._sign and Decimal(i) != self else i

    def __round__(self, n=None):
        if n is None:
            return int(self.quantize(Decimal(1), rounding=ROUND_HALF_EVEN))
        return self.quantize(Decimal((0, (1,), -n)))

    def __bool__(self):
        return self._special or self._int != 0

    def as_tuple(self):
        return DecimalTuple(self._sign, tuple(int(c) for c in str(self._int)) if not self._special else (0,), self._exp)

    def as_integer_ratio(self):
        if self._exp >= 0:
            return (-1 if self._sign else 1) * self._int * 10 ** self._exp, 1
        n, d = self._int, 10 ** (-self._exp)
        g = _math.gcd(n, d)
        return (-1 if self._sign else 1) * (n // g), d // g

    def __hash__(self):
        if self._special:
            return hash(float(self))
        n, d = self.as_integer_ratio()
        if d == 1:
            return hash(n)
        f = n / d
        if Decimal(f) == self:
            return hash(f)
        return hash((n, d))

    # --- predicates

    def is_nan(self):
        return self._is_nan()

    def is_infinite(self):
        return self._is_inf()

    def is_finite(self):
        return not self._special

    def is_zero(self):
        return not self._special and self._int == 0

    def is_signed(self):
        return self._sign == 1

    def is_normal(self, context=None):
        return not self._special and self._int != 0

    def adjusted(self):
        if self._special:
            return 0
        return self._exp + _ndigits(self._int) - 1

    def copy_abs(self):
        return Decimal((0, str(self._int), self._exp))

    def copy_negate(self):
        return Decimal((1 - self._sign, str(self._int), self._exp))

    def copy_sign(self, other):
        return Decimal((Decimal(other)._sign, str(self._int), self._exp))

    # --- arithmetic

    @staticmethod
    def _conv(other):
        if isinstance(other, Decimal):
            return other
        if isinstance(other, int):
            return Decimal(other)
        return NotImplemented

    @_arithmetic
    def __add__(self, other, ctx):
        if self._special or other._special:
            if self._is_inf() and other._is_inf() and self._sign != other._sign:
                raise InvalidOperation([InvalidOperation])
            return Decimal(self if self._is_inf() else other)
        e = min(self._exp, other._exp)
        a = self._int * 10 ** (self._exp - e) * (-1 if self._sign else 1)
        b = other._int * 10 ** (other._exp - e) * (-1 if other._sign else 1)
        s = a + b
        if s == 0:
            sign = 1 if (self._sign and other._sign) or (ctx.rounding == ROUND_FLOOR and self._sign != other._sign) else 0
        else:
            sign = 1 if s < 0 else 0
        return Decimal._make(sign, abs(s), e)._fix(ctx)

    def __radd__(self, other, context=None):
        return self.__add__(other, context)

    def __neg__(self, context=None):
        if self._special:
            return Decimal((1 - self._sign, '0', self._exp))
        return Decimal._make(0 if self._int == 0 else 1 - self._sign, self._int, self._exp)._fix(context or getcontext())

    def __pos__(self, context=None):
        if self._special:
            return Decimal(self)
        return Decimal._make(0 if self._int == 0 else self._sign, self._int, self._exp)._fix(context or getcontext())

    def __abs__(self, context=None):
        if self._special:
            return Decimal((0, '0', self._exp))
        return Decimal._make(0, self._int, self._exp)._fix(context or getcontext())

    def __sub__(self, other, context=None):
        other = Decimal._conv(other)
        if other is NotImplemented:
            return other
        return self.__add__(other.copy_negate() if not other._special else Decimal((1 - other._sign, '0', other._exp)), context)

    @_arithmetic
    def __mul__(self, other, ctx):
        sign = self._sign ^ other._sign
        if self._special or other._special:
            if (self._is_inf() and other.is_zero()) or (other._is_inf() and self.is_zero()):
                raise InvalidOperation([InvalidOperation])
            return Decimal((sign, '0', 'F'))
        return Decimal._make(sign, self._int * other._int, self._exp + other._exp)._fix(ctx)

    def __rmul__(self, other, context=None):
        return self.__mul__(other, context)

    @_arithmetic
    def __truediv__(self, other, ctx):
        sign = self._sign ^ other._sign
        if self._special or other._special:
            if self._is_inf() and other._is_inf():
                raise InvalidOperation([InvalidOperation])
            if self._is_inf():
                return Decimal((sign, '0', 'F'))
            return Decimal._make(sign, 0, 0)
        if other._int == 0:
            if self._int == 0:
                raise InvalidOperation([DivisionUndefined])
            raise DivisionByZero([DivisionByZero])
        ideal = self._exp - other._exp
        if self._int == 0:
            return Decimal._make(sign, 0, ideal)
        shift = _ndigits(other._int) - _ndigits(self._int) + ctx.prec + 1
        if shift >= 0:
            q, r = divmod(self._int * 10 ** shift, other._int)
        else:
            q, r = divmod(self._int, other._int * 10 ** (-shift))
        exp = ideal - shift
        if r == 0:
            while exp < ideal and q % 10 == 0:
                q //= 10
                exp += 1
            return Decimal._make(sign, q, exp)._fix(ctx)
        n = _ndigits(q)
        drop = n - ctx.prec
        c = _round_coeff(sign, q, drop, ctx.rounding, sticky=True)
        exp += drop
        if _ndigits(c) > ctx.prec:
            c //= 10
            exp += 1
        return Decimal._make(sign, c, exp)

    def _divmod(self, other, ctx):
        if other._int == 0:
            if self._int == 0:
                raise InvalidOperation([DivisionUndefined])
            raise DivisionByZero([DivisionByZero])
        e = min(self._exp, other._exp)
        a = self._int * 10 ** (self._exp - e)
        b = other._int * 10 ** (other._exp - e)
        q = a // b
        sign = self._sign ^ other._sign
        rem = Decimal._make(self._sign, a - q * b, e)._fix(ctx)
        return Decimal._make(sign, q, 0), rem

    __rsub__ = _reflected('__sub__')
    __rtruediv__ = _reflected('__truediv__')
    __rfloordiv__ = _reflected('__floordiv__')
    __rmod__ = _reflected('__mod__')
    __floordiv__ = _division('__floordiv__', 0)
    __mod__ = _division('__mod__', 1)
    __divmod__ = _division('__divmod__', None)

    def __pow__(self, other, modulo=None, context=None):
        other = Decimal._conv(other)
        if other is NotImplemented:
            return other
        ctx = context or getcontext()
        if other._exp >= 0 and not other._special:
            n = int(other)
            if n >= 0:
                r = Decimal._make(self._sign if n % 2 else 0, self._int ** n, self._exp * n)
                return r._fix(ctx)
            if self._int == 0:
                raise DivisionByZero([DivisionByZero])
            with localcontext(ctx) as c:
                c.prec = ctx.prec + 3
                r = Decimal(1) / Decimal._make(self._sign if n % 2 else 0, self._int ** -n, self._exp * -n)
            return r._fix(ctx)
        return Decimal(repr(float(self) ** float(other)))._fix(ctx)

    def __rpow__(self, other, context=None):
        other = Decimal._conv(other)
        if other is NotImplemented:
            return other
        return other.__pow__(self, None, context)

    # --- comparisons

    def _cmp_other(self, other):
        if isinstance(other, float):
            other = Decimal(other)
        else:
            other = Decimal._conv(other)
        return other

    def __eq__(self, other):
        if not isinstance(other, (Decimal, int, float)):
            if type(other).__name__ == 'Fraction':
                n, d = other.as_integer_ratio()
                return self * d == n
            return NotImplemented
        other = self._cmp_other(other)
        return self._compare(other) == 0

    __lt__ = _ordering('__lt__', lambda c: c < 0)
    __le__ = _ordering('__le__', lambda c: c <= 0)
    __gt__ = _ordering('__gt__', lambda c: c > 0)
    __ge__ = _ordering('__ge__', lambda c: c >= 0)

    def compare(self, other, context=None):
        c = self._compare(Decimal(other))
        return Decimal('NaN') if c is None else Decimal(c)

    def max(self, other, context=None):
        other = Decimal(other)
        return self if self._compare(other) >= 0 else other

    def min(self, other, context=None):
        other = Decimal(other)
        return self if self._compare(other) <= 0 else other

    # --- rounding and scaling

    def quantize(self, exp, rounding=None, context=None):
        exp = Decimal(exp)
        ctx = context or getcontext()
        rounding = rounding or ctx.rounding
        if self._special or exp._special:
            if self._is_inf() and exp._is_inf():
                return Decimal(self)
            raise InvalidOperation([InvalidOperation])
        target = exp._exp
        if target >= self._exp:
            c = _round_coeff(self._sign, self._int, target - self._exp, rounding)
        else:
            c = self._int * 10 ** (self._exp - target)
        if _ndigits(c) > ctx.prec:
            raise InvalidOperation([InvalidOperation])
        return Decimal._make(self._sign, c, target)

    def to_integral_value(self, rounding=None, context=None):
        if self._special or self._exp >= 0:
            return Decimal(self)
        rounding = rounding or (context or getcontext()).rounding
        c = _round_coeff(self._sign, self._int, -self._exp, rounding)
        return Decimal._make(self._sign, c, 0)

    to_integral = to_integral_value

    def to_integral_exact(self, rounding=None, context=None):
        return self.to_integral_value(rounding, context)

    def normalize(self, context=None):
        if self._special:
            return Decimal(self)
        d = self._fix(context or getcontext())
        c, e = d._int, d._exp
        if c == 0:
            return Decimal._make(d._sign, 0, 0)
        while c % 10 == 0:
            c //= 10
            e += 1
        return Decimal._make(d._sign, c, e)

    def sqrt(self, context=None):
        ctx = context or getcontext()
        if self._special:
            if self._sign == 0 or self._is_nan():
                return Decimal(self)
            raise InvalidOperation([InvalidOperation])
        if self._sign and self._int:
            raise InvalidOperation([InvalidOperation])
        if self._int == 0:
            return Decimal._make(self._sign, 0, self._exp // 2)
        prec = ctx.prec + 1
        e = self._exp
        c = self._int
        if e % 2:
            c *= 10
            e -= 1
        shift = max(0, prec * 2 - _ndigits(c) + 2)
        if shift % 2:
            shift += 1
        c *= 10 ** shift
        e -= shift
        r = _math.isqrt(c)
        exact = r * r == c
        res = Decimal._make(0, r, e // 2)
        if exact:
            ideal = self._exp // 2
            while res._exp < ideal and res._int % 10 == 0:
                res = Decimal._make(0, res._int // 10, res._exp + 1)
            return res._fix(ctx)
        n = _ndigits(r)
        drop = n - ctx.prec
        cc = _round_coeff(0, r, drop, ctx.rounding, sticky=True)
        return Decimal._make(0, cc, e // 2 + drop)._fix(ctx)

    def exp(self, context=None):
        return Decimal(repr(_math.exp(float(self))))._fix(context or getcontext())

    def ln(self, context=None):
        return Decimal(repr(_math.log(float(self))))._fix(context or getcontext())

    def log10(self, context=None):
        return Decimal(repr(_math.log10(float(self))))._fix(context or getcontext())

    def fma(self, other, third, context=None):
        return Decimal._make(self._sign ^ Decimal(other)._sign, self._int * Decimal(other)._int, self._exp + Decimal(other)._exp) + third

    # --- formatting

    def __format__(self, spec):
        if not spec:
            return str(self)
        import re
        m = re.fullmatch(r'([<>^=]?)([+\- ]?)(0?)(\d*)([,_]?)(?:\.(\d+))?([fFeEgG%n]?)', spec)
        if m is None:
            raise ValueError('Invalid format specifier')
        align, signch, zero, width, group, precision, typ = m.groups()
        d = self
        if typ == '%':
            d = d * 100
        if d._special:
            body = 'Infinity' if d._is_inf() else 'NaN'
        elif typ in ('f', 'F', '%') or (typ == '' and precision):
            if precision is not None:
                d = d.quantize(Decimal((0, (1,), -int(precision))), rounding=getcontext().rounding)
            body = d.copy_abs()._plain()
        elif typ in ('e', 'E'):
            body = format(float(d.copy_abs()), '.%s%s' % (precision or '6', typ))
        elif typ in ('g', 'G', 'n'):
            body = format(float(d.copy_abs()), spec[-1:] if not precision else '.%s%s' % (precision, typ))
        else:
            body = str(d.copy_abs())
        if group:
            ip, dot, fp = body.partition('.')
            ip = format(int(ip), group)
            body = ip + dot + fp
        if typ == '%':
            body += '%'
        sign = '-' if d._sign else ('+' if signch == '+' else (' ' if signch == ' ' else ''))
        s = sign + body
        w = int(width) if width else 0
        if len(s) < w:
            if zero and not align:
                s = sign + body.rjust(w - len(sign), '0')
            elif align == '<':
                s = s.ljust(w)
            elif align == '^':
                s = s.center(w)
            else:
                s = s.rjust(w)
        return s

    def _plain(self):
        digits = str(self._int)
        if self._exp >= 0:
            return digits + '0' * self._exp
        k = -self._exp
        if len(digits) <= k:
            digits = '0' * (k - len(digits) + 1) + digits
        return digits[:-k] + '.' + digits[-k:]

    def __reduce__(self):
        return (self.__class__, (str(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self
