package vm

import (
	"math"

	"github.com/amber-sandbox/amber/core/heap"
)

// Standard streams. sys.stdout and sys.stderr are instances of a small
// class, TextIOWrapper, whose write and flush are builtins. The stream an
// instance writes to is kept in its "_amber_stream" attribute, so it
// survives a dump like any other instance state.

const stdStreamAttr = "_amber_stream"

func init() {
	registerBuiltin("TextIOWrapper.write", streamWrite, true)
	registerBuiltin("TextIOWrapper.flush", streamFlush, true)
}

// newStdStream returns a file-like object for sys.stdout ("stdout") or
// sys.stderr ("stderr"): write(s) sends s to the host's output and returns
// len(s); flush() does nothing.
func newStdStream(vm *VM, stream string) Value {
	ns := vm.NewDict()
	method := func(name string) Value {
		return vm.H.Alloc(&heap.Builtin{ID: mustBuiltinID("TextIOWrapper." + name), Self: heap.Undef})
	}
	vm.dictSetStr(ns, vm.Intern("__module__"), vm.NewStr("io"))
	vm.dictSetStr(ns, vm.Intern("write"), method("write"))
	vm.dictSetStr(ns, vm.Intern("flush"), method("flush"))
	cls, err := vm.newClass(vm.Types[TType], vm.NewStr("TextIOWrapper"), vm.NewTuple(nil), ns, Args{})
	if err != nil {
		return heap.None
	}
	d := vm.NewDict()
	vm.dictSetStr(d, vm.Intern(stdStreamAttr), vm.NewStr(stream))
	vm.dictSetStr(d, vm.Intern("name"), vm.NewStr("<"+stream+">"))
	vm.dictSetStr(d, vm.Intern("encoding"), vm.NewStr("utf-8"))
	return vm.H.Alloc(&heap.Instance{Class: cls, Dict: d, Prim: heap.Undef})
}

// StdStreamOf reports which host stream v writes to, if v is one of the
// objects newStdStream made. print(file=...) uses it.
func (vm *VM) StdStreamOf(v Value) (string, bool) {
	if v.K != heap.KRef {
		return "", false
	}
	inst, ok := vm.H.Get(v).(*heap.Instance)
	if !ok || inst.Dict.K != heap.KRef {
		return "", false
	}
	d, ok := vm.DictOf(inst.Dict)
	if !ok {
		return "", false
	}
	k := vm.Intern(stdStreamAttr)
	s, found, _ := d.Get(k, vm.strHash(k), vm.strEq)
	if !found {
		return "", false
	}
	name, ok := vm.StrOf(s)
	if !ok || (name != "stdout" && name != "stderr") {
		return "", false
	}
	return name, true
}

