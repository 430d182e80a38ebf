"""Asking for a report: the day's default, queries and notes checked, who may
write notes, and the report's JSON whole through the API."""

from __future__ import annotations

from datetime import date

import pytest

from service.reports.periods import table_scope
from service.reports.table_reports import report
from service.rounds.aggregates import BETS
from service.rounds.entering import enter_round
from service.store.db import utc_now
from service.store.models import GameTable
from service.store.work import unit_of_work
from service.tables.gaming_day import place
from service.tables.tables import create_table
from tests.reports import hand_made_rounds
from tests.reports.hand_made_rounds import MAIN, at, base, count_directly, user
from tests.reports.report_figures import get
from tests.support.app import databases

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
app = hand_made_rounds.app


def test_the_day_defaults_to_the_current_gaming_day(app, client, as_role):
    with unit_of_work(databases(app)) as db:
        admin = user(db, "admin")
        tokyo = create_table(db, admin, "BP-T", timezone="Asia/Tokyo").id
        create_table(db, admin, "BP-L", timezone="America/Los_Angeles")
    got = get(client, as_role["pit_boss"], f"/reports/tables/{tokyo}")
    assert got["day"] == place(utc_now(), "Asia/Tokyo").gaming_day.isoformat()
    assert got["period"] == "day"
    assert got["confidence"] == 0.95
    assert "BP-T" in got["day_chosen"]
    floor_report = get(client, as_role["pit_boss"], "/reports/floor")
    assert floor_report["day"] == got["day"]
    assert "first table" in floor_report["day_chosen"]
    assert (
        get(client, as_role["pit_boss"], f"/reports/tables/{tokyo}?day=2026-12-01")["day_chosen"] == "given"
    )
    with databases(app)() as db:
        empty = report(
            db,
            app.extensions["breakpoker"]["settings"].instance,
            table_scope(db, tokyo),
            "day",
            None,
            None,
        )
    assert empty["bets"][MAIN]["hold"] is None
    assert empty["bets"][MAIN]["variance_flag"] is False
    assert empty["totals"]["hold"] is None


# Refusals change nothing: each list is tried in one case (a case's
# sign-ins and table were most of its cost).
BAD_QUERIES = [
    ("period=week", 422, "period"),
    ("period=shift", 422, "shift"),
    ("period=shift&shift=0", 422, "shift"),
    ("period=shift&shift=7", 422, "shift"),
    ("period=day&shift=1", 422, "shift"),
    ("confidence=0.5", 422, "confidence"),
    ("confidence=1", 422, "confidence"),
    ("confidence=nan", 422, "confidence"),
    ("confidence=high", 422, "confidence"),
    ("day=2026-13-01", 422, "day"),
    ("day=yesterday", 422, "day"),
    ("colour=red", 422, "colour"),
    ("period=day&period=mtd", 422, "period"),
]


def test_report_queries_are_checked(client, as_role, table):
    for query, status, field in BAD_QUERIES:
        response = client.get(f"/api/v1/reports/tables/{table['id']}?{query}", headers=as_role["pit_boss"])
        assert response.status_code == status, (query, response.json)
        assert response.json["field"] == field, query
        assert field in response.json["message"], query


def test_floor_and_dealer_queries_are_checked(app, client, as_role, table):
    boss = as_role["pit_boss"]
    with unit_of_work(databases(app)) as db:
        two = create_table(db, user(db, "admin"), "BP-2", shift_starts=["06:00", "18:00"]).id
    # Any shift a schedule can have (1 to 6) may be asked for, even at a table
    # that has fewer now: its stored rounds keep an older schedule's shifts.
    assert get(client, boss, "/reports/floor?period=shift&shift=3")["shift"] == 3
    assert get(client, boss, f"/reports/tables/{two}?period=shift&shift=3")["rounds"] == 0
    assert get(client, boss, "/reports/floor?period=shift&shift=7", 422)["field"] == "shift"
    for bad in ("1,x", "", "1,,2", "-1", "99999999999"):
        assert get(client, boss, f"/reports/floor?tables={bad}", 422)["field"] == "tables"
    assert "999" in get(client, boss, "/reports/floor?tables=1,999", 422)["message"]
    assert get(client, boss, f"/reports/floor?tables={two},{table['id']},{two}")["scope"]["tables"] == [
        {"id": table["id"], "name": "BP-1"},
        {"id": two, "name": "BP-2"},
    ]
    assert get(client, boss, "/reports/tables/999", 404)["code"] == "table_not_found"
    assert get(client, boss, "/reports/dealers?table=999", 404)["field"] == "table"
    assert get(client, boss, "/reports/dealers?confidence=0.9", 422)["field"] == "confidence"
    assert get(client, boss, "/reports/dealers?period=ytd&day=2026-12-01")["first_day"] == "2026-01-01"


