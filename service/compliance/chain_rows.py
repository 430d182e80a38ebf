"""The audit chain's rows as the walk (:mod:`service.compliance.chain_walk`)
reads them: each seal with its event, as plain tuples a keyset page at a
time, and the oldest event a range of seals skipped.

On PostgreSQL a page is read by the driver (:mod:`service.store.driver_rows`),
asked for while the walk checks the page before, and the event's time
taken to UTC by the query: SQLAlchemy's rows and the driver's conversion
of each time from the server's zone were most of a link's cost there, and
the server and the walk waited for each other in turn."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import (
    Connection,
    Select,
    String,
    Text,
    bindparam,
    cast,
    exists,
    func,
    literal_column,
    select,
    type_coerce,
)

from service.store.db import Db
from service.store.driver_rows import DriverQuery, ReadAhead, driver_query
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
    # As the driver gives it (see service.store.stored_instant); on PostgreSQL
    # taken to UTC by the query, a datetime without a zone.
    occurred_at: datetime | str
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


# PostgreSQL: the time in UTC as the server has it (timestamp without time
# zone), which the driver reads without looking up the server's zone.
UTC_EVENT_COLUMNS = (
    *EVENT_COLUMNS[:5],
    type_coerce(func.timezone(literal_column("'UTC'"), AuditEvent.occurred_at), String),
    EVENT_COLUMNS[6],
)


class LinkRows:
    """The seals ``start``..``end`` with their events, a keyset page at a
    time, as rows: the seal's five columns, then the event's seven (all
    ``None`` when the event is gone); :func:`as_link` names them. Plain
    rows, not ORM objects: nothing is kept in the session, and the walk
    runs several times faster. On PostgreSQL each page is asked for while
    the walk checks the one before (:class:`ReadAhead`): the walk calls
    :meth:`settle` before it runs a statement of its own."""

    def __init__(self, db: Db, start: int, end: int) -> None:
        # On the handle's connection: plain columns need none of the ORM's
        # row handling, which cost about as much as checking the link.
        connection = db.connection()
        driven = driver_query(connection, _page(UTC_EVENT_COLUMNS, start - 1, end))
        self._ahead = None if driven is None else ReadAhead(connection)
        if self._ahead is None or driven is None:
            self._rows = _pages(connection, start - 1, end)
        else:
            self._rows = _driven_pages(self._ahead, driven, start - 1)

    def __iter__(self) -> Iterator[Sequence[Any]]:
        return self._rows

    def settle(self) -> None:
        """Nothing in flight on the session's connection, until the next page."""
        if self._ahead is not None:
            self._ahead.settle()


def _pages(connection: Connection, after: int, end: int) -> Iterator[Sequence[Any]]:
    while True:
        rows = connection.execute(_page(EVENT_COLUMNS, after, end)).all()
        yield from rows
        if len(rows) < PAGE:
            return
        after = rows[-1].seq


def _page(event_columns: Sequence[Any], after: int, end: int) -> Select[Any]:
    return (
        select(*SEAL_COLUMNS, *event_columns)
        .outerjoin(AuditEvent, AuditEvent.id == AuditSeal.event_id)
        .where(AuditSeal.seq > bindparam("after", after), AuditSeal.seq <= end)
        .order_by(AuditSeal.seq)
        # A page at a time also keeps PostgreSQL's plan a walk of the seals'
        # index with a lookup of each event: for a range without a limit it
        # chose to read every event (ten times the server's time at 100k).
        .limit(PAGE)
    )


def _driven_pages(ahead: ReadAhead, query: DriverQuery, after: int) -> Iterator[Sequence[Any]]:
    try:
        ahead.ask(query.with_params(after=after))
        while True:
            rows = ahead.rows()
            if len(rows) == PAGE:
                ahead.ask(query.with_params(after=rows[-1][0]))
            yield from rows
            if len(rows) < PAGE:
                return
    finally:
        ahead.settle()


def as_link(row: Sequence[Any]) -> StoredLink:
    """A row of :class:`LinkRows` as a link with its event."""
    event = None if row[5] is None else StoredEvent._make(row[5:12])
    return StoredLink._make((*row[:5], event))


def first_unsealed(db: Db, start: int, end: int) -> AuditEvent | None:
    """The oldest event without a seal among the events the range sealed
    (from its first event to its newest; every event for a whole chain)."""
    low, high = db.execute(
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
    return db.scalar(query.order_by(AuditEvent.id).limit(1))
