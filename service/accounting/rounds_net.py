"""The cards' side of a session's check: the round records dealt at its
table while it was open that still count (neither voided nor corrected),
their house net, and the approved voids and corrections among them (a new
one changes the net after the session's figures were kept). Read from the
stored records: accounting does not import the rounds package."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, bindparam, exists, func, select

from service.store.db import Db
from service.store.models import ExceptionDecision, RoundRecord, TableSession


@dataclass(frozen=True)
class RoundsSide:
    rounds: int
    net: int  # the house's net from them, minor units
    last_decision_id: int  # the newest approved void or correction among them; 0: none


def in_session(table_session: Any) -> ColumnElement[bool]:
    """A round record dealt at the session's table while it was open.
    ``table_session`` is a row or the table itself (a correlated query)."""
    conditions = [
        RoundRecord.table_id == table_session.table_id,
        RoundRecord.entered_at >= table_session.opened_at,
    ]
    if isinstance(table_session, TableSession):
        if table_session.closed_at is not None:
            conditions.append(RoundRecord.entered_at <= table_session.closed_at)
    else:
        conditions.append(RoundRecord.entered_at <= table_session.closed_at)
    return and_(*conditions)


def counting_rounds(table_session: TableSession, as_of: int | None = None) -> list[ColumnElement[bool]]:
    """The conditions on a round record that the session's check counts:
    its table, its time inside the session, neither voided nor corrected
    (an approved decision on a record takes it out; a correction's record,
    stored at the original's time, counts instead). ``as_of``: as they
    stood once the approved decision with that id was made (0: before
    any), the later decisions not made yet."""
    approved: list[ColumnElement[bool]] = [ExceptionDecision.approved.is_(True)]
    if as_of is not None:
        approved.append(ExceptionDecision.id <= as_of)
    conditions = [
        in_session(table_session),
        ~exists().where(ExceptionDecision.round_id == RoundRecord.id, *approved),
    ]
    if as_of is not None:  # a later correction's record was not stored yet
        conditions.append(
            ~exists().where(
                ExceptionDecision.replacement_id == RoundRecord.id,
                ExceptionDecision.approved,
                ExceptionDecision.id > as_of,
            )
        )
    return conditions


def rounds_side(db: Db, table_session: TableSession, as_of: int | None = None) -> RoundsSide:
    """The cards' side of the session's check, now or ``as_of`` an approved
    decision (:func:`counting_rounds`): what its figures row keeps."""
    rounds, net = db.execute(
        select(func.count(RoundRecord.id), func.coalesce(func.sum(RoundRecord.house_net), 0)).where(
            *counting_rounds(table_session, as_of)
        )
    ).one()
    decisions = select(func.max(ExceptionDecision.id)).join(
        RoundRecord, RoundRecord.id == ExceptionDecision.round_id
    )
    if as_of is not None:
        decisions = decisions.where(ExceptionDecision.id <= as_of)
    last = db.scalar(decisions.where(ExceptionDecision.approved, in_session(table_session)))
    # PostgreSQL sums BIGINT as NUMERIC: back to exact integers.
    return RoundsSide(int(rounds), int(net), int(last or 0))


def decided_since(table_session: Any, after_id: Any, before: datetime | None) -> ColumnElement[bool]:
    """An approved void or correction, with an id above ``after_id``, of a
    round dealt in the session (correlated on ``table_session``'s table)."""
    query = (
        select(ExceptionDecision.id)
        .join(RoundRecord, RoundRecord.id == ExceptionDecision.round_id)
        .where(ExceptionDecision.approved, ExceptionDecision.id > after_id, in_session(table_session))
        .correlate_except(ExceptionDecision, RoundRecord)  # nested: not found by itself
    )
    if before is not None:
        query = query.where(ExceptionDecision.decided_at < before)
    return query.exists()


_SESSION_AT = (
    select(TableSession.id)
    .where(
        TableSession.table_id == bindparam("table_id"),
        TableSession.opened_at <= bindparam("at"),
        (TableSession.closed_at.is_(None)) | (TableSession.closed_at >= bindparam("at")),
    )
    .order_by(TableSession.id.desc())
    .limit(1)
)


def session_at(db: Db, table_id: int, at: datetime) -> int | None:
    """The session open at the table at that moment (a round's), if any."""
    return db.scalar(_SESSION_AT, {"table_id": table_id, "at": at})
