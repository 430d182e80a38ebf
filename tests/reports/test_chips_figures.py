"""The figures from the chips in the reports: two tables, sessions on two
gaming days and two shifts, fills, credits, rounds and drop counts through
the API; the session figures job run as a worker would (its real-worker run
is tests/workers/test_session_figures.py). Every figure is known from the
counts: win = drop + closer + credits - opener - fills."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.reports.periods import floor_scope
from service.reports.table_reports import report
from service.store.models import RoundRecord, SessionFigures
from tests.reports import chips_floor
from tests.reports.chips_floor import (
    DAY_1,
    DAY_2,
    RECOUNT_2,
    WIN_1,
    WIN_2,
    at,
    get_report,
    live_check,
    money,
    run_figures_jobs,
    table_session,
)
from tests.support.accounting import (
    TRAY,
    count_drop,
    ok,
)
from tests.support.app import databases, sign_in
from tests.support.rounds_data import void_approved

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
settings = chips_floor.settings
floor = chips_floor.floor


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
    with databases(app)() as db:
        scope = floor_scope(db)
        got = report(db, instance, scope, "mtd", DAY_2.date(), None, tolerance=wide)
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
    with databases(app)() as db:
        assert db.scalar(select(func.count()).select_from(SessionFigures)) == 2


def test_a_void_after_the_count_changes_the_cards_side(app, client, floor):
    run_figures_jobs(app)
    first = floor["sessions"][0]
    before = get_report(client, "floor", period="ytd", day="2026-03-11")
    with databases(app)() as db:
        voided = db.scalar(select(func.min(RoundRecord.id)).where(RoundRecord.table_id == floor["a"]["id"]))
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