BAD_NOTES = [
    ({"note": ""}, 422, "note"),
    ({"note": "   "}, 422, "note"),
    ({"note": "x" * 2001}, 422, "note"),
    ({"note": "bad\x00byte"}, 422, "note"),
    ({"bet": "total"}, 422, "bet"),
    ({"period": "week"}, 422, "period"),
    ({"period": "shift"}, 422, "shift"),
    ({"period": "shift", "shift": 7}, 422, "shift"),
    ({"shift": 1}, 422, "shift"),
    ({"day": None}, 422, "day"),
    ({"table_id": 999}, 404, "table_id"),
    ({"colour": "red"}, 422, "colour"),
]


def test_variance_notes_are_checked(client, as_role, table):
    for change, status, field in BAD_NOTES:
        body = {"table_id": table["id"], "period": "day", "day": "2026-12-01", "bet": "main", "note": "ok"}
        body.update(change)
        body = {key: value for key, value in body.items() if value is not None}
        response = client.post("/api/v1/reports/variance-notes", json=body, headers=as_role["pit_boss"])
        assert response.status_code == status, (change, response.json)
        assert response.json["field"] == field, change


def test_a_note_of_2000_characters_is_kept_whole(client, as_role, table):
    text = "n" * 2000
    body = {"table_id": table["id"], "period": "ytd", "day": "2026-12-01", "bet": "break_bonus", "note": text}
    response = client.post("/api/v1/reports/variance-notes", json=body, headers=as_role["admin"])
    assert response.status_code == 201
    assert response.json["note"] == text
    assert response.json["period_key"] == "2026"
    got = get(client, as_role["compliance"], f"/reports/tables/{table['id']}?period=ytd&day=2026-06-30")
    assert got["bets"]["break_bonus"]["note"]["note"] == text


def test_dealers_and_compliance_cannot_write_notes(client, as_role, table):
    body = {"period": "day", "day": "2026-12-01", "bet": "main", "note": "x"}
    for role in ("dealer", "compliance"):
        response = client.post("/api/v1/reports/variance-notes", json=body, headers=as_role[role])
        assert response.status_code == 403
    assert get(client, as_role["dealer"], f"/reports/tables/{table['id']}", 403)["code"] == "forbidden"
    assert (
        get(client, as_role["pit_boss"], "/reports/floor?period=day&day=2026-12-01")["bets"]["main"]["note"]
        is None
    )


def test_the_report_json_is_whole_through_the_api(app, client, as_role, table):
    """The response schema drops nothing the service reports."""
    with unit_of_work(databases(app)) as db:
        enter_round(
            db,
            db.get(GameTable, table["id"]),
            user(db, "dealer"),
            base("r1"),
            "r1",
            at("2026-12-01T10:00:00"),
            sessionless=True,
        )
    count_directly(app)
    now = utc_now()
    got = get(client, as_role["pit_boss"], f"/reports/tables/{table['id']}?day=2026-12-01")
    with databases(app)() as db:
        direct = report(
            db,
            app.extensions["breakpoker"]["settings"].instance,
            table_scope(db, table["id"]),
            "day",
            date(2026, 12, 1),
            None,
            now=now,
        )
    assert set(got) == set(direct)
    for bet in BETS:
        assert set(got["bets"][bet]) == set(direct["bets"][bet])
    assert {key: value for key, value in got.items() if key != "generated_at"} == {
        key: value for key, value in direct.items() if key != "generated_at"
    }
