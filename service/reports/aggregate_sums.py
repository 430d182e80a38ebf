"""The shift aggregates of a report's period, added up: per configuration
version and dealer, and the rounds of the period the background job has
not counted yet. A report reads these few rows, never every round."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from service.reports.hold import Stakes
from service.reports.periods import Period, Scope
from service.rounds.aggregates import BETS, COUNTERS, out_of_step
from service.store.models import RoundRecord, ShiftAggregate


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


Query = TypeVar("Query", bound=Select[*tuple[Any, ...]])


def in_period(query: Query, day_column: Any, shift_column: Any, period: Period) -> Query:
    query = query.where(day_column >= period.first_day, day_column <= period.day)
    if period.shift is not None:
        query = query.where(shift_column == period.shift)
    return query


def period_sums(session: Session, scope: Scope, period: Period) -> dict[tuple[int, int], Sums]:
    """Per (configuration version, dealer): the aggregates of the period."""
    columns = [func.coalesce(func.sum(getattr(ShiftAggregate, name)), 0).label(name) for name in COUNTERS]
    query = select(ShiftAggregate.config_id, ShiftAggregate.dealer_id, *columns).where(
        ShiftAggregate.table_id.in_(scope.table_ids)
    )
    query = in_period(query, ShiftAggregate.gaming_day, ShiftAggregate.shift, period)
    found: dict[tuple[int, int], Sums] = {}
    for row in session.execute(query.group_by(ShiftAggregate.config_id, ShiftAggregate.dealer_id)):
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


def pending_rounds(session: Session, scope: Scope, period: Period) -> int:
    """Round records of the period the totals do not reflect yet (new, or
    voided or corrected since they were counted)."""
    query = (
        select(func.count())
        .select_from(RoundRecord)
        .where(RoundRecord.table_id.in_(scope.table_ids), out_of_step())
    )
    query = in_period(query, RoundRecord.gaming_day, RoundRecord.shift, period)
    return int(session.scalar(query) or 0)
