"""Opening and closing a table: the tray counted at each end and signed by
a dealer and a pit boss; rounds only while it is open."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.store.models import AuditEvent, InventoryCount, TableSession
from tests.support.accounting import TRAY, as_user, close_table, ok, open_table, request_slip, signature
from tests.support.app import databases
from tests.support.rounds_data import round_body


def enter(client, table_id, round_id="r1", user="dealer"):
    return client.post(
        f"/api/v1/tables/{table_id}/rounds",
        json=round_body(round_id),
        headers={**as_user(client, user), "Idempotency-Key": str(round_id)},
    )


def rows(app, model):
    with databases(app)() as db:
        return db.scalar(select(func.count()).select_from(model))


def records(app):
    """The audit events of records (sign-ins left out: each helper signs in)."""
    with databases(app)() as db:
        return db.scalar(select(func.count()).where(AuditEvent.kind.not_in(("login", "login_failed"))))


def test_a_table_takes_rounds_only_while_a_session_is_open(client, table):
    refused = enter(client, table["id"], "before")
    assert refused.status_code == 409
    assert refused.json["code"] == "table_closed"
    assert refused.json["field"] == "table_id"
    opened = ok(open_table(client, table["id"]), 201)
    assert opened["opener"]["total"] == 8_100_00
    assert opened["opener"]["dealer"] == "dealer"
    assert opened["opener"]["pit_boss"] == "pit_boss"
    assert (
        client.get(f"/api/v1/tables/{table['id']}", headers=as_user(client, "dealer")).json["status"]
        == "open"
    )
    assert enter(client, table["id"], "during").status_code == 201
    closed = ok(close_table(client, table["id"]))
    assert closed["closed_at"] is not None
    assert closed["check"]["status"] == "uncounted"
    assert enter(client, table["id"], "after").status_code == 409


def test_either_signer_may_sign_in_and_the_other_co_signs(client, table):
    body = {"lines": TRAY, "cosigner": signature("pit_boss")}
    opened = client.post(
        f"/api/v1/tables/{table['id']}/sessions", json=body, headers=as_user(client, "dealer")
    )
    assert ok(opened, 201)["opener"]["pit_boss"] == "pit_boss"


@pytest.mark.parametrize(
    ("signer", "cosigner"),
    [("pit_boss", "pit_boss2"), ("dealer", "dealer2")],
    ids=["two pit bosses", "two dealers"],
)
def test_an_opener_needs_a_dealer_and_a_pit_boss(app, client, table, signer, cosigner):
    body = {"lines": TRAY, "cosigner": signature(cosigner)}
    refused = client.post(
        f"/api/v1/tables/{table['id']}/sessions", json=body, headers=as_user(client, signer)
    )
    assert refused.status_code == 403
    assert refused.json["code"] == "two_signatures"
    assert "a dealer and a pit_boss" in refused.json["message"]
    assert rows(app, TableSession) == 0


def test_a_wrong_co_signer_password_is_refused_and_counts_towards_the_lockout(app, client, table):
    body = {"lines": TRAY, "cosigner": {"name": "dealer", "password": "not it at all"}}
    for _ in range(3):  # the tests' settings lock after 3
        refused = client.post(
            f"/api/v1/tables/{table['id']}/sessions", json=body, headers=as_user(client, "pit_boss")
        )
        assert refused.status_code == 403
        assert refused.json["code"] == "bad_signature"
        assert refused.json["field"] == "cosigner.password"
    locked = open_table(client, table["id"])  # now the right password
    assert locked.status_code == 403
    assert locked.json["code"] == "account_locked"
    assert rows(app, TableSession) == 0


def test_a_second_open_session_is_refused(client, table):
    ok(open_table(client, table["id"]), 201)
    again = open_table(client, table["id"])
    assert again.status_code == 409
    assert again.json["code"] == "session_open"


def test_an_opener_that_differs_from_the_last_closer_must_be_explained(client, table):
    ok(open_table(client, table["id"]), 201)
    ok(close_table(client, table["id"]))
    short = {**TRAY, "100": 9900}
    refused = open_table(client, table["id"], lines=short)
    assert refused.status_code == 409
    assert refused.json["code"] == "opener_differs"
    assert refused.json["field"] == "explanation"
    assert "-100" in refused.json["message"]
    explained = ok(
        open_table(client, table["id"], lines=short, explanation="a 1.00 chip under the tray"), 201
    )
    assert explained["number"] == 2
    assert explained["opener"]["difference"] == -100
    assert explained["opener"]["explanation"] == "a 1.00 chip under the tray"


def test_an_opener_equal_to_the_last_closer_needs_no_explanation(client, table):
    ok(open_table(client, table["id"]), 201)
    ok(close_table(client, table["id"]))
    again = ok(open_table(client, table["id"]), 201)
    assert again["opener"]["difference"] == 0
    assert again["opener"]["explanation"] is None


def test_a_close_with_a_fill_on_its_way_is_refused_and_writes_nothing(app, client, table):
    ok(open_table(client, table["id"]), 201)
    number = ok(request_slip(client, table["id"]), 201)["number"]
    events = records(app)
    refused = close_table(client, table["id"])
    assert refused.status_code == 409
    assert refused.json["code"] == "slip_outstanding"
    assert str(number) in refused.json["message"]
    assert rows(app, InventoryCount) == 1  # the opener alone
    assert records(app) == events
    with databases(app)() as db:
        assert db.scalar(select(TableSession.closed_at)) is None


def test_closing_a_closed_table_is_refused(client, table):
    refused = close_table(client, table["id"])
    assert refused.status_code == 409
    assert refused.json["code"] == "no_open_session"


@pytest.mark.parametrize(
    ("lines", "field", "code"),
    [
        ({"3000": 3000}, "lines.3000", "unknown_denomination"),
        ({"chips": 100}, "lines.chips", "unknown_denomination"),
        ({"2500": -2500}, "lines.2500", "invalid_field"),
        ({"2500": 2500.5}, "lines.2500", "invalid_field"),
        ({"2500": 2500.0}, "lines.2500", "invalid_field"),
        ({"2500": "2500"}, "lines.2500", "invalid_field"),
        ({"2500": True}, "lines.2500", "invalid_field"),
        ({"2500": 1000}, "lines.2500", "invalid_field"),
        ({"100": 10**13}, "lines.100", "invalid_field"),
    ],
    ids=[
        "unknown",
        "not a number",
        "negative",
        "fractional",
        "float",
        "text",
        "boolean",
        "part chip",
        "too much",
    ],
)
def test_a_bad_count_is_refused_naming_the_denomination(app, client, table, lines, field, code):
    refused = open_table(client, table["id"], lines=lines)
    assert refused.status_code == 422, refused.json
    assert refused.json["code"] == code
    assert refused.json["field"] == field
    assert rows(app, TableSession) == 0


def test_a_count_that_is_not_an_object_is_refused(client, table):
    refused = open_table(client, table["id"], lines=[2500])
    assert refused.status_code == 422
    assert "lines" in str(refused.json)


def test_the_sessions_are_listed_newest_first(client, table):
    ok(open_table(client, table["id"]), 201)
    ok(close_table(client, table["id"]))
    ok(open_table(client, table["id"]), 201)
    listed = ok(client.get(f"/api/v1/tables/{table['id']}/sessions", headers=as_user(client, "dealer")))
    assert [entry["number"] for entry in listed] == [2, 1]
    assert [entry["check"]["status"] for entry in listed] == ["open", "uncounted"]


def test_opening_and_closing_are_audit_events_carrying_the_counts(app, client, table):
    opened = ok(open_table(client, table["id"]), 201)
    ok(close_table(client, table["id"]))
    with databases(app)() as db:
        events = db.scalars(select(AuditEvent).where(AuditEvent.subject == f"session:{opened['id']}")).all()
    assert [event.kind for event in events] == ["session_opened", "session_closed"]
    assert events[0].payload["opener"]["lines"] == TRAY
    assert events[1].payload["closer"]["total"] == 8_100_00
    assert events[1].payload["closed_at"] is not None


def test_a_session_never_opens_before_the_last_one_closed(app, client, table):
    from datetime import timedelta

    ok(open_table(client, table["id"]), 201)
    ok(close_table(client, table["id"]))
    clock = app.extensions["breakpoker"]["clock"]
    app.extensions["breakpoker"]["clock"] = lambda: clock() - timedelta(hours=1)
    try:
        refused = open_table(client, table["id"])
    finally:
        app.extensions["breakpoker"]["clock"] = clock
    assert refused.status_code == 409
    assert refused.json["code"] == "session_overlaps"
