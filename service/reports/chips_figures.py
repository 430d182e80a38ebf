"""A report's figures from the chips: the counted sessions of its tables
and period added up (opener, closer, fills, credits, drop, the win by the
regulators' formula and its hold), the cards-against-chips difference over
them, and the sessions the sums do not reflect, named.

A session counts in the gaming day and shift it opened in. The sums read
the ``session_figures`` rows the workers keep (both sides of each check),
never the slips or the rounds; the sessions not reflected are read from
``table_sessions`` and the approved decisions
(:mod:`service.reports.pending_sessions`).
"""

from __future__ import annotations

from typing import TypedDict

from sqlalchemy import case, func, select

from service.accounting.figures import hold
from service.reports.aggregate_sums import in_period
from service.reports.pending_sessions import PendingSessionJson, pending_sessions
from service.reports.periods import Period, Scope
from service.store.db import Db
from service.store.models import SessionFigures

SUMMED = ("opener", "closer", "fills", "credits", "drop", "win", "rounds", "rounds_net")


class ChipsFiguresJson(TypedDict):
    """Money in integer minor units; win is the house's."""

    sessions_counted: int  # sessions whose kept figures are summed here
    sessions_pending: int  # sessions of the period the sums do not reflect
    pending: list[PendingSessionJson]  # the first PENDING_SHOWN of them
    opener: int
    closer: int
    fills: int
    credits: int
    drop: int
    win: int  # drop + closer + credits - opener - fills
    hold: float | None  # win / drop; None when the drop is 0
    rounds: int  # the counting rounds of the sessions summed
    rounds_net: int  # the house's net from them
    difference: int  # win - rounds_net: cards against chips
    flagged_sessions: int  # sessions whose own difference is beyond the tolerance
    tolerance: int


def chips_figures(db: Db, scope: Scope, period: Period, tolerance: int) -> ChipsFiguresJson:
    sums = _sums(db, scope, period, tolerance)
    pending, shown = pending_sessions(db, scope, period)
    win = sums["win"]
    return {
        "sessions_counted": sums["sessions"],
        "sessions_pending": pending,
        "pending": shown,
        "opener": sums["opener"],
        "closer": sums["closer"],
        "fills": sums["fills"],
        "credits": sums["credits"],
        "drop": sums["drop"],
        "win": win,
        "hold": hold(win, sums["drop"]),
        "rounds": sums["rounds"],
        "rounds_net": sums["rounds_net"],
        "difference": win - sums["rounds_net"],
        "flagged_sessions": sums["flagged"],
        "tolerance": tolerance,
    }


def _sums(db: Db, scope: Scope, period: Period, tolerance: int) -> dict[str, int]:
    difference = SessionFigures.win - SessionFigures.rounds_net
    flagged = case((func.abs(difference) > tolerance, 1), else_=0)
    query = select(
        func.count(SessionFigures.session_id).label("sessions"),
        func.coalesce(func.sum(flagged), 0).label("flagged"),
        *(func.coalesce(func.sum(getattr(SessionFigures, name)), 0).label(name) for name in SUMMED),
    ).where(SessionFigures.table_id.in_(scope.table_ids))
    row = db.execute(in_period(query, SessionFigures.gaming_day, SessionFigures.shift, period)).one()
    # PostgreSQL sums BIGINT as NUMERIC: back to exact integers.
    return {name: int(value) for name, value in row._mapping.items()}
