# The datetime module, written in Python and run in the sandbox.
#
# The sandbox has no clock: date.today(), datetime.now(), datetime.utcnow()
# and datetime.today() raise NotImplementedError telling the program to
# take the time as input. There is no local time zone either: where
# CPython would use the host's zone (naive timestamp(), fromtimestamp()
# without tz, astimezone() of a naive datetime or without an argument)
# the sandbox uses UTC.
MINYEAR = 1
MAXYEAR = 9999

_DAYS_IN_MONTH = [-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_DAYS_BEFORE_MONTH = [-1]
_dbm = 0
for _dim in _DAYS_IN_MONTH[1:]:
    _DAYS_BEFORE_MONTH.append(_dbm)
    _dbm += _dim
del _dbm, _dim

_MONTHNAMES = [None, 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
_FULLMONTHNAMES = [None, 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
                   'September', 'October', 'November', 'December']
_DAYNAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
_FULLDAYNAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

_NO_CLOCK = 'the sandbox has no clock; pass the current time in as input'


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_before_year(year):
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _days_in_month(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _DAYS_IN_MONTH[month]


def _days_before_month(year, month):
    return _DAYS_BEFORE_MONTH[month] + (month > 2 and _is_leap(year))


def _ymd2ord(year, month, day):
    return _days_before_year(year) + _days_before_month(year, month) + day


def _ord2ymd(n):
    # Estimate the year from the mean year length, then correct it.
    year = (n - 1) * 400 // 146097 + 1
    while _days_before_year(year + 1) < n:
        year += 1
    while _days_before_year(year) >= n:
        year -= 1
    doy = n - _days_before_year(year)
    month = 1
    while month < 12 and _days_before_month(year, month + 1) < doy:
        month += 1
    return year, month, doy - _days_before_month(year, month)


def _check_int(value, name='integer'):
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        raise TypeError('integer argument expected, got float')
    try:
        return value.__index__()
    except AttributeError:
        raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer") from None


def _check_date_fields(year, month, day):
    year = _check_int(year)
    month = _check_int(month)
    day = _check_int(day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError(f'year {year} is out of range')
    if not 1 <= month <= 12:
        raise ValueError('month must be in 1..12')
    if not 1 <= day <= _days_in_month(year, month):
        raise ValueError('day is out of range for month')
    return year, month, day


def _check_time_fields(hour, minute, second, microsecond, fold):
    hour = _check_int(hour)
    minute = _check_int(minute)
    second = _check_int(second)
    microsecond = _check_int(microsecond)
    if not 0 <= hour <= 23:
        raise ValueError('hour must be in 0..23')
    if not 0 <= minute <= 59:
        raise ValueError('minute must be in 0..59')
    if not 0 <= second <= 59:
        raise ValueError('second must be in 0..59')
    if not 0 <= microsecond <= 999999:
        raise ValueError('microsecond must be in 0..999999')
    if fold not in (0, 1):
        raise ValueError('fold must be either 0 or 1')
    return hour, minute, second, microsecond, fold


def _check_tzinfo(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '" + type(tz).__name__ + "'")


_ORDER = {
    'eq': lambda a, b: a == b,
    'lt': lambda a, b: a < b,
    'le': lambda a, b: a <= b,
    'gt': lambda a, b: a > b,
    'ge': lambda a, b: a >= b,
}


def _field(attr):
    # A read-only attribute kept in attr.
    return property(lambda self: getattr(self, attr))


def _comparison(op):
    # A rich comparison method that defers to the class's _cmp(other, op).
    def method(self, other):
        return self._cmp(other, op)
    method.__name__ = '__%s__' % op
    return method


def _comparisons():
    # __eq__, __lt__, __le__, __gt__ and __ge__ for a class with _cmp.
    return tuple(_comparison(op) for op in ('eq', 'lt', 'le', 'gt', 'ge'))


def _tzinfo_queries(pass_self):
    # utcoffset(), dst() and tzname(): None when naive, else the tzinfo's
    # answer, asked about the datetime itself or, for a time, about None.
    def query(name):
        def method(self):
            tz = self._tzinfo
            if tz is None:
                return None
            return getattr(tz, name)(self if pass_self else None)
        method.__name__ = name
        return method
    return query('utcoffset'), query('dst'), query('tzname')


def _item(i):
    # A read-only attribute naming a tuple's item i.
    return property(lambda self: self[i])


def _fields(*attrs):
    return tuple(_field(attr) for attr in attrs)


# replace()'s arguments, date and time halves: None (True for tzinfo, which
# may be replaced by None) keeps the object's own value.

def _replaced_date(d, year, month, day):
    return (d._year if year is None else year,
            d._month if month is None else month,
            d._day if day is None else day)


def _replaced_time(t, hour, minute, second, microsecond, tzinfo, fold):
    return (t._hour if hour is None else hour,
            t._minute if minute is None else minute,
            t._second if second is None else second,
            t._microsecond if microsecond is None else microsecond,
            t._tzinfo if tzinfo is True else tzinfo,
            t._fold if fold is None else fold)


def _cmp_error(a, b):
    raise TypeError(f"can't compare '{type(a).__name__}' to '{type(b).__name__}'")


def _divide_and_round(a, b):
    q, r = divmod(a, b)
    r *= 2
    greater_than_half = r > b if b > 0 else r < b
    if greater_than_half or r == b and q % 2 == 1:
        q += 1
    return q


def _format_offset(off, sep=':'):
    if off is None:
        return ''
    if off.days < 0:
        sign = '-'
        off = -off
    else:
        sign = '+'
    hh, mm = divmod(off, timedelta(hours=1))
    mm, ss = divmod(mm, timedelta(minutes=1))
    s = f'{sign}{hh:02d}{sep}{mm:02d}'
    if ss or ss.microseconds:
        s += f'{sep}{ss.seconds:02d}'
        if ss.microseconds:
            s += f'.{ss.microseconds:06d}'
    return s


def _format_time(hh, mm, ss, us, timespec='auto'):
    if timespec == 'auto':
        timespec = 'microseconds' if us else 'seconds'
    elif timespec == 'milliseconds':
        us //= 1000
    if timespec == 'hours':
        return f'{hh:02d}'
    if timespec == 'minutes':
        return f'{hh:02d}:{mm:02d}'
    if timespec == 'seconds':
        return f'{hh:02d}:{mm:02d}:{ss:02d}'
    if timespec == 'milliseconds':
        return f'{hh:02d}:{mm:02d}:{ss:02d}.{us:03d}'
    if timespec == 'microseconds':
        return f'{hh:02d}:{mm:02d}:{ss:02d}.{us:06d}'
    raise ValueError('Unknown timespec value')


def _wrap_strftime(obj, fmt, y, mo, d, hh, mi, ss, us, weekday, yday):
    if not isinstance(fmt, str):
        raise TypeError(f'strftime() argument 1 must be str, not {type(fmt).__name__}')
    out = []
    i = 0
    n = len(fmt)
    while i < n:
        ch = fmt[i]
        i += 1
        if ch != '%' or i >= n:
            out.append(ch)
            continue
        c = fmt[i]
        i += 1
        if c == 'Y':
            out.append(f'{y:04d}' if y >= 1000 else str(y))
        elif c == 'y':
            out.append(f'{y % 100:02d}')
        elif c == 'm':
            out.append(f'{mo:02d}')
        elif c == 'd':
            out.append(f'{d:02d}')
        elif c == 'e':
            out.append(f'{d:2d}')
        elif c == 'H':
            out.append(f'{hh:02d}')
        elif c == 'I':
            out.append(f'{(hh % 12) or 12:02d}')
        elif c == 'M':
            out.append(f'{mi:02d}')
        elif c == 'S':
            out.append(f'{ss:02d}')
        elif c == 'f':
            out.append(f'{us:06d}')
        elif c == 'p':
            out.append('AM' if hh < 12 else 'PM')
        elif c == 'a':
            out.append(_DAYNAMES[weekday])
        elif c == 'A':
            out.append(_FULLDAYNAMES[weekday])
        elif c == 'w':
            out.append(str((weekday + 1) % 7))
        elif c == 'u':
            out.append(str(weekday + 1))
        elif c == 'b' or c == 'h':
            out.append(_MONTHNAMES[mo])
        elif c == 'B':
            out.append(_FULLMONTHNAMES[mo])
        elif c == 'j':
            out.append(f'{yday:03d}')
        elif c == 'U':
            out.append(f'{(yday - 1 + 7 - (weekday + 1) % 7) // 7:02d}')
        elif c == 'W':
            out.append(f'{(yday - 1 + 7 - weekday) // 7:02d}')
        elif c == 'G' or c == 'V':
            iy, iw, _ = date(y, mo, d).isocalendar()
            out.append(f'{iy:04d}' if c == 'G' else f'{iw:02d}')
        elif c == 'c':
            out.append(f'{_DAYNAMES[weekday]} {_MONTHNAMES[mo]} {d:2d} {hh:02d}:{mi:02d}:{ss:02d} {y:04d}')
        elif c == 'x':
            out.append(f'{mo:02d}/{d:02d}/{y % 100:02d}')
        elif c == 'X':
            out.append(f'{hh:02d}:{mi:02d}:{ss:02d}')
        elif c == 'D':
            out.append(f'{mo:02d}/{d:02d}/{y % 100:02d}')
        elif c == 'T':
            out.append(f'{hh:02d}:{mi:02d}:{ss:02d}')
        elif c == 'R':
            out.append(f'{hh:02d}:{mi:02d}')
        elif c == 'F':
            out.append(f'{y:04d}-{mo:02d}-{d:02d}')
        elif c == 'n':
            out.append('\n')
        elif c == 't':
            out.append('\t')
        elif c == 'z':
            off = obj.utcoffset() if hasattr(obj, 'utcoffset') else None
            out.append(_format_offset(off, '') if off is not None else '')
        elif c == 'Z':
            name = obj.tzname() if hasattr(obj, 'tzname') else None
            out.append(name or '')
        elif c == '%':
            out.append('%')
        else:
            out.append('%' + c)
    return ''.join(out)


class timedelta:
    def __init__(self, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        total = 0
        frac = 0.0
        for value, factor, name in ((days, 86400000000, 'days'), (seconds, 1000000, 'seconds'),
                                    (microseconds, 1, 'microseconds'), (milliseconds, 1000, 'milliseconds'),
                                    (minutes, 60000000, 'minutes'), (hours, 3600000000, 'hours'),
                                    (weeks, 604800000000, 'weeks')):
            if isinstance(value, int):
                total += value * factor
            elif isinstance(value, float):
                whole = int(value)
                total += whole * factor
                frac += (value - whole) * factor
            else:
                raise TypeError(f'unsupported type for timedelta {name} component: {type(value).__name__}')
        if frac:
            total += round(frac)
        self._set(total)

    def _set(self, us):
        d, rem = divmod(us, 86400000000)
        s, u = divmod(rem, 1000000)
        if abs(d) > 999999999:
            raise OverflowError(f'days={d}; must have magnitude <= 999999999')
        self._days = d
        self._seconds = s
        self._microseconds = u
        self._hashcode = -1

    @classmethod
    def _from_us(cls, us):
        td = object.__new__(timedelta)
        td._set(us)
        return td

    def _to_us(self):
        return (self._days * 86400 + self._seconds) * 1000000 + self._microseconds

    days = _field('_days')
    seconds = _field('_seconds')
    microseconds = _field('_microseconds')

    def total_seconds(self):
        return self._to_us() / 10 ** 6

    def __repr__(self):
        args = []
        if self._days:
            args.append(f'days={self._days}')
        if self._seconds:
            args.append(f'seconds={self._seconds}')
        if self._microseconds:
            args.append(f'microseconds={self._microseconds}')
        if not args:
            args.append('0')
        return f'datetime.timedelta({", ".join(args)})'

    def __str__(self):
        mm, ss = divmod(self._seconds, 60)
        hh, mm = divmod(mm, 60)
        s = f'{hh}:{mm:02d}:{ss:02d}'
        if self._days:
            plural = 's' if abs(self._days) != 1 else ''
            s = f'{self._days} day{plural}, ' + s
        if self._microseconds:
            s += f'.{self._microseconds:06d}'
        return s

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() + other._to_us())
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() - other._to_us())
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return -self + other
        return NotImplemented

    def __neg__(self):
        return timedelta._from_us(-self._to_us())

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._days < 0 else self

    def __mul__(self, other):
        if isinstance(other, int):
            return timedelta._from_us(self._to_us() * other)
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            return timedelta._from_us(_divide_and_round(self._to_us() * a, b))
        return NotImplemented

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() // other._to_us()
        if isinstance(other, int):
            return timedelta._from_us(self._to_us() // other)
        return NotImplemented

    def __truediv__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() / other._to_us()
        if isinstance(other, int):
            return timedelta._from_us(_divide_and_round(self._to_us(), other))
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            return timedelta._from_us(_divide_and_round(b * self._to_us(), a))
        return NotImplemented

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() % other._to_us())
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._to_us(), other._to_us())
            return q, timedelta._from_us(r)
        return NotImplemented

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() == other._to_us()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() < other._to_us()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() <= other._to_us()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() > other._to_us()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() >= other._to_us()
        return NotImplemented

    def __hash__(self):
        return hash((self._days, self._seconds, self._microseconds))

    def __bool__(self):
        return self._days != 0 or self._seconds != 0 or self._microseconds != 0

    def __reduce__(self):
        return (timedelta, (self._days, self._seconds, self._microseconds))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59, microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


class tzinfo:
    def tzname(self, dt):
        raise NotImplementedError('tzinfo subclass must override tzname()')

    def utcoffset(self, dt):
        raise NotImplementedError('tzinfo subclass must override utcoffset()')

    def dst(self, dt):
        raise NotImplementedError('tzinfo subclass must override dst()')

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError('fromutc() requires a datetime argument')
        if dt.tzinfo is not self:
            raise ValueError('dt.tzinfo is not self')
        dtoff = dt.utcoffset()
        if dtoff is None:
            raise ValueError('fromutc() requires a non-None utcoffset() result')
        dtdst = dt.dst()
        if dtdst is None:
            raise ValueError('fromutc() requires a non-None dst() result')
        delta = dtoff - dtdst
        if delta:
            dt += delta
            dtdst = dt.dst()
            if dtdst is None:
                raise ValueError('fromutc(): dt.dst gave inconsistent results; cannot convert')
        return dt + dtdst


class IsoCalendarDate(tuple):
    def __new__(cls, year, week, weekday):
        return tuple.__new__(cls, (year, week, weekday))

    year, week, weekday = _item(0), _item(1), _item(2)

    def __repr__(self):
        return f'datetime.IsoCalendarDate(year={self[0]}, week={self[1]}, weekday={self[2]})'


def _isoweek1monday(year):
    firstday = _ymd2ord(year, 1, 1)
    firstweekday = (firstday + 6) % 7
    week1monday = firstday - firstweekday
    if firstweekday > 3:
        week1monday += 7
    return week1monday


def _parse_isodate(s):
    if len(s) == 10 and s[4] == '-' and s[7] == '-':
        y, m, d = s[0:4], s[5:7], s[8:10]
    elif len(s) == 8 and s.isdigit():
        y, m, d = s[0:4], s[4:6], s[6:8]
    elif len(s) in (8, 10) and ('W' in s):
        t = s.replace('-', '')
        if len(t) != 8 or t[4] != 'W' or not (t[:4] + t[5:]).isdigit():
            raise ValueError
        return date.fromisocalendar(int(t[:4]), int(t[5:7]), int(t[7])).timetuple()[:3]
    else:
        raise ValueError
    if not (y.isdigit() and m.isdigit() and d.isdigit()):
        raise ValueError
    return int(y), int(m), int(d)


def _parse_isotime(s):
    tz = None
    for sep in ('+', '-', 'Z'):
        pos = s.find(sep)
        if pos > 0:
            tzs = s[pos:]
            s = s[:pos]
            if tzs == 'Z':
                tz = timezone.utc
            else:
                sign = -1 if tzs[0] == '-' else 1
                parts = _parse_hms(tzs[1:])
                off = timedelta(hours=parts[0], minutes=parts[1], seconds=parts[2], microseconds=parts[3])
                tz = timezone.utc if not off else timezone(sign * off)
            break
    hh, mm, ss, us = _parse_hms(s)
    return hh, mm, ss, us, tz


def _parse_hms(s):
    frac = ''
    for dot in ('.', ','):
        if dot in s:
            s, frac = s.split(dot, 1)
            break
    if ':' in s:
        parts = s.split(':')
    else:
        parts = [s[i:i + 2] for i in range(0, len(s), 2)]
    if not 1 <= len(parts) <= 3 or not all(len(p) == 2 and p.isdigit() for p in parts):
        raise ValueError
    vals = [int(p) for p in parts] + [0] * (3 - len(parts))
    us = 0
    if frac:
        if not frac.isdigit() or len(parts) != 3:
            raise ValueError
        us = int((frac + '000000')[:6])
    return vals[0], vals[1], vals[2], us


class date:
    def __init__(self, year, month=None, day=None):
        self._year, self._month, self._day = _check_date_fields(year, month, day)

    @classmethod
    def _make(cls, y, m, d):
        self = object.__new__(cls)
        self._year, self._month, self._day = y, m, d
        return self

    @classmethod
    def today(cls):
        raise NotImplementedError(_NO_CLOCK)

    @classmethod
    def fromtimestamp(cls, t):
        dt = datetime.fromtimestamp(t, timezone.utc)
        return cls(dt.year, dt.month, dt.day)

    @classmethod
    def fromordinal(cls, n):
        n = _check_int(n)
        if not 1 <= n <= 3652059:
            raise ValueError(f'ordinal must be >= 1')
        y, m, d = _ord2ymd(n)
        return cls(y, m, d)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            return cls(*_parse_isodate(date_string))
        except (ValueError, IndexError):
            raise ValueError(f'Invalid isoformat string: {date_string!r}') from None

    @classmethod
    def fromisocalendar(cls, year, week, day):
        if not MINYEAR <= year <= MAXYEAR:
            raise ValueError(f'Year is out of range: {year}')
        if not 0 < week < 53:
            out_of_range = True
            if week == 53:
                first_weekday = _ymd2ord(year, 1, 1) % 7
                if first_weekday == 4 or (first_weekday == 3 and _is_leap(year)):
                    out_of_range = False
            if out_of_range:
                raise ValueError(f'Invalid week: {week}')
        if not 0 < day < 8:
            raise ValueError(f'Invalid weekday: {day} (range is [1, 7])')
        day_1 = _isoweek1monday(year)
        y, m, d = _ord2ymd(day_1 + (week - 1) * 7 + day - 1)
        return cls(y, m, d)

    year, month, day = _fields('_year', '_month', '_day')

    def __repr__(self):
        return f'datetime.{type(self).__name__}({self._year}, {self._month}, {self._day})' if type(self) is date else f'{type(self).__module__}.{type(self).__qualname__}({self._year}, {self._month}, {self._day})'

    def isoformat(self):
        return f'{self._year:04d}-{self._month:02d}-{self._day:02d}'

    __str__ = isoformat

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return f'{_DAYNAMES[weekday - 1]} {_MONTHNAMES[self._month]} {self._day:2d} 00:00:00 {self._year:04d}'

    def strftime(self, fmt):
        return _wrap_strftime(self, fmt, self._year, self._month, self._day, 0, 0, 0, 0,
                              self.weekday(), _days_before_month(self._year, self._month) + self._day)

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError(f'must be str, not {type(fmt).__name__}')
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def timetuple(self):
        yday = _days_before_month(self._year, self._month) + self._day
        import time as _time
        return _time.struct_time((self._year, self._month, self._day, 0, 0, 0, self.weekday(), yday, -1))

    def toordinal(self):
        return _ymd2ord(self._year, self._month, self._day)

    def replace(self, year=None, month=None, day=None):
        return type(self)(*_replaced_date(self, year, month, day))

    def weekday(self):
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        year = self._year
        week1monday = _isoweek1monday(year)
        today = _ymd2ord(self._year, self._month, self._day)
        week, day = divmod(today - week1monday, 7)
        if week < 0:
            year -= 1
            week1monday = _isoweek1monday(year)
            week, day = divmod(today - week1monday, 7)
        elif week >= 52:
            if today >= _isoweek1monday(year + 1):
                year += 1
                week = 0
        return IsoCalendarDate(year, week + 1, day + 1)

    def _dkey(self):
        return (self._year, self._month, self._day)

    def _cmpable(self, other):
        return isinstance(other, date) and not isinstance(other, datetime) and not isinstance(self, datetime)

    def __eq__(self, other):
        if self._cmpable(other):
            return self._dkey() == other._dkey()
        return NotImplemented

    def __lt__(self, other):
        if self._cmpable(other):
            return self._dkey() < other._dkey()
        return NotImplemented

    def __le__(self, other):
        if self._cmpable(other):
            return self._dkey() <= other._dkey()
        return NotImplemented

    def __gt__(self, other):
        if self._cmpable(other):
            return self._dkey() > other._dkey()
        return NotImplemented

    def __ge__(self, other):
        if self._cmpable(other):
            return self._dkey() >= other._dkey()
        return NotImplemented

    def __hash__(self):
        return hash(self._dkey())

    def __add__(self, other):
        if isinstance(other, timedelta):
            o = self.toordinal() + other.days
            if 0 < o <= 3652059:
                return type(self).fromordinal(o)
            raise OverflowError('result out of range')
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime):
            return timedelta(self.toordinal() - other.toordinal())
        return NotImplemented

    def __reduce__(self):
        return (type(self), (self._year, self._month, self._day))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)


class time:
    def __init__(self, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        self._hour, self._minute, self._second, self._microsecond, self._fold = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        self._tzinfo = tzinfo

    hour, minute, second, microsecond, tzinfo, fold = _fields('_hour', '_minute', '_second', '_microsecond', '_tzinfo', '_fold')

    @classmethod
    def fromisoformat(cls, time_string):
        if not isinstance(time_string, str):
            raise TypeError('fromisoformat: argument must be str')
        s = time_string[1:] if time_string.startswith('T') else time_string
        try:
            hh, mm, ss, us, tz = _parse_isotime(s)
            return cls(hh, mm, ss, us, tz)
        except (ValueError, IndexError):
            raise ValueError(f'Invalid isoformat string: {time_string!r}') from None

    utcoffset, dst, tzname = _tzinfo_queries(False)

    def isoformat(self, timespec='auto'):
        s = _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        off = self.utcoffset()
        if off is not None:
            s += _format_offset(off)
        return s

    __str__ = isoformat

    def __repr__(self):
        if self._microsecond:
            s = f'{self._hour}, {self._minute}, {self._second}, {self._microsecond}'
        elif self._second:
            s = f'{self._hour}, {self._minute}, {self._second}'
        else:
            s = f'{self._hour}, {self._minute}'
        if self._tzinfo is not None:
            s += f', tzinfo={self._tzinfo!r}'
        if self._fold:
            s += ', fold=1'
        return f'datetime.time({s})'

    def strftime(self, fmt):
        return _wrap_strftime(self, fmt, 1900, 1, 1, self._hour, self._minute, self._second, self._microsecond, 0, 1)

    def __format__(self, fmt):
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True, *, fold=None):
        hour, minute, second, microsecond, tzinfo, fold = _replaced_time(self, hour, minute, second, microsecond, tzinfo, fold)
        return type(self)(hour, minute, second, microsecond, tzinfo, fold=fold)

    def _tkey(self):
        k = (self._hour, self._minute, self._second, self._microsecond)
        off = self.utcoffset()
        if off:
            us = ((self._hour * 60 + self._minute) * 60 + self._second) * 1000000 + self._microsecond - off._to_us()
            return (us,)
        if off is None:
            return k
        return (((self._hour * 60 + self._minute) * 60 + self._second) * 1000000 + self._microsecond,)

    def _cmp(self, other, op):
        if not isinstance(other, time):
            return NotImplemented
        a_aware = self.utcoffset() is not None
        b_aware = other.utcoffset() is not None
        if a_aware != b_aware:
            if op == 'eq':
                return False
            raise TypeError('cannot compare naive and aware times')
        a, b = self._tkey(), other._tkey()
        if a_aware:
            pass
        else:
            a = (((self._hour * 60 + self._minute) * 60 + self._second) * 1000000 + self._microsecond,)
            b = (((other._hour * 60 + other._minute) * 60 + other._second) * 1000000 + other._microsecond,)
        return _ORDER[op](a, b)

    __eq__, __lt__, __le__, __gt__, __ge__ = _comparisons()

    def __hash__(self):
        return hash(self._tkey())

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


class datetime(date):
    def __init__(self, year, month=None, day=None, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        self._year, self._month, self._day = _check_date_fields(year, month, day)
        self._hour, self._minute, self._second, self._microsecond, self._fold = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        self._tzinfo = tzinfo

    hour, minute, second, microsecond, tzinfo, fold = time.hour, time.minute, time.second, time.microsecond, time.tzinfo, time.fold

    @classmethod
    def today(cls):
        raise NotImplementedError(_NO_CLOCK)

    @classmethod
    def now(cls, tz=None):
        raise NotImplementedError(_NO_CLOCK)

    @classmethod
    def utcnow(cls):
        raise NotImplementedError(_NO_CLOCK)

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        _check_tzinfo(tz)
        if isinstance(t, float):
            us = round(t * 1000000) if abs(t) < 1e15 else int(t) * 1000000
        elif isinstance(t, int):
            us = t * 1000000
        else:
            raise TypeError(f"'{type(t).__name__}' object cannot be interpreted as an integer")
        dt = _EPOCH_NAIVE + timedelta(microseconds=us)
        if tz is None:
            return cls._from_naive(dt)
        return tz.fromutc(cls._from_naive(dt).replace(tzinfo=tz))

    @classmethod
    def utcfromtimestamp(cls, t):
        return cls.fromtimestamp(t, timezone.utc).replace(tzinfo=None)

    @classmethod
    def _from_naive(cls, dt):
        if type(dt) is cls:
            return dt
        return cls(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond, dt.tzinfo)

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        if not isinstance(date, _date_class):
            raise TypeError('combine() argument 1 must be datetime.date, not ' + type(date).__name__)
        if not isinstance(time, _time_class):
            raise TypeError('combine() argument 2 must be datetime.time, not ' + type(time).__name__)
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second, time.microsecond, tzinfo, fold=time.fold)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            if len(date_string) > 10 and date_string[10] in 'T ' or len(date_string) > 8 and date_string[8] == 'T':
                pos = 10 if len(date_string) > 10 and date_string[10] in 'T ' else 8
                y, m, d = _parse_isodate(date_string[:pos])
                hh, mm, ss, us, tz = _parse_isotime(date_string[pos + 1:])
                return cls(y, m, d, hh, mm, ss, us, tz)
            y, m, d = _parse_isodate(date_string)
            return cls(y, m, d)
        except (ValueError, IndexError):
            raise ValueError(f'Invalid isoformat string: {date_string!r}') from None

    @classmethod
    def strptime(cls, date_string, format):
        return _strptime(cls, date_string, format)

    def timetuple(self):
        yday = _days_before_month(self._year, self._month) + self._day
        dst = self.dst()
        isdst = -1 if dst is None else int(bool(dst))
        import time as _time
        return _time.struct_time((self._year, self._month, self._day, self._hour, self._minute, self._second,
                                  self.weekday(), yday, isdst))

    def timestamp(self):
        off = self.utcoffset()
        naive = self.replace(tzinfo=None)
        if off is not None:
            naive = naive - off
        return (naive - _EPOCH_NAIVE).total_seconds()

    def utctimetuple(self):
        off = self.utcoffset()
        dt = self
        if off:
            dt = self - off
        import time as _time
        return _time.struct_time(tuple(dt.replace(tzinfo=None).timetuple())[:8] + (0,))

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self._hour, self._minute, self._second, self._microsecond, fold=self._fold)

    def timetz(self):
        return time(self._hour, self._minute, self._second, self._microsecond, self._tzinfo, fold=self._fold)

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None,
                microsecond=None, tzinfo=True, *, fold=None):
        year, month, day = _replaced_date(self, year, month, day)
        hour, minute, second, microsecond, tzinfo, fold = _replaced_time(self, hour, minute, second, microsecond, tzinfo, fold)
        return type(self)(year, month, day, hour, minute, second, microsecond, tzinfo, fold=fold)

    def astimezone(self, tz=None):
        if tz is None:
            tz = timezone.utc
        elif not isinstance(tz, tzinfo):
            raise TypeError('tzinfo argument must be an instance of tzinfo')
        mytz = self._tzinfo
        if mytz is None:
            offset = timedelta(0)
        else:
            offset = mytz.utcoffset(self)
            if offset is None:
                offset = timedelta(0)
        if tz is mytz:
            return self
        utc = (self - offset).replace(tzinfo=tz)
        return tz.fromutc(utc)

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return (f'{_DAYNAMES[weekday - 1]} {_MONTHNAMES[self._month]} {self._day:2d} '
                f'{self._hour:02d}:{self._minute:02d}:{self._second:02d} {self._year:04d}')

    def isoformat(self, sep='T', timespec='auto'):
        s = (f'{self._year:04d}-{self._month:02d}-{self._day:02d}{sep}' +
             _format_time(self._hour, self._minute, self._second, self._microsecond, timespec))
        off = self.utcoffset()
        if off is not None:
            s += _format_offset(off)
        return s

    def __str__(self):
        return self.isoformat(sep=' ')

    def __repr__(self):
        L = [self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond]
        if L[-1] == 0:
            del L[-1]
        if L[-1] == 0:
            del L[-1]
        s = ', '.join(map(str, L))
        if self._tzinfo is not None:
            s += f', tzinfo={self._tzinfo!r}'
        if self._fold:
            s += ', fold=1'
        name = 'datetime.datetime' if type(self) is datetime else f'{type(self).__module__}.{type(self).__qualname__}'
        return f'{name}({s})'

    def strftime(self, fmt):
        return _wrap_strftime(self, fmt, self._year, self._month, self._day, self._hour, self._minute,
                              self._second, self._microsecond, self.weekday(),
                              _days_before_month(self._year, self._month) + self._day)

    utcoffset, dst, tzname = _tzinfo_queries(True)

    def _us(self):
        return ((self.toordinal() * 86400 + (self._hour * 60 + self._minute) * 60 + self._second) * 1000000
                + self._microsecond)

    def _utc_us(self):
        off = self.utcoffset()
        us = self._us()
        if off is not None:
            us -= off._to_us()
        return us

    def _cmp(self, other, op):
        if not isinstance(other, datetime):
            if isinstance(other, date):
                if op == 'eq':
                    return False
                raise TypeError(f"can't compare {type(self).__name__} to {type(other).__name__}")
            return NotImplemented
        myoff = self.utcoffset()
        otoff = other.utcoffset()
        if self._tzinfo is other._tzinfo:
            a, b = self._us(), other._us()
        elif (myoff is None) != (otoff is None):
            if op == 'eq':
                return False
            raise TypeError("can't compare offset-naive and offset-aware datetimes")
        else:
            a, b = self._utc_us(), other._utc_us()
        return _ORDER[op](a, b)

    __eq__, __lt__, __le__, __gt__, __ge__ = _comparisons()

    def __hash__(self):
        return hash(self._utc_us())

    def _from_us(self, us, tz):
        days, rem = divmod(us, 86400000000)
        if not 0 < days <= 3652059:
            raise OverflowError('date value out of range')
        y, m, d = _ord2ymd(days)
        secs, usec = divmod(rem, 1000000)
        mins, s = divmod(secs, 60)
        h, mi = divmod(mins, 60)
        return type(self)(y, m, d, h, mi, s, usec, tz)

    def __add__(self, other):
        if not isinstance(other, timedelta):
            return NotImplemented
        return self._from_us(self._us() + other._to_us(), self._tzinfo)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self._from_us(self._us() - other._to_us(), self._tzinfo)
        if not isinstance(other, datetime):
            return NotImplemented
        if self._tzinfo is other._tzinfo:
            return timedelta(microseconds=self._us() - other._us())
        myoff = self.utcoffset()
        otoff = other.utcoffset()
        if (myoff is None) != (otoff is None):
            raise TypeError("can't subtract offset-naive and offset-aware datetimes")
        return timedelta(microseconds=self._utc_us() - other._utc_us())


