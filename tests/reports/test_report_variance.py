"""A period where the house loses heavily on large Main Bets flagged, and a
normal one not; investigation notes; the theory pending while a par sheet
is computed."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.rounds.aggregates import BETS
from service.rounds.entering import enter_round
from service.store.db import utc_now
from service.store.models import AuditEvent, OutboxEntry
from service.store.work import unit_of_work
from service.tables.tables import create_table
from tests.reports import hand_made_rounds
from tests.reports.hand_made_rounds import (
    BIG_ROUNDS,
    DBB,
    MAIN,
    base,
    build_floor,
    count_directly,
    user,
)
from tests.reports.report_figures import expected, figures, get
from tests.support.app import databases

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
app = hand_made_rounds.app


def test_variance_flagged_when_the_house_loses_heavily_and_noted(app, client, as_role):
    floor = build_floor(app)
    count_directly(app)
    b = floor.tables["B"]
    boss = as_role["pit_boss"]

    # Twenty players win 100,000 each on the Main Bet in B's evening shift.
    heavy = get(client, boss, f"/reports/tables/{b}?period=shift&day=2026-12-03&shift=2")
    assert figures(heavy) == expected(floor, BIG_ROUNDS)
    main = heavy["bets"][MAIN]
    # By hand: edge 0.0157291... × 2,000,000 = 31,458.24; sd 0.829323 × √(20 × 100,000²)
    # = 370,884.5; ± 1.959964 sd = [-695,462.1, 758,378.6]: the house lost 2,000,000.
    assert (main["handle"], main["win"], main["theoretical_win"]) == (2_000_000, -2_000_000, 31_458)
    assert main["win_interval"] == {"low": -695_462, "high": 758_378}
    assert main["theoretical_win_sd"] == pytest.approx(370_884.54, abs=0.01)
    assert main["hold_interval"]["low"] == pytest.approx(-0.347731, abs=1e-6)
    assert main["variance_flag"] is True
    assert heavy["bets"][DBB]["variance_flag"] is False  # no bets: nothing to flag
    assert heavy["bets"][DBB]["hold"] is None

    # The morning shift was ordinary: all inside their intervals.
    normal = get(client, boss, f"/reports/tables/{b}?period=shift&day=2026-12-03&shift=1")
    assert figures(normal) == expected(floor, ["b22"])
    assert [normal["bets"][bet]["win_interval"] for bet in BETS] == [
        {"low": -2768, "high": 2862},
        {"low": -2598, "high": 2769},
        {"low": -1280, "high": 1315},
    ]
    assert not any(normal["bets"][bet]["variance_flag"] for bet in BETS)

    # A wider interval (99.99 %) still flags the heavy loss; a narrow one
    # (60 %) flags the ordinary shift's side bets, which the house all won.
    assert get(client, boss, f"/reports/tables/{b}?period=shift&day=2026-12-03&shift=2&confidence=0.9999")[
        "bets"
    ][MAIN]["variance_flag"]
    narrow = get(client, boss, f"/reports/tables/{b}?period=shift&day=2026-12-03&shift=1&confidence=0.6")
    assert narrow["bets"][DBB]["variance_flag"] is True
    assert narrow["z"] == pytest.approx(0.841621, abs=1e-6)

    # An investigation note on the flagged line; a later one replaces it.
    body = {"table_id": b, "period": "shift", "day": "2026-12-03", "shift": 2, "bet": "main"}
    first = client.post(
        "/api/v1/reports/variance-notes", json={**body, "note": "Surveillance reviewing."}, headers=boss
    )
    assert first.status_code == 201, first.json
    assert first.json["period_key"] == "2026-12-03/2"
    assert first.json["written_by"] == "pit_boss"
    second = client.post(
        "/api/v1/reports/variance-notes",
        json={**body, "note": "Reviewed: 20 straight winners at seat 2,\nno irregularity."},
        headers=as_role["admin"],
    )
    assert second.status_code == 201
    noted = get(client, as_role["compliance"], f"/reports/tables/{b}?period=shift&day=2026-12-03&shift=2")
    note = noted["bets"][MAIN]["note"]
    assert note["note"] == "Reviewed: 20 straight winners at seat 2,\nno irregularity."
    assert (note["written_by"], note["earlier_notes"], note["id"]) == ("admin", 1, second.json["id"])
    assert noted["bets"][DBB]["note"] is None
    # Notes belong to their scope and period: not the day, not the floor.
    assert get(client, boss, f"/reports/tables/{b}?period=day&day=2026-12-03")["bets"][MAIN]["note"] is None
    assert (
        get(client, boss, "/reports/floor?period=shift&day=2026-12-03&shift=2")["bets"][MAIN]["note"] is None
    )
    # A floor note, for the month.
    month = {"period": "mtd", "day": "2026-12-03", "bet": "main", "note": "Month under review."}
    assert client.post("/api/v1/reports/variance-notes", json=month, headers=boss).status_code == 201
    floor_month = get(client, boss, "/reports/floor?period=mtd&day=2026-12-03")
    assert floor_month["bets"][MAIN]["variance_flag"] is True
    assert floor_month["bets"][MAIN]["note"]["note"] == "Month under review."
    assert (
        get(client, boss, "/reports/floor?period=mtd&day=2026-12-31")["bets"][MAIN]["note"]["table_id"]
        is None
    )
    # A floor note is about every table: a report on some of them does not show it.
    some = get(client, boss, f"/reports/floor?period=mtd&day=2026-12-03&tables={b}")
    assert some["bets"][MAIN]["note"] is None
    with databases(app)() as db:
        noted = select(AuditEvent).where(AuditEvent.kind == "variance_noted").order_by(AuditEvent.id)
        events = db.scalars(noted).all()
        assert [event.subject for event in events] == [f"table:{b}", f"table:{b}", "floor"]
        assert events[0].payload["period_key"] == "2026-12-03/2"


def test_theory_is_pending_while_a_par_sheet_is_computed(app, client, as_role):
    # An ace-high qualifier: rules whose par sheet nobody has computed yet.
    with unit_of_work(databases(app)) as db:
        table = create_table(db, user(db, "admin"), "BP-ACE", {"dealer_qualifier": "A-3-2"})
        enter_round(db, table, user(db, "dealer"), base("r1"), "r1", utc_now(), sessionless=True)
        table_id = table.id
    count_directly(app)
    boss = as_role["pit_boss"]  # signed in (an event and its job) before the count
    with databases(app)() as db:
        jobs = db.scalar(select(func.count()).select_from(OutboxEntry))
    got = get(client, boss, f"/reports/tables/{table_id}")
    assert got["theoretical_pending"] is True
    assert got["theoretical_pending_versions"] == [{"table_id": table_id, "version": 1}]
    assert got["rounds"] == 1
    assert got["bets"][MAIN]["handle"] == 3000
    for bet in BETS:
        line = got["bets"][bet]
        assert line["theoretical_win"] is line["theoretical_hold"] is line["variance_flag"] is None
    assert got["totals"]["theoretical_win"] is None
    with databases(app)() as db:  # nothing queued: the version's own job computes it
        assert db.scalar(select(func.count()).select_from(OutboxEntry)) == jobs
