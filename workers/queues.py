"""Putting a job on its queue: RQ's JSON serializer, the deterministic job
id, retries with backoff, then the failed-job registry. A row sent twice (a
repeated dispatch, the sweep) may run twice; every job is idempotent, so
that is extra work, never a wrong record."""

from __future__ import annotations

from collections.abc import Sequence

from redis import Redis
from rq import Retry
from rq.job import JobStatus

from service.jobs.queues import (
    JOB_TIMEOUT,
    JOB_TIMEOUTS,
    JOBS,
    RETRY_INTERVALS,
    JobKind,
    batch_job_id,
    fetch_named,
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
    JobKind.RATING_FIGURES: "workers.jobs.figure_rating",
    JobKind.RATED_SLOTS: "workers.jobs.figure_rated_slot",
    JobKind.DECK_CHECK: "workers.jobs.check_deck_order",
    JobKind.LUCK: "workers.protection_jobs.luck_round",
    JobKind.DECK_POSITIONS: "workers.protection_jobs.count_deck_positions",
    JobKind.POSITIONS_TEST: "workers.protection_jobs.check_card_positions",
    JobKind.CARDS_CHANGED: "workers.protection_jobs.check_cards_changed",
    JobKind.HIDDEN_INFORMATION: "workers.protection_jobs.judge_round",
    JobKind.DECK_RECEIVED: "workers.protection_jobs.check_received_deck",
}
#: the function of a batch of several refs of a kind (``BATCHED``): it takes their list
BATCH_FUNCTIONS = {
    JobKind.AGGREGATE: "workers.jobs.aggregate_rounds",
    JobKind.EXPECTED_VALUES: "workers.jobs.expect_rounds",
    JobKind.RATED_SLOTS: "workers.jobs.figure_rated_slots",
    JobKind.LUCK: "workers.protection_jobs.luck_rounds",
    JobKind.HIDDEN_INFORMATION: "workers.protection_jobs.judge_rounds",
}
#: request ids a batch's job carries for its log lines, at most
REQUEST_IDS = 50
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
    return _put(connection, JobKind(job), job_id(job, ref), ref, retry_intervals, _meta([request_id]))


def enqueue_batch(
    connection: Redis,
    job: str,
    refs: Sequence[int],
    retry_intervals: tuple[int, ...] = RETRY_INTERVALS,
    request_ids: Sequence[str | None] = (),
) -> str:
    """One job for the work of many refs of a batched kind; one ref is that
    ref's own job, as :func:`enqueue` puts it, with the request ids of
    every row it stands for."""
    kind = JobKind(job)
    ids = sorted(set(refs))
    argument: int | list[int] = ids[0] if len(ids) == 1 else ids
    return _put(connection, kind, batch_job_id(job, ids), argument, retry_intervals, _meta(request_ids))


def _meta(request_ids: Sequence[str | None]) -> dict[str, object]:
    """The request that caused the work, for the worker's log lines; a
    batch caused by several keeps them in a list (the first few)."""
    found = list(dict.fromkeys(rid for rid in request_ids if rid is not None))
    if not found:
        return {}
    if len(found) == 1:
        return {"request_id": found[0]}
    return {"request_ids": found[:REQUEST_IDS]}


def _put(
    connection: Redis,
    kind: JobKind,
    named: str,
    argument: int | list[int],
    retry_intervals: tuple[int, ...],
    meta: dict[str, object],
) -> str:
    name, _ = JOBS[kind]
    earlier = fetch_named(connection, named)
    if earlier is not None and earlier.get_status() in REPLACED:
        # RQ would overwrite the job's hash under the same id but leave the
        # id in the failed (finished, canceled, scheduled) registry, from
        # where a requeue or the scheduler would run it once more: the old
        # job goes first.
        earlier.delete()
    waiting = queue(name, connection)
    # A stranded earlier run (service.jobs.queues.stranded) leaves its id in
    # the intermediate list, from where RQ's clean-up would fail it later.
    connection.lrem(waiting.intermediate_queue_key, 0, named)
    waiting.enqueue(
        FUNCTIONS[kind] if isinstance(argument, int) else BATCH_FUNCTIONS[kind],
        argument,
        job_id=named,
        retry=Retry(max=len(retry_intervals), interval=list(retry_intervals)),
        job_timeout=JOB_TIMEOUTS.get(kind, JOB_TIMEOUT),
        result_ttl=24 * 3600,
        failure_ttl=90 * 24 * 3600,
        meta=meta,
    )
    return named