_date_class = date
_time_class = time
datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)
_EPOCH_NAIVE = datetime(1970, 1, 1)


class timezone(tzinfo):
    def __init__(self, offset, name=None):
        if not isinstance(offset, timedelta):
            raise TypeError('offset must be a timedelta')
        if name is not None and not isinstance(name, str):
            raise TypeError('name must be a string')
        if not -timedelta(hours=24) < offset < timedelta(hours=24):
            raise ValueError('offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not ' + repr(offset) + '.')
        self._offset = offset
        self._name = name

    def __eq__(self, other):
        if isinstance(other, timezone):
            return self._offset == other._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __repr__(self):
        if self is timezone.utc:
            return 'datetime.timezone.utc'
        if self._name is None:
            return f'datetime.timezone({self._offset!r})'
        return f'datetime.timezone({self._offset!r}, {self._name!r})'

    def __str__(self):
        return self.tzname(None)

    def utcoffset(self, dt):
        return self._offset

    def tzname(self, dt):
        if self._name is None:
            return self._name_from_offset(self._offset)
        return self._name

    def dst(self, dt):
        return None

    def fromutc(self, dt):
        if isinstance(dt, datetime):
            if dt.tzinfo is not self:
                raise ValueError('fromutc: dt.tzinfo is not self')
            return dt + self._offset
        raise TypeError('fromutc() argument must be a datetime instance or None')

    @staticmethod
    def _name_from_offset(delta):
        if not delta:
            return 'UTC'
        return 'UTC' + _format_offset(delta)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


