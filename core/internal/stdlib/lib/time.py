# time: the sandbox has no clock. time(), monotonic(), perf_counter() and
# friends read a virtual clock that starts at 0.0 (the epoch, for time())
# and advances only when the program calls sleep(), which returns at once.
# Elapsed-time arithmetic therefore works and is deterministic; a host
# that wants real time can hand it in as input.
_virtual = [0]   # nanoseconds since the start of the virtual clock

timezone = 0
altzone = 0
daylight = 0
tzname = ('UTC', 'UTC')

_DAYNAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
_MONTHNAMES = [None, 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']


def _clock(name):
    # Every clock reads the same virtual time: in seconds, or in
    # nanoseconds for the _ns variants.
    if name.endswith('_ns'):
        def clock():
            return _virtual[0]
    else:
        def clock():
            return _virtual[0] / 1e9
    clock.__name__ = clock.__qualname__ = name
    return clock


time = _clock('time')
time_ns = _clock('time_ns')
monotonic = _clock('monotonic')
monotonic_ns = _clock('monotonic_ns')
perf_counter = _clock('perf_counter')
perf_counter_ns = _clock('perf_counter_ns')
process_time = _clock('process_time')
process_time_ns = _clock('process_time_ns')
thread_time = _clock('thread_time')


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
