"""The background work in batches: the dispatcher coalesces the waiting
outbox rows (one seal job, one job of all the rounds to count), the sweep
sends lost rounds again as one job, and a worker of the quick queues runs
its jobs in its own process."""

from __future__ import annotations

import subprocess
from datetime import timedelta

import pytest
from rq.job import Job
from rq.serializers import JSONSerializer
from sqlalchemy import func, select

from service.config.redis_server import connect
from service.jobs.queues import JobKind, batch_job_id, queue
from service.store.models import AuditEvent, OutboxEntry, RoundRecord
from tests.support.background import (
    WORKER,
    check_aggregates,
    check_chain,
    databases_of,
    enter_rounds,
    run_burst,
    worker_env,
)
from workers.outbox import dispatch
from workers.sweep import reconcile

pytestmark = pytest.mark.store


def _jobs(connection, name: str) -> list[Job]:
    return queue(name, connection).get_jobs()


def test_the_dispatcher_sends_one_seal_job_and_one_job_of_the_rounds(bg_app, redis_settings):
    enter_rounds(bg_app.test_client(), 4)
    connection = connect(redis_settings.redis)
    with databases_of(bg_app)() as db:
        rows = db.scalar(select(func.count()).select_from(OutboxEntry))
        newest_event = db.scalar(select(func.max(AuditEvent.id)))
        rounds = sorted(db.scalars(select(RoundRecord.id)))
    assert dispatch(databases_of(bg_app), connection) == rows  # every row marked sent
    [seal] = _jobs(connection, "audit")
    assert seal.id == f"seal-{newest_event}"
    assert seal.func_name == "workers.jobs.seal_audit"
    assert list(seal.args) == [newest_event]
    assert len(seal.meta["request_ids"]) > 1  # the requests of the events it seals
    [counting] = _jobs(connection, "metrics")
    assert counting.func_name == "workers.jobs.aggregate_rounds"
    # The values wait behind the counts, on a queue of their own; the
    # hidden-information test reads the strategy table beside them.
    valuing, judging = _jobs(connection, "values")
    assert valuing.func_name == "workers.jobs.expect_rounds"
    assert list(valuing.args) == [rounds]
    assert judging.func_name == "workers.protection_jobs.judge_rounds"
    assert judging.id == batch_job_id(JobKind.HIDDEN_INFORMATION, rounds)
    assert list(judging.args) == [rounds]
    assert counting.id == batch_job_id(JobKind.AGGREGATE, rounds)
    assert list(counting.args) == [rounds]
    assert dispatch(databases_of(bg_app), connection) == 0

    run_burst(redis_settings)
    with databases_of(bg_app)() as db:
        assert check_chain(db) == db.scalar(select(func.count()).select_from(AuditEvent))
        totals = check_aggregates(db)
    assert sum(value for key, value in totals.items() if key[-1] == "rounds") == 4
    assert Job.fetch(counting.id, connection=connection, serializer=JSONSerializer).return_value() == 4


def test_one_round_goes_out_as_its_own_job_as_before_batches(bg_app, redis_settings):
    enter_rounds(bg_app.test_client(), 1)
    connection = connect(redis_settings.redis)
    dispatch(databases_of(bg_app), connection)
    with databases_of(bg_app)() as db:
        round_id = db.scalar(select(RoundRecord.id))
    counting = {job.func_name: job for job in _jobs(connection, "metrics")}["workers.jobs.aggregate_round"]
    assert counting.id == f"aggregate-{round_id}"
    assert list(counting.args) == [round_id]


def test_the_sweep_sends_lost_rounds_again_as_one_job(bg_app, redis_settings):
    enter_rounds(bg_app.test_client(), 3)
    connection = connect(redis_settings.redis)
    dispatch(databases_of(bg_app), connection)
    queue("metrics", connection).empty()  # Redis lost them
    with databases_of(bg_app)() as db:
        rounds = sorted(db.scalars(select(RoundRecord.id)))
    instance = redis_settings.instance
    assert reconcile(databases_of(bg_app), connection, instance, grace=timedelta(0)) >= 1
    [counting] = [
        job for job in _jobs(connection, "metrics") if job.func_name == "workers.jobs.aggregate_rounds"
    ]
    assert counting.id == batch_job_id(JobKind.AGGREGATE, rounds)
    assert list(counting.args) == [rounds]
    # On its way now: not sent again.
    reconcile(databases_of(bg_app), connection, instance, grace=timedelta(0))
    assert [job.id for job in _jobs(connection, "metrics")].count(counting.id) == 1
    run_burst(redis_settings)
    with databases_of(bg_app)() as db:
        assert sum(value for key, value in check_aggregates(db).items() if key[-1] == "rounds") == 3


@pytest.mark.parametrize(("options", "forks"), [(["--queues", "audit,metrics"], False), (["--fork"], True)])
def test_a_quick_queue_worker_runs_jobs_in_its_own_process(redis_settings, options, forks):
    connection = connect(redis_settings.redis)
    job = queue("audit", connection).enqueue("os.getpid")
    worker = subprocess.Popen(
        [*WORKER, "--burst", *options],
        env=worker_env(redis_settings),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, errors = worker.communicate(timeout=120)
    assert worker.returncode == 0, errors.decode()[-3000:]
    ran_in = Job.fetch(job.id, connection=connection, serializer=JSONSerializer).return_value()
    assert (ran_in != worker.pid) is forks
