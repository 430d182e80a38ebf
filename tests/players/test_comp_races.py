"""Two redemptions of one player's comps at once that together pass the
balance: the balance is read with the player's row locked (PostgreSQL)
or the writer's turn held (SQLite) to the commit, so one is taken and the
other refused, never both."""

from __future__ import annotations

import contextlib
import threading
from fractions import Fraction

import pytest
from sqlalchemy import select

import service.players.comps
from service.store.models import CompRedemption
from tests.players.conftest import ALICE
from tests.support.app import databases, sign_in
from tests.support.at_once import at_once
from tests.support.comps import closed_rating, figured, redeem

pytestmark = pytest.mark.store


def test_two_redemptions_at_once_that_together_pass_take_one(app, client, table, players, monkeypatch):
    figured(app, closed_rating(client, sign_in(client, "dealer"), table["id"], ALICE), Fraction(5000))  # 1000
    read = service.players.comps.balances
    both_read = threading.Barrier(2)

    def read_then_wait(*args, **kwargs):
        # Each waits, after reading the balance, for the other to read it
        # too: it never does while the first holds the player's row; the
        # first waits alone and goes on at the timeout.
        found = read(*args, **kwargs)
        with contextlib.suppress(threading.BrokenBarrierError):
            both_read.wait(timeout=0.5)
        return found

    monkeypatch.setattr(service.players.comps, "balances", read_then_wait)
    bosses = [sign_in(client, "pit_boss"), sign_in(client, "pit_boss2")]

    def send(headers):
        return redeem(app.test_client(), headers, ALICE, 600)

    answers = at_once(send, [(headers,) for headers in bosses])
    assert [answer.status_code for answer in answers] == [201, 409], [answer.json for answer in answers]
    assert (answers[1].json["code"], answers[1].json["field"]) == ("comp_balance_exceeded", "amount")
    with databases(app)() as db:
        assert db.execute(select(CompRedemption.amount, CompRedemption.balance)).all() == [(600, 1000)]
