"""Opening and closing a table: the tray counted by denomination at each
end (the opener and the closer), signed by a dealer and a pit boss. A
session is also a drop period: its drop box goes on at the opening and is
pulled at the close. The table takes rounds while a session is open; its
close ends the session of the dealer signed in at it."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import func, select

from service.accounting.dealer_sessions import end_at_close
from service.accounting.denominations import CHIPS, Lines, read_lines
from service.accounting.duties import one_each
from service.accounting.records import count_record, session_record
from service.accounting.slip_states import outstanding_numbers
from service.accounts.roles import Role
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, NotFound
from service.store.db import Db, hold_writer
from service.store.models import GameTable, InventoryCount, TableSession, User
from service.store.work import Clock
from service.tables.gaming_day import place
from service.tables.status import TableStatus

SIGNERS = (Role.DEALER, Role.PIT_BOSS)


class CountKind(StrEnum):
    OPENER = "opener"
    CLOSER = "closer"


def open_session(
    db: Db,
    table: GameTable,
    signer: User,
    cosigner: User,
    raw_lines: object,
    explanation: str | None,
    now: datetime,
) -> TableSession:
    """Open ``table`` with its tray counted. An opener that differs from the
    last closer is an exception: it needs ``explanation``, and it is kept."""
    dealer, pit_boss = one_each(signer, cosigner, SIGNERS, "an opener", "cosigner")
    lines = read_lines(raw_lines, CHIPS, "lines")
    if open_session_of(db, table) is not None:
        raise Conflict(
            ErrorCode.SESSION_OPEN, f"table {table.name!r} is open already; close it first", "table_id"
        )
    last = _last_closer(db, table)
    if last is not None and now < last.counted_at:
        # A session's rounds are those of its time at the table: two sessions
        # must not share any (a clock set back would make them).
        raise Conflict(
            ErrorCode.SESSION_OVERLAPS,
            f"the last session of table {table.name!r} closed at {last.counted_at.isoformat()}, after now",
            "table_id",
        )
    difference = lines.total - (last.total if last is not None else 0)
    differs = last is not None and Lines.from_json(last.lines) != lines
    explanation = (explanation or "").strip() or None
    if differs and explanation is None:
        raise Conflict(
            ErrorCode.OPENER_DIFFERS,
            f"the count differs from the last closer ({last.total if last else 0}) by {difference}: "
            "recount, or explain the difference",
            "explanation",
        )
    placed = place(now, table.timezone, table.shift_starts)
    number = (
        db.scalar(select(func.max(TableSession.number)).where(TableSession.table_id == table.id)) or 0
    ) + 1
    opened = TableSession(
        table_id=table.id, number=number, gaming_day=placed.gaming_day, shift=placed.shift, opened_at=now
    )
    db.add(opened)
    db.flush()
    signed = (dealer, pit_boss, now)
    count = _count(
        db, opened, CountKind.OPENER, lines, signed, (difference, explanation) if differs else None
    )
    table.status = TableStatus.OPEN
    record_event(
        db,
        EventKind.SESSION_OPENED,
        f"session:{opened.id}",
        {**session_record(opened), "opener": count_record(count)},
        signer.id,
        table.id,
        at=now,
    )
    return opened


def close_session(
    db: Db, table: GameTable, signer: User, cosigner: User, raw_lines: object, clock: Clock
) -> TableSession:
    """Close ``table``: the closer counted, the drop box pulled, at the
    instant ``clock`` tells once the session is locked (read before, a
    dealer signing in meanwhile would be signed out before signing in).
    Refused while a fill or credit is on its way (requested or issued,
    not received)."""
    dealer, pit_boss = one_each(signer, cosigner, SIGNERS, "a closer", "cosigner")
    lines = read_lines(raw_lines, CHIPS, "lines")
    hold_writer(db)
    opened = open_session_of(db, table, for_update=True)
    now = clock()
    if opened is None:
        raise Conflict(
            ErrorCode.NO_OPEN_SESSION, f"table {table.name!r} has no open session to close", "table_id"
        )
    waiting = outstanding_numbers(db, opened.id)
    if waiting:
        numbers = ", ".join(str(number) for number in waiting)
        raise Conflict(
            ErrorCode.SLIP_OUTSTANDING,
            f"slip {numbers} is not received yet: receive or void it before closing",
            "table_id",
        )
    count = _count(db, opened, CountKind.CLOSER, lines, (dealer, pit_boss, now))
    end_at_close(db, table, signer, now)  # its dealer's session ends with it
    opened.closed_at = now
    table.status = TableStatus.CLOSED
    db.flush()
    record_event(
        db,
        EventKind.SESSION_CLOSED,
        f"session:{opened.id}",
        {**session_record(opened), "closer": count_record(count)},
        signer.id,
        table.id,
        at=now,
    )
    return opened


def open_session_of(db: Db, table: GameTable, *, for_update: bool = False) -> TableSession | None:
    query = select(TableSession).where(TableSession.table_id == table.id, TableSession.closed_at.is_(None))
    return db.scalar(query.with_for_update() if for_update else query)


def get_session(db: Db, session_id: int, field: str = "session_id") -> TableSession:
    found = db.get(TableSession, session_id)
    if found is None:
        raise NotFound(ErrorCode.SESSION_NOT_FOUND, f"no table session with id {session_id}", field)
    return found


def counts_of(db: Db, table_session: TableSession) -> dict[CountKind, InventoryCount]:
    rows = db.scalars(select(InventoryCount).where(InventoryCount.session_id == table_session.id))
    return {CountKind(row.kind): row for row in rows}


def _last_closer(db: Db, table: GameTable) -> InventoryCount | None:
    return db.scalar(
        select(InventoryCount)
        .where(InventoryCount.table_id == table.id, InventoryCount.kind == CountKind.CLOSER)
        .order_by(InventoryCount.id.desc())
        .limit(1)
    )


def _count(
    db: Db,
    table_session: TableSession,
    kind: CountKind,
    lines: Lines,
    signed: tuple[User, User, datetime],
    differs: tuple[int, str | None] | None = None,
) -> InventoryCount:
    """The count, written once: the table refuses any later change."""
    dealer, pit_boss, now = signed
    difference, explanation = differs or (0, None)
    count = InventoryCount(
        session_id=table_session.id,
        table_id=table_session.table_id,
        kind=kind,
        lines=lines.to_json(),
        total=lines.total,
        dealer_id=dealer.id,
        pit_boss_id=pit_boss.id,
        counted_at=now,
        difference=difference,
        explanation=explanation,
    )
    db.add(count)
    db.flush()
    return count
