"""Every text a request carries is text a database stores and a page
shows: a NUL (PostgreSQL's text refuses it) or a lone surrogate (JSON's
"\\ud800", which no encoding takes) in any field of any body, a key of an
object too, is a 422 naming the field, before any service sees it, on
SQLite and PostgreSQL alike. Where a name and password are compared with
the stored ones (a sign-in, a co-signature), such text is a wrong one."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.store.models import AuditEvent, CheckNote, DropCount, RoundException, SlipSignature, TableSession
from tests.support.accounting import (
    as_user,
    close_table,
    count_drop,
    ok,
    open_table,
    request_slip,
    signature,
)
from tests.support.app import PASSWORD, databases
from tests.support.decks import deck_body, post_deck, shuffled
from tests.support.rounds_data import enter

pytestmark = pytest.mark.store

UNTEXTUAL = {"a lone surrogate": "x\ud800y", "a NUL": "x\x00y"}


@pytest.fixture(params=list(UNTEXTUAL.values()), ids=list(UNTEXTUAL))
def bad(request):
    return request.param


def rows(app, model):
    with databases(app)() as db:
        return db.scalar(select(func.count()).select_from(model))


def refused_at(response, field):
    assert response.status_code == 422, response.json
    assert (response.json["code"], response.json["field"]) == ("invalid_field", field)
    assert "NUL" in response.json["message"]


def test_an_opener_s_explanation(app, client, table, bad):
    refused_at(open_table(client, table["id"], explanation=bad), "explanation")
    assert rows(app, TableSession) == 0


def test_a_slip_s_void_reason(app, client, table, bad):
    ok(open_table(client, table["id"]), 201)
    number = ok(request_slip(client, table["id"]), 201)["number"]
    body = {"reason": bad, "cosigner": signature("cage")}
    refused_at(
        client.post(f"/api/v1/slips/{number}/void", json=body, headers=as_user(client, "pit_boss")), "reason"
    )
    assert rows(app, SlipSignature) == 0


def test_a_recount_s_reason_and_a_check_note(app, client, table, bad):
    opened = ok(open_table(client, table["id"]), 201)
    ok(close_table(client, table["id"]))
    ok(count_drop(client, opened["id"]), 201)
    refused_at(count_drop(client, opened["id"], reason=bad), "reason")
    assert rows(app, DropCount) == 1
    url = f"/api/v1/sessions/{opened['id']}/notes"
    refused_at(client.post(url, json={"note": bad}, headers=as_user(client, "pit_boss")), "note")
    assert rows(app, CheckNote) == 0


def test_a_void_s_and_a_correction_s_reason_and_a_decision_s_note(app, client, as_role, table, bad):
    game = enter(client, as_role["dealer"], table, "g1")
    boss = as_role["pit_boss"]
    refused_at(client.post(f"/api/v1/rounds/{game['id']}/void", json={"reason": bad}, headers=boss), "reason")
    body = {"reason": bad, "round": {"dealer": ["As"], "seats": []}}
    refused_at(client.post(f"/api/v1/rounds/{game['id']}/corrections", json=body, headers=boss), "reason")
    assert rows(app, RoundException) == 0
    asked = ok(
        client.post(f"/api/v1/rounds/{game['id']}/void", json={"reason": "misdeal"}, headers=boss), 201
    )
    url = f"/api/v1/exceptions/{asked['id']}/reject"
    refused_at(client.post(url, json={"note": bad}, headers=as_user(client, "pit_boss2")), "note")


def test_a_variance_note(client, as_role, table, bad):
    body = {"table_id": table["id"], "period": "day", "day": "2026-12-01", "bet": "main", "note": bad}
    refused_at(client.post("/api/v1/reports/variance-notes", json=body, headers=as_role["pit_boss"]), "note")


def test_text_deep_in_a_body_is_named_by_its_path(client, as_role, table, bad):
    body = {"reason": "wrong cards", "round": {"dealer": ["As", bad], "seats": []}}
    game = enter(client, as_role["dealer"], table, "g1")
    response = client.post(f"/api/v1/rounds/{game['id']}/corrections", json=body, headers=as_role["pit_boss"])
    refused_at(response, "round.dealer.1")


def test_a_key_is_named_as_it_can_be_shown(app, client, table, bad):
    response = open_table(client, table["id"], lines={bad: 500})
    assert response.status_code == 422, response.json
    assert response.json["field"] == f"lines.{bad!a}"
    assert rows(app, TableSession) == 0


def test_a_co_signer_s_name_or_password_is_a_wrong_signature(app, client, table, bad):
    for typed in ({"name": bad, "password": PASSWORD}, {"name": "dealer", "password": bad}):
        response = open_table(client, table["id"], cosigner=typed)
        assert response.status_code == 403, response.json
        assert (response.json["code"], response.json["field"]) == ("bad_signature", "cosigner.password")
    with databases(app)() as db:
        failed = db.scalars(select(AuditEvent.payload).where(AuditEvent.kind == "login_failed")).all()
    assert [payload["reason"] for payload in failed] == ["co-signature"]  # the known name's wrong password


def test_a_shoe_s_deck_is_refused_and_the_refusal_recorded(app, client, as_role, table, bad):
    """The deck feed checks its own input, so that each refusal is an event."""
    cards = shuffled()
    for body in (deck_body(cards, device_id=bad), deck_body([bad, *cards[1:]])):
        response = post_deck(client, as_role["device"], table["id"], body)
        assert response.status_code == 422, response.json
    with databases(app)() as db:
        refused = db.scalars(select(AuditEvent.payload).where(AuditEvent.kind == "deck_refused")).all()
    assert [payload["device_id"] for payload in refused] == [ascii(bad), "shoe-7"]


def test_a_query_s_text(client, as_role):
    response = client.get("/api/v1/slips?table=1&state=is%00sued", headers=as_role["pit_boss"])
    refused_at(response, "state")
