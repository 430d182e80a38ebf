"""Significant events: each is written in the same transaction as the change
it records, with an outbox row that has the background jobs seal it into
the hash chain. If the change rolls back, so does its event."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text
from sqlalchemy.orm import Session

from service import request_id
from service.db import utc_now
from service.models import AuditEvent, OutboxEntry

EVENT_ORDER_LOCK = 0x42_50_41_55  # "BPAU": the advisory lock ordering audit events
SEAL = "seal"
AGGREGATE = "aggregate"
PAR_SHEET = "par_sheet"
EXPORT = "export"


def record_event(
    session: Session,
    kind: str,
    subject: str,
    payload: dict[str, Any],
    actor_id: int | None = None,
    table_id: int | None = None,
) -> AuditEvent:
    if session.get_bind().dialect.name == "postgresql":
        # Events must commit in id order for the chain to seal them in order:
        # the lock is held to the end of this transaction. (SQLite has a single
        # writer already.)
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": EVENT_ORDER_LOCK})
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
    session.add(OutboxEntry(job=job, ref=ref, created_at=utc_now(), request_id=request_id.current.get()))
