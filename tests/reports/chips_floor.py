"""What the chips figures tests share: the counts and wins known in advance,
sign-ins without their rate limit (the fixture ``settings``), two tables'
sessions through the API (the fixture ``floor``), the session figures job
run as a worker would, and the report's reads."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from service.accounting.figures import figure_session
from service.jobs.queues import JobKind
from service.store.db import utc_now
from service.store.models import OutboxEntry
from service.store.work import unit_of_work
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
from tests.support.app import databases, sign_in
from tests.support.rounds_data import enter

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
    with databases(app)() as db:
        refs = sorted(
            set(db.scalars(select(OutboxEntry.ref).where(OutboxEntry.job == JobKind.SESSION_FIGURES)))
        )
    done = []
    for ref in refs:
        with unit_of_work(databases(app)) as db:
            done.append(figure_session(db, ref, utc_now()))
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
