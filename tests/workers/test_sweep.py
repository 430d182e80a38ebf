"""The sweep after Redis came back from its append-only file: a job that
reads as on its way there, but that nothing will ever run, is sent again.

Two such states were seen after a restart: a retry whose time has long
passed while no scheduler holds its queue's lock (the dead one's lock
outlives it by a minute, and a new worker only tries again after two), and
a job still marked started by a work-horse that died with the old server."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from rq.executions import Execution
from rq.job import JobStatus
from rq.registry import StartedJobRegistry
from sqlalchemy import select

from service.config.redis_server import connect
from service.jobs.queues import JobKind, fetch_job, job_id, queue, status_of
from service.store.models import RoundRecord
from tests.support.background import databases_of, enter_rounds
from workers.outbox import dispatch
from workers.sweep import reconcile

GRACE = timedelta(seconds=60)


@pytest.fixture
def aggregate_job(bg_app, redis_settings):
    """A settled round whose counting job went to Redis, taken off its queue
    so that each test can leave it in the state it needs; its round id."""
    enter_rounds(bg_app.test_client(), 1)
    connection = connect(redis_settings.redis)
    while dispatch(databases_of(bg_app), connection):
        pass
    with databases_of(bg_app)() as db:
        round_id = db.scalar(select(RoundRecord.id))
    job = fetch_job(connection, JobKind.AGGREGATE, round_id)
    queue("metrics", connection).remove(job)
    return connection, job, round_id


def sweep(bg_app, redis_settings, connection) -> int:
    # The round was settled a moment ago: ask for work undone since then.
    return reconcile(databases_of(bg_app), connection, redis_settings.instance, grace=timedelta(0))


def scheduled_jobs(connection) -> list[str]:
    return queue("metrics", connection).scheduled_job_registry.get_job_ids()


@pytest.mark.store
def test_a_retry_long_past_its_time_is_sent_again(bg_app, redis_settings, aggregate_job):
    connection, job, round_id = aggregate_job
    queue("metrics", connection).schedule_job(job, datetime.now(UTC) - 2 * GRACE)
    assert status_of(connection, JobKind.AGGREGATE, round_id) == JobStatus.SCHEDULED
    assert sweep(bg_app, redis_settings, connection) == 1
    assert status_of(connection, JobKind.AGGREGATE, round_id) == JobStatus.QUEUED
    assert job_id(JobKind.AGGREGATE, round_id) in queue("metrics", connection).job_ids
    assert scheduled_jobs(connection) == []  # sent once, not also by a scheduler later


@pytest.mark.store
def test_a_retry_still_to_come_is_left_to_the_scheduler(bg_app, redis_settings, aggregate_job):
    connection, job, round_id = aggregate_job
    queue("metrics", connection).schedule_job(job, datetime.now(UTC) + timedelta(minutes=10))
    assert sweep(bg_app, redis_settings, connection) == 0
    assert status_of(connection, JobKind.AGGREGATE, round_id) == JobStatus.SCHEDULED


@pytest.mark.store
def test_a_job_whose_worker_died_with_redis_is_taken_up_again(bg_app, redis_settings, aggregate_job):
    connection, job, round_id = aggregate_job
    with connection.pipeline() as pipeline:
        job.set_status(JobStatus.STARTED, pipeline=pipeline)
        Execution.create(job, ttl=30, pipeline=pipeline)
        pipeline.execute()
    registry = StartedJobRegistry("metrics", connection=connection)
    (running,) = connection.zrange(registry.key, 0, -1)
    # Its heartbeat stopped well before now (the work-horse is gone).
    connection.zadd(registry.key, {running: time.time() - 5})
    sweep(bg_app, redis_settings, connection)
    assert status_of(connection, JobKind.AGGREGATE, round_id) in (JobStatus.QUEUED, JobStatus.SCHEDULED)
    assert registry.get_job_ids() == []


@pytest.mark.store
def test_a_job_running_now_is_left_alone(bg_app, redis_settings, aggregate_job):
    connection, job, round_id = aggregate_job
    with connection.pipeline() as pipeline:
        job.set_status(JobStatus.STARTED, pipeline=pipeline)
        Execution.create(job, ttl=30, pipeline=pipeline)
        pipeline.execute()
    assert sweep(bg_app, redis_settings, connection) == 0
    assert status_of(connection, JobKind.AGGREGATE, round_id) == JobStatus.STARTED
