"""An RQ worker for the background jobs, and the outbox dispatcher.

A worker of the quick queues only (sealing, counting: jobs of milliseconds)
runs its jobs in its own process (RQ's ``SimpleWorker``): a fork a job
cost more than the job, and each work-horse opened its own database
engine. A worker that takes the long jobs (par sheets, exports,
verifications) still forks a work-horse a job: a crash or a leak of a
build of minutes stays in the horse, and its time limit kills only it.

The dispatcher runs as its own process, never as a thread inside a worker:
a forking worker forks while another thread may hold a lock (the database
pool's, logging's), which leaves the horse waiting forever.
``burst`` runs until the outbox, the queues and the scheduled retries are
all empty (for tests and one-off catch-up runs), dispatching between rounds
of work on the one thread."""

from __future__ import annotations

import gc
import logging
import threading
import time
from contextlib import suppress
from datetime import timedelta
from pathlib import Path
from typing import Any, NamedTuple

from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, SimpleWorker, Worker
from rq.executions import Execution
from rq.job import Job
from rq.registry import ScheduledJobRegistry
from rq.serializers import JSONSerializer
from rq.worker.base import BaseWorker
from sqlalchemy.exc import SQLAlchemyError

from service.audit.keys import ensure_keys
from service.config.redis_server import connect
from service.config.settings import Settings
from service.jobs.backlog import backlog
from service.jobs.queues import QUEUES, QUICK_QUEUES, queue
from service.observability import request_id
from service.observability.metrics import count_job_failure
from service.store.db import Databases, database_factory, make_engine
from workers.jobs import warm_up
from workers.outbox import dispatch
from workers.sweep import reconcile

DISPATCH_SECONDS = 0.5
log = logging.getLogger(__name__)


class _BreakPokerJobs(BaseWorker):
    """RQ's worker with a configurable grace after a missed heartbeat: RQ
    waits 60 s before it treats a killed worker's job as abandoned and
    retries it; a casino floor wants that sooner. Each job logs a line."""

    heartbeat_grace = 60

    def get_heartbeat_ttl(self, job: Job, working_time: float = 0.0) -> int:
        ttl: int = super().get_heartbeat_ttl(job, working_time)
        return ttl - 60 + self.heartbeat_grace

    def perform_job(self, job: Job, queue: Queue, execution: Execution) -> bool:
        """In the work-horse (or the worker): the job runs, and logs, under
        the id of the request that caused it; a batch's line lists them."""
        token = request_id.current.set(job.meta.get("request_id"))
        started = time.monotonic()
        done = False
        try:
            done = bool(super().perform_job(job, queue, execution))
        finally:
            log.info(
                "job %s %s",
                job.id,
                "done" if done else "failed",
                extra={
                    "job_id": job.id,
                    "queue": queue.name,
                    "function": job.func_name,
                    "outcome": "done" if done else "failed",
                    "seconds": round(time.monotonic() - started, 6),
                    **({"request_ids": job.meta["request_ids"]} if "request_ids" in job.meta else {}),
                },
            )
            request_id.current.reset(token)
        return done


class BreakPokerWorker(_BreakPokerJobs, Worker):
    """Forks a work-horse a job: for the long jobs."""


class InProcessWorker(_BreakPokerJobs, SimpleWorker):
    """Runs each job in the worker's own process: for the quick queues."""


def runs_in_process(queues: tuple[str, ...]) -> bool:
    """Whether a worker of these queues runs its jobs without a fork."""
    return set(queues) <= set(QUICK_QUEUES)


def count_failure(job: Job, *_exc_info: Any) -> bool:
    with suppress(RedisError, OSError):
        count_job_failure(job.connection, job.func_name or "unknown")
    return True  # and on to RQ's own handling: retry, then the failed registry


