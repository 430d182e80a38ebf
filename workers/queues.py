"""Putting a job on its queue: RQ's JSON serializer, the deterministic job
id, retries with backoff, then the failed-job registry. A row sent twice (a
repeated dispatch, the sweep) may run twice; every job is idempotent, so
that is extra work, never a wrong record."""

from __future__ import annotations

from redis import Redis
from rq import Retry
from rq.job import JobStatus

from service.jobs.queues import (
    JOB_TIMEOUT,
    JOB_TIMEOUTS,
    JOBS,
    RETRY_INTERVALS,
    JobKind,
    fetch_job,
    job_id,
    queue,
)

#: each kind's function: a queued job names it, so a rename must leave the
#: old name importable (jobs queued before an upgrade still run)
FUNCTIONS = {
    JobKind.SEAL: "workers.jobs.seal_audit",
    JobKind.AGGREGATE: "workers.jobs.aggregate_round",
    JobKind.PAR_SHEET: "workers.jobs.par_sheet",
    JobKind.EXPORT: "workers.jobs.build_export",
    JobKind.VERIFY: "workers.jobs.verify_audit_trail",
    JobKind.SESSION_FIGURES: "workers.jobs.figure_session",
    JobKind.EXPECTED_VALUES: "workers.jobs.expect_round",
}
#: the states of a job that one sent again under its id replaces: it is
#: over, or waits for a retry that the new one makes now
REPLACED = (JobStatus.FINISHED, JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED, JobStatus.SCHEDULED)


def enqueue(
    connection: Redis,
    job: str,
    ref: int,
    retry_intervals: tuple[int, ...] = RETRY_INTERVALS,
    request_id: str | None = None,
) -> str:
    kind = JobKind(job)
    name, _ = JOBS[kind]
    named = job_id(job, ref)
    earlier = fetch_job(connection, job, ref)
    if earlier is not None and earlier.get_status() in REPLACED:
        # RQ would overwrite the job's hash under the same id but leave the
        # id in the failed (finished, canceled, scheduled) registry, from
        # where a requeue or the scheduler would run it once more: the old
        # job goes first.
        earlier.delete()
    queue(name, connection).enqueue(
        FUNCTIONS[kind],
        ref,
        job_id=named,
        retry=Retry(max=len(retry_intervals), interval=list(retry_intervals)),
        job_timeout=JOB_TIMEOUTS.get(kind, JOB_TIMEOUT),
        result_ttl=24 * 3600,
        failure_ttl=90 * 24 * 3600,
        # The request that caused the work, for the worker's log lines.
        meta={} if request_id is None else {"request_id": request_id},
    )
    return named
