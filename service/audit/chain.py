"""The audit hash chain: every event sealed once, in order, each link
carrying the SHA-256 of the previous link and of its own canonical JSON, so
any later edit, deletion or reordering of a row is detectable.

Sealing is idempotent: sealing up to an event that is already sealed does
nothing; two sealers racing for the same link are told apart by the unique
sequence number (and event id), and the loser simply tries again.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any, Protocol, TypedDict

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.store.db import utc_now
from service.store.models import AuditEvent, AuditSeal

GENESIS = "0" * 64
SEAL_BATCH = 1_000  # events per transaction: a backlog never holds a lock for long


class Recorded(Protocol):
    """What the chain hashes of an event (an :class:`AuditEvent`, or a row of one)."""

    @property
    def id(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def subject(self) -> str: ...
    @property
    def actor_id(self) -> int | None: ...
    @property
    def table_id(self) -> int | None: ...
    @property
    def occurred_at(self) -> datetime: ...
    # A JSON column whose shape is the event kind's own (and has changed
    # over the years): the chain hashes whatever is stored.
    @property
    def payload(self) -> dict[str, Any]: ...


class CanonicalEvent(TypedDict):
    """An event as the chain hashes it (and as ``audit_chain.jsonl`` shows it)."""

    id: int
    kind: str
    subject: str
    actor_id: int | None
    table_id: int | None
    occurred_at: str  # ISO 8601, UTC
    payload: dict[str, Any]  # the event's own JSON, as stored


# An event's columns as the chain hashes them, for queries that read plain rows.
EVENT_COLUMNS = (
    AuditEvent.id,
    AuditEvent.kind,
    AuditEvent.subject,
    AuditEvent.actor_id,
    AuditEvent.table_id,
    AuditEvent.occurred_at,
    AuditEvent.payload,
)


def canonical(event: Recorded) -> str:
    """The event as the chain hashes it: sorted keys, no spaces, UTC times."""
    document: CanonicalEvent = {
        "id": event.id,
        "kind": event.kind,
        "subject": event.subject,
        "actor_id": event.actor_id,
        "table_id": event.table_id,
        "occurred_at": event.occurred_at.isoformat(),
        "payload": event.payload,
    }
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chained_hash(previous_hash: str, document: str) -> str:
    return hashlib.sha256((previous_hash + document).encode()).hexdigest()


def link_hash(previous_hash: str, event: AuditEvent) -> str:
    return chained_hash(previous_hash, canonical(event))


def chain_head(session: Session) -> AuditSeal | None:
    return session.scalar(select(AuditSeal).order_by(AuditSeal.seq.desc()).limit(1))


def seal_batch(session: Session, up_to: int, limit: int = SEAL_BATCH) -> tuple[int, int]:
    """Seal the next events after the chain's head, oldest first, up to the
    event ``up_to`` and at most ``limit`` of them (one bounded transaction).
    Returns how many were sealed and the event id the chain now ends at.

    Events commit in id order (SQLite has one writer; on PostgreSQL
    :func:`service.audit.events.record_event` takes a lock), so the next events to
    seal are simply those after the head."""
    head = chain_head(session)
    seq = head.seq if head is not None else 0
    previous = head.hash if head is not None else GENESIS
    last = head.event_id if head is not None else 0
    pending = session.scalars(
        select(AuditEvent)
        .where(AuditEvent.id > last, AuditEvent.id <= up_to)
        .order_by(AuditEvent.id)
        .limit(limit)
    ).all()
    for event in pending:
        seq += 1
        document = canonical(event)
        digest = chained_hash(previous, document)
        # The canonical JSON is kept with the seal so that a verifier can name
        # the field of an event that was edited after sealing.
        session.add(
            AuditSeal(
                seq=seq,
                event_id=event.id,
                previous_hash=previous,
                hash=digest,
                sealed_at=utc_now(),
                canonical=document,
            )
        )
        previous, last = digest, event.id
    session.flush()
    return len(pending), last


def unsealed(session: Session, before: datetime | None = None) -> tuple[int, int | None]:
    """Events after the chain's head (older than ``before``, if given): how
    many, and the newest of them."""
    head = chain_head(session)
    query = select(func.count(), func.max(AuditEvent.id)).where(
        AuditEvent.id > (head.event_id if head is not None else 0)
    )
    if before is not None:
        query = query.where(AuditEvent.occurred_at < before)
    count, newest = session.execute(query).one()
    return int(count), newest
