"""Per table, gaming day, shift, dealer and configuration version totals,
kept by a background job so the pit reports need not scan every round.

A round record is counted once while it counts (see
:mod:`service.round_status`) and taken out once when a void or correction
stops it counting; the marker row and the changes to the totals commit
together, so a repeated job changes nothing."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.db import utc_now
from service.engine.house_way import Rule
from service.models import AggregatedRound, RoundRecord, ShiftAggregate
from service.round_status import counts

BETS = ("main", "dealer_break_bonus", "break_bonus")
#: Every counting column of a shift aggregate.
COUNTERS = (
    "rounds",
    "seats",
    *(f"{bet}_{what}" for bet in BETS for what in ("bets", "handle", "house_net", "stake_squares")),
    "player_lucky_breaks",
    "dealer_lucky_breaks",
    "dealer_non_qualifications",
    "fouls",
)


def aggregate_round(session: Session, round_id: int) -> bool:
    """Bring a round's share of the totals in line with whether it counts:
    add it, take it out, or (``False``) nothing to do. A concurrent run
    fails on the marker's key or row lock at commit and is retried."""
    marker = session.scalar(
        select(AggregatedRound).where(AggregatedRound.round_id == round_id).with_for_update()
    )
    record = session.get(RoundRecord, round_id)
    if record is None:
        raise LookupError(f"no round with id {round_id}")
    if marker is not None and marker.removed_at is not None:
        return False  # once taken out, a round never counts again
    if counts(session, round_id) == (marker is not None):
        return False
    if marker is None:
        session.add(AggregatedRound(round_id=round_id, aggregated_at=utc_now()))
        _add(session, record, +1)
    else:
        marker.removed_at = utc_now()
        _add(session, record, -1)
    session.flush()
    return True


def _add(session: Session, record: RoundRecord, sign: int) -> None:
    key = {
        "table_id": record.table_id,
        "gaming_day": record.gaming_day,
        "shift": record.shift,
        "dealer_id": record.entered_by,
        "config_id": record.config_id,
    }
    row = session.scalar(select(ShiftAggregate).filter_by(**key).with_for_update())
    if row is None:
        row = ShiftAggregate(**key, **dict.fromkeys(COUNTERS, 0))
        session.add(row)
    dealer = record.settlement["dealer"]
    row.rounds += sign
    row.seats += sign * len(record.seats)
    for seat in record.seats:
        for bet in BETS:
            stake = getattr(seat, f"{bet}_stake")
            _bump(row, f"{bet}_bets", sign * (stake > 0))
            _bump(row, f"{bet}_handle", sign * stake)
            _bump(row, f"{bet}_house_net", -sign * getattr(seat, f"{bet}_net"))
            _bump(row, f"{bet}_stake_squares", sign * float(stake) ** 2)
        row.player_lucky_breaks += sign * Rule(seat.rule).is_lucky_break
        row.fouls += sign * seat.fouled
    row.dealer_lucky_breaks += sign * bool(dealer["lucky_break"])
    row.dealer_non_qualifications += sign * (not dealer["qualifies"])


def _bump(row: ShiftAggregate, column: str, amount: float) -> None:
    setattr(row, column, getattr(row, column) + amount)
