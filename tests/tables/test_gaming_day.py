"""Gaming days and shifts, including across a daylight-saving change."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.tables.gaming_day import day_bounds, place, valid_zone


@pytest.mark.parametrize(
    ("utc", "zone", "day", "shift", "offset"),
    [
        (datetime(2026, 11, 29, 6, 0, tzinfo=UTC), "UTC", date(2026, 11, 29), 1, 0),
        (datetime(2026, 11, 29, 13, 59, tzinfo=UTC), "UTC", date(2026, 11, 29), 1, 0),
        (datetime(2026, 11, 29, 14, 0, tzinfo=UTC), "UTC", date(2026, 11, 29), 2, 0),
        (datetime(2026, 11, 29, 22, 0, tzinfo=UTC), "UTC", date(2026, 11, 29), 3, 0),
        (datetime(2026, 11, 30, 5, 59, tzinfo=UTC), "UTC", date(2026, 11, 29), 3, 0),
        # Las Vegas in winter is UTC-8: 13:59 UTC is 05:59 local, the day before.
        (datetime(2026, 11, 29, 13, 59, tzinfo=UTC), "America/Los_Angeles", date(2026, 11, 28), 3, -480),
        (datetime(2026, 11, 29, 14, 0, tzinfo=UTC), "America/Los_Angeles", date(2026, 11, 29), 1, -480),
        # In summer UTC-7.
        (datetime(2026, 7, 1, 13, 0, tzinfo=UTC), "America/Los_Angeles", date(2026, 7, 1), 1, -420),
        (datetime(2026, 7, 1, 0, 30, tzinfo=UTC), "Asia/Macau", date(2026, 7, 1), 1, 480),
    ],
)
def test_place(utc, zone, day, shift, offset):
    placed = place(utc, zone)
    assert (placed.gaming_day, placed.shift, placed.utc_offset_minutes) == (day, shift, offset)


def test_zones():
    assert valid_zone("UTC")
    assert valid_zone("America/Los_Angeles")
    assert not valid_zone("Mars/Olympus")
    assert not valid_zone("../../etc/passwd")


ZONES = ["UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham"]
CLOCKS = [f"{hour:02d}:{minute:02d}" for hour in range(24) for minute in (0, 30)]


@st.composite
def schedules(draw):
    starts = draw(st.lists(st.sampled_from(CLOCKS), min_size=1, max_size=6, unique=True))
    first = int(starts[0][:2]) * 60 + int(starts[0][3:])
    return tuple(sorted(starts, key=lambda clock: (int(clock[:2]) * 60 + int(clock[3:]) - first) % 1440))


@given(
    zone=st.sampled_from(ZONES),
    starts=schedules(),
    moment=st.datetimes(
        min_value=datetime(2025, 1, 1), max_value=datetime(2027, 12, 31), timezones=st.just(UTC)
    ),
    later=st.timedeltas(min_value=timedelta(0), max_value=timedelta(hours=30)),
)
def test_a_placed_round_lies_in_its_day_and_time_never_goes_back(zone, starts, moment, later):
    placed = place(moment, zone, starts)
    begins, ends = day_bounds(placed.gaming_day, zone, starts)
    assert begins <= moment < ends
    assert 1 <= placed.shift <= len(starts)
    after = place(moment + later, zone, starts)
    assert (after.gaming_day, after.shift) >= (placed.gaming_day, placed.shift)


@pytest.mark.parametrize(
    ("utc", "day", "shift"),
    [
        # New York, gaming day from 01:30. On 1 November 01:00-02:00 comes twice.
        (datetime(2026, 11, 1, 5, 40, tzinfo=UTC), date(2026, 11, 1), 1),  # 01:40 EDT
        (
            datetime(2026, 11, 1, 6, 10, tzinfo=UTC),
            date(2026, 11, 1),
            1,
        ),  # 01:10 EST, later: not the day before
        (datetime(2026, 11, 1, 5, 20, tzinfo=UTC), date(2026, 10, 31), 2),  # 01:20 EDT
        # On 8 March 02:00-03:00 does not exist: the day starting "02:30" begins at 03:30 EDT.
        (datetime(2026, 3, 8, 7, 10, tzinfo=UTC), date(2026, 3, 7), 2),  # 03:10 EDT
        (datetime(2026, 3, 8, 7, 30, tzinfo=UTC), date(2026, 3, 8), 1),
    ],
)
def test_daylight_saving_changes(utc, day, shift):
    starts = ("01:30", "13:30") if utc.month == 11 else ("02:30", "14:30")
    placed = place(utc, "America/New_York", starts)
    assert (placed.gaming_day, placed.shift) == (day, shift)
    begins, ends = day_bounds(day, "America/New_York", starts)
    assert begins <= utc < ends
