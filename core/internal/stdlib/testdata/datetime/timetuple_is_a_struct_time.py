from datetime import datetime, date, timezone, timedelta
import time
now = datetime(2024, 6, 15, 9, 5, 3, 120000)
tt = now.timetuple()
print(tt.tm_yday, tt.tm_wday, tt.tm_hour, tt[:3], tt.tm_isdst, len(tt))
print(tt)
print(date(2024, 3, 1).timetuple(), date(2024, 3, 1).timetuple().tm_yday)
u = datetime(2024, 1, 1, 12, tzinfo=timezone(timedelta(hours=2))).utctimetuple()
print(u, u.tm_hour)
print(datetime(2024, 1, 1, tzinfo=timezone.utc).timetuple().tm_isdst, time.strftime("%Y-%m-%d %H:%M", now.timetuple()))
