"""The audit chain's rows as the walk (:mod:`service.compliance.chain_walk`)
reads them: each seal with its event, as plain tuples a keyset page at a
time, and the oldest event a range of seals skipped."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import String, Text, cast, exists, func, select, type_coerce
from sqlalchemy.orm import Session

from service.store.models import AuditEvent, AuditSeal

PAGE = 2_000  # links per query


# Named tuples, not frozen dataclasses: one of each a link, and a frozen
# dataclass's __init__ cost more than the hash.
class StoredEvent(NamedTuple):
    id: int
    kind: str
    subject: str
    actor_id: int | None
    table_id: int | None
    occurred_at: datetime | str  # as the driver gives it: see service.store.stored_instant
    payload_text: str  # the JSON column's text as stored


class StoredLink(NamedTuple):
    seq: int
    event_id: int
    previous_hash: str
    hash: str
    canonical: str | None
    event: StoredEvent | None  # None: the sealed event is gone


# An event's columns as the chain hashes them, its payload as the stored text.
EVENT_COLUMNS = (
    AuditEvent.id,
    AuditEvent.kind,
    AuditEvent.subject,
    AuditEvent.actor_id,
    AuditEvent.table_id,
    # The driver's value, not the column type's: parsing every time cost
    # more than the rest of the row.
    type_coerce(AuditEvent.occurred_at, String),
    cast(AuditEvent.payload, Text),
)
SEAL_COLUMNS = (
    AuditSeal.seq,
    AuditSeal.event_id,
    AuditSeal.previous_hash,
    AuditSeal.hash,
    AuditSeal.canonical,
)


def links(session: Session, start: int, end: int) -> Iterator[StoredLink]:
    """The seals ``start``..``end`` with their events, a keyset page at a time.
    Plain rows, not ORM objects: nothing is kept in the session, and the
    walk runs several times faster."""
    after = start - 1
    # On the session's connection: plain columns need none of the ORM's row
    # handling, which cost about as much as checking the link.
    connection = session.connection()
    while True:
        rows = connection.execute(
            select(*SEAL_COLUMNS, *EVENT_COLUMNS)
            .outerjoin(AuditEvent, AuditEvent.id == AuditSeal.event_id)
            .where(AuditSeal.seq > after, AuditSeal.seq <= end)
            .order_by(AuditSeal.seq)
            .limit(PAGE)
        ).all()
        for row in rows:
            # The row's columns in order: the seal's five, then the event's seven.
            event = None if row[5] is None else StoredEvent._make(row[5:])
            yield StoredLink._make((*row[:5], event))
        if len(rows) < PAGE:
            return
        after = rows[-1].seq


def first_unsealed(session: Session, start: int, end: int) -> AuditEvent | None:
    """The oldest event without a seal among the events the range sealed
    (from its first event to its newest; every event for a whole chain)."""
    low, high = session.execute(
        select(func.min(AuditSeal.event_id), func.max(AuditSeal.event_id)).where(
            AuditSeal.seq >= start, AuditSeal.seq <= end
        )
    ).one()
    if high is None:
        return None
    query = select(AuditEvent).where(
        AuditEvent.id < high, ~exists().where(AuditSeal.event_id == AuditEvent.id)
    )
    if start > 1:
        query = query.where(AuditEvent.id > low)
    return session.scalar(query.order_by(AuditEvent.id).limit(1))
