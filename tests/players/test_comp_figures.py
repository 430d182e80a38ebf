"""A player's comps from real rated rounds: a closed rating earns nothing
while its rounds' values wait or its figures are out of date (pending),
then exactly its final slip's comps, the rate × its exact theoretical win
rounded down; a void approved since takes it back to pending until the
figures job runs again."""

from __future__ import annotations

import math

import pytest

from service.players.rating_figures import figure_rating
from service.store.db import utc_now
from service.store.work import unit_of_work
from tests.players.conftest import ALICE
from tests.support.app import databases, sign_in
from tests.support.comps import comps
from tests.support.players import seat, step
from tests.support.rated_figures import by_hand, ready_for_values, value
from tests.support.rounds_data import enter, void_approved

pytestmark = pytest.mark.store


def figure(app, settings, rating_id):
    with unit_of_work(databases(app)) as db:
        figure_rating(db, rating_id, settings.instance, utc_now())


def usd(client, headers):
    (balance,) = comps(client, headers, ALICE)["balances"]
    return balance["earned"], balance["pending_ratings"]


def test_a_rating_earns_its_final_slip_s_comps_once_figured(app, settings, client, as_role, table, players):
    ready_for_values(settings)
    dealer, boss = as_role["dealer"], as_role["pit_boss"]
    rating = seat(client, dealer, table["id"], ALICE, 1).json["id"]
    rounds = [enter(client, dealer, table, name)["id"] for name in ("r1", "r2")]
    assert step(client, dealer, rating, "seat-out", {"chips_taken": 0}).status_code == 200
    assert usd(client, boss) == (0, 1)  # no figures yet: pending, not earned
    value(app, settings, rounds[0])
    figure(app, settings, rating)
    assert usd(client, boss) == (0, 1)  # one round still waits for its values
    value(app, settings, rounds[1])
    assert usd(client, boss) == (0, 1)  # valued, but the figures are out of date
    figure(app, settings, rating)
    hand = by_hand(app, rating)
    slip = client.get(f"/api/v1/ratings/{rating}/slip", headers=boss).json
    earned = max(math.floor(hand.theoretical * 20 / 100), 0)
    assert usd(client, boss) == (earned, 0) == (slip["figures"]["comps"], 0)
    void_approved(client, boss, sign_in(client, "pit_boss2"), rounds[1])
    assert usd(client, boss) == (0, 1)  # the void waits for the figures job
    figure(app, settings, rating)
    hand = by_hand(app, rating)
    assert usd(client, boss) == (max(math.floor(hand.theoretical * 20 / 100), 0), 0)
