"""The floor's rated-play job on a real Redis with a real RQ worker: a
rated round's values, stored by their job, queue its slot's job through
the outbox (batched) and a worker keeps the slot's and its month's rows;
a slot's row lost (derived state, rebuilt) is found by the sweep and
figured again, the same."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import delete, select

from service.config.redis_server import connect
from service.ops.undone import undone
from service.store.models import RatedMonthFigures, RatedShiftFigures
from service.store.work import unit_of_work
from tests.support.app import databases, sign_in
from tests.support.background import run_burst
from tests.support.players import add_player, seat
from tests.support.rated_figures import by_hand
from tests.support.rounds_data import SEATS, enter
from tests.support.strategy import strategy_blocks
from workers.sweep import reconcile

pytestmark = pytest.mark.store


@pytest.fixture
def app(app_with_par_sheet):
    return app_with_par_sheet


def kept(app):
    with databases(app)() as db:
        slots = [(row.rounds, row.actual, row.theoretical_0) for row in db.scalars(select(RatedShiftFigures))]
        months = [(row.rounds, row.actual) for row in db.scalars(select(RatedMonthFigures))]
        return slots, months


def test_a_worker_keeps_the_slots_and_the_sweep_rebuilds_them(app, client, redis_settings, table):
    strategy_blocks(redis_settings.instance, SEATS.values())
    add_player(app, "C1001")
    dealer = sign_in(client, "dealer")
    rating = seat(client, dealer, table["id"], "C1001", 1).json["id"]
    first = enter(client, dealer, table, "r1")["id"]
    enter(client, dealer, table, "r2")
    run_burst(redis_settings)  # the values, which queue the figures and the slot
    run_burst(redis_settings)  # the figures and the slot
    hand = by_hand(app, rating)
    figured = kept(app)
    assert figured == ([(2, hand.actual, figured[0][0][2])], [(2, hand.actual)])
    with unit_of_work(databases(app)) as db:
        db.execute(delete(RatedShiftFigures))  # derived state: gone, to be rebuilt
    with databases(app)() as db:
        assert undone(db, redis_settings.instance).unfigured_slots == [first]
    connection = connect(redis_settings.redis)
    assert reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0)) >= 1
    run_burst(redis_settings)
    assert kept(app) == figured
    with databases(app)() as db:
        assert undone(db, redis_settings.instance).unfigured_slots == []
