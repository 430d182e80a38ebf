"""Gaming days and shifts, including across a daylight-saving change."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from service.gaming_day import place, valid_zone


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
