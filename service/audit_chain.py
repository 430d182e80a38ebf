"""The audit hash chain: every event sealed once, in order, each link
carrying the SHA-256 of the previous link and of its own canonical JSON, so
any later edit, deletion or reordering of a row is detectable.

Sealing is idempotent: sealing up to an event that is already sealed does
nothing; two sealers racing for the same link are told apart by the unique
sequence number, and the loser simply tries again.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.db import utc_now
from service.models import AuditEvent, AuditSeal

GENESIS = "0" * 64


def canonical(event: AuditEvent) -> str:
    """The event as the chain hashes it: sorted keys, no spaces, UTC times."""
    document: dict[str, Any] = {
        "id": event.id,
        "kind": event.kind,
        "subject": event.subject,
        "actor_id": event.actor_id,
        "table_id": event.table_id,
        "occurred_at": event.occurred_at.isoformat(),
        "payload": event.payload,
    }
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def link_hash(previous_hash: str, event: AuditEvent) -> str:
    return hashlib.sha256((previous_hash + canonical(event)).encode()).hexdigest()


def seal_up_to(session: Session, event_id: int) -> int:
    """Seal every unsealed event with an id up to ``event_id``, oldest first.
    Returns how many were sealed (0 when another sealer got there first)."""
    head = session.scalar(select(AuditSeal).order_by(AuditSeal.seq.desc()).limit(1))
    sealed_ids = select(AuditSeal.event_id)
    pending = session.scalars(
        select(AuditEvent)
        .where(AuditEvent.id <= event_id, AuditEvent.id.not_in(sealed_ids))
        .order_by(AuditEvent.id)
    ).all()
    seq = head.seq if head is not None else 0
    previous = head.hash if head is not None else GENESIS
    for event in pending:
        seq += 1
        digest = link_hash(previous, event)
        session.add(
            AuditSeal(seq=seq, event_id=event.id, previous_hash=previous, hash=digest, sealed_at=utc_now())
        )
        previous = digest
    session.flush()
    return len(pending)
