"""The chi-square test of a shuffler's card positions (rule book section
15), per device: over its gaming day's decks and over the 30 days ending
with it (``chi_square.py``), a warning when p < 0.05.

A test runs once, on a complete window: the device's day once the day has
ended (queued by its first deck of a later day, found by the sweep
otherwise), and the 30 days ending with it. Run after every deck, a test
at 5 % would sooner or later cross it by chance on nearly every fair
shuffler (repeated looks at a growing sample); once a day, a fair
shuffler is flagged on about one day in twenty a window, as the
threshold says.

The counts are the device's days' rows (at most 30 added up), never its
decks; the day's decks not counted yet (a job lost) are counted first."""

from __future__ import annotations

from datetime import datetime, timedelta
from fractions import Fraction

from sqlalchemy import select

from service.protection.alerts import raise_alert
from service.protection.chi_square import ALPHA, PositionTest, position_groups, positions_test
from service.protection.device_days import count_deck, empty_positions, uncounted_of_day
from service.protection.values import AlertKind, Finding, Severity
from service.store.db import Db
from service.store.models import DeviceDay, GameTable, PositionTestRow

WINDOW_DAYS = 30
DAY, WINDOW = "day", "30days"  # the scopes of a test, in the alerts' keys


def check_positions(db: Db, day_id: int, now: datetime) -> int:
    """Test an ended device day's card positions (and the 30 days ending
    with it), once; how many alerts were raised (0 when tested before or
    the day has not ended: its test comes again)."""
    if db.get(PositionTestRow, day_id) is not None:
        return 0
    day = db.get(DeviceDay, day_id, with_for_update=True)
    if day is None:
        raise LookupError(f"no device day {day_id}")
    if day.ends_at > now:
        return 0
    for feed in uncounted_of_day(db, day):
        count_deck(db, feed.id, now)
    days = window_of(db, day)
    summed = empty_positions()
    for each in days:
        for card, row in enumerate(each.positions):
            for position, seen in enumerate(row):
                summed[card][position] += seen
    decks = sum(each.decks for each in days)
    tests = {DAY: positions_test(day.positions, day.decks), WINDOW: positions_test(summed, decks)}
    db.add(_row(day, len(days), decks, tests, now))
    raised = 0
    for scope, test in tests.items():
        if test is not None and test.flagged:
            raised += raise_alert(db, _finding(db, day, scope, test), now) is not None
    db.flush()
    return raised


def window_of(db: Db, day: DeviceDay) -> list[DeviceDay]:
    """The device's days of the 30 ending with this one (its rows: at most 30)."""
    first = day.gaming_day - timedelta(days=WINDOW_DAYS - 1)
    return list(
        db.scalars(
            select(DeviceDay)
            .where(
                DeviceDay.device_id == day.device_id,
                DeviceDay.gaming_day >= first,
                DeviceDay.gaming_day <= day.gaming_day,
            )
            .order_by(DeviceDay.gaming_day)
        )
    )


def decimal(value: Fraction, places: int = 3) -> str:
    """A fraction as decimal text, rounded half to even at ``places``."""
    scaled = round(value * 10**places)
    sign = "-" if scaled < 0 else ""
    whole, part = divmod(abs(scaled), 10**places)
    return f"{sign}{whole}.{part:0{places}d}"


def p_text(p: float) -> str:
    """A p-value as text: four significant figures (a power of ten when tiny)."""
    return f"{p:.4g}"


def _row(
    day: DeviceDay, days: int, decks: int, tests: dict[str, PositionTest | None], now: datetime
) -> PositionTestRow:
    found, window = tests[DAY], tests[WINDOW]
    return PositionTestRow(
        day_id=day.id,
        day_decks=day.decks,
        day_groups=len(position_groups(day.decks)),
        day_df=None if found is None else found.df,
        day_statistic=None if found is None else decimal(found.statistic),
        day_p=None if found is None else p_text(found.p),
        day_flagged=found is not None and found.flagged,
        window_days=days,
        window_decks=decks,
        window_groups=len(position_groups(decks)),
        window_df=None if window is None else window.df,
        window_statistic=None if window is None else decimal(window.statistic),
        window_p=None if window is None else p_text(window.p),
        window_flagged=window is not None and window.flagged,
        tested_at=now,
    )


def _finding(db: Db, day: DeviceDay, scope: str, test: PositionTest) -> Finding:
    table = db.get(GameTable, day.table_id)
    assert table is not None  # the day's foreign key
    over = (
        f"gaming day {day.gaming_day.isoformat()}"
        if scope == DAY
        else f"the {WINDOW_DAYS} days to {day.gaming_day.isoformat()}"
    )
    return Finding(
        kind=AlertKind.SHUFFLER_POSITIONS,
        severity=Severity.WARNING,
        key=f"{day.device_id}:{day.gaming_day.isoformat()}:{scope}",
        summary=(
            f"card positions of {day.device_id!r} (table {table.name!r}) over {test.decks} decks of {over}: "
            f"chi-square {decimal(test.statistic)} on {test.df} degrees of freedom "
            f"({len(test.groups)} position groups), p = {p_text(test.p)}, below {float(ALPHA)}"
        ),
        figure=p_text(test.p),
        threshold=str(float(ALPHA)),
        table_id=day.table_id,
        device_id=day.device_id,
    )
