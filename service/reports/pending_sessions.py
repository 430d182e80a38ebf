"""The sessions of a report's period whose chips figures its sums do not
reflect: open, not counted, counted (or recounted) since their figures
were kept, or with a round voided or corrected since (exactly what
:func:`service.accounting.figures.out_of_step` says of a closed session).

Read in two steps that stay flat in the rounds stored: the period's
sessions with their latest drop count and kept figures (a row each, by
index), and the approved voids and corrections (a few), each matched to
the session its round was dealt in. The former single statement asked,
per session, whether any of its rounds had a decision since: SQLite read
every round of every session of the period to answer."""

from __future__ import annotations

import sys
from bisect import bisect_left, bisect_right
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import TypedDict

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.reports.aggregate_sums import in_period
from service.reports.periods import Period, Scope
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
    session_id: int
    table_id: int
    table: str  # the table's name
    number: int  # the session's number at its table
    gaming_day: str  # ISO 8601
    shift: int
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

    def reason(self) -> PendingReason:
        if self.closed_at is None:
            return PendingReason.OPEN
        return PendingReason.UNCOUNTED if self.latest_count is None else PendingReason.FIGURING


def pending_sessions(session: Session, scope: Scope, period: Period) -> tuple[int, list[PendingSessionJson]]:
    """How many sessions of the period are open, not counted, or counted
    since their figures were kept; the first ``PENDING_SHOWN`` of them by
    table and session number."""
    found = _period_sessions(session, scope, period)
    kept = [each for each in found if not each.pending_without_decisions()]
    decided = _decided_since(session, kept)
    pending = sorted(
        (each for each in found if each.pending_without_decisions() or each.id in decided),
        key=lambda each: (each.table_id, each.number),
    )
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


def _period_sessions(session: Session, scope: Scope, period: Period) -> list[_Found]:
    latest = (
        select(func.max(DropCount.id))
        .where(DropCount.session_id == TableSession.id)
        .correlate(TableSession)
        .scalar_subquery()
    )
    query = (
        select(
            TableSession.id,
            TableSession.table_id,
            TableSession.number,
            TableSession.gaming_day,
            TableSession.shift,
            TableSession.opened_at,
            TableSession.closed_at,
            latest.label("latest"),
            SessionFigures.drop_count_id,
            SessionFigures.last_decision_id,
        )
        .outerjoin(SessionFigures, SessionFigures.session_id == TableSession.id)
        .where(TableSession.table_id.in_(scope.table_ids))
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
        for row in session.execute(query)
    ]


def _decided_since(session: Session, kept: list[_Found]) -> set[int]:
    """Of these closed sessions with figures kept, those with an approved
    void or correction, newer than their figures, of a round dealt at
    their table while they were open."""
    if not kept:
        return set()
    oldest = min(each.last_decision_id for each in kept)
    decisions = session.execute(
        select(ExceptionDecision.id, ExceptionDecision.round_id).where(
            ExceptionDecision.approved.is_(True), ExceptionDecision.id > oldest
        )
    ).all()
    # Per table, the decided rounds' times in order, with the decisions' ids.
    by_table: dict[int, list[tuple[datetime, int]]] = defaultdict(list)
    rounds = _rounds_by_id(session, [round_id for _, round_id in decisions])
    for decision_id, round_id in decisions:
        table_id, at = rounds[round_id]
        by_table[table_id].append((at, decision_id))
    for times in by_table.values():
        times.sort()
    decided: set[int] = set()
    for each in kept:
        assert each.closed_at is not None  # kept figures are a closed session's
        times = by_table.get(each.table_id, [])
        first = bisect_left(times, (each.opened_at, -1))
        last = bisect_right(times, (each.closed_at, sys.maxsize))
        if any(decision_id > each.last_decision_id for _, decision_id in times[first:last]):
            decided.add(each.id)
    return decided


def _rounds_by_id(session: Session, round_ids: list[int]) -> dict[int, tuple[int, datetime]]:
    """Each round's table and time, looked up by id (a planner without
    statistics would otherwise read the rounds by table and time)."""
    found: dict[int, tuple[int, datetime]] = {}
    ids = sorted(set(round_ids))
    for start in range(0, len(ids), CHUNK):
        rows = session.execute(
            select(RoundRecord.id, RoundRecord.table_id, RoundRecord.entered_at).where(
                RoundRecord.id.in_(ids[start : start + CHUNK])
            )
        )
        found.update({round_id: (table_id, at) for round_id, table_id, at in rows})
    return found
