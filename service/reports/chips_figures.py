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

from typing import Annotated, TypedDict

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

    sessions_counted: Annotated[int, "counted sessions whose kept figures are summed here"]
    sessions_pending: Annotated[
        int,
        "sessions of the period the sums do not reflect: open, uncounted, figuring",
    ]
    pending: Annotated[list[PendingSessionJson], "those sessions, by table and number (the first 100)"]
    opener: Annotated[int, "the openers' tray counts, minor units"]
    closer: Annotated[int, "the closers' tray counts, minor units"]
    fills: Annotated[int, "the fills received at the tables, minor units"]
    credits: Annotated[int, "the credits received back by the cage, minor units"]
    drop: Annotated[int, "the drop boxes' current counts (after any recount), minor units"]
    win: Annotated[int, "drop + closer + credits - opener - fills, minor units: + when the house is ahead"]
    hold: Annotated[float | None, "win / drop; null when the drop is 0"]
    rounds: Annotated[int, "the rounds dealt in those sessions that count (not voided, not corrected)"]
    rounds_net: Annotated[int, "the house's net from those rounds, minor units: the cards' win"]
    difference: Annotated[int, "win - rounds_net: cards against chips; 0 when every session balances"]
    flagged_sessions: Annotated[int, "counted sessions whose own difference is beyond the tolerance"]
    tolerance: Annotated[int, "how far a session's cards and chips may differ unflagged, minor units"]


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
