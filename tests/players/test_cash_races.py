"""Two cash buy-ins of one player at once (two seats: a player may hold
several at one table) that together pass the report threshold: the day's
sum is read with the player's row locked (PostgreSQL) or the writer's
turn held (SQLite), so one is taken and the other refused, never both."""

from __future__ import annotations

import contextlib
import threading
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

import service.players.cash_rules
from service.store.models import BuyIn, CashIn
from tests.players.conftest import ALICE
from tests.support.app import databases, sign_in
from tests.support.at_once import at_once
from tests.support.players import seat, step

pytestmark = pytest.mark.store


@pytest.fixture(autouse=True)
def clock(app):
    """The app's clock fixed inside one gaming day: the two buy-ins never
    fall either side of its start."""
    app.extensions["breakpoker"]["clock"] = lambda: datetime(2026, 12, 7, 20, 0, tzinfo=UTC)


def test_two_buy_ins_at_once_that_together_pass_take_one(app, client, table, players, monkeypatch):
    summed = service.players.cash_rules.day_cash_in
    both_summed = threading.Barrier(2)

    def sum_then_wait(*args, **kwargs):
        # Each waits, after summing the day, for the other to sum it too:
        # it never does while the first holds the player's row; the first
        # waits alone and goes on at the timeout.
        total = summed(*args, **kwargs)
        with contextlib.suppress(threading.BrokenBarrierError):
            both_summed.wait(timeout=0.5)
        return total

    monkeypatch.setattr(service.players.cash_rules, "day_cash_in", sum_then_wait)
    devices = [sign_in(client, "dealer"), sign_in(client, "dealer2")]
    ratings = [seat(client, devices[0], table["id"], ALICE, number).json["id"] for number in (1, 2)]

    def send(headers, rating_id):
        return step(app.test_client(), headers, rating_id, "buy-ins", {"kind": "cash", "amount": 600_000})

    answers = at_once(send, zip(devices, ratings, strict=True))
    assert [answer.status_code for answer in answers] == [201, 409], [answer.json for answer in answers]
    assert (answers[1].json["code"], answers[1].json["field"]) == ("identification_required", "amount")
    with databases(app)() as db:
        assert db.scalars(select(CashIn.amount)).all() == [600_000]
        assert db.scalars(select(BuyIn.amount)).all() == [600_000]
