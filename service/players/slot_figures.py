"""The rated play of each slot of the floor (rule book section 14): per
table, gaming day, shift and dealer (who entered the rounds), the exact
sums of the rated seats of the rounds that count, whichever ratings they
belong to (a rating may cross shifts and dealers: the round's slot
decides). Kept by the workers (``figure_rated_slots``) wherever a
rating's figures job is queued (values stored, a void, a correction),
recomputed whole from the rounds every time: idempotent, and the table
(``rated_shift_figures``, derived state) can be rebuilt at any time. The
floor's rated-play report sums these rows, never the rounds; and with
them each table's and dealer's month of them added up
(``rated_month_figures``), which a year-to-date report reads instead.

A job names rounds, not slots (a job's ref is one id): each round stands
for its slot, and a batch of rounds recomputes each of their slots once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from sqlalchemy import ColumnElement, and_, delete, exists, func, or_, select

from service.players.rating_figures import KEPT_COUNTS, KEPT_EXACT, figured_values, rated_figures, row_columns
from service.rounds.status import counting
from service.store.db import Db
from service.store.limbs import limb_names, split
from service.store.models import (
    RatedMonthFigures,
    RatedSeat,
    RatedShiftFigures,
    RoundRecord,
    SeatExpectedValue,
    SeatRecord,
)


@dataclass(frozen=True, slots=True, order=True)
class Slot:
    """One table's gaming day, shift and dealer."""

    table_id: int
    gaming_day: date
    shift: int
    dealer_id: int


def _in_slot(slot: Slot) -> ColumnElement[bool]:
    return and_(
        RoundRecord.table_id == slot.table_id,
        RoundRecord.gaming_day == slot.gaming_day,
        RoundRecord.shift == slot.shift,
        RoundRecord.entered_by == slot.dealer_id,
        counting(),
    )


def slots_of(db: Db, round_ids: list[int]) -> list[Slot]:
    """The slots of these rounds (each once, in order)."""
    rows = db.execute(
        select(RoundRecord.table_id, RoundRecord.gaming_day, RoundRecord.shift, RoundRecord.entered_by)
        .where(RoundRecord.id.in_(round_ids))
        .distinct()
    )
    return sorted(Slot(*row) for row in rows)


def figure_slot(db: Db, slot: Slot, instance: Path | None, now: datetime) -> bool:
    """Write (or replace) the slot's row from its rated seats, and its
    month's (:func:`refresh_month`); a slot left with none (its rounds
    voided) loses its row. False when the slot's row was up to date
    already (a repeated job)."""
    columns = slot_columns(row_columns(rated_figures(db, _in_slot(slot), instance)))
    key = (slot.table_id, slot.gaming_day, slot.shift, slot.dealer_id)
    row = db.get(RatedShiftFigures, key, with_for_update=True)
    changed = True
    if columns["rounds"] == 0 and columns["pending_rounds"] == 0:
        changed = row is not None
        db.execute(delete(RatedShiftFigures).where(*_key_of(slot)))
    elif row is not None and all(getattr(row, name) == value for name, value in columns.items()):
        changed = False
    else:
        if row is None:
            row = RatedShiftFigures(
                table_id=slot.table_id, gaming_day=slot.gaming_day, shift=slot.shift, dealer_id=slot.dealer_id
            )
            db.add(row)
        for name, value in columns.items():
            setattr(row, name, value)
        row.figured_at = now
    db.flush()
    refresh_month(db, slot, now)
    return changed


def refresh_month(db: Db, slot: Slot, now: datetime) -> None:
    """The month's row of the slot's table and dealer: its slots' rows
    added up in SQL (limbs add exactly), in the slot's transaction. The
    month's row is locked first, so that two slots' jobs of one month add
    up one after the other (each sees the other's slot once committed)."""
    month = slot.gaming_day.replace(day=1)
    key = (slot.table_id, month, slot.dealer_id)
    row = db.get(RatedMonthFigures, key, with_for_update=True)
    kept = RatedShiftFigures
    names = [name for name in SUMMED if name != "with_player_variance"]
    found = db.execute(
        select(
            func.count(),
            func.min(kept.with_player_variance),
            *(func.sum(getattr(kept, name)) for name in names),
        ).where(
            kept.table_id == slot.table_id,
            kept.dealer_id == slot.dealer_id,
            kept.gaming_day >= month,
            kept.gaming_day < _next_month(month),
        )
    ).one()
    if not found[0]:
        if row is not None:
            db.delete(row)
            db.flush()
        return
    if row is None:
        row = RatedMonthFigures(table_id=slot.table_id, month=month, dealer_id=slot.dealer_id)
        db.add(row)
    row.with_player_variance = int(found[1])
    for name, value in zip(names, found[2:], strict=True):
        setattr(row, name, int(value))  # NUMERIC on PostgreSQL
    row.figured_at = now
    db.flush()


