"""Significant events: each is written in the same transaction as the change
it records, with an outbox row that has the background jobs seal it into
the hash chain. If the change rolls back, so does its event."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from service.db import utc_now
from service.models import AuditEvent, OutboxEntry

SEAL = "seal"
AGGREGATE = "aggregate"


def record_event(
    session: Session,
    kind: str,
    subject: str,
    payload: dict[str, Any],
    actor_id: int | None = None,
    table_id: int | None = None,
) -> AuditEvent:
    event = AuditEvent(
        kind=kind,
        subject=subject,
        actor_id=actor_id,
        table_id=table_id,
        occurred_at=utc_now(),
        payload=payload,
    )
    session.add(event)
    session.flush()
    queue_job(session, SEAL, event.id)
    return event


def queue_job(session: Session, job: str, ref: int) -> None:
    session.add(OutboxEntry(job=job, ref=ref, created_at=utc_now()))
