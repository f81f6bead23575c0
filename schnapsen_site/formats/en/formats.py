# English as an Austrian reader meets it on the printouts: "5 Dec 2026", the 24-hour clock
# (Django's own English formats say "Dec. 5, 2026" and "7:05 p.m.").
DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j F"
