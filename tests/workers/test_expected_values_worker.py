"""A real worker values the rounds it is sent, and the sweep sends again a
values job Redis lost."""

from __future__ import annotations

from datetime import timedelta

import pytest

from service.config.environment import StrategyTables
from service.config.redis_server import connect
from service.jobs.queues import JobKind, status_of
from tests.support.app import databases, sign_in
from tests.support.background import run_burst
from tests.support.rounds_data import SEATS, enter
from tests.support.strategy import strategy_blocks
from tests.workers import expected_values_support
from tests.workers.expected_values_support import check_against_advise
from workers.outbox import dispatch
from workers.sweep import reconcile

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
instance = expected_values_support.instance


def test_a_real_worker_values_the_rounds_it_is_sent(app_with_par_sheet, redis_settings):
    """Through the outbox and RQ, by the name FUNCTIONS gives the job."""
    strategy_blocks(redis_settings.instance, SEATS.values())
    client = app_with_par_sheet.test_client()
    admin = sign_in(client, "admin")
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    entered = [enter(client, sign_in(client, "dealer"), table, name)["id"] for name in ("r1", "r2")]
    run_burst(redis_settings)
    for round_id in entered:
        check_against_advise(app_with_par_sheet, round_id, redis_settings.instance)


def test_the_sweep_sends_again_a_job_redis_lost(app_with_par_sheet, redis_settings):
    """The outbox row went out, Redis came back empty: when the workers build
    the tables the sweep sends the job again; when the CLI does, only once
    the qualifier's table is complete (here it is not)."""
    client = app_with_par_sheet.test_client()
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=sign_in(client, "admin")).json
    round_id = enter(client, sign_in(client, "dealer"), table, "r1")["id"]
    connection = connect(redis_settings.redis)
    while dispatch(databases(app_with_par_sheet), connection):
        pass
    connection.flushall()
    manual = reconcile(databases(app_with_par_sheet), connection, redis_settings.instance, timedelta(0))
    assert status_of(connection, JobKind.EXPECTED_VALUES, round_id) is None
    assert manual >= 1  # the round's seal and totals went again
    reconcile(
        databases(app_with_par_sheet),
        connection,
        redis_settings.instance,
        timedelta(0),
        strategy_tables=StrategyTables.BUILD,
    )
    assert status_of(connection, JobKind.EXPECTED_VALUES, round_id) == "queued"
