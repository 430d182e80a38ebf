"""The rating figures job on a real Redis with a real RQ worker: a rated
round's values, stored by their job, queue it through the outbox and a
worker keeps the rating's row; a row lost (derived state, rebuilt) is
found by the sweep and figured again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import delete

from service.config.redis_server import connect
from service.jobs.queues import JobKind, status_of
from service.ops.undone import undone
from service.store.models import RatingFigures
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


def kept(app, rating_id):
    with databases(app)() as db:
        row = db.get(RatingFigures, rating_id)
        return None if row is None else (row.rounds, row.pending_rounds, row.actual, row.theoretical)


def test_a_worker_keeps_the_figures_and_the_sweep_rebuilds_them(app, client, redis_settings, table):
    strategy_blocks(redis_settings.instance, SEATS.values())
    add_player(app, "C1001")
    dealer = sign_in(client, "dealer")
    rating = seat(client, dealer, table["id"], "C1001", 1).json["id"]
    enter(client, dealer, table, "r1")
    run_burst(redis_settings)  # the values, which queue the figures
    run_burst(redis_settings)  # the figures
    hand = by_hand(app, rating)
    assert hand.rounds == 1
    figured = kept(app, rating)
    assert figured is not None
    assert figured[:3] == (1, 0, hand.actual)
    with unit_of_work(databases(app)) as db:
        db.execute(delete(RatingFigures))  # derived state: gone, to be rebuilt
    with databases(app)() as db:
        assert undone(db, redis_settings.instance).unfigured_ratings == [rating]
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    assert status["undone"]["unfigured_ratings"] == 1
    connection = connect(redis_settings.redis)
    assert reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0)) >= 1
    assert status_of(connection, JobKind.RATING_FIGURES, rating) == "queued"
    run_burst(redis_settings)
    assert kept(app, rating) == figured
    with databases(app)() as db:
        assert undone(db, redis_settings.instance).unfigured_ratings == []
