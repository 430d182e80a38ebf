"""A session's win from the chips, by the regulators' formula: drop +
closer + credits − opener − fills (fills and credits received; a voided
slip moved no chips). Hold is win over drop. The workers keep each
counted session's figures in ``session_figures`` for the reports, with the
cards' side of its check (:mod:`service.accounting.rounds_net`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import date, datetime

from sqlalchemy import ColumnElement, and_, func, or_, select

from service.accounting.drop_counts import current_drop_count
from service.accounting.rounds_net import decided_since, rounds_side
from service.accounting.sessions import CountKind, counts_of
from service.accounting.slip_states import SlipKind, SlipState, signatures_of, state_of
from service.store.accounting_models import SESSION_FIGURES_FIXED as FIXED
from service.store.db import Db
from service.store.models import DropCount, SessionFigures, Slip, TableSession


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


def chip_figures(db: Db, table_session: TableSession, drop: DropCount | None = None) -> ChipFigures:
    """The chips' side, with ``drop`` (the session's current count by default)."""
    counts = counts_of(db, table_session)
    fills, credits = received_totals(db, table_session.id)
    if drop is None:
        drop = current_drop_count(db, table_session.id)
    closer = counts.get(CountKind.CLOSER)
    return ChipFigures(
        opener=counts[CountKind.OPENER].total,
        closer=None if closer is None else closer.total,
        fills=fills,
        credits=credits,
        drop=None if drop is None else drop.total,
        drop_count_id=None if drop is None else drop.id,
    )


def received_totals(db: Db, session_id: int) -> tuple[int, int]:
    """The fills and the credits the table received in the session."""
    slips = list(db.scalars(select(Slip).where(Slip.session_id == session_id)))
    steps = signatures_of(db, (slip.id for slip in slips))
    totals = {SlipKind.FILL: 0, SlipKind.CREDIT: 0}
    for slip in slips:
        if state_of(s.step for s in steps[slip.id]) == SlipState.RECEIVED:
            totals[SlipKind(slip.kind)] += slip.total
    return totals[SlipKind.FILL], totals[SlipKind.CREDIT]


@dataclass(frozen=True)
class KeptFigures:
    """A ``session_figures`` row's values as its job derives them from the
    session's records: the verification derives them again the same way
    (:mod:`service.compliance.figures_check`)."""

    table_id: int
    gaming_day: date
    shift: int
    opener: int
    closer: int
    fills: int
    credits: int
    drop: int
    win: int
    drop_count_id: int
    rounds: int
    rounds_net: int
    last_decision_id: int

    def columns(self) -> dict[str, int | date]:
        return asdict(self)


def kept_figures(
    db: Db, table_session: TableSession, drop: DropCount | None = None, as_of: int | None = None
) -> KeptFigures | None:
    """The session's figures row as its records give it: its chips with
    ``drop`` (the current count by default), its rounds as of the approved
    decision ``as_of`` (every one by default); None while it is open or
    not counted (no row is kept)."""
    figures = chip_figures(db, table_session, drop)
    win = figures.win
    if win is None or figures.drop is None or figures.drop_count_id is None or figures.closer is None:
        return None
    rounds = rounds_side(db, table_session, as_of)
    return KeptFigures(
        table_id=table_session.table_id,
        gaming_day=table_session.gaming_day,
        shift=table_session.shift,
        opener=figures.opener,
        closer=figures.closer,
        fills=figures.fills,
        credits=figures.credits,
        drop=figures.drop,
        win=win,
        drop_count_id=figures.drop_count_id,
        rounds=rounds.rounds,
        rounds_net=rounds.net,
        last_decision_id=rounds.last_decision_id,
    )


def figure_session(db: Db, session_id: int, now: datetime) -> bool:
    """Write (or rewrite, after a recount or a void or correction of one of
    its rounds) the session's figures row with both sides of its check;
    False when it is not counted yet or the row is up to date (a repeated
    job). The only writer of ``session_figures``: the workers' job calls it
    (and the floor benchmark, as the job would)."""
    table_session = db.get(TableSession, session_id)
    if table_session is None:
        raise LookupError(f"no table session with id {session_id}")
    kept = kept_figures(db, table_session)
    if kept is None:
        return False
    row = db.get(SessionFigures, session_id, with_for_update=True)
    if (
        row is not None
        and row.drop_count_id == kept.drop_count_id
        and row.last_decision_id == kept.last_decision_id
    ):
        return False
    new = row is None
    if row is None:
        row = SessionFigures(session_id=session_id)
        db.add(row)
    for name, value in kept.columns().items():
        if new or name not in FIXED:  # the session's key, written once: the app role may not update it
            setattr(row, name, value)
    row.figured_at = now
    db.flush()
    return True


def out_of_step(before: datetime | None = None) -> ColumnElement[bool]:
    """A closed, counted session (a row of ``table_sessions``) whose figures
    row is missing or out of date: the job has work there. Exactly what
    :func:`figure_session` would rewrite, so the sweep never loops on it;
    ``before``: only work older than that (counted, or decided, before it)."""
    # Explicitly correlated: two levels down, SQLAlchemy would not.
    latest = (
        select(func.max(DropCount.id))
        .where(DropCount.session_id == TableSession.id)
        .correlate_except(DropCount)
    )
    counted = select(DropCount.id).where(DropCount.session_id == TableSession.id)
    if before is not None:
        counted = counted.where(DropCount.counted_at < before)
    kept = select(SessionFigures.session_id).where(SessionFigures.session_id == TableSession.id)
    stale = kept.where(SessionFigures.drop_count_id != latest.scalar_subquery())
    decided = select(SessionFigures.session_id).where(
        SessionFigures.session_id == TableSession.id,
        decided_since(TableSession, SessionFigures.last_decision_id, before),
    )
    return and_(
        TableSession.closed_at.is_not(None),
        or_(and_(counted.exists(), or_(~kept.exists(), stale.exists())), decided.exists()),
    )


def unfigured_sessions(db: Db, before: datetime | None = None, limit: int = 1_000) -> list[int]:
    """The sessions whose figures job has work to do, oldest first."""
    query = select(TableSession.id).where(out_of_step(before)).order_by(TableSession.id).limit(limit)
    return list(db.scalars(query))


def unfigured_count(db: Db) -> int:
    """How many sessions the figures job has work at (the ops status)."""
    return int(db.scalar(select(func.count(TableSession.id)).where(out_of_step())) or 0)
