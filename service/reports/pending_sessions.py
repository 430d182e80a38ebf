"""The sessions of a report's period whose chips figures its sums do not
reflect: open, not counted, counted (or recounted) since their figures
were kept, or with a round voided or corrected since (exactly what
:func:`service.accounting.figures.out_of_step` says of a closed session).

Read in two steps that stay flat in the rounds and the period's sessions:
the sessions out of step with their counts, which the query itself picks
(a few), and the approved voids and corrections, each round's session
found by the table's sessions in order of opening (a lookup a round).
Reading every session of the period to test it here was most of the
floor's year-to-date report (7,300 sessions, 85 of its 124 ms), and the
single statement before that asked, per session, whether any of its
rounds had a decision since: SQLite read every round of the period."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Annotated, TypedDict

from sqlalchemy import ColumnElement, ScalarSelect, and_, func, or_, select

from service.reports.aggregate_sums import in_period
from service.reports.periods import Period, Scope
from service.store.db import Db
from service.store.models import DropCount, ExceptionDecision, RoundRecord, SessionFigures, TableSession

#: pending sessions named in a report at most (their number is exact)
PENDING_SHOWN = 100
CHUNK = 500  # round ids an IN list


class PendingReason(StrEnum):
    """Why the sums do not reflect a session of the period."""

    OPEN = "open"  # no closer yet
    UNCOUNTED = "uncounted"  # closed, its drop box not counted yet
    FIGURING = "figuring"  # counted or recounted (or a round voided) since the job last ran


class PendingSessionJson(TypedDict):
    session_id: Annotated[int, "the table session's id"]
    table_id: Annotated[int, "its table"]
    table: Annotated[str, "its table's name"]
    number: Annotated[int, "the session's number at its table (1, 2, ...)"]
    gaming_day: str  # ISO 8601
    shift: Annotated[int, "the shift it opened in"]
    reason: PendingReason


@dataclass(frozen=True, slots=True)
class _Found:
    """A session of the period and what decides whether it is pending."""

    id: int
    table_id: int
    number: int
    gaming_day: date
    shift: int
    opened_at: datetime
    closed_at: datetime | None
    latest_count: int | None  # its newest drop count; None: not counted
    figured_count: int | None  # the drop count its kept figures are of; None: none kept
    last_decision_id: int  # the newest decision its kept figures reflect

    def pending_without_decisions(self) -> bool:
        if self.closed_at is None or self.latest_count is None:
            return True
        return self.figured_count != self.latest_count  # not kept, or kept before a recount

    def holds(self, at: datetime) -> bool:
        """Whether a round dealt at ``at`` at its table was dealt in it."""
        return self.opened_at <= at and (self.closed_at is None or at <= self.closed_at)

    def reason(self) -> PendingReason:
        if self.closed_at is None:
            return PendingReason.OPEN
        return PendingReason.UNCOUNTED if self.latest_count is None else PendingReason.FIGURING


def pending_sessions(db: Db, scope: Scope, period: Period) -> tuple[int, list[PendingSessionJson]]:
    """How many sessions of the period are open, not counted, or counted
    since their figures were kept; the first ``PENDING_SHOWN`` of them by
    table and session number."""
    found = {each.id: each for each in _sessions(db, scope, period, [_OUT_OF_STEP])}
    found |= {each.id: each for each in _decided_since(db, scope, period)}
    pending = sorted(found.values(), key=lambda each: (each.table_id, each.number))
    names = {table.id: table.name for table in scope.tables}
    shown: list[PendingSessionJson] = [
        {
            "session_id": each.id,
            "table_id": each.table_id,
            "table": names[each.table_id],
            "number": each.number,
            "gaming_day": each.gaming_day.isoformat(),
            "shift": each.shift,
            "reason": each.reason(),
        }
        for each in pending[:PENDING_SHOWN]
    ]
    return len(pending), shown


_LATEST = (
    select(func.max(DropCount.id))
    .where(DropCount.session_id == TableSession.id)
    .correlate(TableSession)
    .scalar_subquery()
)
# What _Found.pending_without_decisions says, asked of the database.
_OUT_OF_STEP = or_(
    TableSession.closed_at.is_(None),
    _LATEST.is_(None),
    SessionFigures.drop_count_id.is_(None),
    SessionFigures.drop_count_id != _LATEST,
)


def _sessions(db: Db, scope: Scope, period: Period, conditions: list[ColumnElement[bool]]) -> list[_Found]:
    """The period's sessions at the scope's tables that meet ``conditions``."""
    query = (
        select(
            TableSession.id,
            TableSession.table_id,
            TableSession.number,
            TableSession.gaming_day,
            TableSession.shift,
            TableSession.opened_at,
            TableSession.closed_at,
            _LATEST.label("latest"),
            SessionFigures.drop_count_id,
            SessionFigures.last_decision_id,
        )
        .outerjoin(SessionFigures, SessionFigures.session_id == TableSession.id)
        .where(TableSession.table_id.in_(scope.table_ids), *conditions)
    )
    query = in_period(query, TableSession.gaming_day, TableSession.shift, period)
    return [
        _Found(
            id=row.id,
            table_id=row.table_id,
            number=row.number,
            gaming_day=row.gaming_day,
            shift=row.shift,
            opened_at=row.opened_at,
            closed_at=row.closed_at,
            latest_count=row.latest,
            figured_count=row.drop_count_id,
            last_decision_id=int(row.last_decision_id or 0),
        )
        for row in db.execute(query)
    ]


def _decided_since(db: Db, scope: Scope, period: Period) -> list[_Found]:
    """The period's closed sessions with figures kept and an approved void
    or correction, newer than their figures, of a round dealt at their
    table while they were open."""
    newest: dict[int, int] = {}  # round id: its newest approved decision
    for decision_id, round_id in db.execute(
        select(ExceptionDecision.id, ExceptionDecision.round_id).where(ExceptionDecision.approved.is_(True))
    ):
        newest[round_id] = max(decision_id, newest.get(round_id, 0))
    dealt = _dealt_in(db, scope, sorted(newest))
    candidates: dict[int, _Found] = {}
    ids = sorted({session_id for _, _, session_id in dealt})
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        candidates |= {each.id: each for each in _sessions(db, scope, period, [TableSession.id.in_(chunk)])}
    decided: dict[int, _Found] = {}
    for round_id, at, session_id in dealt:
        each = candidates.get(session_id)
        if each is None or each.pending_without_decisions():
            continue  # outside the period, or pending already
        if each.holds(at) and newest[round_id] > each.last_decision_id:
            decided[each.id] = each
    return list(decided.values())


def _dealt_in(db: Db, scope: Scope, round_ids: list[int]) -> list[tuple[int, datetime, int]]:
    """(round, its time, a session of its table that may hold it) for the
    rounds at the scope's tables: the table's last session opened before
    the round, and any opened at its very instant (sessions at a table do
    not overlap, but one may close at the instant the next opens)."""
    before: ScalarSelect[int] = (
        select(TableSession.id)
        .where(TableSession.table_id == RoundRecord.table_id, TableSession.opened_at < RoundRecord.entered_at)
        .order_by(TableSession.opened_at.desc(), TableSession.id.desc())
        .limit(1)
        .correlate(RoundRecord)
        .scalar_subquery()
    )
    found: list[tuple[int, datetime, int]] = []
    for start in range(0, len(round_ids), CHUNK):
        rounds = and_(
            RoundRecord.id.in_(round_ids[start : start + CHUNK]), RoundRecord.table_id.in_(scope.table_ids)
        )
        last = db.execute(select(RoundRecord.id, RoundRecord.entered_at, before).where(rounds))
        found += [(round_id, at, session_id) for round_id, at, session_id in last if session_id is not None]
        same = db.execute(
            select(RoundRecord.id, RoundRecord.entered_at, TableSession.id)
            .join(
                TableSession,
                and_(
                    TableSession.table_id == RoundRecord.table_id,
                    TableSession.opened_at == RoundRecord.entered_at,
                ),
            )
            .where(rounds)
        )
        found += [(round_id, at, session_id) for round_id, at, session_id in same]
    return found
