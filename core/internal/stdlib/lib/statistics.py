# statistics: exact sums over integer ratios, as CPython's Fractions do,
# so results round like CPython's.
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


def _spread(data, sample, name):
    # The sum of squared deviations over n - 1 (a sample) or n (the
    # population), as an exact fraction, and the type to report it in.
    data = _list(data)
    if len(data) < (2 if sample else 1):
        raise StatisticsError('%s requires at least %s data point%s' % (name, 'two' if sample else 'one', 's' if sample else ''))
    T, sn, sd, n = _ss(data)
    vn, vd = _norm(sn, sd * (n - 1 if sample else n))
    return T, vn, vd


def variance(data, xbar=None):
    T, vn, vd = _spread(data, True, 'variance')
    return _convert(vn, vd, T)


def pvariance(data, mu=None):
    T, vn, vd = _spread(data, False, 'pvariance')
    return _convert(vn, vd, T)


def stdev(data, xbar=None):
    T, vn, vd = _spread(data, True, 'stdev')
    return _float_sqrt_of_frac(vn, vd)


def pstdev(data, mu=None):
    T, vn, vd = _spread(data, False, 'pstdev')
    return _float_sqrt_of_frac(vn, vd)


def _sorted_for_median(data):
    data = sorted(data)
    if not data:
        raise StatisticsError('no median for empty data')
    return data, len(data)


def median(data):
    data, n = _sorted_for_median(data)
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def median_low(data):
    data, n = _sorted_for_median(data)
    if n % 2 == 1:
        return data[n // 2]
    return data[n // 2 - 1]


def median_high(data):
    data, n = _sorted_for_median(data)
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
    data, n = _sorted_for_median(data)
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
