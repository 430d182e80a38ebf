"""The background work as the service sees it: the RQ queues, the job
kinds that go on them, their deterministic ids (a job is named by its
work: ``seal-17``), timeouts and retry schedule, and reading a job's state.
Putting jobs on the queues is the workers' part (``workers/queues.py``)."""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from redis import Redis
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.registry import ScheduledJobRegistry
from rq.serializers import JSONSerializer


class QueueName(StrEnum):
    """The RQ queues, in the order a worker serves them."""

    AUDIT = "audit"
    METRICS = "metrics"
    # The hands' expected values: milliseconds a seat, for the reports'
    # theoretical win. Served after the counts, which must stay current.
    VALUES = "values"
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
    SESSION_FIGURES = "session_figures"
    EXPECTED_VALUES = "expected_values"  # of a stored round's hands, for the reports
    RATING_FIGURES = "rating_figures"  # a rating's figures, from its rounds' values
    RATED_SLOTS = "rated_slots"  # the rated play of the rounds' table, day, shift and dealer
    DECK_CHECK = "deck_check"  # a received deck's order against every deck before (game protection)
    LUCK = "luck"  # a round's luck into its shifts' and players' sums, and their z (game protection)
    DECK_POSITIONS = "deck_positions"  # a received deck's card positions into its device's day
    POSITIONS_TEST = "positions_test"  # an ended device day's chi-square of card positions
    CARDS_CHANGED = "cards_changed"  # a dealt deck's cards changed by hand
    HIDDEN_INFORMATION = "hidden_information"  # a round's seats' bets, the hidden-information test
    # a received deck's order checked and its positions counted, one job
    # (DECK_CHECK and DECK_POSITIONS before it: their rows still run)
    DECK_RECEIVED = "deck_received"


QUEUES = tuple(QueueName)
#: the queues of jobs of milliseconds, that must never wait behind a long one
QUICK_QUEUES = (QueueName.AUDIT, QueueName.METRICS, QueueName.VALUES)
#: each kind's queue and the prefix of its job ids
JOBS = {
    JobKind.SEAL: (QueueName.AUDIT, "seal"),
    JobKind.AGGREGATE: (QueueName.METRICS, "aggregate"),
    JobKind.PAR_SHEET: (QueueName.ANALYSIS, "par-sheet"),
    JobKind.EXPORT: (QueueName.EXPORTS, "export"),
    JobKind.VERIFY: (QueueName.VERIFY, "verify"),
    JobKind.SESSION_FIGURES: (QueueName.METRICS, "session-figures"),
    JobKind.EXPECTED_VALUES: (QueueName.VALUES, "expected-values"),
    JobKind.RATING_FIGURES: (QueueName.VALUES, "rating-figures"),
    JobKind.RATED_SLOTS: (QueueName.VALUES, "rated-slots"),
    # within seconds of the deck: one index look-up, never behind a long job
    JobKind.DECK_CHECK: (QueueName.METRICS, "deck-check"),
    # after the round's values (its seats' expected values), milliseconds a round
    JobKind.LUCK: (QueueName.VALUES, "luck"),
    JobKind.DECK_POSITIONS: (QueueName.METRICS, "deck-positions"),
    JobKind.CARDS_CHANGED: (QueueName.METRICS, "cards-changed"),
    # at most 30 rows of 53 × 53 counts added up: milliseconds, once a device-day
    JobKind.POSITIONS_TEST: (QueueName.METRICS, "positions-test"),
    # reads the strategy table as the expected values do: milliseconds a round
    JobKind.HIDDEN_INFORMATION: (QueueName.VALUES, "hidden-information"),
    # within seconds of the deck, as the two it does were
    JobKind.DECK_RECEIVED: (QueueName.METRICS, "deck-received"),
}
#: kinds whose waiting outbox rows go out as one job of all their refs (a
#: job a row cost more in Redis and the worker than the work of a round)
BATCHED = (
    JobKind.AGGREGATE,
    JobKind.EXPECTED_VALUES,
    JobKind.RATED_SLOTS,
    JobKind.LUCK,
    JobKind.HIDDEN_INFORMATION,
)
JOB_TIMEOUT = 120  # seconds
#: jobs that may run longer: an export of a busy year is millions of rows, a
#: verification walks every link and round, a par sheet job may build a
#: strategy table (about a minute)
JOB_TIMEOUTS = {JobKind.EXPORT: 4 * 3600, JobKind.VERIFY: 4 * 3600, JobKind.PAR_SHEET: 1800}
RETRY_SECONDS = (1, 5, 30, 120, 600)  # between a failed job's attempts
RETRY_INTERVALS = RETRY_SECONDS  # the default; Settings.retry_seconds is what runs


