"""Two devices seating two players at one seat at once: one wins, the
other is refused naming the seat, never a 500; and the database itself
refuses a second open rating at a seat and a second seat-out."""

from __future__ import annotations

import contextlib
import threading

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

import service.players.ratings
from service.store.db import utc_now
from service.store.models import RatingEvent, SeatClaim
from tests.players.conftest import ALICE, BOB
from tests.support.app import databases, parallel, sign_in, user_id
from tests.support.at_once import at_once
from tests.support.players import seat, step

pytestmark = pytest.mark.store

TRIES = 3


def test_two_players_seated_at_one_seat_at_once_make_one_rating(app, client, table, players, monkeypatch):
    read = service.players.ratings._seat_free
    both_read = threading.Barrier(2)

    def read_once_both_have(*args, **kwargs):
        # Each request waits here, after finding the seat free, for the
        # other to find it free too (on PostgreSQL; SQLite's single writer
        # lets the second read only after the first commits). The retry
        # waits alone and goes on at the timeout.
        read(*args, **kwargs)
        with contextlib.suppress(threading.BrokenBarrierError):
            both_read.wait(timeout=0.5)

    monkeypatch.setattr(service.players.ratings, "_seat_free", read_once_both_have)
    devices = [sign_in(client, "dealer"), sign_in(client, "pit_boss")]
    for number in range(1, TRIES + 1):
        both_read = threading.Barrier(2)

        def send(headers, club_number, number=number):
            return seat(app.test_client(), headers, table["id"], club_number, number)

        answers = at_once(send, zip(devices, (ALICE, BOB), strict=True))
        assert [answer.status_code for answer in answers] == [201, 409], [answer.json for answer in answers]
        assert (answers[1].json["code"], answers[1].json["field"]) == ("seat_rated", "seat")
        winner = answers[0].json
        # The winner's player may hold more seats here; the loser sits nowhere yet.
        with databases(app)() as db:
            claims = db.execute(
                select(SeatClaim.seat, SeatClaim.rating_id).where(SeatClaim.seat == number)
            ).all()
        assert [tuple(claim) for claim in claims] == [(number, winner["id"])]


def test_one_player_seated_at_two_tables_at_once_sits_at_one(
    app, client, table, second_table, players, monkeypatch
):
    """Each request waits, after finding the player seated nowhere else,
    for the other to find the same: it never does, because the player's
    row is locked (PostgreSQL) or the writer's turn held (SQLite) from the
    lookup to the commit; the first waits alone and goes on."""
    check = service.players.ratings._not_elsewhere
    both_checked = threading.Barrier(2)

    def check_once_both_have(*args, **kwargs):
        check(*args, **kwargs)
        with contextlib.suppress(threading.BrokenBarrierError):
            both_checked.wait(timeout=0.5)

    monkeypatch.setattr(service.players.ratings, "_not_elsewhere", check_once_both_have)
    devices = [sign_in(client, "dealer"), sign_in(client, "dealer2")]

    def send(headers, table_id):
        return seat(app.test_client(), headers, table_id, ALICE, 1)

    answers = at_once(send, zip(devices, (table["id"], second_table["id"]), strict=True))
    assert [answer.status_code for answer in answers] == [201, 409], [answer.json for answer in answers]
    assert (answers[1].json["code"], answers[1].json["field"]) == ("player_seated_elsewhere", "club_number")
    with databases(app)() as db:
        assert db.scalars(select(SeatClaim.player_id)).all() == [players[ALICE]]


def test_a_rating_paused_twice_at_once_is_paused_once(app, client, table, players):
    dealer = sign_in(client, "dealer")
    rating = seat(client, dealer, table["id"], ALICE, 1).json
    answers = parallel(2, lambda: step(app.test_client(), dealer, rating["id"], "pauses"))
    assert sorted(answer.status_code for answer in answers) == [201, 409]
    with databases(app)() as db:
        assert db.scalars(select(RatingEvent.kind)).all() == ["pause"]


def test_the_database_refuses_a_second_claim_and_a_second_seat_out(app, client, table, players):
    dealer = sign_in(client, "dealer")
    rating = seat(client, dealer, table["id"], ALICE, 1).json
    with databases(app)() as db:
        db.add(
            SeatClaim(
                table_id=table["id"], seat=1, rating_id=rating["id"], player_id=players[BOB], paused=False
            )
        )
        with pytest.raises(IntegrityError):
            db.flush()
        db.rollback()
    assert step(client, dealer, rating["id"], "seat-out", {"chips_taken": 0}).status_code == 200
    with databases(app)() as db:
        db.add(
            RatingEvent(
                rating_id=rating["id"],
                kind="seat_out",
                chips_taken=0,
                recorded_by=user_id(app, "dealer"),
                at=utc_now(),
            )
        )
        with pytest.raises(IntegrityError, match=r"(?i)unique"):
            db.flush()
