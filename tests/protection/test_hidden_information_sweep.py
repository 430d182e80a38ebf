"""The hidden-information job on a real Redis with a real RQ worker: the
outbox sends an entered round's test beside its expected values, and a
test lost with Redis is found by the sweep and sent again as one batch."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from service.config.environment import StrategyTables
from service.config.redis_server import connect
from service.jobs.queues import JobKind, batch_job_id, queue
from service.store.models import HiddenBet, HiddenRound, RoundRecord
from tests.support.background import databases_of, enter_rounds, run_burst
from tests.support.rounds_data import SEATS
from tests.support.strategy import strategy_blocks
from workers.outbox import dispatch
from workers.sweep import reconcile

pytestmark = pytest.mark.store


def test_a_test_lost_with_redis_is_sent_again_by_the_sweep(bg_app, redis_settings):
    strategy_blocks(redis_settings.instance, SEATS.values())
    enter_rounds(bg_app.test_client(), 3)
    connection = connect(redis_settings.redis)
    dispatch(databases_of(bg_app), connection)
    queue("values", connection).empty()  # Redis lost them
    with databases_of(bg_app)() as db:
        rounds = sorted(db.scalars(select(RoundRecord.id)))
    instance = redis_settings.instance
    # The table is not complete: with the tables left to the CLI the sweep
    # waits (as for the expected values); with the workers building them
    # it sends the rounds.
    reconcile(databases_of(bg_app), connection, instance, grace=timedelta(0))
    assert queue("values", connection).get_jobs() == []
    reconcile(
        databases_of(bg_app), connection, instance, grace=timedelta(0), strategy_tables=StrategyTables.BUILD
    )
    judging = [
        job
        for job in queue("values", connection).get_jobs()
        if job.func_name == "workers.protection_jobs.judge_rounds"
    ]
    assert [(job.id, list(job.args)) for job in judging] == [
        (batch_job_id(JobKind.HIDDEN_INFORMATION, rounds), [rounds])
    ]
    run_burst(redis_settings)
    with databases_of(bg_app)() as db:
        assert sorted(db.scalars(select(HiddenRound.round_id))) == rounds
        assert len(db.scalars(select(HiddenBet)).all()) == 3 * len(SEATS)
