"""The expected win's per-shift totals (``shift_expected_values``, see
:mod:`service.rounds.value_sums`) recounted from the stored rounds, their
seats, their approved voids and corrections and their stored values, in
one statement (one snapshot: each total commits with what it counts, so
they agree at every moment, with no job to wait for). Each total that
differs is named, as :mod:`service.compliance.totals_check` names those
of ``shift_aggregates``; a shift with records but no totals row, or a
row whose records are gone, differs in every column it holds."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Float,
    Select,
    and_,
    case,
    cast,
    exists,
    func,
    literal_column,
    select,
)

from service.compliance.recount_query import recount_beside_stored, zeros
from service.rounds.value_sums import BETS, TOTALS, VALUES
from service.store.db import Db
from service.store.models import (
    ExceptionDecision,
    RoundExpectedValue,
    RoundRecord,
    SeatRecord,
    ShiftExpectedValues,
)

KEY = ("table_id", "gaming_day", "shift", "dealer_id")


@dataclass(frozen=True, slots=True)
class ValueSumDifference:
    """One total of one shift's row: as stored, and as the rounds count it."""

    table_id: int
    gaming_day: date
    shift: int
    dealer_id: int
    column: str
    stored: int | float  # a float for the *_squares statistics only
    recounted: int | float


@dataclass(frozen=True, slots=True)
class ValueSumsCheck:
    checked: int  # keys compared (rows stored or recounted)
    differing: int  # keys with a total that differs
    differences: tuple[ValueSumDifference, ...]  # the first ``listed``


def check_value_sums(db: Db, listed: int = 100) -> ValueSumsCheck:
    checked = differing = 0
    found: list[ValueSumDifference] = []
    for row in db.execute(recount_beside_stored(_recounted(), ShiftExpectedValues, TOTALS, KEY)):
        checked += 1
        values = row._mapping
        columns = [(c, values[f"s_{c}"], values[f"r_{c}"]) for c in TOTALS]
        columns = [(c, stored, again) for c, stored, again in columns if _differ(c, stored, again)]
        differing += bool(columns)
        key = (int(row.table_id), row.gaming_day, int(row.shift), int(row.dealer_id))
        found += [ValueSumDifference(*key, c, _number(c, s), _number(c, r)) for c, s, r in columns]
    return ValueSumsCheck(checked, differing, tuple(found[:listed]))


def _differ(column: str, stored: Any, recounted: Any) -> bool:
    if column.endswith("_squares"):
        # A running float against a sum in another order: its last bits.
        return not math.isclose(float(stored), float(recounted), rel_tol=1e-9, abs_tol=1e-6)
    return int(stored) != int(recounted)


def _number(column: str, value: Any) -> int | float:
    return float(value) if column.endswith("_squares") else int(value)


def _recounted() -> Select[Any]:
    """Each round record's share, as the service adds it."""
    seats = select(SeatRecord.round_id, func.count().label("seats")).group_by(SeatRecord.round_id).subquery()
    record_seats = func.coalesce(seats.c.seats, 0)
    out = exists().where(ExceptionDecision.round_id == RoundRecord.id, ExceptionDecision.approved.is_(True))
    valued = and_(RoundExpectedValue.round_id.is_not(None), ~out)

    def when(condition: ColumnElement[bool], value: Any) -> Any:
        return case((condition, value), else_=0)

    shares: dict[str, Any] = {
        "records": literal_column("1"),
        "records_seats": record_seats,
        "taken_out_records": when(out, 1),
        "taken_out_seats": when(out, record_seats),
        "rounds": when(valued, 1),
        **{name: when(valued, getattr(RoundExpectedValue, name)) for name in VALUES},
    }
    for bet in BETS:
        bound = cast(getattr(RoundExpectedValue, f"{bet}_sd_sum"), Float)
        shares[f"{bet}_squares"] = when(valued, bound * bound)
    return (
        select(
            RoundRecord.table_id,
            RoundRecord.gaming_day,
            RoundRecord.shift,
            RoundRecord.entered_by.label("dealer_id"),
            *zeros("s", TOTALS),
            *(shares[c].label(f"r_{c}") for c in TOTALS),
        )
        .outerjoin(seats, seats.c.round_id == RoundRecord.id)
        .outerjoin(RoundExpectedValue, RoundExpectedValue.round_id == RoundRecord.id)
    )
