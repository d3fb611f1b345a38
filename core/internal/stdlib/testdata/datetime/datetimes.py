from datetime import datetime, timedelta, timezone
dt = datetime(2024, 3, 15, 14, 30)
print(dt, repr(dt), dt + timedelta(hours=12), repr(timedelta(days=1, seconds=3600)), timedelta(days=1, seconds=3600))
u = datetime(2024, 1, 1, 12, tzinfo=timezone.utc)
print(u.astimezone(timezone(timedelta(hours=-5))), u.timestamp(), datetime.strptime("2024-07-04 09:05", "%Y-%m-%d %H:%M"))
