"""Which gaming day and shift a moment belongs to.

A gaming day starts at a local hour (06:00 by default) and is cut into equal
shifts (three of eight hours). Times are stored in UTC with the offset of the
table's zone at that moment, so a round is placed the same way forever.

>>> from datetime import datetime, UTC
>>> place(datetime(2026, 11, 29, 5, 59, tzinfo=UTC), "UTC")
GamingTime(gaming_day=datetime.date(2026, 11, 28), shift=3, utc_offset_minutes=0)
>>> place(datetime(2026, 11, 29, 14, 0, tzinfo=UTC), "UTC")
GamingTime(gaming_day=datetime.date(2026, 11, 29), shift=2, utc_offset_minutes=0)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

DAY_START_HOUR = 6
SHIFTS = 3


@dataclass(frozen=True, slots=True)
class GamingTime:
    gaming_day: date
    shift: int  # 1 .. SHIFTS
    utc_offset_minutes: int


def place(
    moment: datetime, zone: str, day_start_hour: int = DAY_START_HOUR, shifts: int = SHIFTS
) -> GamingTime:
    local = moment.astimezone(ZoneInfo(zone))
    offset = local.utcoffset() or timedelta(0)
    since_start = local.replace(tzinfo=None) - timedelta(hours=day_start_hour)
    seconds_into_day = since_start.hour * 3600 + since_start.minute * 60 + since_start.second
    shift = seconds_into_day * shifts // 86_400 + 1
    return GamingTime(since_start.date(), shift, int(offset.total_seconds() // 60))


# In the zone database but not places: "localtime" is whatever the server is.
_NOT_PLACES = frozenset({"localtime", "Factory", "posixrules"})


def valid_zone(zone: str) -> bool:
    if zone in _NOT_PLACES or (zone not in available_timezones() and zone != "UTC"):
        return False
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True
