"""Reports against hand-made rounds: every figure known from the cards.

Two tables, two dealers, rounds across shifts, gaming days, a month and a year
boundary; a void removed from the totals once approved; a correction counted
in place of its round; two configuration versions weighted in the theory."""

from __future__ import annotations

from datetime import date

import pytest

from service.reports.periods import floor_scope
from service.reports.table_reports import report
from service.review.decisions import decide
from service.rounds.aggregates import BETS
from service.store.db import utc_now
from service.store.models import RoundException
from service.store.work import unit_of_work
from tests.par_sheets import default_sheet
from tests.reports import hand_made_rounds
from tests.reports.hand_made_rounds import BB, BIG_ROUNDS, at, build_floor, check_stored_nets, user
from tests.reports.report_figures import dealer_figures, dealers_of, expected, figures, get
from tests.support.app import databases
from tests.support.background import check_aggregates, run_burst

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
app = hand_made_rounds.app


def test_report_arithmetic_against_hand_made_rounds(app, client, as_role, redis_settings):
    floor = build_floor(app)
    check_stored_nets(app, floor)
    a, b = floor.tables["A"], floor.tables["B"]
    boss = as_role["pit_boss"]

    # Nothing counted yet: the figures are empty and say they lag.
    before = get(client, boss, f"/reports/tables/{a}?period=day&day=2026-12-01")
    assert before["rounds"] == 0
    assert before["pending_rounds"] == 4  # a1, a2, a3, a4
    assert "lag by 4 rounds" in before["lag"]

    run_burst(redis_settings)  # a real worker counts every round once
    with databases(app)() as db:
        check_aggregates(db)

    day = get(client, boss, f"/reports/tables/{a}?period=day&day=2026-12-01")
    assert day["pending_rounds"] == 0
    assert figures(day) == expected(floor, ["a1", "a2", "a3", "a4"])

    # a4's void approved by a second pit boss: the figures lag by that round
    # until the job takes it out, then it is gone from every total.
    with unit_of_work(databases(app)) as db:
        decide(db, db.get(RoundException, floor.void), user(db, "pit_boss2"), True, "", utc_now())
    lagging = get(client, boss, f"/reports/tables/{a}?period=day&day=2026-12-01")
    assert lagging["pending_rounds"] == 1
    assert figures(lagging) == expected(floor, ["a1", "a2", "a3", "a4"])
    run_burst(redis_settings)

    day = get(client, boss, f"/reports/tables/{a}?period=day&day=2026-12-01")
    assert day["pending_rounds"] == 0
    assert day["theoretical_pending"] is False
    assert figures(day) == expected(floor, ["a1", "a2", "a3"])
    # Worked out in full once: main 1000+1000+1000 + 1000+3000 + 2000+1000.
    assert day["bets"]["main"]["note"] is None
    assert (day["bets"]["main"]["handle"], day["bets"]["main"]["win"]) == (10_000, 0)
    assert (day["bets"]["dealer_break_bonus"]["handle"], day["bets"]["dealer_break_bonus"]["win"]) == (
        2300,
        300,
    )
    assert (day["bets"]["break_bonus"]["handle"], day["bets"]["break_bonus"]["win"]) == (700, -1100)
    assert day["bets"]["break_bonus"]["hold"] == -1100 / 700
    assert day["totals"] == {
        "handle": 13_000,
        "win": -800,
        "hold": -800 / 13_000,
        "theoretical_win": sum(day["bets"][bet]["theoretical_win"] for bet in BETS),
        "theoretical_hold": float(
            sum(default_sheet().bets[bet].house_edge * day["bets"][bet]["handle"] for bet in BETS) / 13_000
        ),
    }
    assert (day["fouls"], day["player_lucky_breaks"], day["dealer_lucky_breaks"]) == (1, 1, 1)
    # One configuration version: the theoretical hold is the par sheet's edge.
    for bet in BETS:
        assert day["bets"][bet]["theoretical_hold"] == float(default_sheet().bets[bet].house_edge)
    assert dealers_of(day) == {
        "dealer": dealer_figures(floor, ["a1", "a2"], voids=1, pending_voids=1),
        "dealer2": dealer_figures(floor, ["a3"]),
    }

    # By shift: 06:00-14:00 is shift 1, 14:00-22:00 shift 2.
    shift1 = get(client, boss, f"/reports/tables/{a}?period=shift&day=2026-12-01&shift=1")
    assert figures(shift1) == expected(floor, ["a1", "a2"])
    assert shift1["period_key"] == "2026-12-01/1"
    shift2 = get(client, boss, f"/reports/tables/{a}?period=shift&day=2026-12-01&shift=2")
    assert figures(shift2) == expected(floor, ["a3"])
    assert get(client, boss, f"/reports/tables/{a}?period=shift&day=2026-12-01&shift=3")["rounds"] == 0

    # Month to date from 1 December: a0 (05:59:59 on the 1st) belongs to the
    # last gaming day of November, and a5 was played under version 2.
    mtd = get(client, boss, f"/reports/tables/{a}?period=mtd&day=2026-12-02")
    assert (mtd["first_day"], mtd["last_day"], mtd["period_key"]) == ("2026-12-01", "2026-12-02", "2026-12")
    assert figures(mtd) == expected(floor, ["a1", "a2", "a3", "a5"])
    # Mixed versions: the Break Bonus theory weighs each version's edge by its handle.
    v1, v2 = (floor.sheets[v].bets[BB].house_edge for v in ("v1", "v2"))
    assert v1 != v2
    assert mtd["bets"][BB]["theoretical_hold"] == float((v1 * (300 + 400) + v2 * 400) / 1100)
    november = get(client, boss, f"/reports/tables/{a}?period=mtd&day=2026-11-30")
    assert figures(november) == expected(floor, ["a0"])
    assert get(client, boss, f"/reports/tables/{a}?period=day&day=2026-11-30")["rounds"] == 1

    # Year to date: from 1 January (a7 at 05:00 on 1 January is 2025's).
    ytd = get(client, boss, f"/reports/tables/{a}?period=ytd&day=2026-12-02")
    assert ytd["first_day"] == "2026-01-01"
    assert figures(ytd) == expected(floor, ["a0", "a1", "a2", "a3", "a5", "a6"])
    assert ytd["dealer_non_qualifications"] == 1
    last_year = get(client, boss, f"/reports/tables/{a}?period=ytd&day=2025-12-31")
    assert figures(last_year) == expected(floor, ["a7"])

    # Table B's day: b1 counts as corrected; the corrected round's dealer has it.
    b_day = get(client, boss, f"/reports/tables/{b}?period=day&day=2026-12-01")
    assert figures(b_day) == expected(floor, ["b1"])
    assert dealers_of(b_day) == {"dealer2": dealer_figures(floor, ["b1"], corrections=1)}

    # The floor: both tables, or the ones asked for.
    floor_day = get(client, boss, "/reports/floor?period=day&day=2026-12-01")
    assert figures(floor_day) == expected(floor, ["a1", "a2", "a3", "b1"])
    assert floor_day["scope"]["kind"] == "floor"
    assert floor_day["scope"]["every_table"] is True
    assert dealers_of(floor_day) == {
        "dealer": dealer_figures(floor, ["a1", "a2"], voids=1, pending_voids=1),
        "dealer2": dealer_figures(floor, ["a3", "b1"], corrections=1),
    }
    only_b = get(client, boss, f"/reports/floor?period=day&day=2026-12-01&tables={b}")
    assert figures(only_b) == expected(floor, ["b1"])
    floor_mtd = get(client, as_role["compliance"], "/reports/floor?period=mtd&day=2026-12-03")
    assert figures(floor_mtd) == expected(floor, ["a1", "a2", "a3", "a5", "b1", "b22", *BIG_ROUNDS])
    floor_shift1 = get(client, boss, "/reports/floor?period=shift&day=2026-12-01&shift=1")
    assert figures(floor_shift1) == expected(floor, ["a1", "a2", "b1"])

    # The dealers on their own, for the floor or one table.
    dealers = get(client, as_role["admin"], "/reports/dealers?period=day&day=2026-12-01")
    assert dealers_of(dealers) == dealers_of(floor_day)
    one = get(client, boss, f"/reports/dealers?period=shift&day=2026-12-01&shift=2&table={a}")
    assert dealers_of(one) == {"dealer2": dealer_figures(floor, ["a3"])}

    # The service answers the same as the API.
    with databases(app)() as db:
        direct = report(
            db,
            redis_settings.instance,
            floor_scope(db),
            "day",
            date(2026, 12, 1),
            None,
            now=at("2026-12-05T00:00:00"),
        )
    assert figures(direct) == figures(floor_day)
    assert direct["dealers"] == floor_day["dealers"]
