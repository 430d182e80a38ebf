"""The corrections called as the CLI or a job would, without the API:
each returns the rating as a frozen typed value with its corrections, and
a refusal raises the service's error naming the field, the transaction
left to roll back."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest

from service.errors import Conflict, Invalid
from service.players.correction_values import CorrectionKind
from service.players.rating_corrections import (
    LateBuyIn,
    MissedSeatOut,
    correct_chips,
    late_buy_in,
    missed_seat_out,
)
from service.players.rating_steps import seat_out
from service.players.rating_values import BuyInKind, RatingState, get_rating_row
from service.players.ratings import SeatIn, seat_in
from service.store.db import utc_now
from service.store.models import User
from service.store.work import unit_of_work
from service.tables.tables import get_table
from tests.players.conftest import ALICE, BOB
from tests.support.app import databases, user_id

pytestmark = pytest.mark.store


def test_each_correction_returns_the_rating_as_a_frozen_value(app, table, players):
    boss_id = user_id(app, "pit_boss")
    with unit_of_work(databases(app)) as db:
        boss, now = db.get_one(User, boss_id), utc_now()
        game_table = get_table(db, table["id"])
        opened = seat_in(db, game_table, boss, SeatIn(ALICE, 1, ("busy", now - timedelta(hours=1))), now)
        rating = get_rating_row(db, opened.id)
        bought = late_buy_in(
            db, rating, boss, "missed", LateBuyIn(BuyInKind.CHIPS, 700, now - timedelta(minutes=50)), now
        )
        closed = missed_seat_out(
            db, rating, boss, " left ", MissedSeatOut(now - timedelta(minutes=5), 900), now
        )
        corrected = correct_chips(db, rating, boss, "recounted", 1_200, now)
        with pytest.raises(dataclasses.FrozenInstanceError):
            corrected.chips_taken = 5  # type: ignore[misc]
    assert [(b["kind"], b["amount"]) for b in bought.buy_ins] == [(BuyInKind.CHIPS, 700)]
    assert (closed.state, closed.chips_taken, closed.seated_out_at) == (
        RatingState.CLOSED,
        900,
        now - timedelta(minutes=5),
    )
    assert [(c["kind"], c["reason"], c["chips_taken"]) for c in corrected.corrections] == [
        (CorrectionKind.BUY_IN, "missed", None),
        (CorrectionKind.SEAT_OUT, "left", 900),
        (CorrectionKind.CHIPS_TAKEN, "recounted", 1_200),
    ]
    assert (corrected.chips_taken, corrected.corrections[1]["rating_event_id"]) == (
        1_200,
        corrected.steps[-1]["id"],
    )


def test_refusals_name_their_field(app, table, players):
    boss_id = user_id(app, "pit_boss")
    with unit_of_work(databases(app)) as db:
        boss, now = db.get_one(User, boss_id), utc_now()
        opened = seat_in(db, get_table(db, table["id"]), boss, SeatIn(BOB, 2), now)
        rating = get_rating_row(db, opened.id)
        cases = [
            (lambda: correct_chips(db, rating, boss, " ", 1, now), Invalid, "reason"),
            (lambda: correct_chips(db, rating, boss, "x" * 2001, 1, now), Invalid, "reason"),
            (lambda: correct_chips(db, rating, boss, "x", 1, now), Conflict, "chips_taken"),
            (
                lambda: late_buy_in(db, rating, boss, "x", LateBuyIn(BuyInKind.CASH, True, now), now),
                Invalid,
                "buy_in.amount",
            ),  # type: ignore[arg-type]
            (
                lambda: late_buy_in(db, rating, boss, "x", LateBuyIn(BuyInKind.CASH, 0, now), now),
                Invalid,
                "buy_in.amount",
            ),
            (
                lambda: missed_seat_out(db, rating, boss, "x", MissedSeatOut(now, -1), now),
                Invalid,
                "seat_out.chips_taken",
            ),
            (
                lambda: missed_seat_out(db, rating, boss, "x", MissedSeatOut(now, 1.5), now),
                Invalid,
                "seat_out.chips_taken",
            ),  # type: ignore[arg-type]
        ]
        for call, error, field in cases:
            with pytest.raises(error) as refused:
                call()
            assert refused.value.field == field
        seat_out(db, rating, boss, 0, None, now)
        with pytest.raises(Conflict) as closed:
            missed_seat_out(db, rating, boss, "x", MissedSeatOut(now, 0), now)
        assert closed.value.field == "rating_id"
