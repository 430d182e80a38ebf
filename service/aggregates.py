"""Per table, gaming day, shift and dealer totals, kept by a background job
so the pit reports need not scan every round. Each round is counted once:
the marker row and the increments commit together."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.db import utc_now
from service.engine.house_way import Rule
from service.models import AggregatedRound, RoundRecord, ShiftAggregate

BETS = ("main", "dealer_break_bonus", "break_bonus")
#: Every counting column of a shift aggregate.
COUNTERS = (
    "rounds",
    "seats",
    *(f"{bet}_{what}" for bet in BETS for what in ("handle", "house_net")),
    "player_lucky_breaks",
    "dealer_lucky_breaks",
    "dealer_non_qualifications",
    "fouls",
)


def aggregate_round(session: Session, round_id: int) -> bool:
    """Count a round into its shift's totals; ``False`` if it was counted
    already (a concurrent count then fails on the marker at commit)."""
    if session.get(AggregatedRound, round_id) is not None:
        return False
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
        row = ShiftAggregate(**key, **dict.fromkeys(COUNTERS, 0))
        session.add(row)
    dealer = record.settlement["dealer"]
    row.rounds += 1
    row.seats += len(record.seats)
    for seat in record.seats:
        for bet in BETS:
            setattr(row, f"{bet}_handle", getattr(row, f"{bet}_handle") + getattr(seat, f"{bet}_stake"))
            setattr(row, f"{bet}_house_net", getattr(row, f"{bet}_house_net") - getattr(seat, f"{bet}_net"))
        row.player_lucky_breaks += Rule(seat.rule).is_lucky_break
        row.fouls += seat.fouled
    row.dealer_lucky_breaks += bool(dealer["lucky_break"])
    row.dealer_non_qualifications += not dealer["qualifies"]
    session.flush()
    return True
