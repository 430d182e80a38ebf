"""The figures from the chips in the reports: two tables, sessions on two
gaming days and two shifts, fills, credits, rounds and drop counts through
the API; the session figures job run as a worker would (its real-worker run
is tests/workers/test_session_figures.py). Every figure is known from the
counts: win = drop + closer + credits - opener - fills."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import UTC, date, datetime

import pytest
from sqlalchemy import func, select

from service.accounting.figures import figure_session, out_of_step
from service.jobs.queues import JobKind
from service.reports.aggregate_sums import in_period
from service.reports.pending_sessions import pending_sessions
from service.reports.periods import floor_scope, resolve_period
from service.reports.table_reports import report
from service.store.db import unit_of_work, utc_now
from service.store.models import DropCount, OutboxEntry, RoundRecord, SessionFigures, TableSession
from tests.support.accounting import (
    CREDIT,
    FILL,
    TRAY,
    close_table,
    count_drop,
    full_slip,
    ok,
    open_table,
)
from tests.support.app import sessions, sign_in
from tests.support.rounds_data import enter, void_approved

pytestmark = pytest.mark.store

DAY_1 = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)  # gaming day 2026-03-10, shift 1 (06:00 to 14:00)
DAY_2 = datetime(2026, 3, 11, 15, 0, tzinfo=UTC)  # gaming day 2026-03-11, shift 2
SMALLER_TRAY = {**TRAY, "10000": 400000}  # 7,100.00: chips paid out
DROP_1 = {"2000": 200000, "10000": 300000}  # 5,000.00
DROP_2 = {"10000": 200000}  # 2,000.00
RECOUNT_2 = {"10000": 250000}  # 2,500.00
# Win of the first session: 5,000 + 8,100 + 1,000 - 8,100 - 3,000; of the second: 2,000 + 7,100 - 8,100.
WIN_1, WIN_2 = 300000, 100000


@pytest.fixture
def settings(settings):
    """Sign-ins without their rate limit: each step signs its people in."""
    return replace(settings, login_limit_per_address=10_000, login_limit_per_name=10_000)


def at(app, moment):
    app.extensions["breakpoker"]["clock"] = lambda: moment


def run_figures_jobs(app) -> list[bool]:
    """What the workers do with the session figures jobs in the outbox."""
    with sessions(app)() as session:
        refs = sorted(
            set(session.scalars(select(OutboxEntry.ref).where(OutboxEntry.job == JobKind.SESSION_FIGURES)))
        )
    done = []
    for ref in refs:
        with unit_of_work(sessions(app)) as session:
            done.append(figure_session(session, ref, utc_now()))
    return done


def table_session(client, table_id, *, closer=TRAY, slips=(), rounds=0, opener=TRAY):
    """A session opened, its slips moved and rounds dealt, then closed; its id."""
    opened = ok(open_table(client, table_id, lines=opener), 201)
    for kind, lines in slips:
        full_slip(client, table_id, kind, lines)
    dealer = sign_in(client, "dealer")
    for number in range(rounds):
        enter(client, dealer, {"id": table_id}, f"s{opened['id']}-r{number}")
    ok(close_table(client, table_id, lines=closer))
    return opened["id"]


@pytest.fixture
def floor(app, client, table, as_role):
    """Table A: a counted session on day 1 (a fill, a credit, two rounds)
    and one on day 2; table B: on day 2 one session closed uncounted and
    one still open."""
    other = ok(client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"]), 201)
    at(app, DAY_1)
    first = table_session(client, table["id"], slips=[("fill", FILL), ("credit", CREDIT)], rounds=2)
    ok(count_drop(client, first, lines=DROP_1), 201)
    at(app, DAY_2)
    second = table_session(client, table["id"], closer=SMALLER_TRAY)
    ok(count_drop(client, second, lines=DROP_2), 201)
    uncounted = table_session(client, other["id"])
    still_open = ok(open_table(client, other["id"]), 201)["id"]
    return {"a": table, "b": other, "sessions": (first, second, uncounted, still_open)}


def get_report(client, path, **query):
    response = client.get(f"/api/v1/reports/{path}", query_string=query, headers=sign_in(client, "pit_boss"))
    assert response.status_code == 200, response.json
    return response.json["chips"]


def live_check(client, session_id):
    """The session's check as GET /sessions/{id} figures it from the records."""
    shown = client.get(f"/api/v1/sessions/{session_id}", headers=sign_in(client, "pit_boss"))
    assert shown.status_code == 200, shown.json
    return shown.json["check"]


def money(chips):
    keys = ("sessions_counted", "opener", "closer", "fills", "credits", "drop", "win", "hold")
    return {key: chips[key] for key in keys}


