"""What each accounting event claims about the stored records: the event
carries its record whole (:mod:`service.accounting.records`), so each of its
claims names a stored row (by table and id) and what that row must show.

A session's row is claimed twice, which is its own history: by its
``session_opened`` event (still open, ``closed_at`` null) and by its
``session_closed`` event (closed). The opening's claim leaves ``closed_at``
out; whether a closed session has a ``session_closed`` event is checked from
the stored rows (:mod:`service.compliance.accounting_verify`). Two columns no
record carries are claimed from the event itself: a tray count's table is
its session's, and a check note's writer and time are the event's actor and
time."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select

from service.accounting.denominations import CHIPS, CURRENCY
from service.accounting.records import (
    Record,
    count_record,
    drop_record,
    session_record,
    signature_record,
    slip_record,
)
from service.audit.kinds import EventKind
from service.store.db import Base, Db
from service.store.models import CheckNote, DropCount, InventoryCount, Slip, SlipSignature, TableSession

SESSIONS, COUNTS, SLIPS, SIGNATURES, DROPS, NOTES = (
    "table_sessions",
    "inventory_counts",
    "slips",
    "slip_signatures",
    "drop_counts",
    "check_notes",
)


def note_record(note: CheckNote) -> Record:
    """A check note as its ``check_noted`` event carries it (its writer and
    time are the event's actor and time)."""
    return {"note_id": note.id, "session_id": note.session_id, "note": note.note}


@dataclass(frozen=True)
class Table:
    """A stored table of accounting records: its model, the key of a row's
    id in its record, and the row as its event shows it; a count's table
    (lines and their total) names the denominations its lines are in."""

    name: str
    model: type[Base]
    key: str
    shown: Callable[[Any], Record]  # the ORM row -> its record
    denominations: tuple[int, ...] | None = None  # None: the rows hold no count
    # The row's column the record's key names: its id, or another unique
    # one (a review decision is named by its exception).
    ident: str = "id"

    def ident_of(self, row: Any) -> int:
        value: int = getattr(row, self.ident)
        return value

    def named(self, value: object) -> str:
        """A row in words, for messages."""
        if self.ident == "id":
            return f"{self.name} row {value}"
        return f"{self.name} row of {self.ident.removesuffix('_id')} {value}"

    def get(self, db: Db, value: int) -> Any:
        if self.ident == "id":
            return db.get(self.model, value)
        model: Any = self.model
        return db.scalar(select(model).where(getattr(model, self.ident) == value))


TABLES: Mapping[str, Table] = {
    table.name: table
    for table in (
        Table(SESSIONS, TableSession, "session_id", session_record),
        Table(COUNTS, InventoryCount, "count_id", count_record, CHIPS),
        Table(SLIPS, Slip, "slip_id", slip_record, CHIPS),
        Table(SIGNATURES, SlipSignature, "signature_id", signature_record),
        Table(DROPS, DropCount, "drop_count_id", drop_record, CURRENCY),
        Table(NOTES, CheckNote, "note_id", note_record),
    )
}

#: every kind of event an accounting record has
KINDS = (
    EventKind.SESSION_OPENED,
    EventKind.SESSION_CLOSED,
    EventKind.SLIP_REQUESTED,
    EventKind.SLIP_ISSUED,
    EventKind.SLIP_RECEIVED,
    EventKind.SLIP_VOIDED,
    EventKind.DROP_COUNTED,
    EventKind.CHECK_NOTED,
)


@dataclass(frozen=True)
class Claim:
    """A stored row as an event seals it."""

    table: str  # a name of TABLES
    row_id: int | None  # None: the event names no readable id
    sealed: Record  # the record as sealed
    # Columns that the record leaves out, as the event says them.
    columns: Record = field(default_factory=dict)
    skipped: frozenset[str] = frozenset()  # fields of the record not compared


@dataclass(frozen=True)
class SealedEvent:
    """An accounting event as its seal keeps it (as recorded while it waits)."""

    id: int
    kind: str
    subject: str
    actor_id: Any
    occurred_at: Any  # ISO 8601 text
    payload: Any


def claims_of(event: SealedEvent) -> list[Claim]:
    """What the event says the stored rows are; empty for a payload that is
    not a record (the caller names it)."""
    payload = event.payload
    if not isinstance(payload, dict):
        return []
    kind = event.kind
    if kind in (EventKind.SESSION_OPENED, EventKind.SESSION_CLOSED):
        part = "opener" if kind == EventKind.SESSION_OPENED else "closer"
        session = {key: value for key, value in payload.items() if key != part}
        skipped = frozenset({"closed_at"}) if kind == EventKind.SESSION_OPENED else frozenset()
        claims = [Claim(SESSIONS, _id(session, SESSIONS), session, skipped=skipped)]
        count = payload.get(part)
        if isinstance(count, dict):
            table_id = {"table_id": payload.get("table_id")}
            claims.append(Claim(COUNTS, _id(count, COUNTS), count, table_id))
        else:
            claims.append(Claim(COUNTS, None, {part: count}))
        return claims
    if kind == EventKind.SLIP_REQUESTED:
        return [Claim(SLIPS, _id(payload, SLIPS), payload)]
    if kind in (EventKind.SLIP_ISSUED, EventKind.SLIP_RECEIVED, EventKind.SLIP_VOIDED):
        return [Claim(SIGNATURES, _id(payload, SIGNATURES), payload)]
    if kind == EventKind.DROP_COUNTED:
        return [Claim(DROPS, _id(payload, DROPS), payload)]
    if kind == EventKind.CHECK_NOTED:
        written = {"written_by": event.actor_id, "written_at": event.occurred_at}
        return [Claim(NOTES, _id(payload, NOTES), payload, written)]
    return []


def stored_columns(row: Any, names: Record) -> Record:
    """The row's columns that a claim names outside its record, written as
    the chain writes an event's (times in ISO 8601)."""
    shown: Record = {}
    for name in names:
        value = getattr(row, name)
        shown[name] = value.isoformat() if isinstance(value, datetime) else value
    return shown


def _id(record: Record, table: str) -> int | None:
    value = record.get(TABLES[table].key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def rows_of(db: Db, subject: str) -> list[tuple[str, list[Any]]]:
    """The stored rows of one subject, table by table: ``slip:NUMBER`` (the
    slip, its signatures) or ``session:ID`` (the session, its tray counts,
    drop counts and notes); none for a subject of another kind."""
    kind, _, number = subject.partition(":")
    if not number.isdigit() or len(number) > 18:
        return []
    if kind == "slip":
        slips = list(db.scalars(select(Slip).where(Slip.number == int(number))))
        ids = [slip.id for slip in slips]
        signatures = db.scalars(
            select(SlipSignature).where(SlipSignature.slip_id.in_(ids)).order_by(SlipSignature.id)
        )
        return [(SLIPS, slips), (SIGNATURES, list(signatures))]
    if kind != "session":
        return []
    found: list[tuple[str, list[Any]]] = [
        (SESSIONS, list(db.scalars(select(TableSession).where(TableSession.id == int(number)))))
    ]
    for table in (TABLES[COUNTS], TABLES[DROPS], TABLES[NOTES]):
        model: Any = table.model
        query = select(model).where(model.session_id == int(number)).order_by(model.id)
        found.append((table.name, list(db.scalars(query))))
    return found
