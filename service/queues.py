"""The RQ queues and how a job is put on them: deterministic job ids (a job
is named by its work: ``seal-17``), RQ's JSON serializer, retries with
backoff, then the failed-job registry. A row sent twice (a repeated dispatch,
the sweep) may run twice; every job is idempotent, so that is extra work,
never a wrong record."""

from __future__ import annotations

from redis import Redis
from rq import Queue, Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

AUDIT = "audit"
METRICS = "metrics"
ANALYSIS = "analysis"  # par sheets take seconds: their own queue
VERIFY = "verify"  # verifications of the audit trail: seconds to minutes, never behind an export
EXPORTS = "exports"  # compliance exports take minutes: served last
QUEUES = (AUDIT, METRICS, ANALYSIS, VERIFY, EXPORTS)

#: outbox job -> (queue, function path, job id prefix)
JOBS = {
    "seal": (AUDIT, "workers.jobs.seal_audit", "seal"),
    "aggregate": (METRICS, "workers.jobs.aggregate_round", "aggregate"),
    "par_sheet": (ANALYSIS, "workers.jobs.par_sheet", "par-sheet"),
    "export": (EXPORTS, "workers.jobs.build_export", "export"),
    "verify": (VERIFY, "workers.jobs.verify_audit_trail", "verify"),
}
JOB_TIMEOUT = 120  # seconds
#: jobs that may run longer: an export of a busy year is millions of rows, a
#: verification walks every link and round
JOB_TIMEOUTS = {"export": 4 * 3600, "verify": 4 * 3600}
RETRY_SECONDS = (1, 5, 30, 120, 600)  # between a failed job's attempts
RETRY_INTERVALS = RETRY_SECONDS  # the default; Settings.retry_seconds is what runs


def job_id(job: str, ref: int) -> str:
    return f"{JOBS[job][2]}-{ref}"


def _fetch(connection: Redis, job: str, ref: int) -> Job | None:
    try:
        return Job.fetch(job_id(job, ref), connection=connection, serializer=JSONSerializer)
    except NoSuchJobError:
        return None


def status_of(connection: Redis, job: str, ref: int) -> JobStatus | None:
    """The job's RQ status; ``None`` when Redis has no record of it."""
    found = _fetch(connection, job, ref)
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


#: the states of a job that is over: one sent again under its id replaces it
ENDED = (JobStatus.FINISHED, JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED)


def enqueue(
    connection: Redis,
    job: str,
    ref: int,
    retry_intervals: tuple[int, ...] = RETRY_INTERVALS,
    request_id: str | None = None,
) -> str:
    name, function, _ = JOBS[job]
    named = job_id(job, ref)
    earlier = _fetch(connection, job, ref)
    if earlier is not None and earlier.get_status() in ENDED:
        # RQ would overwrite the job's hash under the same id but leave the
        # id in the failed (or finished, canceled) registry, where a requeue
        # from there would run it once more: the old job goes first.
        earlier.delete()
    queue(name, connection).enqueue(
        function,
        ref,
        job_id=named,
        retry=Retry(max=len(retry_intervals), interval=list(retry_intervals)),
        job_timeout=JOB_TIMEOUTS.get(job, JOB_TIMEOUT),
        result_ttl=24 * 3600,
        failure_ttl=90 * 24 * 3600,
        # The request that caused the work, for the worker's log lines.
        meta={} if request_id is None else {"request_id": request_id},
    )
    return named