def test_a_table_s_figures_by_day_month_and_year(app, client, floor):
    assert run_figures_jobs(app) == [True, True]
    a = floor["a"]["id"]
    first = {
        "sessions_counted": 1,
        "opener": 810000,
        "closer": 810000,
        "fills": 300000,
        "credits": 100000,
        "drop": 500000,
        "win": WIN_1,
        "hold": 0.6,
    }
    second = {
        "sessions_counted": 1,
        "opener": 810000,
        "closer": 710000,
        "fills": 0,
        "credits": 0,
        "drop": 200000,
        "win": WIN_2,
        "hold": 0.5,
    }
    both = {
        "sessions_counted": 2,
        "opener": 1620000,
        "closer": 1520000,
        "fills": 300000,
        "credits": 100000,
        "drop": 700000,
        "win": WIN_1 + WIN_2,
        "hold": pytest.approx(4 / 7),
    }
    assert money(get_report(client, f"tables/{a}", day="2026-03-10")) == first
    assert money(get_report(client, f"tables/{a}", day="2026-03-11")) == second
    assert money(get_report(client, f"tables/{a}", period="mtd", day="2026-03-11")) == both
    assert money(get_report(client, f"tables/{a}", period="ytd", day="2026-12-31")) == both
    assert money(get_report(client, f"tables/{a}", period="mtd", day="2026-04-01"))["sessions_counted"] == 0
    # A session counts in the shift it opened in.
    assert money(get_report(client, f"tables/{a}", period="shift", day="2026-03-11", shift=2)) == second
    assert money(get_report(client, f"tables/{a}", period="shift", day="2026-03-11", shift=1)) == {
        **dict.fromkeys(first, 0),
        "hold": None,
    }


def test_the_floor_adds_the_tables_and_names_the_sessions_not_counted(app, client, floor):
    run_figures_jobs(app)
    _, _, uncounted, still_open = floor["sessions"]
    ytd = get_report(client, "floor", period="ytd", day="2026-03-11")
    assert ytd["sessions_counted"] == 2
    assert (ytd["win"], ytd["drop"]) == (WIN_1 + WIN_2, 700000)
    assert ytd["sessions_pending"] == 2, ytd["pending"]
    assert [
        (each["session_id"], each["table"], each["number"], each["reason"]) for each in ytd["pending"]
    ] == [
        (uncounted, "BP-2", 1, "uncounted"),
        (still_open, "BP-2", 2, "open"),
    ]
    assert {(each["gaming_day"], each["shift"]) for each in ytd["pending"]} == {("2026-03-11", 2)}
    # Day 1 had no session at table B: nothing pending there.
    day_1 = get_report(client, "floor", day="2026-03-10")
    assert (day_1["sessions_pending"], day_1["pending"], day_1["win"]) == (0, [], WIN_1)
    # The floor of table B alone: nothing counted, no drop, no hold.
    b_only = get_report(client, "floor", period="ytd", day="2026-03-11", tables=str(floor["b"]["id"]))
    assert (b_only["sessions_counted"], b_only["win"], b_only["drop"], b_only["hold"]) == (0, 0, 0, None)
    assert b_only["sessions_pending"] == 2


def test_cards_against_chips_over_the_period(app, client, floor):
    run_figures_jobs(app)
    first, second, *_ = floor["sessions"]
    checks = [live_check(client, session_id) for session_id in (first, second)]
    assert checks[0]["rounds"] == 2
    assert checks[0]["rounds_net"] != 0
    chips = get_report(client, "floor", period="mtd", day="2026-03-11")
    assert chips["rounds"] == 2
    assert chips["rounds_net"] == sum(check["rounds_net"] for check in checks)
    assert chips["difference"] == sum(check["difference"] for check in checks)
    assert chips["difference"] == WIN_1 + WIN_2 - chips["rounds_net"]
    assert chips["tolerance"] == 0
    assert chips["flagged_sessions"] == sum(check["difference"] != 0 for check in checks) == 2
    # A tolerance as wide as the smaller difference flags only the larger.
    wide = min(abs(check["difference"]) for check in checks)
    assert max(abs(check["difference"]) for check in checks) > wide
    instance = app.extensions["breakpoker"]["settings"].instance
    with sessions(app)() as session:
        scope = floor_scope(session)
        got = report(session, instance, scope, "mtd", DAY_2.date(), None, tolerance=wide)
    assert (got["chips"]["flagged_sessions"], got["chips"]["tolerance"]) == (1, wide)


