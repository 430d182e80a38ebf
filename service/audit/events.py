"""Significant events: each is written in the same transaction as the change
it records, with an outbox row that has the background jobs seal it into
the hash chain. If the change rolls back, so does its event."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Table, bindparam, func, insert, select
from sqlalchemy.orm import Session

from service.audit.canonical import canonical_of
from service.audit.event_mac import key_for, mac_of
from service.audit.kinds import EventKind
from service.jobs.queues import JobKind
from service.observability import request_id
from service.store.db import utc_now
from service.store.models import AuditEvent, AuditEventMac, OutboxEntry

_EVENTS = cast(Table, AuditEvent.__table__)
_OUTBOX = cast(Table, OutboxEntry.__table__)
_MACS = cast(Table, AuditEventMac.__table__)
EVENT_ORDER_LOCK = 0x42_50_41_55  # "BPAU": the advisory lock ordering audit events
# Built once: they run for every settled round.
_INSERT_EVENT = insert(_EVENTS).returning(_EVENTS.c.id)
_INSERT_JOB = insert(_OUTBOX)
_INSERT_MAC = insert(_MACS)

# PostgreSQL: the same work in two statements instead of five. Every
# round's transaction holds its table's totals rows, and then this lock,
# from here to its commit, and each statement is a wait for the database
# and then for the GIL: at 100 rounds a second on two cores each one
# lengthened the queue of the rounds behind it.
_COLUMNS = ("kind", "subject", "actor_id", "table_id", "occurred_at", "payload")
# Materialized: taken once, before the row (and so its id) is made.
_LOCKED = (
    select(func.pg_advisory_xact_lock(bindparam("order_key")).label("locked"))
    .cte("locked")
    .prefix_with("MATERIALIZED")
)
_INSERT_EVENT_IN_ORDER = (
    insert(_EVENTS)
    .from_select(
        list(_COLUMNS),
        select(*(bindparam(name, type_=_EVENTS.c[name].type) for name in _COLUMNS)).select_from(_LOCKED),
    )
    .returning(_EVENTS.c.id)
)
_INSERT_MAC_AND_SEAL = (
    insert(_OUTBOX)
    .values(
        job=JobKind.SEAL.value,
        ref=bindparam("event_id"),
        created_at=bindparam("created_at"),
        request_id=bindparam("request_id"),
    )
    .add_cte(insert(_MACS).values(event_id=bindparam("event_id"), mac=bindparam("mac")).cte("mac"))
)


def record_event(
    session: Session,
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
    occurred_at = at or utc_now()
    row = {
        "kind": kind,
        "subject": subject,
        "actor_id": actor_id,
        "table_id": table_id,
        "occurred_at": occurred_at,
        "payload": payload,
    }

    def mac(event_id: int) -> str:
        # One HMAC of the text the chain will hash (the id is the database's,
        # so it comes after the INSERT): the sealer seals nothing without it.
        document = canonical_of(event_id, kind, subject, actor_id, table_id, occurred_at, payload)
        return mac_of(key_for(session), document)

    # Plain INSERTs on the session's connection (its transaction): an ORM
    # object and a flush per event cost more than the statement itself, on
    # the path of every settled round.
    connection = session.connection()
    if connection.dialect.name != "postgresql":  # SQLite has a single writer already
        event_id: int = connection.execute(_INSERT_EVENT, row).scalar_one()
        store_mac(connection, event_id, mac(event_id))
        queue_job(session, JobKind.SEAL, event_id)
        return event_id
    # Events must commit in id order for the chain to seal them in order:
    # the lock is taken before the row's id is drawn and held to the end of
    # this transaction.
    event_id = connection.execute(_INSERT_EVENT_IN_ORDER, {**row, "order_key": EVENT_ORDER_LOCK}).scalar_one()
    sealing = {"created_at": utc_now(), "request_id": request_id.current.get()}
    connection.execute(_INSERT_MAC_AND_SEAL, {"event_id": event_id, "mac": mac(event_id), **sealing})
    return event_id


def store_mac(connection: Connection, event_id: int, mac: str) -> None:
    connection.execute(_INSERT_MAC, {"event_id": event_id, "mac": mac})


def queue_job(session: Session, job: JobKind, ref: int) -> None:
    session.connection().execute(
        _INSERT_JOB,
        {"job": job, "ref": ref, "created_at": utc_now(), "request_id": request_id.current.get()},
    )
