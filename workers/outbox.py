"""The outbox dispatcher: moves rows written with each change onto the RQ
queues. When Redis is down nothing is lost: the rows wait, and the backlog
goes out when it is back.

A dispatch coalesces what it takes: the waiting seal rows go out as one
seal job up to the newest of their events (sealing up to an event seals
every event before it), and the rows of a batched kind (counting a round,
its expected values) as one job of all their refs. A job a row cost Redis
and a worker more than the work of a round; at a floor's rate that was
most of the two cores."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from redis import Redis
from redis.exceptions import RedisError
from sqlalchemy import select, text

from service.jobs.queues import BATCHED, RETRY_INTERVALS, JobKind
from service.store.db import Databases, Db, hold_writer, utc_now
from service.store.models import OutboxEntry
from service.store.work import unit_of_work
from workers.queues import enqueue, enqueue_batch

BATCH = 500

_WAITING = (
    select(OutboxEntry)
    .where(OutboxEntry.dispatched_at.is_(None))
    .order_by(OutboxEntry.id)
    .with_for_update(skip_locked=True)
)
_INDEX_SCAN = text("SET LOCAL enable_bitmapscan = off")


def dispatch(
    databases: Databases,
    connection: Redis,
    limit: int = BATCH,
    retry_intervals: tuple[int, ...] = RETRY_INTERVALS,
) -> int:
    """Enqueue up to ``limit`` waiting rows; how many went. Rows go out in
    order, and are marked only after Redis took them: a failure part way
    leaves them all waiting, and re-enqueueing is harmless (job ids)."""
    try:
        with unit_of_work(databases) as db:
            rows = waiting(db, limit)
            send(connection, rows, retry_intervals)
            # SQLite: the marks wait for the writer's turn like every other
            # writer, instead of sleeping in SQLite's busy handler, or
            # making the API's rounds sleep there.
            if rows:
                hold_writer(db)
            now = utc_now()
            for row in rows:
                row.dispatched_at = now
            return len(rows)
    except (RedisError, OSError):
        return 0


def waiting(db: Db, limit: int) -> Sequence[OutboxEntry]:
    """The oldest ``limit`` rows still waiting, locked, skipping those
    another dispatcher holds."""
    if db.get_bind().dialect.name == "postgresql":
        # Only an index scan marks the entries of the rows sent since (dead
        # until a vacuum) for the next look to skip; the planner's bitmap
        # scan read every one of them again, every look.
        db.execute(_INDEX_SCAN)
    return db.scalars(_WAITING.limit(limit)).all()


def send(connection: Redis, rows: Sequence[OutboxEntry], retry_intervals: tuple[int, ...]) -> int:
    """Put the rows' work on the queues, coalesced; how many jobs."""
    batched: dict[str, list[OutboxEntry]] = defaultdict(list)
    jobs = 0
    for row in rows:
        if row.job == JobKind.SEAL or row.job in BATCHED:
            batched[row.job].append(row)
        else:
            enqueue(connection, row.job, row.ref, retry_intervals, row.request_id)
            jobs += 1
    seals = batched.pop(JobKind.SEAL, [])
    if seals:
        # One job up to the newest event, named by it as its row's was, with
        # the request ids of every event it seals for its log line.
        newest = max(row.ref for row in seals)
        enqueue_batch(connection, JobKind.SEAL, [newest], retry_intervals, [row.request_id for row in seals])
        jobs += 1
    for job, group in batched.items():
        refs = [row.ref for row in group]
        enqueue_batch(connection, job, refs, retry_intervals, [row.request_id for row in group])
        jobs += 1
    return jobs