func streamWrite(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("write", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	stream, ok := vm.StdStreamOf(self)
	if !ok {
		return heap.Undef, vm.TypeError("write() called on a closed or foreign stream")
	}
	s, ok := vm.StrOf(a.Pos[0])
	if !ok {
		return heap.Undef, vm.TypeError("write() argument must be str, not %s", vm.TypeName(a.Pos[0]))
	}
	if err := vm.write(stream, s); err != nil {
		return heap.Undef, err
	}
	return heap.Int(int64(len([]rune(s)))), nil
}

func streamFlush(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("flush", a, 0, 0); err != nil {
		return heap.Undef, err
	}
	return heap.None, nil
}

func init() {
	RegisterPythonModule("abc", abcSrc)
	RegisterPythonModule("time", timeSrc)
	RegisterPythonModule("statistics", statisticsSrc)
	RegisterPythonModule("pprint", pprintSrc)
}

// newFloatInfo returns the object for sys.float_info.
func newFloatInfo(vm *VM) Value {
	ns := vm.NewDict()
	vm.dictSetStr(ns, vm.Intern("__module__"), vm.NewStr("sys"))
	cls, err := vm.newClass(vm.Types[TType], vm.NewStr("float_info"), vm.NewTuple(nil), ns, Args{})
	if err != nil {
		return heap.None
	}
	d := vm.NewDict()
	for _, f := range []struct {
		name string
		v    Value
	}{
		{"max", heap.Float(math.MaxFloat64)}, {"max_exp", heap.Int(1024)}, {"max_10_exp", heap.Int(308)},
		{"min", heap.Float(2.2250738585072014e-308)}, {"min_exp", heap.Int(-1021)}, {"min_10_exp", heap.Int(-307)},
		{"dig", heap.Int(15)}, {"mant_dig", heap.Int(53)}, {"epsilon", heap.Float(2.220446049250313e-16)},
		{"radix", heap.Int(2)}, {"rounds", heap.Int(1)},
	} {
		vm.dictSetStr(d, vm.Intern(f.name), f.v)
	}
	return vm.H.Alloc(&heap.Instance{Class: cls, Dict: d, Prim: heap.Undef})
}

// abc: abstract methods are enforced for subclasses of ABC, whose
// __init_subclass__ computes __abstractmethods__ and whose __new__ refuses
// abstract classes. The VM does not run a metaclass's __new__ or __call__,
// so a class that only says metaclass=ABCMeta is not checked.
const abcSrc = `
def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


class abstractclassmethod(classmethod):
    __isabstractmethod__ = True


class abstractstaticmethod(staticmethod):
    __isabstractmethod__ = True


class abstractproperty(property):
    __isabstractmethod__ = True


def _is_abstract(value):
    if getattr(value, '__isabstractmethod__', False) is True:
        return True
    for attr in ('__func__', 'fget', 'fset', 'fdel'):
        inner = getattr(value, attr, None)
        if inner is not None and getattr(inner, '__isabstractmethod__', False) is True:
            return True
    return False


def _compute_abstracts(cls):
    abstracts = set()
    for name, value in cls.__dict__.items():
        if _is_abstract(value):
            abstracts.add(name)
    for base in cls.__bases__:
        for name in getattr(base, '__abstractmethods__', ()):
            value = None
            for klass in cls.__mro__:
                if name in klass.__dict__:
                    value = klass.__dict__[name]
                    break
            if value is None or _is_abstract(value):
                abstracts.add(name)
    cls.__abstractmethods__ = frozenset(abstracts)


# Virtual subclasses registered with ABCMeta.register, by ABC.
_registry = {}


class ABCMeta(type):
    def __new__(mcls, name, bases, ns, **kwargs):
        cls = super().__new__(mcls, name, bases, ns, **kwargs)
        _compute_abstracts(cls)
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        _registry.setdefault(cls, []).append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if type.__subclasscheck__(cls, subclass):
            return True
        hook = getattr(cls, '__subclasshook__', None)
        if hook is not None:
            ok = hook(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        for klass in cls.__mro__:
            for r in _registry.get(klass, ()):
                if issubclass(subclass, r):
                    return True
        return False


class ABC(metaclass=ABCMeta):
    __slots__ = ()
    __abstractmethods__ = frozenset()

    def __init_subclass__(cls, *args, **kwargs):
        _compute_abstracts(cls)

    def __new__(cls, *args, **kwargs):
        abstracts = cls.__abstractmethods__
        if abstracts:
            names = sorted(abstracts)
            s = 's' if len(names) > 1 else ''
            raise TypeError(f"Can't instantiate abstract class {cls.__name__} with abstract method{s} {', '.join(names)}")
        return object.__new__(cls)



def get_cache_token():
    return 0


def update_abstractmethods(cls):
    if hasattr(cls, '__abstractmethods__'):
        _compute_abstracts(cls)
    return cls
`

// time: the sandbox has no clock. time(), monotonic(), perf_counter() and
// friends read a virtual clock that starts at 0.0 (the epoch, for time())
// and advances only when the program calls sleep(), which returns at once.
// Elapsed-time arithmetic therefore works and is deterministic; a host
// that wants real time can hand it in as input.
const timeSrc = `
_virtual = [0]   # nanoseconds since the start of the virtual clock

timezone = 0
altzone = 0
daylight = 0
tzname = ('UTC', 'UTC')

_DAYNAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
_MONTHNAMES = [None, 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']


def time():
    return _virtual[0] / 1e9


def time_ns():
    return _virtual[0]


def monotonic():
    return _virtual[0] / 1e9


def monotonic_ns():
    return _virtual[0]


def perf_counter():
    return _virtual[0] / 1e9


def perf_counter_ns():
    return _virtual[0]


def process_time():
    return _virtual[0] / 1e9


def process_time_ns():
    return _virtual[0]


def thread_time():
    return _virtual[0] / 1e9


def sleep(secs):
    if not isinstance(secs, (int, float)):
        raise TypeError(f"'{type(secs).__name__}' object cannot be interpreted as an integer")
    if secs < 0:
        raise ValueError('sleep length must be non-negative')
    _virtual[0] += int(secs * 1e9)


_FIELDS = ('tm_year', 'tm_mon', 'tm_mday', 'tm_hour', 'tm_min', 'tm_sec', 'tm_wday', 'tm_yday', 'tm_isdst')


class struct_time(tuple):
    n_fields = 11
    n_sequence_fields = 9
    n_unnamed_fields = 0

    def __new__(cls, seq):
        seq = tuple(seq)
        if len(seq) < 9:
            raise TypeError(f'time.struct_time() takes an at least 9-sequence ({len(seq)}-sequence given)')
        self = tuple.__new__(cls, seq[:9])
        return self

    tm_year = property(lambda self: self[0])
    tm_mon = property(lambda self: self[1])
    tm_mday = property(lambda self: self[2])
    tm_hour = property(lambda self: self[3])
    tm_min = property(lambda self: self[4])
    tm_sec = property(lambda self: self[5])
    tm_wday = property(lambda self: self[6])
    tm_yday = property(lambda self: self[7])
    tm_isdst = property(lambda self: self[8])
    tm_zone = property(lambda self: 'UTC')
    tm_gmtoff = property(lambda self: 0)

    def __repr__(self):
        return 'time.struct_time(' + ', '.join([f'{n}={v}' for n, v in zip(_FIELDS, self)]) + ')'


def gmtime(secs=None):
    import datetime
    if secs is None:
        secs = time()
    dt = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=int(secs // 1))
    yday = dt.toordinal() - datetime.date(dt.year, 1, 1).toordinal() + 1
    return struct_time((dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.weekday(), yday, 0))


localtime = gmtime


def mktime(t):
    import datetime
    dt = datetime.datetime(t[0], t[1], t[2], t[3], t[4], t[5])
    return (dt - datetime.datetime(1970, 1, 1)).total_seconds()


timegm = mktime


def strftime(format, t=None):
    import datetime
    if t is None:
        t = localtime()
    dt = datetime.datetime(t[0], t[1], t[2], t[3], t[4], t[5])
    return dt.strftime(format)


def strptime(string, format='%a %b %d %H:%M:%S %Y'):
    import datetime
    dt = datetime.datetime.strptime(string, format)
    yday = dt.toordinal() - datetime.date(dt.year, 1, 1).toordinal() + 1
    return struct_time((dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.weekday(), yday, -1))


def asctime(t=None):
    if t is None:
        t = localtime()
    return f'{_DAYNAMES[t[6]]} {_MONTHNAMES[t[1]]} {t[2]:2d} {t[3]:02d}:{t[4]:02d}:{t[5]:02d} {t[0]}'


def ctime(secs=None):
    return asctime(localtime(secs))


def get_clock_info(name):
    raise ValueError('the sandbox has a virtual clock only')
`

// statistics: exact sums over integer ratios, as CPython's Fractions do,
// so results round like CPython's.
const statisticsSrc = `
import _random
import math as _math
from collections import namedtuple as _namedtuple


class StatisticsError(ValueError):
    pass


def _ratio(x):
    if isinstance(x, bool):
        return int(x), 1
    if isinstance(x, int):
        return x, 1
    if isinstance(x, float):
        if x != x or x in (float('inf'), float('-inf')):
            raise _NonFinite(x)
        return x.as_integer_ratio()
    if hasattr(x, 'numerator') and hasattr(x, 'denominator'):
        return x.numerator, x.denominator
    raise TypeError(f"can't convert type '{type(x).__name__}' to numerator/denominator")


class _NonFinite(Exception):
    def __init__(self, value):
        self.value = value


def _gcd(a, b):
    a, b = abs(a), abs(b)
    while b:
        a, b = b, a % b
    return a


def _norm(n, d):
    if d < 0:
        n, d = -n, -d
    g = _gcd(n, d) or 1
    return n // g, d // g


def _sum(data):
    T = int
    n, d = 0, 1
    count = 0
    for x in data:
        count += 1
        if isinstance(x, float):
            T = float
        elif not isinstance(x, (int, bool)) and T is int:
            T = type(x)
        xn, xd = _ratio(x)
        n, d = _norm(n * xd + xn * d, d * xd)
    return T, n, d, count


def _convert(n, d, T):
    if T is int and d != 1:
        T = float
    if T is int:
        return n
    if T is float:
        return n / d
    try:
        return T(n) / T(d)
    except Exception:
        return n / d


def _list(data):
    if iter(data) is data:
        data = list(data)
    return data


def mean(data):
    data = _list(data)
    try:
        T, n, d, count = _sum(data)
    except _NonFinite as e:
        return e.value
    if count < 1:
        raise StatisticsError('mean requires at least one data point')
    n, d = _norm(n, d * count)
    return _convert(n, d, T)


def fmean(data, weights=None):
    data = _list(data)
    if weights is None:
        try:
            T, n, d, count = _sum(data)
        except _NonFinite as e:
            return e.value
        if count == 0:
            raise StatisticsError('fmean requires at least one data point')
        return n / (d * count)
    weights = _list(weights)
    if len(weights) != len(data):
        raise StatisticsError('data and weights must be the same length')
    T, wn, wd, _ = _sum(weights)
    if wn == 0:
        raise StatisticsError('sum of weights must be non-zero')
    T, n, d, _ = _sum([x * w for x, w in zip(data, weights)])
    return (n * wd) / (d * wn)


def _ss(data):
    T, n, d, count = _sum(data)
    sn, sd = 0, 1
    for x in data:
        xn, xd = _ratio(x)
        dn, dd = _norm(xn * d - n * xd, xd * d * count)
        # (x - mean)^2 with mean = n / (d * count)
        dn, dd = _norm(xn * d * count - n * xd, xd * d * count)
        sn, sd = _norm(sn * dd * dd + dn * dn * sd, sd * dd * dd)
    return T, sn, sd, count


def _isqrt(n):
    if n < 0:
        raise ValueError('isqrt() argument must be nonnegative')
    if n == 0:
        return 0
    x = 1 << ((n.bit_length() + 1) // 2)
    while True:
        y = (x + n // x) // 2
        if y >= x:
            return x
        x = y


def _isqrt_frac_rto(n, m):
    a = _isqrt(n // m)
    return a | (a * a * m != n)


def _float_sqrt_of_frac(n, m):
    q, r = divmod(n.bit_length() - m.bit_length() - 109, 2)
    if q >= 0:
        numerator = _isqrt_frac_rto(n, m << 2 * q) << q
        denominator = 1
    else:
        numerator = _isqrt_frac_rto(n << -2 * q, m)
        denominator = 1 << -q
    return numerator / denominator


def variance(data, xbar=None):
    data = _list(data)
    if len(data) < 2:
        raise StatisticsError('variance requires at least two data points')
    T, sn, sd, n = _ss(data)
    vn, vd = _norm(sn, sd * (n - 1))
    return _convert(vn, vd, T)


def pvariance(data, mu=None):
    data = _list(data)
    if len(data) < 1:
        raise StatisticsError('pvariance requires at least one data point')
    T, sn, sd, n = _ss(data)
    vn, vd = _norm(sn, sd * n)
    return _convert(vn, vd, T)


def stdev(data, xbar=None):
    data = _list(data)
    if len(data) < 2:
        raise StatisticsError('stdev requires at least two data points')
    T, sn, sd, n = _ss(data)
    vn, vd = _norm(sn, sd * (n - 1))
    return _float_sqrt_of_frac(vn, vd)


def pstdev(data, mu=None):
    data = _list(data)
    if len(data) < 1:
        raise StatisticsError('pstdev requires at least one data point')
    T, sn, sd, n = _ss(data)
    vn, vd = _norm(sn, sd * n)
    return _float_sqrt_of_frac(vn, vd)


def median(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError('no median for empty data')
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def median_low(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError('no median for empty data')
    if n % 2 == 1:
        return data[n // 2]
    return data[n // 2 - 1]


def median_high(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError('no median for empty data')
    return data[n // 2]


def _counts(data):
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    return counts


def mode(data):
    counts = _counts(data)
    if not counts:
        raise StatisticsError('no mode for empty data')
    best = None
    for k, c in counts.items():
        if best is None or c > counts[best]:
            best = k
    return best


def multimode(data):
    counts = _counts(data)
    if not counts:
        return []
    top = max(counts.values())
    return [k for k, c in counts.items() if c == top]


def harmonic_mean(data, weights=None):
    data = _list(data)
    n = len(data)
    if n < 1:
        raise StatisticsError('harmonic_mean requires at least one data point')
    if weights is None:
        weights = [1] * n
    for x in data:
        if x < 0:
            raise StatisticsError('harmonic mean does not support negative values')
    if any(x == 0 for x in data):
        return 0
    T, wn, wd, _ = _sum(weights)
    T2, n2, d2, _ = _sum([w / x for w, x in zip(weights, data)])
    return (wn * d2) / (wd * n2)


def geometric_mean(data):
    data = _list(data)
    if not data:
        raise StatisticsError('geometric mean requires a non-empty dataset containing positive numbers')
    try:
        return _random.exp(fmean([_random.log(x) for x in data]))
    except ValueError:
        raise StatisticsError('geometric mean requires a non-empty dataset containing positive numbers') from None


def quantiles(data, *, n=4, method='exclusive'):
    if n < 1:
        raise StatisticsError('n must be at least 1')
    data = sorted(data)
    ld = len(data)
    if ld < 2:
        raise StatisticsError('must have at least two data points')
    if method == 'inclusive':
        m = ld - 1
        result = []
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            interpolated = (data[j] * (n - delta) + data[j + 1] * delta) / n
            result.append(interpolated)
        return result
    if method == 'exclusive':
        m = ld + 1
        result = []
        for i in range(1, n):
            j = i * m // n
            j = 1 if j < 1 else ld - 1 if j > ld - 1 else j
            delta = i * m - j * n
            interpolated = (data[j - 1] * (n - delta) + data[j] * delta) / n
            result.append(interpolated)
        return result
    raise ValueError(f'Unknown method: {method!r}')


def _paired(x, y, what):
    n = len(x)
    if len(y) != n:
        raise StatisticsError(what + ' requires that both inputs have same number of data points')
    if n < 2:
        raise StatisticsError(what + ' requires at least two data points')
    return n


def covariance(x, y, /):
    n = _paired(x, y, 'covariance')
    xbar = _math.fsum(x) / n
    ybar = _math.fsum(y) / n
    sxy = _math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
    return sxy / (n - 1)


def correlation(x, y, /):
    n = _paired(x, y, 'correlation')
    xbar = _math.fsum(x) / n
    ybar = _math.fsum(y) / n
    sxy = _math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
    sxx = _math.fsum((xi - xbar) ** 2 for xi in x)
    syy = _math.fsum((yi - ybar) ** 2 for yi in y)
    try:
        return sxy / _math.sqrt(sxx * syy)
    except ZeroDivisionError:
        raise StatisticsError('at least one of the inputs is constant') from None


LinearRegression = _namedtuple('LinearRegression', ('slope', 'intercept'))


def linear_regression(x, y, /, *, proportional=False):
    n = _paired(x, y, 'linear regression')
    if proportional:
        sxy = _math.fsum(xi * yi for xi, yi in zip(x, y))
        sxx = _math.fsum(xi * xi for xi in x)
    else:
        xbar = _math.fsum(x) / n
        ybar = _math.fsum(y) / n
        sxy = _math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
        sxx = _math.fsum((xi - xbar) ** 2 for xi in x)
    try:
        slope = sxy / sxx
    except ZeroDivisionError:
        raise StatisticsError('x is constant') from None
    intercept = 0.0 if proportional else ybar - slope * xbar
    return LinearRegression(slope=slope, intercept=intercept)


def median_grouped(data, interval=1):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError('no median for empty data')
    if n == 1:
        return data[0]
    x = data[n // 2]
    for obj in (x, interval):
        if isinstance(obj, (str, bytes)):
            raise TypeError('expected number but got %r' % obj)
    L = x - interval / 2
    cf = data.index(x)
    f = data.count(x)
    return L + interval * (n / 2 - cf) / f
`

// pprint: CPython's layout rules for dicts, lists, tuples and sets.
const pprintSrc = `
def _safe_key(x):
    try:
        x < x
        return (0, x)
    except TypeError:
        return (1, str(type(x)), id(x))


def _sorted_items(d):
    try:
        return sorted(d.items(), key=lambda kv: kv[0])
    except TypeError:
        return sorted(d.items(), key=lambda kv: _safe_key(kv[0]))


def _sorted(items):
    try:
        return sorted(items)
    except TypeError:
        return sorted(items, key=_safe_key)


class PrettyPrinter:
    def __init__(self, indent=1, width=80, depth=None, stream=None, *, compact=False, sort_dicts=True, underscore_numbers=False):
        if indent < 0:
            raise ValueError('indent must be >= 0')
        if width < 0:
            raise ValueError('width must be != 0')
        self._indent_per_level = indent
        self._width = width
        self._depth = depth
        self._stream = stream
        self._compact = compact
        self._sort_dicts = sort_dicts

    def pprint(self, object):
        s = self.pformat(object)
        if self._stream is not None:
            self._stream.write(s + '\n')
        else:
            print(s)

    def pformat(self, object):
        out = []
        self._format(object, out, 0, 0, set(), 0)
        return ''.join(out)

    def isreadable(self, object):
        return True

    def isrecursive(self, object):
        return False

    def _repr(self, obj, context, level):
        t = type(obj)
        if self._depth is not None and level > self._depth and t in (dict, list, tuple, set, frozenset) and obj:
            return {dict: '{...}', list: '[...]', tuple: '(...)'}.get(t, '...')
        if t is dict:
            if not obj:
                return '{}'
            if id(obj) in context:
                return '<Recursion on dict with id=%d>' % id(obj)
            context.add(id(obj))
            items = _sorted_items(obj) if self._sort_dicts else list(obj.items())
            s = '{' + ', '.join([self._repr(k, context, level + 1) + ': ' + self._repr(v, context, level + 1) for k, v in items]) + '}'
            context.discard(id(obj))
            return s
        if t is list or t is tuple:
            if not obj:
                return '[]' if t is list else '()'
            if id(obj) in context:
                return '<Recursion on %s with id=%d>' % (t.__name__, id(obj))
            context.add(id(obj))
            parts = [self._repr(x, context, level + 1) for x in obj]
            context.discard(id(obj))
            if t is list:
                return '[' + ', '.join(parts) + ']'
            if len(parts) == 1:
                return '(' + parts[0] + ',)'
            return '(' + ', '.join(parts) + ')'
        return repr(obj)

    def _format(self, obj, out, indent, allowance, context, level):
        rep = self._repr(obj, context, level)
        max_width = self._width - indent - allowance
        t = type(obj)
        if len(rep) > max_width and obj and id(obj) not in context:
            if t is dict:
                context.add(id(obj))
                out.append('{')
                if self._indent_per_level > 1:
                    out.append((self._indent_per_level - 1) * ' ')
                items = _sorted_items(obj) if self._sort_dicts else list(obj.items())
                self._format_dict_items(items, out, indent + self._indent_per_level, allowance + 1, context, level + 1)
                out.append('}')
                context.discard(id(obj))
                return
            if t is list:
                context.add(id(obj))
                out.append('[')
                self._format_items(obj, out, indent, allowance + 1, context, level + 1)
                out.append(']')
                context.discard(id(obj))
                return
            if t is tuple:
                context.add(id(obj))
                out.append('(')
                endchar = ',)' if len(obj) == 1 else ')'
                self._format_items(obj, out, indent, allowance + len(endchar), context, level + 1)
                out.append(endchar)
                context.discard(id(obj))
                return
            if t is set or t is frozenset:
                if t is set:
                    out.append('{')
                    endchar = '}'
                else:
                    out.append('frozenset({')
                    endchar = '})'
                    indent += len('frozenset') + 1
                self._format_items(_sorted(obj), out, indent, allowance + len(endchar), context, level + 1)
                out.append(endchar)
                return
        out.append(rep)

    def _format_dict_items(self, items, out, indent, allowance, context, level):
        delimnl = ',\n' + ' ' * indent
        last_index = len(items) - 1
        for i, (key, ent) in enumerate(items):
            last = i == last_index
            rep = self._repr(key, context, level)
            out.append(rep)
            out.append(': ')
            self._format(ent, out, indent + len(rep) + 2, allowance if last else 1, context, level)
            if not last:
                out.append(delimnl)

    def _format_items(self, items, out, indent, allowance, context, level):
        indent += self._indent_per_level
        if self._indent_per_level > 1:
            out.append((self._indent_per_level - 1) * ' ')
        delimnl = ',\n' + ' ' * indent
        delim = ''
        width = max_width = self._width - indent + 1
        items = list(items)
        for i, ent in enumerate(items):
            last = i == len(items) - 1
            if last:
                max_width -= allowance
                width -= allowance
            if self._compact:
                rep = self._repr(ent, context, level)
                w = len(rep) + 2
                if width < w:
                    width = max_width
                    if delim:
                        delim = delimnl
                if width >= w:
                    width -= w
                    out.append(delim)
                    delim = ', '
                    out.append(rep)
                    continue
            out.append(delim)
            delim = delimnl
            self._format(ent, out, indent, allowance if last else 1, context, level)


def pformat(object, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True, underscore_numbers=False):
    return PrettyPrinter(indent=indent, width=width, depth=depth, compact=compact, sort_dicts=sort_dicts).pformat(object)


def pprint(object, stream=None, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True, underscore_numbers=False):
    PrettyPrinter(stream=stream, indent=indent, width=width, depth=depth, compact=compact, sort_dicts=sort_dicts).pprint(object)


def pp(object, *args, sort_dicts=False, **kwargs):
    pprint(object, *args, sort_dicts=sort_dicts, **kwargs)


def saferepr(object):
    return PrettyPrinter()._repr(object, set(), 0)


def isreadable(object):
    return True


def isrecursive(object):
    return False
`
