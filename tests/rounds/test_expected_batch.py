"""A batch of rounds' expected values (the values queue's job): found
before the transaction's first write, so SQLite's single writer is not held
through the hand calculator while the API's rounds wait for it."""

from __future__ import annotations

from sqlalchemy import func, select

from service.rounds import expected_values
from service.rounds.expected_values import expect_rounds
from service.store.models import RoundExpectedValue
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.rounds_data import SEATS
from tests.support.valued_rounds import app_with_rounds
from tests.support.writer_turn import holds_turn, turn_held_at


def test_a_batch_finds_every_rounds_values_before_it_takes_the_writers_turn(settings, monkeypatch):
    users, app, round_ids = app_with_rounds(settings, 3)
    with unit_of_work(databases(app)) as db:
        turn_held = turn_held_at(monkeypatch, expected_values, "_seat", db)
        assert expect_rounds(db, round_ids, settings.instance) == 3
        assert holds_turn(db)  # and the writes took it
    assert turn_held == [False] * (3 * len(SEATS))
    with unit_of_work(databases(app)) as db:
        assert db.scalar(select(func.count()).select_from(RoundExpectedValue)) == 3
        # Stored once: a second batch finds them there and writes nothing.
        assert expect_rounds(db, round_ids, settings.instance) == 0
    next(users, None)
