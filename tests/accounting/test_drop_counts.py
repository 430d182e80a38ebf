"""The count team counts a closed session's drop box: two counters at
least, none of whom worked the table in that session; a recount is a new
record with a reason."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.accounts.roles import set_role
from service.store.models import DropCount
from service.store.work import unit_of_work
from tests.support.accounting import DROP, as_user, close_table, count_drop, ok, open_table
from tests.support.app import databases


@pytest.fixture
def closed(client, table):
    opened = ok(open_table(client, table["id"]), 201)
    ok(close_table(client, table["id"]))
    return opened


def test_two_counters_count_a_closed_session(client, closed):
    count = ok(count_drop(client, closed["id"]), 201)
    assert count["total"] == 5000_00
    assert count["counters"] == ["count", "count2"]
    assert count["current"] is True
    assert count["supersedes"] is None


def test_an_open_session_is_not_counted(client, table):
    opened = ok(open_table(client, table["id"]), 201)
    refused = count_drop(client, opened["id"])
    assert refused.status_code == 409
    assert refused.json["code"] == "session_open"


def test_one_counter_is_not_a_count_team(client, closed):
    refused = count_drop(client, closed["id"], counters=("count", "count"))
    assert refused.status_code == 403
    assert refused.json["code"] == "two_counters"


def test_every_counter_is_of_the_count_team(client, closed):
    refused = count_drop(client, closed["id"], counters=("count", "pit_boss2"))
    assert refused.status_code == 403
    assert refused.json["code"] == "wrong_role"
    assert refused.json["field"] == "cosigners.0"


def test_a_counter_who_worked_the_table_in_the_session_may_not_count_it(app, client, closed):
    # The dealer of the session joined the count team since: they still worked the table.
    with unit_of_work(databases(app)) as db:
        set_role(db, "dealer", "count")
    refused = count_drop(client, closed["id"], counters=("count", "dealer"))
    assert refused.status_code == 403
    assert refused.json["code"] == "counter_worked_table"
    assert refused.json["field"] == "cosigners.0"


def test_notes_of_another_currency_are_refused(client, closed):
    refused = count_drop(client, closed["id"], lines={"2500": 2500})
    assert refused.status_code == 422
    assert refused.json["code"] == "unknown_denomination"
    assert refused.json["field"] == "lines.2500"


def test_a_recount_needs_a_reason_and_supersedes_the_count(app, client, closed):
    first = ok(count_drop(client, closed["id"]), 201)
    more = {**DROP, "100": 500}
    refused = count_drop(client, closed["id"], lines=more)
    assert refused.status_code == 422
    assert refused.json["field"] == "reason"
    second = ok(count_drop(client, closed["id"], lines=more, reason="a bundle of ones missed"), 201)
    assert second["supersedes"] == first["id"]
    listed = ok(client.get(f"/api/v1/sessions/{closed['id']}/drop-counts", headers=as_user(client, "count")))
    assert [(count["id"], count["current"]) for count in listed] == [
        (first["id"], False),
        (second["id"], True),
    ]
    shown = ok(client.get(f"/api/v1/sessions/{closed['id']}", headers=as_user(client, "pit_boss")))
    assert shown["figures"]["drop"] == 5005_00
    with databases(app)() as db:
        assert len(db.scalars(select(DropCount)).all()) == 2
