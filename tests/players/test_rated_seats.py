"""A round's rated seats, written with the round: a seat with an open
rating is linked to it, an unrated seat is not, a paused seat refuses the
round (naming the seat) with nothing written, a correction keeps the
ratings of the round it corrects, and a pit boss's missed rating rates
the seat's rounds since its seat-in."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from service.store.models import RatedSeat, RoundRecord, SeatRecord
from tests.players.conftest import ALICE, BOB
from tests.support.app import databases, sign_in
from tests.support.players import seat, step
from tests.support.rounds_data import correct, enter, round_body

pytestmark = pytest.mark.store


def links(app):
    """(round record, seat, rating) of every rated seat."""
    with databases(app)() as db:
        rows = db.execute(
            select(SeatRecord.round_id, SeatRecord.seat, RatedSeat.rating_id)
            .join(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
            .order_by(SeatRecord.round_id, SeatRecord.seat)
        ).all()
    return [tuple(row) for row in rows]


def opened(client, headers, table, club_number, number, **more):
    response = seat(client, headers, table["id"], club_number, number, **more)
    assert response.status_code == 201, response.json
    return response.json["id"]


def test_a_round_rates_the_seats_with_open_ratings_only(app, client, as_role, table, players):
    dealer = as_role["dealer"]
    alice = opened(client, dealer, table, ALICE, 1)
    bob = opened(client, dealer, table, BOB, 3)
    first = enter(client, dealer, table, "r1")
    assert links(app) == [(first["id"], 1, alice), (first["id"], 3, bob)]  # seat 2 unrated
    assert step(client, dealer, bob, "seat-out", {"chips_taken": 0}).status_code == 200
    second = enter(client, dealer, table, "r2")
    assert links(app)[2:] == [(second["id"], 1, alice)]


def test_a_round_at_a_paused_seat_is_refused_at_that_seat(app, client, as_role, table, players):
    dealer = as_role["dealer"]
    alice = opened(client, dealer, table, ALICE, 2)
    assert step(client, dealer, alice, "pauses").status_code == 201
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("r1"),
        headers={**dealer, "Idempotency-Key": "k1"},
    )
    assert response.status_code == 409, response.json
    assert (response.json["code"], response.json["field"]) == ("seat_paused", "seats[1].seat")
    with databases(app)() as db:
        assert db.scalar(select(func.count()).select_from(RoundRecord)) == 0
    assert links(app) == []
    # Without the paused seat the round is taken, unrated.
    body = round_body("r2")
    body["seats"] = [entry for entry in body["seats"] if entry["seat"] != 2]
    taken = client.post(
        f"/api/v1/tables/{table['id']}/rounds", json=body, headers={**dealer, "Idempotency-Key": "k2"}
    )
    assert taken.status_code == 201, taken.json
    assert step(client, dealer, alice, "resumes").status_code == 201
    resumed = enter(client, dealer, table, "r3")
    assert links(app) == [(resumed["id"], 2, alice)]


def test_a_correction_keeps_the_ratings_of_the_round_it_corrects(app, client, as_role, table, players):
    dealer = as_role["dealer"]
    alice = opened(client, dealer, table, ALICE, 1)
    first = enter(client, dealer, table, "r1")
    assert step(client, dealer, alice, "seat-out", {"chips_taken": 0}).status_code == 200
    body = round_body("r1")
    body["seats"][0]["bets"]["main"] = 2000
    after = correct(client, as_role["pit_boss"], sign_in(client, "pit_boss2"), first["id"], body)
    assert links(app) == [(first["id"], 1, alice), (after["id"], 1, alice)]


def test_a_missed_rating_rates_the_seat_s_rounds_since_its_seat_in(app, client, as_role, table, players):
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    earlier = enter(client, dealer, table, "r1")
    bob = opened(client, dealer, table, BOB, 3)
    later = enter(client, dealer, table, "r2")
    past = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    alice = opened(client, boss, table, ALICE, 1, seated_at=past, reason="dealer missed it")
    assert links(app) == [
        (earlier["id"], 1, alice),
        (later["id"], 1, alice),
        (later["id"], 3, bob),
    ]
