"""What the background work is doing: queue depths, failed jobs, the outbox
backlog; and putting failed jobs back. Shared by ``GET /api/v1/ops/jobs``,
``breakpoker jobs`` and the Prometheus gauges."""

from __future__ import annotations

from typing import Annotated, Any, NotRequired, TypedDict

from redis import Redis
from redis.exceptions import RedisError
from rq import Worker
from rq.exceptions import NoSuchJobError
from rq.job import Job
from rq.registry import FailedJobRegistry, ScheduledJobRegistry, StartedJobRegistry
from rq.serializers import JSONSerializer

from service.accounting.figures import unfigured_count
from service.audit.chain import refused_count, unsealed
from service.jobs.backlog import backlog
from service.jobs.queues import QUEUES, QueueName, queue
from service.players.rating_figures import unfigured_rating_count
from service.protection.device_days import shuffler_work_count
from service.protection.hidden_rounds import untested_count
from service.protection.luck_sums import without_luck_count
from service.protection.repeated_decks import unchecked_deck_count
from service.rounds.aggregates import unaggregated_count
from service.rounds.expected_values import unvalued_count
from service.store.db import Db, utc_now

FAILED_SHOWN = 50


class OutboxCounts(TypedDict):
    waiting: Annotated[int, "rows not yet on a queue"]
    oldest: Annotated[str | None, "when the oldest waiting row was written"]
    oldest_seconds: Annotated[float, "how long the oldest row has waited (0: none waits)"]


class RedisState(TypedDict):
    reachable: Annotated[bool, "whether Redis answers"]
    error: NotRequired[str]  # the exception's name, when it is not


class QueueJson(TypedDict):
    """A queue's counts as the API shows them."""

    name: QueueName
    queued: Annotated[int, "jobs waiting for a worker"]
    started: Annotated[int, "jobs a worker is running"]
    scheduled: Annotated[int, "jobs waiting for their retry"]
    failed: Annotated[int, "jobs that failed every retry"]


class QueueCounts(QueueJson):
    # Prometheus's gauge only: the API's answer leaves it out.
    workers: int


class Undone(TypedDict):
    unsealed_events: Annotated[int, "audit events not yet sealed into the chain"]
    unaggregated_rounds: Annotated[int, "rounds not yet in their shift's aggregates"]
    unfigured_sessions: Annotated[int, "counted table sessions whose figures the reports do not reflect yet"]
    unvalued_rounds: Annotated[
        int,
        "counting rounds whose hands' expected values are not stored yet (their job waits, or waits for the "
        "strategy table to be built)",
    ]
    unfigured_ratings: Annotated[
        int,
        "ratings whose kept figures are missing or out of date (their figures job has work)",
    ]
    unchecked_decks: Annotated[
        int,
        "decks received whose order is not yet checked against the decks before (game protection)",
    ]
    rounds_without_luck: Annotated[
        int,
        "valued rounds whose luck is not yet added to their shifts' and players' sums, or a round voided or "
        "corrected not yet taken out (game protection: results beyond luck)",
    ]
    shuffler_checks: Annotated[
        int,
        "the shuffler checks' work undone: decks not yet counted into their device's day, ended device days "
        "whose positions are not tested, dealt decks whose cards changed by hand are not checked",
    ]
    untested_rounds: Annotated[
        int,
        "rounds entered whose seats' settings are not yet through the hidden-information test (game "
        "protection; its job waits, or waits for the strategy table to be built)",
    ]


class FailedJob(TypedDict):
    id: Annotated[str, "the job's id (requeue it by this)"]
    queue: QueueName
    function: NotRequired[str | None]
    # A job's arguments are whatever it was queued with: JSON of any shape.
    args: NotRequired[list[Any]]
    ended_at: NotRequired[str | None]  # ISO 8601
    error: str | None


class Counts(TypedDict):
    outbox: Annotated[OutboxCounts, "the outbox rows waiting for Redis"]
    redis: Annotated[RedisState, "whether Redis answers"]
    queues: list[QueueCounts]
    # Events the sealer refused (no valid MAC: written by SQL, not by the
    # service): anything but 0 is an intrusion to look into.
    refused_events: Annotated[
        int,
        "audit events the sealer refused (no valid MAC: written by SQL, not by the service), each with an "
        "event_refused alert; anything but 0 is an intrusion",
    ]


