"""The outbox dispatcher: moves rows written with each change onto the RQ
queues. When Redis is down nothing is lost: the rows wait, and the backlog
goes out when it is back."""

from __future__ import annotations

from redis import Redis
from redis.exceptions import RedisError
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from service.jobs.queues import RETRY_INTERVALS
from service.store.db import unit_of_work, utc_now
from service.store.models import OutboxEntry
from workers.queues import enqueue

BATCH = 500


def dispatch(
    sessions: sessionmaker[Session],
    connection: Redis,
    limit: int = BATCH,
    retry_intervals: tuple[int, ...] = RETRY_INTERVALS,
) -> int:
    """Enqueue up to ``limit`` waiting rows; how many went. Rows go out in
    order, and are marked only after Redis took them: a failure part way
    leaves them all waiting, and re-enqueueing is harmless (job ids)."""
    try:
        with unit_of_work(sessions) as session:
            rows = session.scalars(
                select(OutboxEntry)
                .where(OutboxEntry.dispatched_at.is_(None))
                .order_by(OutboxEntry.id)
                .limit(limit)
                .with_for_update(skip_locked=True)
            ).all()
            now = utc_now()
            for row in rows:
                enqueue(connection, row.job, row.ref, retry_intervals, row.request_id)
                row.dispatched_at = now
            return len(rows)
    except (RedisError, OSError):
        return 0
