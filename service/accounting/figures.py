"""A session's win from the chips, by the regulators' formula: drop +
closer + credits − opener − fills (fills and credits received; a voided
slip moved no chips). Hold is win over drop. The workers keep each
counted session's figures in ``session_figures`` for the reports."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.accounting.drop_counts import current_drop_count
from service.accounting.sessions import CountKind, counts_of
from service.accounting.slip_states import SlipKind, SlipState, signatures_of, state_of
from service.store.models import SessionFigures, Slip, TableSession


@dataclass(frozen=True)
class ChipFigures:
    """Minor units; ``drop`` is None until the box is counted."""

    opener: int
    closer: int | None  # None while the session is open
    fills: int
    credits: int
    drop: int | None
    drop_count_id: int | None

    @property
    def win(self) -> int | None:
        if self.closer is None or self.drop is None:
            return None
        return self.drop + self.closer + self.credits - self.opener - self.fills


def hold(win: int | None, drop: int | None) -> float | None:
    """Win over drop, a fraction (0.2 is 20 %); None without a drop."""
    if win is None or not drop:
        return None
    return win / drop


def chip_figures(session: Session, table_session: TableSession) -> ChipFigures:
    counts = counts_of(session, table_session)
    fills, credits = received_totals(session, table_session.id)
    drop = current_drop_count(session, table_session.id)
    closer = counts.get(CountKind.CLOSER)
    return ChipFigures(
        opener=counts[CountKind.OPENER].total,
        closer=None if closer is None else closer.total,
        fills=fills,
        credits=credits,
        drop=None if drop is None else drop.total,
        drop_count_id=None if drop is None else drop.id,
    )


def received_totals(session: Session, session_id: int) -> tuple[int, int]:
    """The fills and the credits the table received in the session."""
    slips = list(session.scalars(select(Slip).where(Slip.session_id == session_id)))
    steps = signatures_of(session, (slip.id for slip in slips))
    totals = {SlipKind.FILL: 0, SlipKind.CREDIT: 0}
    for slip in slips:
        if state_of(s.step for s in steps[slip.id]) == SlipState.RECEIVED:
            totals[SlipKind(slip.kind)] += slip.total
    return totals[SlipKind.FILL], totals[SlipKind.CREDIT]


def figure_session(session: Session, session_id: int, now: datetime) -> bool:
    """Write (or rewrite, after a recount) the session's figures row; False
    when it is not counted yet or the row says so already (a repeated job)."""
    table_session = session.get(TableSession, session_id)
    if table_session is None:
        raise LookupError(f"no table session with id {session_id}")
    figures = chip_figures(session, table_session)
    win = figures.win
    if win is None:
        return False
    row = session.get(SessionFigures, session_id, with_for_update=True)
    if row is not None and row.drop_count_id == figures.drop_count_id:
        return False
    if row is None:
        row = SessionFigures(session_id=session_id)
        session.add(row)
    row.table_id = table_session.table_id
    row.gaming_day = table_session.gaming_day
    row.shift = table_session.shift
    row.opener, row.closer, row.drop = figures.opener, figures.closer or 0, figures.drop or 0
    row.fills, row.credits, row.win = figures.fills, figures.credits, win
    row.drop_count_id = figures.drop_count_id or 0
    row.figured_at = now
    session.flush()
    return True
