"""The RQ queues and how a job is put on them: deterministic job ids (an
outbox row enqueued twice is one job), RQ's JSON serializer, retries with
backoff, then the failed-job registry."""

from __future__ import annotations

from redis import Redis
from rq import Queue, Retry
from rq.serializers import JSONSerializer

AUDIT = "audit"
METRICS = "metrics"
ANALYSIS = "analysis"  # par sheets take seconds: their own queue, served last
QUEUES = (AUDIT, METRICS, ANALYSIS)

#: outbox job -> (queue, function path, job id prefix)
JOBS = {
    "seal": (AUDIT, "workers.jobs.seal_audit", "seal"),
    "aggregate": (METRICS, "workers.jobs.aggregate_round", "aggregate"),
    "par_sheet": (ANALYSIS, "workers.jobs.par_sheet", "par-sheet"),
}
RETRY_INTERVALS = (1, 5, 30, 120, 600)  # seconds between attempts


def queue(name: str, connection: Redis) -> Queue:
    return Queue(name, connection=connection, serializer=JSONSerializer)


def enqueue(connection: Redis, job: str, ref: int, retry_intervals: tuple[int, ...] = RETRY_INTERVALS) -> str:
    name, function, prefix = JOBS[job]
    job_id = f"{prefix}-{ref}"
    queue(name, connection).enqueue(
        function,
        ref,
        job_id=job_id,
        retry=Retry(max=len(retry_intervals), interval=list(retry_intervals)),
        job_timeout=120,
        result_ttl=24 * 3600,
        failure_ttl=90 * 24 * 3600,
    )
    return job_id
