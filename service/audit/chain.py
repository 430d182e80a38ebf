"""The audit hash chain: every event sealed once, in order, each link
carrying the SHA-256 of the previous link and of its own canonical JSON, so
any later edit, deletion or reordering of a row is detectable.

Sealing is idempotent: sealing up to an event that is already sealed does
nothing; two sealers racing for the same link are told apart by the unique
sequence number (and event id), and the loser simply tries again.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import datetime

from sqlalchemy import ColumnElement, String, cast, exists, func, literal, select
from sqlalchemy.orm import aliased

from service.audit.canonical import CanonicalEvent as CanonicalEvent
from service.audit.canonical import Recorded as Recorded
from service.audit.canonical import canonical as canonical
from service.audit.canonical import canonical_joined
from service.audit.event_mac import holds, key_for, settings_for
from service.audit.events import record_event
from service.audit.head_signing import sign_head
from service.audit.keys import signer
from service.audit.kinds import EventKind
from service.store.db import Db, hold_writer, utc_now
from service.store.models import AuditEvent, AuditEventMac, AuditSeal
from service.store.stored_instant import instant_text

log = logging.getLogger(__name__)
GENESIS = "0" * 64
SEAL_BATCH = 1_000  # events per transaction: a backlog never holds a lock for long


def chained_hash(previous_hash: str, document: str) -> str:
    return hashlib.sha256((previous_hash + document).encode()).hexdigest()


def link_hash(previous_hash: str, event: AuditEvent) -> str:
    return chained_hash(previous_hash, canonical(event))


def sealed_as_stored(
    previous_hash: str | None,
    digest: str | None,
    # As a query reads them (so the types are checked here: a row may hold others).
    event: tuple[int, str, str, int | None, int | None, str | datetime, str | None],
) -> str | None:
    """The event's canonical JSON joined around its stored payload text
    (:func:`canonical_joined`), when its link's hash proves that text is
    the very one sealed; ``None`` when it does not (no link, an event
    edited since, a payload stored another way, a value of another type).
    The sealed text is canonical, and canonical text reads back to itself,
    so the stored payload's text is then its canonical JSON without
    decoding and encoding it: a reader of many events saves most of each
    one's cost. ``event``: id, kind, subject, actor id, table id, the time
    as the driver gives it (:func:`instant_text`) and the payload's text.

    >>> from datetime import UTC, datetime
    >>> from service.audit.canonical import canonical_of
    >>> at = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    >>> digest = chained_hash(GENESIS, canonical_of(7, "login", "user:1", 1, None, at, {"a": 1}))
    >>> stored = (7, "login", "user:1", 1, None, "2026-01-02 03:04:05.000000", '{"a":1}')
    >>> sealed_as_stored(GENESIS, digest, stored)
    '{"actor_id":1,"id":7,"kind":"login","occurred_at":"2026-01-02T03:04:05+00:00","payload":{"a":1},...}'
    >>> sealed_as_stored(GENESIS, digest, stored[:6] + ('{"a": 1}',)) is None  # not the sealed text
    True
    """
    event_id, kind, subject, actor_id, table_id, stored_at, payload_text = event
    if not (
        type(previous_hash) is str
        and type(digest) is str
        and type(event_id) is int
        and type(kind) is str
        and type(subject) is str
        and type(actor_id) in _ID
        and type(table_id) in _ID
        and type(stored_at) in _STORED_TIME
        and type(payload_text) is str
    ):
        return None
    joined = canonical_joined(
        event_id, kind, subject, actor_id, table_id, instant_text(stored_at), payload_text
    )
    return joined if chained_hash(previous_hash, joined) == digest else None


_ID = frozenset({int, type(None)})  # exactly: a bool would be written True, not true
_STORED_TIME = frozenset({str, datetime})


def chain_head(db: Db) -> AuditSeal | None:
    return db.scalar(select(AuditSeal).order_by(AuditSeal.seq.desc()).limit(1))


def seal_batch(db: Db, up_to: int, limit: int = SEAL_BATCH) -> tuple[int, int]:
    """Seal the next events after the chain's head, oldest first, up to the
    event ``up_to`` and at most ``limit`` of them (one bounded transaction),
    and sign the new head. Returns how many were sealed and the event id the
    chain now ends at.

    Events commit in id order (SQLite has one writer; on PostgreSQL
    :func:`service.audit.events.record_event` takes a lock), so the next events to
    seal are simply those after the head, but for those the sealer refused:
    an event whose MAC does not hold (written by SQL, not by the service) is
    never sealed; an ``event_refused`` alert is recorded instead, once."""
    head = chain_head(db)
    seq = head.seq if head is not None else 0
    previous = head.hash if head is not None else GENESIS
    last = head.event_id if head is not None else 0
    rows = db.execute(
        select(AuditEvent, AuditEventMac.mac)
        .outerjoin(AuditEventMac, AuditEventMac.event_id == AuditEvent.id)
        .where(AuditEvent.id > last, AuditEvent.id <= up_to, ~_refused())
        .order_by(AuditEvent.id)
        .limit(limit)
    ).all()
    settings = settings_for(db)
    key = key_for(db)
    sealed = 0
    for event, mac in rows:
        document = canonical(event)
        if not holds(key, document, mac):
            _refuse(db, event, "no MAC" if mac is None else "a MAC that does not hold")
            continue
        seq += 1
        digest = chained_hash(previous, document)
        # The canonical JSON is kept with the seal so that a verifier can name
        # the field of an event that was edited after sealing.
        db.add(
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
        sealed += 1
    if sealed:
        hold_writer(db)  # SQLite: wait for the turn, not in its busy handler
        db.flush()
        sign_head(db, seq, previous, signer(settings), settings)
    db.flush()
    return sealed, last


def _refused() -> ColumnElement[bool]:
    """Whether the sealer has refused the event of the query (its alert is stored)."""
    alert = aliased(AuditEvent)
    return exists().where(
        alert.kind == EventKind.EVENT_REFUSED,
        alert.subject == literal("event:") + cast(AuditEvent.id, String),
    )


def _refuse(db: Db, event: AuditEvent, why: str) -> None:
    """The alert that stands for a refused event (significant: ops see it
    on /ops/jobs and /metrics)."""
    log.critical("audit event %s (%s) refused by the sealer: %s", event.id, event.kind, why)
    hold_writer(db)
    record_event(
        db,
        EventKind.EVENT_REFUSED,
        f"event:{event.id}",
        {"event_id": event.id, "kind": event.kind, "subject": event.subject, "reason": why},
    )


def unsealed(db: Db, before: datetime | None = None) -> tuple[int, int | None]:
    """Events after the chain's head (older than ``before``, if given), but
    those the sealer refused: how many, and the newest of them."""
    head = chain_head(db)
    query = select(func.count(), func.max(AuditEvent.id)).where(
        AuditEvent.id > (head.event_id if head is not None else 0), ~_refused()
    )
    if before is not None:
        query = query.where(AuditEvent.occurred_at < before)
    count, newest = db.execute(query).one()
    return int(count), newest


def refused_count(db: Db) -> int:
    """How many events the sealer has refused (their alerts)."""
    return int(db.scalar(select(func.count()).where(AuditEvent.kind == EventKind.EVENT_REFUSED)) or 0)
