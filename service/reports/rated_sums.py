"""The rows the rated-play report reads for a period: the rated play of
each (table, dealer) summed exactly from the slots' kept rows
(``rated_shift_figures``, :mod:`service.players.slot_figures`; a
year-to-date's whole months from their months' rows), and the
handle of all play at the same tables and dealers from the shift
aggregates. A few rows per table, shift and dealer; never the rounds."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import Select, func, select

from service.players.rated.parts import Numerators
from service.players.rating_figures import KEPT, KEPT_COUNTS, KEPT_EXACT, kept_numerators
from service.reports.aggregate_sums import in_period
from service.reports.periods import Period, Scope
from service.store.db import Db
from service.store.limbs import LIMBS, joined, limb_names
from service.store.models import RatedMonthFigures, RatedShiftFigures, ShiftAggregate

#: a (table, dealer) pair: the finest line the report shows
Key = tuple[int, int]

#: the kept counts and sums, then the exact numerators (each joined from its limbs)
_COLUMNS = KEPT


@dataclass
class RatedSums:
    """Exact sums of some slots' rows: integers, the four parts and the
    variances as the numerators :class:`Numerators` keeps (one unit each)."""

    values: list[int] = field(default_factory=lambda: [0] * len(_COLUMNS))
    with_player_variance: bool = True  # False: a slot lacks its card spread
    all_handle: int = 0  # every round's handle at these tables and dealers

    def add(self, other: RatedSums) -> None:
        self.values = [mine + theirs for mine, theirs in zip(self.values, other.values, strict=True)]
        self.with_player_variance = self.with_player_variance and other.with_player_variance
        self.all_handle += other.all_handle

    @property
    def pending_rounds(self) -> int:
        return self.values[1]

    def numerators(self) -> Numerators:
        return kept_numerators(self.values)


def rated_sums(db: Db, scope: Scope, period: Period) -> dict[Key, RatedSums]:
    """Per (table, dealer) with play in the period: the rated play's exact
    sums and all play's handle. Added up in SQL, a row per (table, dealer):
    integers, and the exact numerators' limbs; a year-to-date's whole
    months from their months' rows, the rest from the slots'."""
    found: dict[Key, RatedSums] = {}
    if not scope.table_ids:
        return found
    slots = select().where(RatedShiftFigures.table_id.in_(scope.table_ids))
    month = period.day.replace(day=1)
    if period.kind == "ytd" and month > period.first_day:
        months = select().where(
            RatedMonthFigures.table_id.in_(scope.table_ids),
            RatedMonthFigures.month >= period.first_day,
            RatedMonthFigures.month < month,
        )
        _add(db, found, RatedMonthFigures, months)
        slots = slots.where(RatedShiftFigures.gaming_day >= month, RatedShiftFigures.gaming_day <= period.day)
    else:
        slots = in_period(slots, RatedShiftFigures.gaming_day, RatedShiftFigures.shift, period)
    _add(db, found, RatedShiftFigures, slots)
    handle = ShiftAggregate.main_handle + ShiftAggregate.dealer_break_bonus_handle
    handle = handle + ShiftAggregate.break_bonus_handle
    all_play = in_period(
        select(ShiftAggregate.table_id, ShiftAggregate.dealer_id, func.coalesce(func.sum(handle), 0))
        .where(ShiftAggregate.table_id.in_(scope.table_ids))
        .group_by(ShiftAggregate.table_id, ShiftAggregate.dealer_id),
        ShiftAggregate.gaming_day,
        ShiftAggregate.shift,
        period,
    )
    for table_id, dealer_id, total in db.execute(all_play):
        # A dealer whose every round was voided keeps rows, all zero: no line.
        if total:
            found.setdefault((table_id, dealer_id), RatedSums()).all_handle = int(total)  # NUMERIC
    return found


def _add(
    db: Db,
    found: dict[Key, RatedSums],
    kept: type[RatedShiftFigures] | type[RatedMonthFigures],
    where: Select[tuple[()]],
) -> None:
    """Add the rows ``where`` picks, per (table, dealer), to ``found``."""
    limbs = [limb for name in KEPT_EXACT for limb in limb_names(name)]
    sums = [func.sum(getattr(kept, name)) for name in (*KEPT_COUNTS, *limbs)]
    query = where.add_columns(kept.table_id, kept.dealer_id, func.min(kept.with_player_variance), *sums)
    for row in db.execute(query.group_by(kept.table_id, kept.dealer_id)):
        counts = [int(value) for value in row[3 : 3 + len(KEPT_COUNTS)]]  # NUMERIC on PostgreSQL
        added = [int(value) for value in row[3 + len(KEPT_COUNTS) :]]
        exact = [joined(added[LIMBS * n : LIMBS * (n + 1)]) for n in range(len(KEPT_EXACT))]
        found.setdefault((int(row[0]), int(row[1])), RatedSums()).add(
            RatedSums([*counts, *exact], bool(row[2]))
        )
