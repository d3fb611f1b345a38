from datetime import date, timedelta
d = date(2024, 2, 28)
print(d + timedelta(days=1), repr(d), d.weekday(), d.isocalendar(), d.strftime("%A %d %B %Y"))
print(date(2025, 1, 1) - d, date.fromisoformat("2024-03-01").toordinal())
try:
    date(2023, 2, 29)
except ValueError as e:
    print(e)