class JobStatus(Counts):
    undone: Annotated[Undone, "work not yet done"]
    failed_jobs: Annotated[list[FailedJob], "the failed jobs, at most 50 a queue"]


def queue_counts(db: Db, connection: Redis) -> Counts:
    """The cheap part, for every Prometheus scrape: the outbox backlog and,
    when Redis answers, the size of each queue and registry."""
    waiting = backlog(db)
    status: Counts = {
        "outbox": {
            "waiting": waiting.waiting,
            "oldest": None if waiting.oldest is None else waiting.oldest.isoformat(),
            # How long the oldest row has waited: the dispatcher or Redis is down.
            "oldest_seconds": 0.0 if waiting.oldest is None else (utc_now() - waiting.oldest).total_seconds(),
        },
        "redis": {"reachable": False},
        "queues": [],
        "refused_events": refused_count(db),
    }
    try:
        for name in QUEUES:
            jobs = queue(name, connection)
            status["queues"].append(
                {
                    "name": name,
                    "queued": jobs.count,
                    "started": StartedJobRegistry(queue=jobs).count,
                    "scheduled": ScheduledJobRegistry(queue=jobs).count,  # type: ignore[no-untyped-call]
                    "failed": FailedJobRegistry(queue=jobs).count,
                    "workers": Worker.count(queue=jobs),
                }
            )
    except (RedisError, OSError) as error:
        status["redis"]["error"] = type(error).__name__
        status["queues"] = []
        return status
    status["redis"]["reachable"] = True
    return status


def job_status(db: Db, connection: Redis) -> JobStatus:
    """Everything an operator looks at: the counts, the failed jobs with
    their errors, and the work not yet done (on its way, or lost and waiting
    for the dispatcher's sweep)."""
    status: JobStatus = {
        **queue_counts(db, connection),
        "undone": {
            "unsealed_events": unsealed(db)[0],
            "unaggregated_rounds": unaggregated_count(db),
            "unfigured_sessions": unfigured_count(db),
            "unvalued_rounds": unvalued_count(db),
            "unfigured_ratings": unfigured_rating_count(db),
            "unchecked_decks": unchecked_deck_count(db),
            "rounds_without_luck": without_luck_count(db),
            "shuffler_checks": shuffler_work_count(db, utc_now()),
            "untested_rounds": untested_count(db),
        },
        "failed_jobs": [],
    }
    try:
        for name in QUEUES:
            failed = FailedJobRegistry(queue=queue(name, connection))
            for job_id in failed.get_job_ids(0, FAILED_SHOWN - 1) if status["redis"]["reachable"] else []:
                status["failed_jobs"].append(_failed_job(connection, name, job_id))
    except (RedisError, OSError) as error:
        status["redis"] = {"reachable": False, "error": type(error).__name__}
    return status


def _failed_job(connection: Redis, queue_name: QueueName, job_id: str) -> FailedJob:
    try:
        job = Job.fetch(job_id, connection=connection, serializer=JSONSerializer)
    except NoSuchJobError:
        return {"id": job_id, "queue": queue_name, "error": "the job's data has expired"}
    result = job.latest_result()
    error = (result.exc_string or "").strip().splitlines()[-1:] if result is not None else []
    return {
        "id": job.id,
        "queue": queue_name,
        "function": job.func_name,
        "args": list(job.args),
        "ended_at": None if job.ended_at is None else job.ended_at.isoformat(),
        "error": error[0] if error else None,
    }


def requeue_failed(connection: Redis, job_ids: list[str] | None = None) -> list[str]:
    """Put failed jobs back on their queues (all of them when no ids are given)."""
    done = []
    for name in QUEUES:
        registry = FailedJobRegistry(queue=queue(name, connection))
        for job_id in registry.get_job_ids():
            if job_ids is None or job_id in job_ids:
                registry.requeue(job_id)
                done.append(job_id)
    return done
