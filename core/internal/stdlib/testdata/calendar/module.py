import calendar
print(calendar.monthrange(2024, 2), calendar.isleap(2024), calendar.month_name[3], calendar.day_abbr[0], list(calendar.month_abbr)[:3], calendar.leapdays(2000, 2025))
print(calendar.monthcalendar(2024, 2)[0], calendar.weekday(2024, 7, 4), calendar.day_name[calendar.weekday(2024, 7, 4)])
print(calendar.month(2024, 2))
print(calendar.month(2023, 12, w=3, l=1))
cal = calendar.Calendar(firstweekday=6)
print(list(cal.iterweekdays()), cal.monthdayscalendar(2024, 3)[0], cal.monthdatescalendar(2024, 3)[0][0], list(cal.itermonthdays2(2024, 3))[:3])
tc = calendar.TextCalendar(calendar.SUNDAY)
print(tc.formatmonth(2024, 9))
calendar.prmonth(2025, 1)
print(calendar.calendar(2024))
print(calendar.timegm((2024, 1, 1, 0, 0, 0)), calendar.weekheader(3))
try:
    calendar.monthrange(2024, 13)
except calendar.IllegalMonthError as e:
    print("bad:", e)
