"""The safety net under the outbox: work the database shows undone although
its outbox row went out (Redis restarted empty, failed over, or lost its
last second) is found and sent again. Jobs are idempotent, so sending
twice is harmless; finding nothing is the normal case."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from redis import Redis
from redis.exceptions import RedisError
from sqlalchemy import exists, func, select
from sqlalchemy.orm import Session, sessionmaker

from service.audit_chain import unsealed
from service.db import utc_now
from service.models import AggregatedRound, RoundRecord
from service.queues import RETRY_INTERVALS, enqueue

GRACE = timedelta(seconds=60)  # normal delivery takes well under a second
BATCH = 1_000


@dataclass(frozen=True)
class Undone:
    unsealed_events: int
    newest_unsealed: int | None
    unaggregated_rounds: list[int]


def undone(session: Session, before: datetime | None = None, limit: int = BATCH) -> Undone:
    count, newest = unsealed(session, before)
    counted = exists().where(AggregatedRound.round_id == RoundRecord.id)
    query = select(RoundRecord.id).where(~counted)
    if before is not None:
        query = query.where(RoundRecord.entered_at < before)
    rounds = list(session.scalars(query.order_by(RoundRecord.id).limit(limit)))
    return Undone(count, newest, rounds)


def unaggregated_count(session: Session) -> int:
    counted = exists().where(AggregatedRound.round_id == RoundRecord.id)
    return int(session.scalar(select(func.count()).select_from(RoundRecord).where(~counted)) or 0)


def reconcile(
    sessions: sessionmaker[Session],
    connection: Redis,
    grace: timedelta = GRACE,
    retry_intervals: tuple[int, ...] = RETRY_INTERVALS,
) -> int:
    """Send again what is still undone after ``grace``; how many jobs went."""
    with sessions() as session:
        found = undone(session, utc_now() - grace)
    try:
        sent = 0
        if found.newest_unsealed is not None:
            enqueue(connection, "seal", found.newest_unsealed, retry_intervals)  # seals all before it too
            sent += 1
        for round_id in found.unaggregated_rounds:
            enqueue(connection, "aggregate", round_id, retry_intervals)
            sent += 1
        return sent
    except (RedisError, OSError):
        return 0