def _next_month(month: date) -> date:
    return (
        month.replace(year=month.year + 1, month=1)
        if month.month == 12
        else month.replace(month=month.month + 1)
    )


#: the exact numerators a slot's row keeps as limbs (:mod:`service.store.limbs`)
EXACT = KEPT_EXACT


def slot_columns(columns: dict[str, object]) -> dict[str, object]:
    """A rating-shaped row's columns as a slot's row keeps them: each exact
    numerator as its limbs, and whether the player's-cards variance is
    known."""
    kept = {name: value for name, value in columns.items() if name not in EXACT}
    kept["with_player_variance"] = int(columns["player_cards_variance"] is not None)
    for name in EXACT:
        value = columns[name]
        limbs = split(value if isinstance(value, int) else 0)
        kept.update(zip(limb_names(name), limbs, strict=True))
    return kept


#: the columns a slot's and a month's rows share, that a month adds up
SUMMED = (
    *KEPT_COUNTS,
    "with_player_variance",
    *(limb for name in EXACT for limb in limb_names(name)),
)


def _key_of(slot: Slot) -> tuple[ColumnElement[bool], ...]:
    return (
        RatedShiftFigures.table_id == slot.table_id,
        RatedShiftFigures.gaming_day == slot.gaming_day,
        RatedShiftFigures.shift == slot.shift,
        RatedShiftFigures.dealer_id == slot.dealer_id,
    )


def unfigured_slots(db: Db, before: datetime | None = None, limit: int = 1_000) -> list[int]:
    """A round of each slot whose row is missing or was figured from other
    seats than count now (as :func:`~service.players.rating_figures.out_of_date`
    says of a rating), or kept although none of its rated seats counts any
    more, oldest first: the refs of the job that refigures them.
    ``before``: only slots with a round entered before then (of those
    with seats that count)."""
    valued = func.count(SeatExpectedValue.seat_id).filter(figured_values())
    seats = (
        select(
            RoundRecord.table_id,
            RoundRecord.gaming_day,
            RoundRecord.shift,
            RoundRecord.entered_by.label("dealer_id"),
            func.min(RoundRecord.id).label("round_id"),
            func.min(RoundRecord.entered_at).label("first_at"),
            func.count(SeatRecord.id).label("seats"),
            func.max(SeatRecord.id).label("last"),
            valued.label("valued"),
        )
        .select_from(SeatRecord)
        .join(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
        .join(RoundRecord, RoundRecord.id == SeatRecord.round_id)
        .outerjoin(SeatExpectedValue, SeatExpectedValue.seat_id == SeatRecord.id)
        .where(counting())
        .group_by(RoundRecord.table_id, RoundRecord.gaming_day, RoundRecord.shift, RoundRecord.entered_by)
        .subquery()
    )
    kept = RatedShiftFigures
    query = (
        select(seats.c.round_id)
        .outerjoin(
            kept,
            and_(
                kept.table_id == seats.c.table_id,
                kept.gaming_day == seats.c.gaming_day,
                kept.shift == seats.c.shift,
                kept.dealer_id == seats.c.dealer_id,
            ),
        )
        .where(
            or_(
                kept.table_id.is_(None),
                kept.rounds + kept.pending_rounds != seats.c.seats,
                kept.last_seat_id.is_distinct_from(seats.c.last),
                kept.rounds != seats.c.valued,
            )
        )
    )
    if before is not None:
        query = query.where(seats.c.first_at < before)
    found: set[int] = set(db.scalars(query.order_by(seats.c.round_id).limit(limit)))
    return sorted(found | set(_emptied(db, limit)))[:limit]


def _emptied(db: Db, limit: int) -> list[int]:
    """A round of each slot kept whose rated seats no longer count (every
    one voided since, its job lost): nothing above finds it by its seats."""
    kept = RatedShiftFigures
    in_slot = and_(
        RoundRecord.table_id == kept.table_id,
        RoundRecord.gaming_day == kept.gaming_day,
        RoundRecord.shift == kept.shift,
        RoundRecord.entered_by == kept.dealer_id,
    )
    rated = exists().where(
        RatedSeat.seat_id == SeatRecord.id, SeatRecord.round_id == RoundRecord.id, in_slot, counting()
    )
    first = select(func.min(RoundRecord.id)).where(in_slot).correlate(kept).scalar_subquery()
    rounds: list[int | None] = list(db.scalars(select(first).select_from(kept).where(~rated).limit(limit)))
    return [each for each in rounds if each is not None]
