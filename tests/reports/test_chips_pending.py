"""The sessions a chips report counts as pending are those whose figures are
out of step; a round at the instant two sessions meet is in each."""

from __future__ import annotations

import itertools
from datetime import date

import pytest
from sqlalchemy import func, select

from service.accounting.figures import out_of_step
from service.reports.aggregate_sums import in_period
from service.reports.pending_sessions import pending_sessions
from service.reports.periods import floor_scope, resolve_period
from service.store.models import DropCount, RoundRecord, TableSession
from tests.reports import chips_floor
from tests.reports.chips_floor import (
    DAY_2,
    DROP_2,
    RECOUNT_2,
    SMALLER_TRAY,
    at,
    get_report,
    run_figures_jobs,
    table_session,
)
from tests.support.accounting import (
    count_drop,
    ok,
)
from tests.support.app import databases, sign_in
from tests.support.rounds_data import void_approved

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
settings = chips_floor.settings
floor = chips_floor.floor


def pending_as_defined(db, scope, period) -> list[int]:
    """The sessions the report names, by their definition in one statement
    (what the report read before it matched decisions to sessions)."""
    counted = select(DropCount.id).where(DropCount.session_id == TableSession.id).exists()
    query = select(TableSession.id).where(
        TableSession.table_id.in_(scope.table_ids),
        TableSession.closed_at.is_(None) | ~counted | out_of_step(),
    )
    query = in_period(query, TableSession.gaming_day, TableSession.shift, period)
    return sorted(db.scalars(query))


def assert_pending_as_defined(app) -> int:
    found = 0
    with databases(app)() as db:
        scope = floor_scope(db)
        for day, kind, shift in itertools.product(
            (date(2026, 3, 10), date(2026, 3, 11)), ("shift", "day", "mtd", "ytd"), (1, 2)
        ):
            period, _ = resolve_period(scope, kind, day, shift if kind == "shift" else None, DAY_2)
            expected = pending_as_defined(db, scope, period)
            count, shown = pending_sessions(db, scope, period)
            assert (count, sorted(each["session_id"] for each in shown)) == (len(expected), expected)
            found += count
    return found


def test_the_pending_sessions_are_those_out_of_step(app, client, floor):
    """Before and after the figures job, a void of a counted session's
    round, a void of a round the figures reflect already, a recount."""
    assert assert_pending_as_defined(app) > 0
    run_figures_jobs(app)
    assert_pending_as_defined(app)
    with databases(app)() as db:
        first, second = db.scalars(
            select(RoundRecord.id).where(RoundRecord.table_id == floor["a"]["id"]).order_by(RoundRecord.id)
        )
    bosses = sign_in(client, "pit_boss"), sign_in(client, "pit_boss2")
    void_approved(client, *bosses, first)
    assert_pending_as_defined(app)
    run_figures_jobs(app)
    void_approved(client, *bosses, second)
    ok(count_drop(client, floor["sessions"][1], lines=RECOUNT_2, reason="a bundle missed"), 201)
    assert_pending_as_defined(app)
    run_figures_jobs(app)
    assert_pending_as_defined(app)


def test_a_round_at_the_instant_sessions_meet_is_in_each(app, client, floor):
    """Sessions opened and closed at one instant (a clock that stood still)
    all hold a round dealt at it: a void of that round puts each of them out
    of step, as their definition says, not only the last one opened."""
    a = floor["a"]["id"]
    at(app, DAY_2)
    dealt = table_session(client, a, rounds=1, opener=SMALLER_TRAY)
    after = table_session(client, a)
    for counted in (dealt, after):
        ok(count_drop(client, counted, lines=DROP_2), 201)
    run_figures_jobs(app)
    with databases(app)() as db:
        round_id = db.scalar(select(func.max(RoundRecord.id)).where(RoundRecord.table_id == a))
    void_approved(client, sign_in(client, "pit_boss"), sign_in(client, "pit_boss2"), round_id)
    assert assert_pending_as_defined(app) > 0
    pending = {
        each["session_id"] for each in get_report(client, "floor", period="ytd", day="2026-03-11")["pending"]
    }
    assert {floor["sessions"][1], dealt, after} <= pending