def run_dispatcher(settings: Settings, stop: threading.Event | None = None) -> None:
    """Move outbox rows onto the queues every half second, and look for lost
    work every ``sweep_seconds`` (half a minute), until stopped. A database that is busy or down
    is waited out, never a reason to exit."""
    stop = stop or threading.Event()
    connection = connect(settings.redis, timeout=2.0)
    engine = make_engine(settings.database)
    databases = database_factory(engine)
    last_sweep = time.monotonic()
    pause = DISPATCH_SECONDS
    try:
        while not stop.wait(pause):
            try:
                while dispatch(databases, connection, retry_intervals=settings.retry_seconds):
                    pass
                if time.monotonic() - last_sweep > settings.sweep_seconds:
                    reconcile(
                        databases,
                        connection,
                        settings.instance,
                        timedelta(seconds=settings.sweep_grace_seconds),
                        settings.retry_seconds,
                        settings.strategy_tables,
                    )
                    last_sweep = time.monotonic()
                pause = DISPATCH_SECONDS
            except SQLAlchemyError:
                log.exception("the database failed; trying again shortly")
                pause = min(pause * 2, 30.0)
    finally:
        engine.dispose()


def run_worker(
    settings: Settings,
    burst: bool = False,
    heartbeat_grace: int = 60,
    job_monitoring_interval: int = 30,
    maintenance_interval: int = 60,
    deadline_seconds: float = 300.0,
    queues: tuple[str, ...] = QUEUES,
    in_process: bool | None = None,
) -> None:
    """Serve ``queues``; ``in_process`` (by default: only quick queues)
    runs the jobs without a fork."""
    connection = connect(settings.redis, timeout=10.0)
    if in_process is None:
        in_process = runs_in_process(queues)
    kind = InProcessWorker if in_process else BreakPokerWorker
    worker = kind(
        [queue(name, connection) for name in queues],
        connection=connection,
        serializer=JSONSerializer,
        exception_handlers=[count_failure],
        job_monitoring_interval=job_monitoring_interval,
        maintenance_interval=maintenance_interval,
    )
    worker.heartbeat_grace = heartbeat_grace
    ensure_keys(settings)  # the first start of an instance makes the audit trail's keys
    warm_up(settings.instance)
    # What the worker has built lives as long as it does (and is inherited
    # by each work-horse): frozen, no full collection walks it again, as in
    # the API's workers (service/api/gunicorn_hooks.py).
    gc.collect()
    gc.freeze()
    if not burst:
        worker.work(with_scheduler=True)
        return
    # Burst dispatches too, on this one thread (no thread beside forked horses).
    engine = make_engine(settings.database)
    try:
        _burst(
            worker,
            database_factory(engine),
            connection,
            deadline_seconds,
            settings.retry_seconds,
            settings.instance,
            queues,
        )
    finally:
        engine.dispose()


def _scheduled(connection: Redis, name: str) -> int:
    count: int = ScheduledJobRegistry(queue=queue(name, connection)).count  # type: ignore[no-untyped-call]
    return count


def _burst(
    worker: BaseWorker,
    databases: Databases,
    connection: Redis,
    deadline_seconds: float,
    retry_seconds: tuple[int, ...],
    instance: Path,
    queues: tuple[str, ...],
) -> None:
    deadline = time.monotonic() + deadline_seconds
    while True:
        while dispatch(databases, connection, retry_intervals=retry_seconds):
            pass
        worker.work(burst=True, with_scheduler=True)
        # Nothing in flight: whatever is still undone was lost on the way.
        if _idle(databases, connection, queues) and (
            reconcile(databases, connection, instance, grace=timedelta(0), retry_intervals=retry_seconds) == 0
            # The sweep also puts back the jobs of a worker that died mid-job,
            # which it does not count as sent: idle only if none came back.
            and _idle(databases, connection, queues)
        ):
            return
        if time.monotonic() > deadline:
            raise TimeoutError(
                f"work left after {deadline_seconds} s: {_left(databases, connection, queues)}"
            )
        time.sleep(0.2)


class _Left(NamedTuple):
    """What a burst still has to do: outbox rows, and its queues' jobs."""

    waiting: int
    queued: int
    scheduled: int

    def __str__(self) -> str:
        return f"{self.waiting} outbox, {self.queued} queued, {self.scheduled} scheduled"


def _left(databases: Databases, connection: Redis, queues: tuple[str, ...]) -> _Left:
    with databases() as db:
        waiting = backlog(db).waiting
    # Only this worker's queues: another worker serves the rest.
    queued = sum(queue(name, connection).count for name in queues)
    scheduled = sum(_scheduled(connection, name) for name in queues)
    return _Left(waiting, queued, scheduled)


def _idle(databases: Databases, connection: Redis, queues: tuple[str, ...]) -> bool:
    return not any(_left(databases, connection, queues))
