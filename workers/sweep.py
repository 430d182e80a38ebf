"""The safety net under the outbox: work the database shows undone although
its outbox row went out (Redis restarted empty, failed over, or lost its
last second) is found and sent again. Jobs are idempotent, so sending
twice is harmless; finding nothing is the normal case."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from redis import Redis
from redis.exceptions import RedisError
from rq.job import JobStatus
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer

from service.config.environment import StrategyTables
from service.jobs.progress import QUEUED, unfinished
from service.jobs.queues import (
    QUEUES,
    RETRY_INTERVALS,
    JobKind,
    batch_job_id,
    named_on_its_way,
    on_its_way,
    status_of,
)
from service.ops.undone import undone
from service.store.db import Databases, utc_now
from service.store.models import AuditVerification, Export
from workers.queues import enqueue, enqueue_batch

GRACE = timedelta(seconds=60)  # normal delivery takes well under a second

#: an export job's RQ status when no run of it is coming: none, or over without finishing
GIVEN_UP = (None, JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED)


def reconcile(
    databases: Databases,
    connection: Redis,
    instance: Path,
    grace: timedelta = GRACE,
    retry_intervals: tuple[int, ...] = RETRY_INTERVALS,
    strategy_tables: StrategyTables = StrategyTables.MANUAL,
) -> int:
    """Send again what is still undone after ``grace`` and not on its way;
    how many jobs went."""
    before = utc_now() - grace
    with databases() as db:
        found = undone(db, instance, before, tables_built_by_workers=strategy_tables is StrategyTables.BUILD)
        long_jobs = {
            JobKind.EXPORT: unfinished(db, Export, before),
            JobKind.VERIFY: unfinished(db, AuditVerification, before),
        }
    # Rounds go again as one job a kind (a bounded list: undone's limit).
    batches = {
        JobKind.AGGREGATE: found.unaggregated_rounds,
        JobKind.EXPECTED_VALUES: found.rounds_without_values,
        JobKind.RATED_SLOTS: found.unfigured_slots,
        JobKind.LUCK: found.rounds_without_luck,
        JobKind.HIDDEN_INFORMATION: found.untested_rounds,
    }
    work = [(JobKind.PAR_SHEET, version_id) for version_id in found.missing_par_sheets]
    work += [(JobKind.SESSION_FIGURES, session_id) for session_id in found.unfigured_sessions]
    work += [(JobKind.RATING_FIGURES, rating_id) for rating_id in found.unfigured_ratings]
    # a deck's order unchecked or its positions uncounted: one job does either
    decks = sorted(set(found.unchecked_decks) | set(found.uncounted_decks))
    work += [(JobKind.DECK_RECEIVED, feed_id) for feed_id in decks]
    work += [(JobKind.POSITIONS_TEST, day_id) for day_id in found.untested_days]
    work += [(JobKind.CARDS_CHANGED, feed_id) for feed_id in found.unchecked_changes]
    if found.newest_unsealed is not None:
        work.append((JobKind.SEAL, found.newest_unsealed))
    try:
        # A queued export (or verification) whose job is gone; a running one
        # whose job Redis lost outright, or whose job RQ gave up on (its
        # worker died mid-build: RQ marks the abandoned job failed, and no
        # retry is coming) while it still reads running. A rerun starts over.
        work += [
            (job, ref)
            for job, rows in long_jobs.items()
            for ref, status in rows
            if status == QUEUED or status_of(connection, job, ref) in GIVEN_UP
        ]
        take_up_abandoned(connection)
        sent = 0
        for kind, refs in batches.items():
            if refs and not named_on_its_way(connection, batch_job_id(kind, refs), grace):
                enqueue_batch(connection, kind, refs, retry_intervals)
                sent += 1
        for job, ref in work:
            if not on_its_way(connection, job, ref, grace):
                enqueue(connection, job, ref, retry_intervals)
                sent += 1
        return sent
    except (RedisError, OSError):
        return 0


def take_up_abandoned(connection: Redis) -> None:
    """Retry (or fail) the jobs still marked started whose work-horse stopped
    beating: RQ's own clean-up, which the workers run only once a minute,
    and which a worker that died with the old Redis never ran."""
    for name in QUEUES:
        StartedJobRegistry(name, connection=connection, serializer=JSONSerializer).cleanup()