timezone.utc = timezone(timedelta(0))
timezone.min = timezone(-timedelta(hours=23, minutes=59))
timezone.max = timezone(timedelta(hours=23, minutes=59))
UTC = timezone.utc


def _strptime(cls, data, fmt):
    if not isinstance(data, str):
        raise TypeError(f'strptime() argument 1 must be str, not {type(data).__name__}')
    if not isinstance(fmt, str):
        raise TypeError(f'strptime() argument 2 must be str, not {type(fmt).__name__}')
    vals = {'Y': 1900, 'm': 1, 'd': 1, 'H': 0, 'M': 0, 'S': 0, 'f': 0}
    pm = None
    tz = None
    jday = None
    pos = 0
    i = 0
    n = len(fmt)

    def fail():
        raise ValueError(f'time data {data!r} does not match format {fmt!r}')

    def digits(lo, hi):
        nonlocal pos
        j = pos
        while j < len(data) and j - pos < hi and data[j].isdigit():
            j += 1
        if j - pos < lo:
            fail()
        v = int(data[pos:j])
        pos = j
        return v

    def name(options):
        nonlocal pos
        low = data[pos:].lower()
        best = -1
        for k, opt in enumerate(options):
            if opt and low.startswith(opt.lower()) and (best < 0 or len(opt) > len(options[best])):
                best = k
        if best < 0:
            fail()
        pos += len(options[best])
        return best

    while i < n:
        c = fmt[i]
        i += 1
        if c != '%':
            if c.isspace():
                while pos < len(data) and data[pos].isspace():
                    pos += 1
                continue
            if pos >= len(data) or data[pos] != c:
                fail()
            pos += 1
            continue
        if i >= n:
            raise ValueError("stray % in format '" + fmt + "'")
        d = fmt[i]
        i += 1
        if d == 'Y':
            vals['Y'] = digits(4, 4)
        elif d == 'y':
            y = digits(2, 2)
            vals['Y'] = 2000 + y if y < 69 else 1900 + y
        elif d == 'm':
            vals['m'] = digits(1, 2)
        elif d == 'd':
            vals['d'] = digits(1, 2)
        elif d == 'H':
            vals['H'] = digits(1, 2)
        elif d == 'I':
            vals['H'] = digits(1, 2)
            if pm is None:
                pm = False
        elif d == 'M':
            vals['M'] = digits(1, 2)
        elif d == 'S':
            vals['S'] = digits(1, 2)
        elif d == 'f':
            start = pos
            digits(1, 6)
            vals['f'] = int((data[start:pos] + '000000')[:6])
        elif d == 'p':
            k = name(['AM', 'PM'])
            pm = k == 1
        elif d == 'b' or d == 'h':
            vals['m'] = name(_MONTHNAMES[1:]) + 1
        elif d == 'B':
            vals['m'] = name(_FULLMONTHNAMES[1:]) + 1
        elif d == 'a':
            name(_DAYNAMES)
        elif d == 'A':
            name(_FULLDAYNAMES)
        elif d == 'j':
            jday = digits(1, 3)
        elif d == 'z':
            if pos < len(data) and data[pos] == 'Z':
                pos += 1
                tz = timezone.utc
            else:
                if pos >= len(data) or data[pos] not in '+-':
                    fail()
                sign = -1 if data[pos] == '-' else 1
                pos += 1
                hh = digits(2, 2)
                if pos < len(data) and data[pos] == ':':
                    pos += 1
                mm = digits(2, 2)
                ss = 0
                if pos < len(data) and data[pos] == ':':
                    pos += 1
                    ss = digits(2, 2)
                tz = timezone(sign * timedelta(hours=hh, minutes=mm, seconds=ss))
        elif d == '%':
            if pos >= len(data) or data[pos] != '%':
                fail()
            pos += 1
        else:
            raise ValueError(f"'{d}' is a bad directive in format '{fmt}'")
    if pos != len(data):
        raise ValueError(f'unconverted data remains: {data[pos:]}')
    if not (1 <= vals['m'] <= 12 and 1 <= vals['d'] <= 31 and 0 <= vals['H'] <= 23 and
            0 <= vals['M'] <= 59 and 0 <= vals['S'] <= 61 and (pm is None or 1 <= vals['H'] <= 12) and
            (jday is None or 1 <= jday <= 366)):
        fail()
    hour = vals['H']
    if pm is not None:
        if pm and hour != 12:
            hour += 12
        elif not pm and hour == 12:
            hour = 0
    if jday is not None:
        y, m, dd = _ord2ymd(_days_before_year(vals['Y']) + jday)
        vals['m'], vals['d'] = m, dd
    return cls(vals['Y'], vals['m'], vals['d'], hour, vals['M'], vals['S'], vals['f'], tz)
