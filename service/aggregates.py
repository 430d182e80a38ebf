"""Per table, gaming day, shift and dealer totals, kept by a background job
so the pit reports need not scan every round. Each round is counted once:
the marker row and the increments commit together."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.db import utc_now
from service.models import AggregatedRound, RoundRecord, ShiftAggregate

BETS = ("main", "dealer_break_bonus", "break_bonus")


@dataclass(frozen=True)
class RoundFigures:
    """What one round adds, for the aggregates and the Prometheus counters."""

    seats: int
    handle: dict[str, int]
    house_net: dict[str, int]
    player_lucky_breaks: int
    dealer_lucky_break: bool
    dealer_qualifies: bool
    fouls: int


def figures_of(record: RoundRecord) -> RoundFigures:
    settlement = record.settlement
    handle = dict.fromkeys(BETS, 0)
    house_net = dict.fromkeys(BETS, 0)
    for seat in record.seats:
        handle["main"] += seat.main_stake
        handle["dealer_break_bonus"] += seat.dealer_break_bonus_stake
        handle["break_bonus"] += seat.break_bonus_stake
        house_net["main"] -= seat.main_net
        house_net["dealer_break_bonus"] -= seat.dealer_break_bonus_net
        house_net["break_bonus"] -= seat.break_bonus_net
    return RoundFigures(
        seats=len(record.seats),
        handle=handle,
        house_net=house_net,
        player_lucky_breaks=sum(1 for seat in record.seats if seat.rule <= 2),
        dealer_lucky_break=bool(settlement["dealer"]["lucky_break"]),
        dealer_qualifies=bool(settlement["dealer"]["qualifies"]),
        fouls=sum(1 for seat in record.seats if seat.fouled),
    )


def aggregate_round(session: Session, round_id: int) -> RoundFigures | None:
    """Count a round into its shift's totals; ``None`` if it was counted already
    (the caller's commit then fails on the marker, or nothing was added)."""
    if session.get(AggregatedRound, round_id) is not None:
        return None
    record = session.get(RoundRecord, round_id)
    if record is None:
        raise LookupError(f"no round with id {round_id}")
    session.add(AggregatedRound(round_id=round_id, aggregated_at=utc_now()))
    key = {
        "table_id": record.table_id,
        "gaming_day": record.gaming_day,
        "shift": record.shift,
        "dealer_id": record.entered_by,
    }
    row = session.scalar(select(ShiftAggregate).filter_by(**key).with_for_update())
    if row is None:
        row = ShiftAggregate(**key, **dict.fromkeys(_COUNTERS, 0))
        session.add(row)
    figures = figures_of(record)
    row.rounds += 1
    row.seats += figures.seats
    for bet in BETS:
        setattr(row, f"{bet}_handle", getattr(row, f"{bet}_handle") + figures.handle[bet])
        setattr(row, f"{bet}_house_net", getattr(row, f"{bet}_house_net") + figures.house_net[bet])
    row.player_lucky_breaks += figures.player_lucky_breaks
    row.dealer_lucky_breaks += figures.dealer_lucky_break
    row.dealer_non_qualifications += not figures.dealer_qualifies
    row.fouls += figures.fouls
    session.flush()
    return figures


_COUNTERS = (
    "rounds",
    "seats",
    *(f"{bet}_{what}" for bet in BETS for what in ("handle", "house_net")),
    "player_lucky_breaks",
    "dealer_lucky_breaks",
    "dealer_non_qualifications",
    "fouls",
)
