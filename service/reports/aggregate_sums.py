"""The shift aggregates of a report's period, added up: per configuration
version and dealer, and the rounds of the period the background job has
not counted yet. A report reads these few rows, never every round."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Select, func, select

from service.reports.hold import Stakes
from service.reports.periods import Period, Scope
from service.rounds.aggregates import BETS, COUNTERS
from service.store.db import Db
from service.store.models import (
    AggregatedRound,
    ExceptionDecision,
    RoundRecord,
    ShiftAggregate,
    ShiftExpectedValues,
)


@dataclass
class Sums:
    """Counters of some aggregate rows added up."""

    counts: Counter[str] = field(default_factory=Counter)
    squares: dict[str, float] = field(default_factory=lambda: dict.fromkeys(BETS, 0.0))

    def add(self, other: Sums) -> None:
        self.counts.update(other.counts)
        for bet in BETS:
            self.squares[bet] += other.squares[bet]

    def handle(self, bet: str) -> int:
        return self.counts[f"{bet}_handle"]

    def win(self, bet: str) -> int:
        return self.counts[f"{bet}_house_net"]

    def stakes(self, bet: str) -> Stakes:
        return Stakes(self.handle(bet), self.squares[bet])

    def empty(self) -> bool:
        return not any(self.counts.values())

    @classmethod
    def of(cls, parts: Iterable[Sums]) -> Sums:
        total = cls()
        for part in parts:
            total.add(part)
        return total


CHUNK = 500  # round ids an IN list
Query = TypeVar("Query", bound=Select[*tuple[Any, ...]])


def in_period(query: Query, day_column: Any, shift_column: Any, period: Period) -> Query:
    query = query.where(day_column >= period.first_day, day_column <= period.day)
    if period.shift is not None:
        query = query.where(shift_column == period.shift)
    return query


def period_sums(db: Db, scope: Scope, period: Period) -> dict[tuple[int, int], Sums]:
    """Per (configuration version, dealer): the aggregates of the period."""
    columns = [func.coalesce(func.sum(getattr(ShiftAggregate, name)), 0).label(name) for name in COUNTERS]
    query = select(ShiftAggregate.config_id, ShiftAggregate.dealer_id, *columns).where(
        ShiftAggregate.table_id.in_(scope.table_ids)
    )
    query = in_period(query, ShiftAggregate.gaming_day, ShiftAggregate.shift, period)
    found: dict[tuple[int, int], Sums] = {}
    for row in db.execute(query.group_by(ShiftAggregate.config_id, ShiftAggregate.dealer_id)):
        values = row._mapping
        sums = Sums()
        for name in COUNTERS:
            bet = name.removesuffix("_stake_squares")
            if bet != name:
                sums.squares[bet] = float(values[name])
            else:
                # PostgreSQL sums BIGINT as NUMERIC: back to exact integers.
                sums.counts[name] = int(values[name])
        found[(row.config_id, row.dealer_id)] = sums
    return found


def pending_rounds(db: Db, scope: Scope, period: Period) -> int:
    """Round records of the period the totals do not reflect yet (new, or
    voided or corrected since they were counted).

    Read from the aggregates, not round by round: every record of the
    period is counted in (its share in ``rounds``), taken out again
    (``voided_rounds``, ``corrected_rounds``), or neither. So the records
    never counted are the period's records less those, and the pending
    ones are those that count, plus the counted ones that no longer do.
    The period's records are counted where they are stored
    (``shift_expected_values.records``, kept as each record is stored),
    and its approved voids and corrections read: flat in the rounds."""
    records = select(func.coalesce(func.sum(ShiftExpectedValues.records), 0)).where(
        ShiftExpectedValues.table_id.in_(scope.table_ids)
    )
    records = in_period(records, ShiftExpectedValues.gaming_day, ShiftExpectedValues.shift, period)
    seen = [
        func.coalesce(func.sum(getattr(ShiftAggregate, name)), 0)
        for name in ("rounds", "voided_rounds", "corrected_rounds")
    ]
    aggregated = select(*seen).where(ShiftAggregate.table_id.in_(scope.table_ids))
    aggregated = in_period(aggregated, ShiftAggregate.gaming_day, ShiftAggregate.shift, period)
    seen_rounds = sum(int(each) for each in db.execute(aggregated).one())
    never_counted = int(db.scalar(records) or 0) - seen_rounds
    out_of_count = _out_of_count(db, scope, period)
    # Never counted and out of the count: in step (nothing to take out).
    # Still counted although out of the count: pending (to be taken out).
    return never_counted - out_of_count.count(None) + out_of_count.count(False)


def _out_of_count(db: Db, scope: Scope, period: Period) -> list[bool | None]:
    """For each record of the period taken out of the count by an approved
    void or correction: None if never counted, False if counted and still
    in the totals, True if taken out of them. Driven by the approved
    decisions (a few), their rounds looked up by id and the period's
    conditions applied here: in one statement, SQLite read every round of
    the period (an index range) to test it against the decisions."""
    approved = sorted(
        set(db.scalars(select(ExceptionDecision.round_id).where(ExceptionDecision.approved.is_(True))))
    )
    tables = set(scope.table_ids)
    found: list[bool | None] = []
    for start in range(0, len(approved), CHUNK):
        rows = db.execute(
            select(
                RoundRecord.table_id,
                RoundRecord.gaming_day,
                RoundRecord.shift,
                AggregatedRound.round_id,
                AggregatedRound.removed_at,
            )
            .outerjoin(AggregatedRound, AggregatedRound.round_id == RoundRecord.id)
            .where(RoundRecord.id.in_(approved[start : start + CHUNK]))
        )
        for table_id, day, shift, marker, removed in rows:
            in_shift = period.shift is None or shift == period.shift
            if table_id in tables and period.first_day <= day <= period.day and in_shift:
                found.append(None if marker is None else removed is not None)
    return found
