from datetime import datetime, time, timezone, timedelta
a, b = time(1, 2), time(1, 3)
print(a < b, a <= b, a == b, a != b, a > b, a >= b, time(1, tzinfo=timezone.utc) == time(2, tzinfo=timezone(timedelta(hours=1))))
x, y = datetime(2020, 1, 1), datetime(2020, 1, 2, tzinfo=timezone.utc)
print(x < datetime(2021, 1, 1), x == y, x != y)
try:
    x < y
except TypeError as e:
    print(e)
print(sorted([time(3), time(1), time(2)]), time.__eq__.__name__)
