"""Results beyond luck on a real Redis with a real RQ worker: the rounds'
values queue their luck job, which adds each round once and raises one
alert a window (the table's shift, the dealer's shift, the player's day
and 30 days) however often it runs; a luck job lost with Redis is found
by the sweep and run again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from service.config.redis_server import connect
from service.jobs.queues import JobKind, status_of
from service.ops.undone import undone
from service.protection.luck_sums import LuckSubject
from service.store.models import LuckRound, LuckSum
from tests.support.app import databases, sign_in
from tests.support.background import run_burst
from tests.support.card_spread import store_spread
from tests.support.luck import luck_alerts
from tests.support.players import add_player, seat
from tests.support.rated_figures import ready_for_values, value
from tests.support.rounds_data import enter, round_body
from workers.outbox import dispatch
from workers.queues import enqueue_batch
from workers.sweep import reconcile

pytestmark = pytest.mark.store


@pytest.fixture
def app(app_with_par_sheet):
    return app_with_par_sheet


@pytest.fixture
def ready(redis_settings):
    ready_for_values(redis_settings)
    store_spread(redis_settings.instance)


def lucky_round(client, dealer, table, name) -> int:
    """A round of seat 2 alone, which wins both hands: the house's luck down."""
    seats = [each for each in round_body()["seats"] if each["seat"] == 2]
    return enter(client, dealer, table, name, seats=seats)["id"]


def table_rounds(app, table_id: int) -> int:
    with databases(app)() as db:
        return int(
            db.scalar(
                select(func.sum(LuckSum.rounds)).where(
                    LuckSum.kind == LuckSubject.TABLE, LuckSum.subject_id == table_id
                )
            )
            or 0
        )


def test_the_values_queue_the_luck_job_which_adds_once_and_raises_once_a_window(
    app, client, redis_settings, table, ready
):
    dealer = sign_in(client, "dealer")
    add_player(app, "C1001", "Alice Archer")
    assert seat(client, dealer, table["id"], "C1001", 2).status_code == 201
    rounds = [lucky_round(client, dealer, table, f"r{number}") for number in range(1, 20)]
    run_burst(redis_settings)
    assert table_rounds(app, table["id"]) == 19
    # One alert a window: results_beyond_luck:<subject>:<id>:<window>:…
    windows = sorted((key.split(":")[1], key.split(":")[3]) for key in luck_alerts(app))
    assert windows == [("dealer", "shift"), ("player", "30days"), ("player", "day"), ("table", "shift")]
    first = set(luck_alerts(app))
    connection = connect(redis_settings.redis)
    enqueue_batch(connection, JobKind.LUCK, rounds)  # every round's job again
    run_burst(redis_settings)
    assert table_rounds(app, table["id"]) == 19  # nothing added twice
    assert set(luck_alerts(app)) == first  # nothing raised twice
    shown = client.get("/api/v1/alerts?state=open", headers=sign_in(client, "pit_boss")).json
    assert sorted(alert["kind"] for alert in shown) == ["results_beyond_luck"] * 4


def test_the_sweep_sends_a_lost_luck_job_again(app, client, redis_settings, table, ready):
    dealer = sign_in(client, "dealer")
    round_id = lucky_round(client, dealer, table, "r1")
    value(app, redis_settings, round_id)  # the values' job, which queues the luck job
    connection = connect(redis_settings.redis)
    while dispatch(databases(app), connection):
        pass
    connection.flushall()  # Redis lost the jobs after the outbox sent them
    with databases(app)() as db:
        assert undone(db, redis_settings.instance).rounds_without_luck == [round_id]
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    assert status["undone"]["rounds_without_luck"] == 1
    assert reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0)) >= 1
    assert status_of(connection, JobKind.LUCK, round_id) == "queued"
    run_burst(redis_settings)
    with databases(app)() as db:
        assert db.scalar(select(func.count()).select_from(LuckRound)) == 1
        assert undone(db, redis_settings.instance).rounds_without_luck == []
    assert table_rounds(app, table["id"]) == 1
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    assert status["undone"]["rounds_without_luck"] == 0
