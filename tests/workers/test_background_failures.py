"""Background work when something fails, on a real Redis with real RQ
workers: nothing lost when Redis is down, a worker is killed mid-job or
dies before starting one, a job fails, Redis loses work, or the database
fails under the dispatcher."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
from dataclasses import replace

import pytest
from rq.job import JobStatus
from rq.registry import FailedJobRegistry, StartedJobRegistry
from sqlalchemy import func, select

from service.analysis.cache import store_par_sheet
from service.api.app import create_app
from service.config.redis_server import EmbeddedRedis, connect
from service.jobs.queues import QUEUES, QueueName, queue
from service.store.models import AuditEvent, OutboxEntry, RoundRecord
from tests.par_sheets import default_sheet
from tests.support.app import PASSWORD, ROLES, sign_in
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


@pytest.mark.store
@pytest.mark.resilience
def test_rounds_settle_while_redis_is_down_and_nothing_is_lost(redis_settings, settings, tmp_path):
    own = EmbeddedRedis(tmp_path / "own-redis")
    own.start()
    local = replace(redis_settings, redis_url=own.url)
    from service.accounts.auth import create_user
    from service.store.work import unit_of_work

    store_par_sheet(default_sheet(), local.instance)
    app = create_app(local)
    with unit_of_work(databases_of(app)) as db:
        for role in ROLES:
            create_user(db, role, role, PASSWORD)
    client = app.test_client()
    own.stop()

    enter_rounds(client, 200)  # every round accepted and settled without Redis
    assert dispatch(databases_of(app), connect(own.url, timeout=0.2)) == 0
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    assert status["redis"]["reachable"] is False
    assert status["outbox"]["waiting"] >= 400  # a seal and an aggregate per round
    assert client.get("/metrics").status_code == 200

    own.start()  # the same data folder: queues survive a restart
    try:
        run_burst(local)
        with databases_of(app)() as db:
            assert check_chain(db) == db.scalar(select(func.count()).select_from(AuditEvent))
            aggregates = check_aggregates(db)
            assert sum(v for k, v in aggregates.items() if k[-1] == "rounds") == 200
            assert db.scalar(select(func.count()).select_from(RoundRecord)) == 200
            assert (
                db.scalar(
                    select(func.count()).select_from(OutboxEntry).where(OutboxEntry.dispatched_at.is_(None))
                )
                == 0
            )
    finally:
        own.stop()
        app.extensions["breakpoker"]["engine"].dispose()


@pytest.mark.resilience
def test_a_worker_killed_mid_job_is_finished_by_another(bg_app, redis_settings):
    # SQLite only (not a store test): its write lock holds the job mid-way.
    client = bg_app.test_client()
    enter_rounds(client, 3)
    connection = connect(redis_settings.redis)
    assert dispatch(databases_of(bg_app), connection) > 0

    # Hold the database's write lock: the first job blocks inside its transaction.
    database_file = redis_settings.database.removeprefix("sqlite:///")
    blocker = sqlite3.connect(database_file, timeout=30, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    fast = ["--heartbeat-grace", "1", "--monitoring-interval", "1", "--maintenance-interval", "1"]
    doomed = subprocess.Popen(
        [*WORKER, *fast], env=worker_env(redis_settings), start_new_session=True, stderr=subprocess.DEVNULL
    )
    started = StartedJobRegistry(queue=queue(QueueName.AUDIT, connection))
    try:
        # The worker first waits out the lock to record its start (a few seconds).
        for _ in range(400):
            if started.count:
                break
            time.sleep(0.05)
        assert started.count == 1, "the worker never started a job"
    finally:
        os.killpg(doomed.pid, signal.SIGKILL)  # the worker and its work-horse, mid-job
        doomed.wait()
        blocker.execute("ROLLBACK")
        blocker.close()
    time.sleep(3)  # past the dead worker's heartbeat
    run_burst(redis_settings, *fast)
    with databases_of(bg_app)() as db:
        assert check_chain(db) == db.scalar(select(func.count()).select_from(AuditEvent))
        aggregates = check_aggregates(db)
        assert sum(v for k, v in aggregates.items() if k[-1] == "rounds") == 3
    assert all(FailedJobRegistry(queue=queue(name, connection)).count == 0 for name in QUEUES)


@pytest.mark.parametrize("worker_of", ["several queues", "one queue"])
def test_a_job_taken_off_its_queue_by_a_worker_that_died_before_starting_it_is_run(
    bg_app, redis_settings, worker_of
):
    # A worker that dies between taking a job off its queue and marking it
    # started leaves it reading "queued" in no queue, with no execution to
    # expire. A worker of several queues pops the id (RQ never finds the job
    # again); one of one queue moves it to the queue's intermediate list,
    # which RQ's own clean-up looks at a minute or more later. The sweep
    # sends it again at once.
    client = bg_app.test_client()
    enter_rounds(client, 2)
    connection = connect(redis_settings.redis)
    assert dispatch(databases_of(bg_app), connection) > 0
    audit = queue(QueueName.AUDIT, connection)
    [seal] = audit.get_jobs()
    if worker_of == "several queues":
        connection.lpop(audit.key)
    else:
        connection.lmove(audit.key, audit.intermediate_queue_key)
    assert audit.count == 0
    assert seal.get_status() == JobStatus.QUEUED
    run_burst(redis_settings)
    with databases_of(bg_app)() as db:
        assert check_chain(db) == db.scalar(select(func.count()).select_from(AuditEvent))
    assert connection.llen(audit.intermediate_queue_key) == 0


@pytest.mark.resilience
def test_a_failing_job_retries_then_waits_in_the_failed_registry(bg_app, redis_settings, tmp_path):
    from click.testing import CliRunner

    from service.audit.events import queue_job
    from service.cli import main
    from service.store.work import unit_of_work

    with unit_of_work(databases_of(bg_app)) as db:
        queue_job(db, "aggregate", 999_999)  # a round that does not exist
    metrics = tmp_path / "prometheus"
    metrics.mkdir()
    run_burst(redis_settings, PROMETHEUS_MULTIPROC_DIR=str(metrics), BREAKPOKER_RETRY_SECONDS="0,0")

    client = bg_app.test_client()
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    failed = [job for job in status["failed_jobs"] if job["id"] == "aggregate-999999"]
    assert len(failed) == 1
    assert failed[0]["function"] == "workers.jobs.aggregate_round"
    assert failed[0]["args"] == [999_999]
    assert "no round with id 999999" in failed[0]["error"]
    text = client.get("/metrics").get_data(as_text=True)
    # The first try and two retries.
    assert 'breakpoker_job_failures_total{job="workers.jobs.aggregate_round"} 3.0' in text

    env = {"REDIS_URL": redis_settings.redis, "DATABASE_URL": redis_settings.database}
    result = CliRunner().invoke(main, ["jobs", "requeue", "aggregate-999999"], env=env)
    assert result.exit_code == 0, result.output
    assert "requeued 1 job(s): aggregate-999999" in result.output
    connection = connect(redis_settings.redis)
    assert queue("metrics", connection).count == 1
    assert FailedJobRegistry(queue=queue("metrics", connection)).count == 0
    listed = CliRunner().invoke(main, ["jobs", "status"], env=env)
    assert '"queued": 1' in listed.output


@pytest.mark.store
@pytest.mark.resilience
def test_work_lost_by_redis_is_found_and_done_again(bg_app, redis_settings):
    client = bg_app.test_client()
    enter_rounds(client, 3)
    connection = connect(redis_settings.redis)
    while dispatch(databases_of(bg_app), connection):
        pass
    connection.flushall()  # Redis came back empty: the outbox rows went out, the jobs are gone
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    assert status["outbox"]["waiting"] <= 1  # (the admin's sign-in just now)
    assert status["undone"]["unaggregated_rounds"] == 3
    assert status["undone"]["unsealed_events"] > 0
    run_burst(redis_settings)
    with databases_of(bg_app)() as db:
        assert check_chain(db) == db.scalar(select(func.count()).select_from(AuditEvent))
        assert sum(v for k, v in check_aggregates(db).items() if k[-1] == "rounds") == 3


@pytest.mark.resilience
def test_the_dispatcher_waits_out_a_database_failure(redis_settings, monkeypatch):
    import threading

    from sqlalchemy.exc import OperationalError

    import workers.worker
    from service.config.settings import Settings  # noqa: F401

    calls = []

    def flaky(databases, connection, limit=500, retry_intervals=()):
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("UPDATE outbox", {}, Exception("database is locked"))
        return 0

    monkeypatch.setattr(workers.worker, "dispatch", flaky)
    monkeypatch.setattr(workers.worker, "DISPATCH_SECONDS", 0.01)
    stop = threading.Event()
    runner = threading.Thread(target=workers.worker.run_dispatcher, args=(redis_settings, stop))
    runner.start()
    deadline = time.monotonic() + 10
    while len(calls) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    stop.set()
    runner.join(10)
    assert len(calls) >= 3  # it went on after the failure
