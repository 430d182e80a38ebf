"""Significant events: each is written in the same transaction as the change
it records, with an outbox row that has the background jobs seal it into
the hash chain. If the change rolls back, so does its event."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Insert, Table, bindparam, insert, text

from service.audit.canonical import canonical_of
from service.audit.event_mac import key_for, mac_of
from service.audit.kinds import EventKind
from service.jobs.queues import JobKind
from service.observability import request_id
from service.store.db import Db, utc_now
from service.store.models import AuditEvent, AuditEventMac, OutboxEntry

_EVENTS = cast(Table, AuditEvent.__table__)
_OUTBOX = cast(Table, OutboxEntry.__table__)
_MACS = cast(Table, AuditEventMac.__table__)
EVENT_ORDER_LOCK = 0x42_50_41_55  # "BPAU": the advisory lock ordering audit events
# Built once: they run for every settled round.
_ORDER_EVENTS = text("SELECT pg_advisory_xact_lock(:key)")
_INSERT_EVENT = insert(_EVENTS).returning(_EVENTS.c.id)
_INSERT_MAC = insert(_MACS)
_INSERT_JOBS: dict[int, Insert] = {}  # by the number of rows, built when first asked for


def record_event(
    db: Db,
    kind: EventKind,
    subject: str,
    payload: dict[str, Any],  # stored as JSON; each kind has its own shape (a JSON boundary)
    actor_id: int | None = None,
    table_id: int | None = None,
    at: datetime | None = None,
) -> int:
    """Write an event, its MAC and its sealing job; the event's id. ``at``
    is when it happened by the caller's clock (a route's, which tests
    move); now by default."""
    # Plain statements on the handle's connection (its transaction): an
    # ORM object and a flush per event cost more than the statement itself,
    # on the path of every settled round.
    connection = db.connection()
    if connection.dialect.name == "postgresql":
        # Events must commit in id order for the chain to seal them in order:
        # the lock is held to the end of this transaction. (SQLite has a single
        # writer already.)
        connection.execute(_ORDER_EVENTS, {"key": EVENT_ORDER_LOCK})
    occurred_at = at or utc_now()
    event_id: int = connection.execute(
        _INSERT_EVENT,
        {
            "kind": kind,
            "subject": subject,
            "actor_id": actor_id,
            "table_id": table_id,
            "occurred_at": occurred_at,
            "payload": payload,
        },
    ).scalar_one()
    # One HMAC of the text the chain will hash (the id is the database's,
    # so it comes after the INSERT): the sealer seals nothing without it.
    document = canonical_of(event_id, kind, subject, actor_id, table_id, occurred_at, payload)
    store_mac(connection, event_id, mac_of(key_for(db), document))
    queue_job(db, JobKind.SEAL, event_id)
    return event_id


def store_mac(connection: Connection, event_id: int, mac: str) -> None:
    connection.execute(_INSERT_MAC, {"event_id": event_id, "mac": mac})


def queue_job(db: Db, job: JobKind, ref: int) -> None:
    queue_jobs(db, (job,), ref)


def queue_jobs(db: Db, jobs: Sequence[JobKind], ref: int) -> None:
    """Jobs of one ref in one statement, their outbox rows in this order
    (a statement a row cost a round one more trip to the database)."""
    if not jobs:
        return
    statement = _INSERT_JOBS.get(len(jobs))
    if statement is None:
        statement = _INSERT_JOBS[len(jobs)] = _insert_jobs(len(jobs))
    parameters: dict[str, Any] = {f"job_{n}": job for n, job in enumerate(jobs)}
    parameters.update(shared_ref=ref, shared_created_at=utc_now(), shared_request_id=request_id.current.get())
    db.connection().execute(statement, parameters)


def _insert_jobs(count: int) -> Insert:
    """One INSERT of ``count`` outbox rows of one ref, each its own job."""
    names = ("ref", "created_at", "request_id")
    shared: dict[str, Any] = {name: bindparam(f"shared_{name}") for name in names}
    rows = [{"job": bindparam(f"job_{n}"), **shared} for n in range(count)]
    return insert(_OUTBOX).values(rows)
