"""The use cases called as the CLI or a job would, without the API: each
returns the rating as a frozen typed value, and a refusal raises the
service's error naming the field, with the transaction left to roll back."""

from __future__ import annotations

import dataclasses

import pytest

from service.errors import Conflict, Invalid, NotFound
from service.players.buy_ins import buy_in
from service.players.rating_steps import pause, resume, seat_out
from service.players.rating_values import BuyInKind, RatingState, RatingValue, get_rating_row
from service.players.ratings import SeatIn, seat_in
from service.store.db import utc_now
from service.store.models import User
from service.store.work import unit_of_work
from service.tables.tables import get_table
from tests.players.conftest import ALICE
from tests.support.app import databases, user_id

pytestmark = pytest.mark.store


def test_each_write_returns_the_rating_as_a_frozen_value(app, table, players):
    dealer_id = user_id(app, "dealer")
    with unit_of_work(databases(app)) as db:
        dealer = db.get_one(User, dealer_id)
        opened = seat_in(db, get_table(db, table["id"]), dealer, SeatIn(ALICE, 4), utc_now())
        assert isinstance(opened, RatingValue)
        with pytest.raises(dataclasses.FrozenInstanceError):
            opened.seat = 5  # type: ignore[misc]
        rating = get_rating_row(db, opened.id)
        assert pause(db, rating, dealer, "phone call", utc_now()).state == RatingState.PAUSED
        assert resume(db, rating, dealer, None, utc_now()).state == RatingState.OPEN
        bought = buy_in(db, rating, dealer, BuyInKind.CHIPS, 12_500, utc_now())
        assert [(b["kind"], b["amount"]) for b in bought.buy_ins] == [(BuyInKind.CHIPS, 12_500)]
        closed = seat_out(db, rating, dealer, 0, None, utc_now())
    assert (closed.state, closed.chips_taken, closed.name) == (RatingState.CLOSED, 0, "Alice Archer")
    assert [step["kind"].value for step in closed.steps] == ["pause", "resume", "seat_out"]


def test_refusals_name_their_field(app, table, players):
    dealer_id = user_id(app, "dealer")
    with unit_of_work(databases(app)) as db:
        dealer, game_table = db.get_one(User, dealer_id), get_table(db, table["id"])
        with pytest.raises(NotFound) as unknown:
            seat_in(db, game_table, dealer, SeatIn("NOBODY", 1), utc_now())
        assert unknown.value.field == "club_number"
        opened = seat_in(db, game_table, dealer, SeatIn(ALICE, 1), utc_now())
        rating = get_rating_row(db, opened.id)
        for amount in (0, -5, 2.5):
            with pytest.raises(Invalid) as bad:
                buy_in(db, rating, dealer, BuyInKind.CASH, amount, utc_now())  # type: ignore[arg-type]
            assert bad.value.field == "amount"
        with pytest.raises(Invalid) as negative:
            seat_out(db, rating, dealer, -1, None, utc_now())
        assert negative.value.field == "chips_taken"
        with pytest.raises(Conflict) as not_paused:
            resume(db, rating, dealer, None, utc_now())
        assert not_paused.value.field == "rating_id"
