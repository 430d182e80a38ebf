"""Which gaming day and shift a moment belongs to, by the table's schedule.

A table's schedule is the local wall-clock times its shifts start
(``shift_starts``, default 06:00, 14:00 and 22:00: three of eight hours); the
first also starts the gaming day, which is named by the date it starts on.
Times are stored in UTC with the offset of the table's zone at that moment, so
a round is placed the same way forever, whatever the schedule becomes later.

>>> from datetime import datetime, UTC
>>> place(datetime(2026, 11, 29, 5, 59, tzinfo=UTC), "UTC")
GamingTime(gaming_day=datetime.date(2026, 11, 28), shift=3, utc_offset_minutes=0)
>>> place(datetime(2026, 11, 29, 14, 0, tzinfo=UTC), "UTC")
GamingTime(gaming_day=datetime.date(2026, 11, 29), shift=2, utc_offset_minutes=0)
>>> place(datetime(2026, 11, 29, 14, 0, tzinfo=UTC), "UTC", ("22:00", "10:00"))
GamingTime(gaming_day=datetime.date(2026, 11, 28), shift=2, utc_offset_minutes=0)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from service.errors import ErrorCode, Invalid
from service.store.models import DEFAULT_SHIFT_STARTS

MAX_SHIFTS = 6
_CLOCK = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])")


@dataclass(frozen=True, slots=True)
class GamingTime:
    gaming_day: date
    shift: int  # 1 .. number of shifts
    utc_offset_minutes: int


def _minutes(clock: str) -> int:
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def check_shift_starts(starts: object) -> tuple[str, ...]:
    """A valid schedule: 1 to 6 distinct ``HH:MM`` times, in the order the
    shifts follow each other from the start of the gaming day.

    >>> check_shift_starts(["22:00", "06:00", "14:00"])
    ('22:00', '06:00', '14:00')
    >>> check_shift_starts(["06:00", "05:00", "14:00"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    service.errors.Invalid: shift_starts must follow ... from 06:00: 14:00 comes after 05:00
    """
    field = "shift_starts"
    if not isinstance(starts, list | tuple) or not 1 <= len(starts) <= MAX_SHIFTS:
        raise Invalid(
            ErrorCode.INVALID_FIELD, f"{field} must be a list of 1 to {MAX_SHIFTS} local times HH:MM", field
        )
    for clock in starts:
        if not isinstance(clock, str) or not _CLOCK.fullmatch(clock):
            raise Invalid(
                ErrorCode.INVALID_FIELD, f"{field}: {clock!r} is not a local time HH:MM (00:00-23:59)", field
            )
    first = _minutes(starts[0])
    since_start = [(_minutes(clock) - first) % 1440 for clock in starts]
    for index in range(1, len(starts)):
        if since_start[index] <= since_start[index - 1]:
            raise Invalid(
                ErrorCode.INVALID_FIELD,
                f"{field} must follow each other through the gaming day from {starts[0]}: "
                f"{starts[index]} comes after {starts[index - 1]}",
                field,
            )
    return tuple(starts)


def place(moment: datetime, zone: str, shift_starts: Sequence[str] = DEFAULT_SHIFT_STARTS) -> GamingTime:
    """The gaming day and shift of an instant. Both come from the instants the
    day and each shift begin (:func:`shift_begins`), so a daylight-saving
    change never puts a later round on an earlier day, and the day's bounds
    (:func:`day_bounds`) always contain the rounds placed in it."""
    here = ZoneInfo(zone)
    local = moment.astimezone(here)
    offset = local.utcoffset() or timedelta(0)
    day = local.date() + timedelta(days=1)
    begins = shift_begins(day, zone, shift_starts)
    while begins[0] > moment:
        day -= timedelta(days=1)
        begins = shift_begins(day, zone, shift_starts)
    shift = sum(1 for start in begins if start <= moment)
    return GamingTime(day, shift, int(offset.total_seconds() // 60))


def shift_begins(day: date, zone: str, shift_starts: Sequence[str] = DEFAULT_SHIFT_STARTS) -> list[datetime]:
    """The UTC instants each shift of a gaming day begins. A start that falls
    in a daylight-saving gap begins at the same distance past the change (as
    zoneinfo reads a missing wall-clock time); in a repeated hour, at its
    first occurrence.

    >>> [t.isoformat() for t in shift_begins(date(2026, 11, 28), "UTC", ("22:00", "10:00"))]
    ['2026-11-28T22:00:00+00:00', '2026-11-29T10:00:00+00:00']
    """
    here = ZoneInfo(zone)
    first = _minutes(shift_starts[0])
    begins = []
    for clock in shift_starts:
        on = day + timedelta(days=1) if _minutes(clock) < first else day
        begins.append(datetime.combine(on, time.fromisoformat(clock), tzinfo=here).astimezone(UTC))
    return begins


def day_bounds(
    day: date, zone: str, shift_starts: Sequence[str] = DEFAULT_SHIFT_STARTS
) -> tuple[datetime, datetime]:
    """The UTC moments a gaming day starts and ends (the next one's start).

    >>> day_bounds(date(2026, 11, 29), "America/Los_Angeles")
    (datetime.datetime(2026, 11, 29, 14, 0, tzinfo=datetime.timezone.utc), \
datetime.datetime(2026, 11, 30, 14, 0, tzinfo=datetime.timezone.utc))
    """
    return shift_begins(day, zone, shift_starts)[0], shift_begins(
        day + timedelta(days=1), zone, shift_starts
    )[0]


# In the zone database but not places: "localtime" is whatever the server is.
_NOT_PLACES = frozenset({"localtime", "Factory", "posixrules"})


@functools.cache
def _zones() -> frozenset[str]:
    """The zone database's names, read once a process: available_timezones()
    walks every file of it on each call (a tenth of a second), and a new
    zone database is only read after a restart anyway (ZoneInfo caches)."""
    return frozenset(available_timezones())


def valid_zone(zone: str) -> bool:
    if zone in _NOT_PLACES or (zone not in _zones() and zone != "UTC"):
        return False
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True