def job_id(job: str, ref: int) -> str:
    return f"{JOBS[JobKind(job)][1]}-{ref}"


def batch_job_id(job: str, refs: Iterable[int]) -> str:
    """A batch's id: one ref's is that ref's own id (as before batches);
    several, the first and last with a digest of them all, so that two
    batches with the same ends never share an id (one would replace the
    other's refs while it waits)."""
    ids = sorted(set(refs))
    if len(ids) == 1:
        return job_id(job, ids[0])
    digest = zlib.crc32(",".join(map(str, ids)).encode())
    return f"{JOBS[JobKind(job)][1]}-{ids[0]}-{ids[-1]}-{digest:08x}"


def fetch_job(connection: Redis, job: str, ref: int) -> Job | None:
    return fetch_named(connection, job_id(job, ref))


def fetch_named(connection: Redis, named: str) -> Job | None:
    try:
        return Job.fetch(named, connection=connection, serializer=JSONSerializer)
    except NoSuchJobError:
        return None


def status_of(connection: Redis, job: str, ref: int) -> JobStatus | None:
    """The job's RQ status; ``None`` when Redis has no record of it."""
    found = fetch_job(connection, job, ref)
    return None if found is None else found.get_status()


def on_its_way(connection: Redis, job: str, ref: int, grace: timedelta) -> bool:
    """The job is queued, running, or waiting for a retry that is due in the
    future or at most ``grace`` ago."""
    return named_on_its_way(connection, job_id(job, ref), grace)


def named_on_its_way(connection: Redis, named: str, grace: timedelta) -> bool:
    """:func:`on_its_way` for a job by its id (a batch's too)."""
    found = fetch_named(connection, named)
    if found is None:
        return False
    status = found.get_status()
    if status == JobStatus.SCHEDULED:
        return not _retry_overdue(found, grace)
    if status == JobStatus.QUEUED:
        return not stranded(found)
    return status in (JobStatus.STARTED, JobStatus.DEFERRED)


def stranded(job: Job) -> bool:
    """Queued by its status but in no queue: taken off it by a worker that
    died before it marked the job started. A worker of several queues pops
    the id outright, and RQ never finds the job again; a worker of one
    keeps it in the queue's intermediate list, which RQ's clean-up looks at
    a minute or more later. (A live worker holds a job so for a moment too:
    sent again then, it runs twice at worst, and jobs are idempotent.)"""
    return job.connection.lpos(queue(job.origin, job.connection).key, job.id) is None


def _retry_overdue(job: Job, grace: timedelta) -> bool:
    # RQ's scheduler moves a due retry within a second, but only a worker
    # holding the queue's scheduler lock does: after Redis came back from
    # its append-only file, a dead worker's lock lasts another minute and a
    # new worker tries again only after two, so a retry can sit there long
    # past its time. Sent again, it runs twice at worst: jobs are idempotent.
    registry = ScheduledJobRegistry(queue=queue(job.origin, job.connection))  # type: ignore[no-untyped-call]
    try:
        due = registry.get_scheduled_time(job)
    except NoSuchJobError:
        return True  # marked scheduled, but in no registry: nothing will move it
    return due < datetime.now(UTC) - grace


def queue(name: str, connection: Redis) -> Queue:
    return Queue(name, connection=connection, serializer=JSONSerializer)
