import datetime as D
utc = D.timezone.utc
plus2 = D.timezone(D.timedelta(hours=2), 'CEST')
t = D.time(10, 30, 5, 7, tzinfo=plus2)
print(t.utcoffset(), t.dst(), t.tzname(), D.time(1).utcoffset(), D.time(1).tzname())
print(repr(t.replace(hour=3)), repr(t.replace(tzinfo=None)), repr(t.replace(fold=1, microsecond=0)))
dt = D.datetime(2024, 2, 29, 23, 59, tzinfo=plus2)
print(dt.utcoffset(), dt.dst(), dt.tzname(), D.datetime(2024, 1, 1).tzname())
print(repr(dt.replace(year=2023, day=28)), repr(dt.replace(tzinfo=None, second=9)), repr(D.date(2020, 1, 31).replace(month=1, day=2)))
try:
    dt.replace(year=2023)
except ValueError as e:
    print(e)
print(t.hour, t.minute, t.second, t.microsecond, t.tzinfo, t.fold, dt.hour, dt.tzinfo, dt.fold)
print(sorted([D.time(3), D.time(1), D.time(2, 5)]), D.time(1) == D.time(1), D.time(1) < D.time(2), D.time(3) >= D.time(3))
print(dt == dt.astimezone(utc), dt > D.datetime(2024, 1, 1, tzinfo=utc), dt != D.datetime(2024, 1, 1))
print(D.datetime.__eq__.__name__, D.time.utcoffset.__name__, D.datetime.tzname.__name__)
d = D.date(2024, 3, 1).isocalendar()
print(d, d.year, d.week, d.weekday, bool(D.time(0)), bool(D.time(0, 0, 0, 0)))
