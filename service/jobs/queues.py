"""The background work as the service sees it: the RQ queues, the job
kinds that go on them, their deterministic ids (a job is named by its
work: ``seal-17``), timeouts and retry schedule, and reading a job's state.
Putting jobs on the queues is the workers' part (``workers/queues.py``)."""

from __future__ import annotations

from enum import StrEnum

from redis import Redis
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer


class QueueName(StrEnum):
    """The RQ queues, in the order a worker serves them."""

    AUDIT = "audit"
    METRICS = "metrics"
    ANALYSIS = "analysis"  # par sheets take seconds: their own queue
    VERIFY = "verify"  # verifications of the audit trail: seconds to minutes, never behind an export
    EXPORTS = "exports"  # compliance exports take minutes: served last


class JobKind(StrEnum):
    """The work an outbox row asks for (its ``job`` column)."""

    SEAL = "seal"
    AGGREGATE = "aggregate"
    PAR_SHEET = "par_sheet"
    EXPORT = "export"
    VERIFY = "verify"


QUEUES = tuple(QueueName)
#: each kind's queue and the prefix of its job ids
JOBS = {
    JobKind.SEAL: (QueueName.AUDIT, "seal"),
    JobKind.AGGREGATE: (QueueName.METRICS, "aggregate"),
    JobKind.PAR_SHEET: (QueueName.ANALYSIS, "par-sheet"),
    JobKind.EXPORT: (QueueName.EXPORTS, "export"),
    JobKind.VERIFY: (QueueName.VERIFY, "verify"),
}
JOB_TIMEOUT = 120  # seconds
#: jobs that may run longer: an export of a busy year is millions of rows, a
#: verification walks every link and round
JOB_TIMEOUTS = {JobKind.EXPORT: 4 * 3600, JobKind.VERIFY: 4 * 3600}
RETRY_SECONDS = (1, 5, 30, 120, 600)  # between a failed job's attempts
RETRY_INTERVALS = RETRY_SECONDS  # the default; Settings.retry_seconds is what runs


def job_id(job: str, ref: int) -> str:
    return f"{JOBS[JobKind(job)][1]}-{ref}"


def fetch_job(connection: Redis, job: str, ref: int) -> Job | None:
    try:
        return Job.fetch(job_id(job, ref), connection=connection, serializer=JSONSerializer)
    except NoSuchJobError:
        return None


def status_of(connection: Redis, job: str, ref: int) -> JobStatus | None:
    """The job's RQ status; ``None`` when Redis has no record of it."""
    found = fetch_job(connection, job, ref)
    return None if found is None else found.get_status()


def on_its_way(connection: Redis, job: str, ref: int) -> bool:
    """The job is queued, running or waiting for a retry."""
    return status_of(connection, job, ref) in (
        JobStatus.QUEUED,
        JobStatus.STARTED,
        JobStatus.SCHEDULED,
        JobStatus.DEFERRED,
    )


def queue(name: str, connection: Redis) -> Queue:
    return Queue(name, connection=connection, serializer=JSONSerializer)
