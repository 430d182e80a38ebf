"""Counting a session's drop box: the count team (two counters at least,
none of whom worked the table in that session) counts it by denomination
once the session is closed and the box pulled. A recount is a new record,
with a reason, that supersedes the count before it.

A session has one first count: the database's unique index holds it
(migration 0025), as no lock can hold a count that is not there yet. Two
first counts posted at once: the loser's transaction runs again, finds
the winner's count, and is a recount, refused without a reason."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import exists, or_, select

from service.accounting.denominations import CURRENCY, read_lines
from service.accounting.duties import holds
from service.accounting.records import drop_record
from service.accounts.roles import Role
from service.audit.events import queue_job, record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, Forbidden, Invalid
from service.jobs.queues import JobKind
from service.store.db import Db
from service.store.models import (
    DropCount,
    InventoryCount,
    RoundRecord,
    Slip,
    SlipSignature,
    TableSession,
    User,
)


def count_drop(
    db: Db,
    table_session: TableSession,
    counters: Sequence[User],
    raw_lines: object,
    reason: object,
    now: datetime,
) -> DropCount:
    """``counters``: the signer first, then each co-signer."""
    if table_session.closed_at is None:
        raise Conflict(
            ErrorCode.SESSION_OPEN,
            "the session is still open: its drop box is counted once it is closed",
            "session_id",
        )
    lines = read_lines(raw_lines, CURRENCY, "lines")
    _check_counters(db, table_session, counters)
    before = current_drop_count(db, table_session.id, for_update=True)
    if before is not None and (not isinstance(reason, str) or not reason.strip() or len(reason) > 500):
        raise Invalid(ErrorCode.INVALID_FIELD, "a recount needs a reason of 1 to 500 characters", "reason")
    count = DropCount(
        session_id=table_session.id,
        table_id=table_session.table_id,
        lines=lines.to_json(),
        total=lines.total,
        counters=[user.id for user in counters],
        counted_at=now,
        supersedes_id=None if before is None else before.id,
        reason=None if before is None else str(reason).strip(),
    )
    db.add(count)
    db.flush()
    record_event(
        db,
        EventKind.DROP_COUNTED,
        f"session:{table_session.id}",
        drop_record(count),
        counters[0].id,
        table_session.table_id,
        at=now,
    )
    queue_job(db, JobKind.SESSION_FIGURES, table_session.id)
    return count


def current_drop_count(db: Db, session_id: int, *, for_update: bool = False) -> DropCount | None:
    """The count no recount superseded (the latest)."""
    query = select(DropCount).where(DropCount.session_id == session_id).order_by(DropCount.id.desc()).limit(1)
    return db.scalar(query.with_for_update() if for_update else query)


def _check_counters(db: Db, table_session: TableSession, counters: Sequence[User]) -> None:
    if len({user.id for user in counters}) < 2 or len({user.id for user in counters}) != len(counters):
        raise Forbidden(
            ErrorCode.TWO_COUNTERS,
            "a drop is counted and signed by two counters at least, each once",
            "cosigners",
        )
    for index, user in enumerate(counters):
        field = "role" if index == 0 else f"cosigners.{index - 1}"
        holds(user, (Role.COUNT,), "a drop count", field)
        if worked(db, table_session, user.id):
            raise Forbidden(
                ErrorCode.COUNTER_WORKED_TABLE,
                f"{user.name} worked this table in the session counted, and so may not count its drop",
                field,
            )


def worked(db: Db, table_session: TableSession, user_id: int) -> bool:
    """Whether the user dealt, signed a tray count or signed a slip at this
    table during the session (a role changed since does not wash it out)."""
    ends = table_session.closed_at
    dealt = exists().where(
        RoundRecord.table_id == table_session.table_id,
        RoundRecord.entered_by == user_id,
        RoundRecord.entered_at >= table_session.opened_at,
        *(() if ends is None else (RoundRecord.entered_at <= ends,)),
    )
    counted = exists().where(
        InventoryCount.session_id == table_session.id,
        or_(InventoryCount.dealer_id == user_id, InventoryCount.pit_boss_id == user_id),
    )
    slips = select(Slip.id).where(Slip.session_id == table_session.id)
    requested = exists().where(Slip.session_id == table_session.id, Slip.requested_by == user_id)
    signed = exists().where(
        SlipSignature.slip_id.in_(slips),
        or_(SlipSignature.signed_by == user_id, SlipSignature.cosigned_by == user_id),
    )
    return bool(db.scalar(select(or_(dealt, counted, requested, signed))))
