"""The safety net under the outbox: work the database shows undone although
its outbox row went out (Redis restarted empty, failed over, or lost its
last second) is found and sent again. Jobs are idempotent, so sending
twice is harmless; finding nothing is the normal case."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from redis import Redis
from redis.exceptions import RedisError
from rq.job import JobStatus
from sqlalchemy import ColumnElement, and_, exists, func, or_, select
from sqlalchemy.orm import Session, sessionmaker

from service.analysis.cache import cache_file
from service.audit import EXPORT, VERIFY
from service.audit_chain import unsealed
from service.db import utc_now
from service.job_progress import QUEUED, unfinished
from service.models import AggregatedRound, AuditVerification, Export, RoundRecord
from service.queues import RETRY_INTERVALS, enqueue, on_its_way, status_of
from service.round_status import counting
from service.tables import config_of, current_config, list_tables

GRACE = timedelta(seconds=60)  # normal delivery takes well under a second
#: an export job's RQ status when no run of it is coming: none, or over without finishing
GIVEN_UP = (None, JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED)
BATCH = 1_000


@dataclass(frozen=True)
class Undone:
    newest_unsealed: int | None  # sealing up to it seals every event before it
    unaggregated_rounds: list[int]
    missing_par_sheets: list[int]  # current configuration versions without a sheet


def undone(session: Session, instance: Path, before: datetime | None = None, limit: int = BATCH) -> Undone:
    _, newest = unsealed(session, before)
    query = select(RoundRecord.id).where(out_of_step())
    if before is not None:
        query = query.where(RoundRecord.entered_at < before)
    rounds = list(session.scalars(query.order_by(RoundRecord.id).limit(limit)))
    sheets = []
    for table in list_tables(session):
        version = current_config(session, table)
        if (before is None or version.created_at < before) and not cache_file(
            config_of(version), instance
        ).exists():
            sheets.append(version.id)
    return Undone(newest, rounds, sheets)


def out_of_step() -> ColumnElement[bool]:
    """Round records the totals do not reflect yet: counting but not counted,
    or counted but voided or corrected since."""
    marked = exists().where(AggregatedRound.round_id == RoundRecord.id)
    still_in = exists().where(
        AggregatedRound.round_id == RoundRecord.id, AggregatedRound.removed_at.is_(None)
    )
    return or_(and_(~marked, counting()), and_(still_in, ~counting()))


def unaggregated_count(session: Session) -> int:
    return int(session.scalar(select(func.count()).select_from(RoundRecord).where(out_of_step())) or 0)


def reconcile(
    sessions: sessionmaker[Session],
    connection: Redis,
    instance: Path,
    grace: timedelta = GRACE,
    retry_intervals: tuple[int, ...] = RETRY_INTERVALS,
) -> int:
    """Send again what is still undone after ``grace`` and not on its way;
    how many jobs went."""
    before = utc_now() - grace
    with sessions() as session:
        found = undone(session, instance, before)
        long_jobs = {
            EXPORT: unfinished(session, Export, before),
            VERIFY: unfinished(session, AuditVerification, before),
        }
    work = [("aggregate", round_id) for round_id in found.unaggregated_rounds]
    work += [("par_sheet", version_id) for version_id in found.missing_par_sheets]
    if found.newest_unsealed is not None:
        work.append(("seal", found.newest_unsealed))
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
        sent = 0
        for job, ref in work:
            if not on_its_way(connection, job, ref):
                enqueue(connection, job, ref, retry_intervals)
                sent += 1
        return sent
    except (RedisError, OSError):
        return 0
