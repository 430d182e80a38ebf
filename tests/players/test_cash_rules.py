"""The cash rules at a buy-in (rule book section 14, docs/cash-rules.md):
the transaction log at the log threshold, an unknown patron's entry, the
refusal past the report threshold until the player is identified, the
day's cash in summed over tables a currency at a time, chips never cash."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from service.audit.kinds import EventKind
from service.store.models import AuditEvent
from tests.players.conftest import ALICE, BOB
from tests.support.app import databases
from tests.support.players import PASSPORT, seat, step

pytestmark = pytest.mark.store

LOG, REPORT = 300_000, 1_000_000  # the defaults in USD cents
#: the tests' clock: 20:00, inside one gaming day (06:00 to 06:00 UTC), a token's
#: 12 hours before the next
EVENING = datetime(2026, 12, 7, 20, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def clock(app):
    """The app's clock, fixed at 20:00 before anyone signs in (autouse
    fixtures come first), moved by the test that crosses a day."""
    moment = [EVENING]
    app.extensions["breakpoker"]["clock"] = lambda: moment[0]
    return moment


def seated(client, as_role, table_id, club_number=ALICE, seat_number=1):
    answer = seat(client, as_role["dealer"], table_id, club_number, seat_number)
    assert answer.status_code == 201, answer.json
    return answer.json["id"]


def buy(client, as_role, rating_id, amount, kind="cash"):
    return step(client, as_role["dealer"], rating_id, "buy-ins", {"kind": kind, "amount": amount})


def cash_log(client, as_role, role="compliance", **query):
    answer = client.get("/api/v1/compliance/cash-transactions", query_string=query, headers=as_role[role])
    assert answer.status_code == 200, answer.json
    return answer.json


def report_days(client, as_role):
    answer = client.get("/api/v1/compliance/report-days", headers=as_role["compliance"])
    assert answer.status_code == 200, answer.json
    return answer.json


def identify(client, as_role, club_number=ALICE):
    body = {**PASSPORT.fields(), "expiry": "2099-01-31"}
    answer = client.post(f"/api/v1/players/{club_number}/identification", json=body, headers=as_role["cage"])
    assert answer.status_code == 201, answer.json


def events(app, kind):
    with databases(app)() as db:
        return list(db.scalars(select(AuditEvent.payload).where(AuditEvent.kind == kind)))


def test_a_cash_buy_in_is_logged_from_the_log_threshold_on(app, client, as_role, table, players):
    rating = seated(client, as_role, table["id"])
    for amount in (LOG - 1, LOG, LOG + 1):
        assert buy(client, as_role, rating, amount).status_code == 201
    entries = cash_log(client, as_role, order="oldest")
    assert [(entry["amount"], entry["club_number"], entry["name"]) for entry in entries] == [
        (LOG, ALICE, "Alice Archer"),
        (LOG + 1, ALICE, "Alice Archer"),
    ]
    first = entries[0]
    assert (first["table_id"], first["currency"], first["description"]) == (
        table["id"],
        {"code": "USD", "minor_unit": 2},
        None,
    )
    assert first["buy_in_id"] is not None
    assert first["recorded_by"] == "dealer"
    logged = events(app, EventKind.CASH_TRANSACTION_LOGGED)
    assert sorted(event["amount"] for event in logged) == [LOG, LOG + 1]
    # The pit reads the log too, by day and table; another day holds nothing.
    day = first["gaming_day"]
    assert len(cash_log(client, as_role, "pit_boss", day=day, table=table["id"])) == 2
    assert cash_log(client, as_role, day="2000-01-01") == []
    assert client.get("/api/v1/compliance/cash-transactions", headers=as_role["dealer"]).status_code == 403


def test_chips_are_never_cash(client, as_role, table, players):
    rating = seated(client, as_role, table["id"])
    assert buy(client, as_role, rating, 5 * REPORT, kind="chips").status_code == 201
    # Cash up to exactly the report threshold: the chips count for neither rule.
    assert buy(client, as_role, rating, REPORT).status_code == 201
    assert [entry["amount"] for entry in cash_log(client, as_role)] == [REPORT]
    assert report_days(client, as_role) == []


def test_an_unknown_patron_is_logged_by_the_pit(app, client, as_role, table):
    url = f"/api/v1/tables/{table['id']}/cash-transactions"
    body = {"amount": LOG, "description": "man, red cap, seat 3"}
    made = client.post(url, json=body, headers=as_role["pit_boss"])
    assert made.status_code == 201, made.json
    shown = made.json
    assert (shown["amount"], shown["description"], shown["club_number"], shown["buy_in_id"]) == (
        LOG,
        "man, red cap, seat 3",
        None,
        None,
    )
    assert cash_log(client, as_role) == [shown]
    below = client.post(url, json={**body, "amount": LOG - 1}, headers=as_role["pit_boss"])
    assert (below.status_code, below.json["code"], below.json["field"]) == (422, "invalid_amount", "amount")
    blank = client.post(url, json={**body, "description": "   "}, headers=as_role["pit_boss"])
    assert (blank.status_code, blank.json["field"]) == (422, "description")
    assert client.post(url, json=body, headers=as_role["dealer"]).status_code == 403
    assert len(events(app, EventKind.CASH_TRANSACTION_LOGGED)) == 1


def test_past_the_report_threshold_identification_is_required(
    app, client, as_role, table, second_table, players
):
    first = seated(client, as_role, table["id"])
    assert buy(client, as_role, first, 600_000).status_code == 201
    assert step(client, as_role["dealer"], first, "seat-out", {"chips_taken": 0}).status_code == 200
    second = seated(client, as_role, second_table["id"])
    # Two tables summed: exactly the threshold does not pass it.
    assert buy(client, as_role, second, 400_000).status_code == 201
    refused = buy(client, as_role, second, 1)
    assert (refused.status_code, refused.json["code"], refused.json["field"]) == (
        409,
        "identification_required",
        "amount",
    )
    assert "10,000.01 USD" in refused.json["detail"]
    # Another player's day is their own.
    other = seated(client, as_role, second_table["id"], BOB, 2)
    assert buy(client, as_role, other, REPORT).status_code == 201
    identify(client, as_role)
    assert buy(client, as_role, second, 1).status_code == 201
    assert buy(client, as_role, second, LOG).status_code == 201  # listed once
    (listed,) = report_days(client, as_role)
    assert (listed["club_number"], listed["name"], listed["cash_in"], listed["currency"]["code"]) == (
        ALICE,
        "Alice Archer",
        REPORT + 1 + LOG,
        "USD",
    )
    # The player by club number and name: nothing of the identification.
    assert set(listed) == {
        "id",
        "club_number",
        "name",
        "gaming_day",
        "currency",
        "cash_in",
        "buy_in_id",
        "listed_at",
    }
    assert len(events(app, EventKind.REPORT_DAY_LISTED)) == 1
    for role in ("pit_boss", "admin", "dealer"):
        assert client.get("/api/v1/compliance/report-days", headers=as_role[role]).status_code == 403


def test_a_currency_is_summed_apart(client, as_role, table, players):
    yen = client.post("/api/v1/tables", json={"name": "BP-JP", "currency": "JPY"}, headers=as_role["admin"])
    assert yen.status_code == 201, yen.json
    dollars = seated(client, as_role, table["id"])
    assert buy(client, as_role, dollars, REPORT).status_code == 201
    assert step(client, as_role["dealer"], dollars, "seat-out", {"chips_taken": 0}).status_code == 200
    rating = seated(client, as_role, yen.json["id"])
    # 10,000 yen is the yen's own report threshold, untouched by the dollars.
    assert buy(client, as_role, rating, 10_000).status_code == 201
    assert buy(client, as_role, rating, 1).json["code"] == "identification_required"
    logged = cash_log(client, as_role, table=yen.json["id"])
    assert [(entry["amount"], entry["currency"]["code"]) for entry in logged] == [(10_000, "JPY")]


def test_a_new_gaming_day_starts_the_sum_again(client, as_role, table, players, clock):
    rating = seated(client, as_role, table["id"])
    clock[0] = datetime(2026, 12, 8, 5, 59, tzinfo=UTC)  # still the 7th's gaming day
    assert buy(client, as_role, rating, REPORT).status_code == 201
    clock[0] += timedelta(minutes=1)  # 06:00: the 8th's
    assert buy(client, as_role, rating, REPORT).status_code == 201
    assert buy(client, as_role, rating, 1).json["code"] == "identification_required"
    days = [entry["gaming_day"] for entry in cash_log(client, as_role, order="oldest")]
    assert days == ["2026-12-07", "2026-12-08"]
