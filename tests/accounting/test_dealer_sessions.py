"""A dealer's time at a table: signing in at the tablet, signing out, the
relief (another dealer signing in ends the previous dealer's session at
the same instant), a move to another table and the table's close; each an
append-only record with its event, and each refusal naming its field."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import DatabaseError

from service.store.models import AuditEvent, DealerPost
from tests.support.accounting import close_table, ok, open_table
from tests.support.app import databases, sign_in

START = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)  # the gaming day's first shift (06:00-14:00)


def at(app, moment):
    app.extensions["breakpoker"]["clock"] = lambda: moment


@pytest.fixture
def dealers(app, client):
    at(app, START)
    return {name: sign_in(client, name) for name in ("dealer", "dealer2", "pit_boss")}


@pytest.fixture
def opened(client, dealers, table):
    ok(open_table(client, table["id"]), 201)
    return table


def sign_in_at(client, headers, table_id):
    return client.post(f"/api/v1/tables/{table_id}/dealer-sessions", headers=headers)


def sign_out_at(client, headers, table_id):
    return client.post(f"/api/v1/tables/{table_id}/dealer-sessions/current/sign-out", headers=headers)


def current(client, headers, table_id):
    return ok(client.get(f"/api/v1/tables/{table_id}/dealer-sessions/current", headers=headers))["session"]


def events(app, kind):
    with databases(app)() as db:
        return list(
            db.scalars(select(AuditEvent.payload).where(AuditEvent.kind == kind).order_by(AuditEvent.id))
        )


def test_a_relief_ends_the_previous_dealer_s_session_at_the_same_instant(app, client, dealers, opened):
    first = ok(sign_in_at(client, dealers["dealer"], opened["id"]), 201)
    assert first["ended"] == []
    assert first["session"]["dealer"] == "dealer"
    assert first["session"]["signed_in_at"] == "2026-03-02T08:00:00Z"
    assert (first["session"]["gaming_day"], first["session"]["shift"]) == ("2026-03-02", 1)
    assert current(client, dealers["pit_boss"], opened["id"])["id"] == first["session"]["id"]

    at(app, START + timedelta(minutes=40, seconds=7))
    relief = ok(sign_in_at(client, dealers["dealer2"], opened["id"]), 201)
    (ended,) = relief["ended"]
    assert ended["id"] == first["session"]["id"]
    assert ended["sign_out_reason"] == "relief"
    assert ended["signed_out_at"] == relief["session"]["signed_in_at"] == "2026-03-02T08:40:07Z"
    assert ended["seconds"] == 40 * 60 + 7
    assert relief["session"]["relieved_id"] == first["session"]["id"]
    shown = current(client, dealers["dealer"], opened["id"])
    assert (shown["dealer"], shown["signed_out_at"]) == ("dealer2", None)
    signed_in, signed_out = events(app, "dealer_signed_in"), events(app, "dealer_signed_out")
    assert [event["dealer_session_id"] for event in signed_in] == [
        first["session"]["id"],
        relief["session"]["id"],
    ]
    (out,) = signed_out
    assert out["sign_out"]["reason"] == "relief"
    assert out["sign_out"]["signed_out_at"] == "2026-03-02T08:40:07Z"


def test_a_dealer_is_at_one_table_at_a_time(app, client, dealers, opened, as_role):
    other = ok(client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"]), 201)
    ok(open_table(client, other["id"]), 201)
    here = ok(sign_in_at(client, dealers["dealer"], opened["id"]), 201)["session"]
    at(app, START + timedelta(minutes=20))
    moved = ok(sign_in_at(client, dealers["dealer"], other["id"]), 201)
    assert [(ended["id"], ended["sign_out_reason"]) for ended in moved["ended"]] == [(here["id"], "moved")]
    assert current(client, dealers["pit_boss"], opened["id"]) is None
    assert current(client, dealers["pit_boss"], other["id"])["dealer"] == "dealer"


def test_signing_in_again_is_the_same_session_and_signing_out_ends_it(app, client, dealers, opened):
    first = ok(sign_in_at(client, dealers["dealer"], opened["id"]), 201)["session"]
    again = ok(sign_in_at(client, dealers["dealer"], opened["id"]), 200)
    assert (again["session"], again["ended"]) == (first, [])
    at(app, START + timedelta(hours=1))
    out = ok(sign_out_at(client, dealers["dealer"], opened["id"]))
    assert (out["id"], out["sign_out_reason"], out["seconds"]) == (first["id"], "sign_out", 3600)
    assert current(client, dealers["dealer"], opened["id"]) is None
    refused = sign_out_at(client, dealers["dealer"], opened["id"])
    assert refused.status_code == 409
    assert (refused.json["code"], refused.json["field"]) == ("dealer_not_signed_in", "table_id")


def test_only_the_dealer_signed_in_signs_out(client, dealers, opened):
    ok(sign_in_at(client, dealers["dealer"], opened["id"]), 201)
    refused = sign_out_at(client, dealers["dealer2"], opened["id"])
    assert refused.status_code == 409
    assert (refused.json["code"], refused.json["field"]) == ("dealer_not_signed_in", "table_id")
    assert current(client, dealers["dealer"], opened["id"])["dealer"] == "dealer"


def test_a_closed_table_takes_no_dealer_and_its_close_ends_the_dealer_s_session(app, client, dealers, table):
    refused = sign_in_at(client, dealers["dealer"], table["id"])
    assert refused.status_code == 409
    assert (refused.json["code"], refused.json["field"]) == ("table_closed", "table_id")
    ok(open_table(client, table["id"]), 201)
    session = ok(sign_in_at(client, dealers["dealer"], table["id"]), 201)["session"]
    at(app, START + timedelta(hours=2))
    ok(close_table(client, table["id"]))
    (out,) = events(app, "dealer_signed_out")
    assert (out["dealer_session_id"], out["sign_out"]["reason"]) == (session["id"], "table_closed")
    assert out["sign_out"]["signed_out_at"] == "2026-03-02T10:00:00Z"
    assert current(client, dealers["dealer"], table["id"]) is None


def test_an_unknown_table_is_a_404_naming_it(client, dealers):
    refused = sign_in_at(client, dealers["dealer"], 999)
    assert refused.status_code == 404
    assert refused.json["code"] == "table_not_found"


def test_the_sessions_are_append_only(app, client, dealers, opened):
    ok(sign_in_at(client, dealers["dealer"], opened["id"]), 201)
    ok(sign_out_at(client, dealers["dealer"], opened["id"]))
    for statement in (
        "UPDATE dealer_sessions SET signed_in_at = signed_in_at",
        "DELETE FROM dealer_sessions",
        "UPDATE dealer_sign_outs SET reason = 'relief'",
        "DELETE FROM dealer_sign_outs",
    ):
        with databases(app)() as db, pytest.raises(DatabaseError, match="append-only"):
            db.execute(text(statement))
    with databases(app)() as db:
        assert db.scalars(select(DealerPost)).all() == []
