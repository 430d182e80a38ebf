"""The expected win's per-shift totals (``shift_expected_values``): what a
report of any period reads instead of every round's stored values.

Unlike ``shift_aggregates`` (a job behind the rounds, its lag reported as
pending rounds), each change here commits in the transaction that causes
it, so the totals equal a recount from the rounds at every moment:

- a round record stored (entered, or an approved correction's new record):
  ``records`` and ``records_seats`` (:func:`count_record`);
- its expected values stored by the job while the record counts: the
  values (:func:`add_values`);
- an approved void or correction: ``taken_out_*``, and its values if they
  were added (:func:`take_out`).

A decision and the values job can race for one round (on PostgreSQL): each
locks the shift's row before it reads what decides its change (whether the
round counts, whether it has values), so the second sees the first's
commit. Money columns are integers; the squares are statistics (floats)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, cast

from sqlalchemy import Table, bindparam, insert, select, update

from service.engine.table_config import BetType
from service.rounds.status import taken_out_among
from service.store.db import Db
from service.store.models import RoundExpectedValue, RoundRecord, ShiftExpectedValues

#: the integer columns of a round's values, summed under the same names
VALUES = (
    "seats",
    "main_handle",
    "main_player_value",
    "dealer_break_bonus_player_value",
    "break_bonus_player_value",
    "main_best_value",
    "main_house_way_value",
)
BETS = tuple(bet.value for bet in BetType)
#: every total of a row, zero in a new one
TOTALS = (
    "records",
    "records_seats",
    "taken_out_records",
    "taken_out_seats",
    "rounds",
    *VALUES,
    *(f"{bet}_squares" for bet in BETS),
)


@dataclass(frozen=True, slots=True)
class ShiftKey:
    """The row a round record's totals go to: its table, gaming day, shift
    and the dealer who entered it (a correction's record keeps the dealer)."""

    table_id: int
    gaming_day: date
    shift: int
    dealer_id: int

    @classmethod
    def of(cls, record: RoundRecord) -> ShiftKey:
        return cls(record.table_id, record.gaming_day, record.shift, record.entered_by)

    def where(self) -> list[Any]:
        return [
            ShiftExpectedValues.table_id == self.table_id,
            ShiftExpectedValues.gaming_day == self.gaming_day,
            ShiftExpectedValues.shift == self.shift,
            ShiftExpectedValues.dealer_id == self.dealer_id,
        ]


_SHIFT_ROWS = cast(Table, ShiftExpectedValues.__table__)

# Built once: a record is counted in every round's transaction, and building
# the statement cost as much as running it.
_COUNT_RECORD = (
    update(_SHIFT_ROWS)
    .where(
        _SHIFT_ROWS.c.table_id == bindparam("key_table_id"),
        _SHIFT_ROWS.c.gaming_day == bindparam("key_gaming_day"),
        _SHIFT_ROWS.c.shift == bindparam("key_shift"),
        _SHIFT_ROWS.c.dealer_id == bindparam("key_dealer_id"),
    )
    .values(
        records=_SHIFT_ROWS.c.records + bindparam("add_records"),
        records_seats=_SHIFT_ROWS.c.records_seats + bindparam("add_seats"),
    )
)


def count_record(db: Db, key: ShiftKey, seats: int) -> None:
    """A round record just stored, with its seats (the caller holds SQLite's
    writer; on PostgreSQL the UPDATE locks the row, and two first records of
    a shift racing to INSERT it lose on the unique key and are retried)."""
    parameters = {
        "key_table_id": key.table_id,
        "key_gaming_day": key.gaming_day,
        "key_shift": key.shift,
        "key_dealer_id": key.dealer_id,
        "add_records": 1,
        "add_seats": seats,
    }
    changed = db.connection().execute(_COUNT_RECORD, parameters)
    if changed.rowcount == 0:
        _insert(db, key, {"records": 1, "records_seats": seats})


def add_values(db: Db, stored: Sequence[tuple[RoundRecord, Mapping[str, Any]]]) -> int:
    """Add rounds' values just stored (each with its round's row of
    ``round_expected_values``) to their shifts' sums, those that still
    count: a void or correction may have taken one out already. Each
    shift's row is locked and changed once, with its rounds' sums: a batch
    of rounds took three statements each inside SQLite's writer's turn.
    How many rounds were added."""
    by_shift: dict[ShiftKey, list[Mapping[str, Any]]] = {}
    for record, values in stored:
        by_shift.setdefault(ShiftKey.of(record), []).append(values)
    added = 0
    for key, rows in by_shift.items():
        row_id = _locked_row(db, key)
        # read after the lock: a decision committed meanwhile is seen
        out = taken_out_among(db, [values["round_id"] for values in rows])
        shares = [_shares(values, +1) for values in rows if values["round_id"] not in out]
        if shares:
            _change(db, row_id, {name: sum(share[name] for share in shares) for name in shares[0]})
        added += len(shares)
    return added


def take_out(db: Db, record: RoundRecord) -> None:
    """An approved void or correction of ``record`` (which counted until
    now): its record and seats taken out, and its values if stored."""
    row_id = _locked_row(db, ShiftKey.of(record))
    seats = len(record.seats)
    _change(db, row_id, {"taken_out_records": 1, "taken_out_seats": seats})
    values = db.get(RoundExpectedValue, record.id)  # after the lock: a job committed meanwhile is seen
    if values is not None:
        _change(db, row_id, _shares(_columns(values), -1))


def _columns(values: RoundExpectedValue) -> dict[str, Any]:
    return {name: getattr(values, name) for name in (*VALUES, *(f"{bet}_sd_sum" for bet in BETS))}


def _shares(values: Mapping[str, Any], sign: int) -> dict[str, int | float]:
    shares: dict[str, int | float] = {"rounds": sign}
    for name in VALUES:
        shares[name] = sign * int(values[name])
    for bet in BETS:
        # Σ stake × sd is the bound of the round's sd: its square, the variance's.
        bound = float(values[f"{bet}_sd_sum"])
        shares[f"{bet}_squares"] = sign * bound * bound
    return shares


def _locked_row(db: Db, key: ShiftKey) -> int:
    """The id of the key's row, locked (made, zero, if missing)."""
    query = select(ShiftExpectedValues.id).where(*key.where()).with_for_update()
    row_id = db.scalar(query)
    if row_id is None:
        _insert(db, key, {})
        row_id = db.scalar(query)
        assert row_id is not None  # inserted just now
    return int(row_id)


def _change(db: Db, row_id: int, amounts: dict[str, int | float]) -> None:
    db.execute(
        update(ShiftExpectedValues)
        .where(ShiftExpectedValues.id == row_id)
        .values({name: getattr(ShiftExpectedValues, name) + amount for name, amount in amounts.items()})
        .execution_options(synchronize_session=False)
    )


def _insert(db: Db, key: ShiftKey, amounts: dict[str, int | float]) -> None:
    row: dict[str, Any] = {
        "table_id": key.table_id,
        "gaming_day": key.gaming_day,
        "shift": key.shift,
        "dealer_id": key.dealer_id,
        **dict.fromkeys(TOTALS, 0),
        **amounts,
    }
    db.execute(insert(ShiftExpectedValues).values(row))
