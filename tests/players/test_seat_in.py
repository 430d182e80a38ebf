"""Seating a player by club number (rule book section 14): a seat has at
most one open rating, a player never has open ratings at two tables at
once (several seats at one table are allowed), and each refusal is a 4xx
naming the field with nothing written."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from service.store.models import AuditEvent, Rating, SeatClaim
from tests.players.conftest import ALICE, BOB
from tests.support.app import databases
from tests.support.players import seat

pytestmark = pytest.mark.store


def counts(app):
    with databases(app)() as db:
        return (
            db.scalar(select(func.count()).select_from(Rating)),
            db.scalar(select(func.count()).select_from(SeatClaim)),
            db.scalar(select(func.count()).where(AuditEvent.kind.like("rating_%"))),
        )


def refused(response, status, code, field):
    assert response.status_code == status, response.json
    assert (response.json["code"], response.json["field"]) == (code, field)


def test_a_seated_player_is_shown_at_the_seat_with_an_event(app, client, as_role, table, players):
    opened = seat(client, as_role["dealer"], table["id"], ALICE, 2)
    assert opened.status_code == 201, opened.json
    shown = opened.json
    assert (shown["club_number"], shown["name"], shown["seat"], shown["state"]) == (
        ALICE,
        "Alice Archer",
        2,
        "open",
    )
    assert (shown["started"], shown["reason"], shown["steps"], shown["buy_ins"]) == ("tablet", None, [], [])
    at_table = client.get(f"/api/v1/tables/{table['id']}/ratings", headers=as_role["dealer"]).json
    assert [(entry["seat"], entry["club_number"]) for entry in at_table] == [(2, ALICE)]
    assert client.get(f"/api/v1/ratings/{shown['id']}", headers=as_role["pit_boss"]).json == shown
    with databases(app)() as db:
        event = db.scalar(select(AuditEvent).where(AuditEvent.subject == f"rating:{shown['id']}"))
    assert (event.kind, event.payload["club_number"], event.payload["seat"]) == ("rating_opened", ALICE, 2)


def test_an_unknown_club_number_is_refused_naming_it(app, client, as_role, table, players):
    refused(seat(client, as_role["dealer"], table["id"], "C9999", 1), 404, "player_not_found", "club_number")
    refused(seat(client, as_role["dealer"], table["id"], "C-1", 1), 422, "invalid_field", "club_number")
    assert counts(app) == (0, 0, 0)


@pytest.mark.parametrize("number", [0, 7, 99])
def test_a_seat_the_table_does_not_have_is_refused(app, client, as_role, table, players, number):
    response = seat(client, as_role["dealer"], table["id"], ALICE, number)
    assert response.status_code == 422, response.json
    assert response.json["field"] == "seat"
    assert counts(app) == (0, 0, 0)


def test_a_seat_already_rated_is_refused(app, client, as_role, table, players):
    assert seat(client, as_role["dealer"], table["id"], ALICE, 1).status_code == 201
    refused(seat(client, as_role["dealer"], table["id"], BOB, 1), 409, "seat_rated", "seat")
    assert counts(app) == (1, 1, 1)


def test_a_player_holds_seats_at_one_table_only(app, client, as_role, table, second_table, players):
    assert seat(client, as_role["dealer"], table["id"], ALICE, 1).status_code == 201
    assert seat(client, as_role["dealer"], table["id"], ALICE, 2).status_code == 201
    refused(
        seat(client, as_role["dealer"], second_table["id"], ALICE, 1),
        409,
        "player_seated_elsewhere",
        "club_number",
    )
    assert counts(app) == (2, 2, 2)
    assert seat(client, as_role["dealer"], second_table["id"], BOB, 1).status_code == 201


def test_only_a_pit_boss_starts_a_missed_rating_with_a_reason_and_a_past_time(
    app, client, as_role, table, players
):
    past = (datetime.now(UTC) - timedelta(minutes=20)).isoformat()
    future = (datetime.now(UTC) + timedelta(minutes=20)).isoformat()
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    refused(
        seat(client, dealer, table["id"], ALICE, 1, seated_at=past, reason="missed"),
        403,
        "wrong_role",
        "seated_at",
    )
    refused(seat(client, boss, table["id"], ALICE, 1, seated_at=past), 422, "missing_field", "reason")
    refused(seat(client, boss, table["id"], ALICE, 1, reason="missed"), 422, "missing_field", "seated_at")
    refused(
        seat(client, boss, table["id"], ALICE, 1, seated_at=future, reason="x"),
        422,
        "invalid_field",
        "seated_at",
    )
    assert counts(app) == (0, 0, 0)
    started = seat(client, boss, table["id"], ALICE, 1, seated_at=past, reason="the dealer was busy")
    assert started.status_code == 201, started.json
    assert (started.json["started"], started.json["reason"]) == ("missed", "the dealer was busy")
    assert started.json["seated_at"][:19] == past[:19]