def test_a_recount_changes_the_figures_once_the_job_runs_again(app, client, floor):
    run_figures_jobs(app)
    second = floor["sessions"][1]
    a = floor["a"]["id"]
    ok(count_drop(client, second, lines=RECOUNT_2, reason="a bundle missed"), 201)
    before = get_report(client, f"tables/{a}", period="mtd", day="2026-03-11")
    assert before["win"] == WIN_1 + WIN_2  # the job has not run: the sums are the earlier figures
    assert [(each["session_id"], each["reason"]) for each in before["pending"]] == [(second, "figuring")]
    assert run_figures_jobs(app) == [False, True]  # the first session's row was up to date
    after = get_report(client, f"tables/{a}", period="mtd", day="2026-03-11")
    assert (after["win"], after["drop"], after["sessions_pending"]) == (WIN_1 + WIN_2 + 50000, 750000, 0)
    assert get_report(client, f"tables/{a}", day="2026-03-11")["hold"] == pytest.approx(150000 / 250000)
    with sessions(app)() as session:
        assert session.scalar(select(func.count()).select_from(SessionFigures)) == 2


def test_a_void_after_the_count_changes_the_cards_side(app, client, floor):
    run_figures_jobs(app)
    first = floor["sessions"][0]
    before = get_report(client, "floor", period="ytd", day="2026-03-11")
    with sessions(app)() as session:
        voided = session.scalar(
            select(func.min(RoundRecord.id)).where(RoundRecord.table_id == floor["a"]["id"])
        )
    void_approved(client, sign_in(client, "pit_boss"), sign_in(client, "pit_boss2"), voided)
    stale = get_report(client, "floor", period="ytd", day="2026-03-11")
    assert stale["rounds_net"] == before["rounds_net"]
    assert (first, "figuring") in [(each["session_id"], each["reason"]) for each in stale["pending"]]
    run_figures_jobs(app)
    after = get_report(client, "floor", period="ytd", day="2026-03-11")
    assert after["rounds"] == before["rounds"] - 1
    assert after["rounds_net"] == live_check(client, first)["rounds_net"]
    assert after["win"] == before["win"]  # the chips did not move
    assert after["sessions_pending"] == 2  # table B's, as before


def test_hold_is_null_when_nothing_was_dropped(app, client, table):
    at(app, DAY_1)
    # The tray lost nothing and gained 1,000.00 of chips; the box stayed empty.
    session_id = table_session(client, table["id"], closer={**TRAY, "10000": 600000})
    ok(count_drop(client, session_id, lines={}), 201)
    run_figures_jobs(app)
    chips = get_report(client, f"tables/{table['id']}", day="2026-03-10")
    assert (chips["sessions_counted"], chips["drop"], chips["win"], chips["hold"]) == (1, 0, 100000, None)


def pending_as_defined(session, scope, period) -> list[int]:
    """The sessions the report names, by their definition in one statement
    (what the report read before it matched decisions to sessions)."""
    counted = select(DropCount.id).where(DropCount.session_id == TableSession.id).exists()
    query = select(TableSession.id).where(
        TableSession.table_id.in_(scope.table_ids),
        TableSession.closed_at.is_(None) | ~counted | out_of_step(),
    )
    query = in_period(query, TableSession.gaming_day, TableSession.shift, period)
    return sorted(session.scalars(query))


def assert_pending_as_defined(app) -> int:
    found = 0
    with sessions(app)() as session:
        scope = floor_scope(session)
        for day, kind, shift in itertools.product(
            (date(2026, 3, 10), date(2026, 3, 11)), ("shift", "day", "mtd", "ytd"), (1, 2)
        ):
            period, _ = resolve_period(scope, kind, day, shift if kind == "shift" else None, DAY_2)
            expected = pending_as_defined(session, scope, period)
            count, shown = pending_sessions(session, scope, period)
            assert (count, sorted(each["session_id"] for each in shown)) == (len(expected), expected)
            found += count
    return found


def test_the_pending_sessions_are_those_out_of_step(app, client, floor):
    """Before and after the figures job, a void of a counted session's
    round, a void of a round the figures reflect already, a recount."""
    assert assert_pending_as_defined(app) > 0
    run_figures_jobs(app)
    assert_pending_as_defined(app)
    with sessions(app)() as session:
        first, second = session.scalars(
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
    with sessions(app)() as session:
        round_id = session.scalar(select(func.max(RoundRecord.id)).where(RoundRecord.table_id == a))
    void_approved(client, sign_in(client, "pit_boss"), sign_in(client, "pit_boss2"), round_id)
    assert assert_pending_as_defined(app) > 0
    pending = {
        each["session_id"] for each in get_report(client, "floor", period="ytd", day="2026-03-11")["pending"]
    }
    assert {floor["sessions"][1], dealt, after} <= pending
