"""Per table, gaming day, shift, dealer and configuration version totals,
kept by a background job so the pit reports need not scan every round.

A round record is counted once while it counts (see
:mod:`service.rounds.status`) and taken out once when a void or correction
stops it counting; the marker row and the changes to the totals commit
together, so a repeated job changes nothing."""

from __future__ import annotations

from sqlalchemy import ColumnElement, and_, exists, func, or_, select
from sqlalchemy.orm import Session

from service.engine.house_way import Rule
from service.engine.table_config import BetType
from service.rounds.status import ExceptionKind, approved_exception_kind, counting
from service.store.db import utc_now
from service.store.models import AggregatedRound, RoundRecord, ShiftAggregate

#: The bets by their JSON names, which also name their columns (``main_handle``).
BETS = tuple(bet.value for bet in BetType)
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

#: What a void or a correction takes out, kept beside each total it lowers.
TAKEN_OUT = (
    "seats",
    *(f"{bet}_handle" for bet in BETS),
    "player_lucky_breaks",
    "dealer_lucky_breaks",
    "dealer_non_qualifications",
    "fouls",
)
#: The rounds taken out, by the kind of exception that took them out.
TAKEN_OUT_ROUNDS = {ExceptionKind.VOID: "voided_rounds", ExceptionKind.CORRECTION: "corrected_rounds"}
#: Every column /metrics sums.
TOTALS = (*COUNTERS, *TAKEN_OUT_ROUNDS.values(), *(f"taken_out_{column}" for column in TAKEN_OUT))


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
    taken_out_by = approved_exception_kind(session, round_id)
    if (taken_out_by is None) == (marker is not None):
        return False
    if marker is None:
        session.add(AggregatedRound(round_id=round_id, aggregated_at=utc_now()))
        count_round(session, record, +1)
    else:
        assert taken_out_by is not None  # it counted, and no longer does
        marker.removed_at = utc_now()
        row, shares = count_round(session, record, -1)
        # Kept apart, never lowered: the counters on /metrics add them back.
        _bump(row, TAKEN_OUT_ROUNDS[taken_out_by], 1)
        for column in TAKEN_OUT:
            _bump(row, f"taken_out_{column}", shares[column])
    session.flush()
    return True


def count_round(session: Session, record: RoundRecord, sign: int) -> tuple[ShiftAggregate, dict[str, float]]:
    """Add (``sign`` +1) or take off (-1) a round's share of its shift's
    totals: the row changed and the share."""
    row = _row(session, record)
    shares = _shares(record)
    for column, amount in shares.items():
        _bump(row, column, sign * amount)
    return row, shares


def _row(session: Session, record: RoundRecord) -> ShiftAggregate:
    key = {
        "table_id": record.table_id,
        "gaming_day": record.gaming_day,
        "shift": record.shift,
        "dealer_id": record.entered_by,
        "config_id": record.config_id,
    }
    row = session.scalar(select(ShiftAggregate).filter_by(**key).with_for_update())
    if row is None:
        row = ShiftAggregate(**key, **dict.fromkeys(TOTALS, 0))
        session.add(row)
    return row


def _shares(record: RoundRecord) -> dict[str, float]:
    """What one round adds to each counting column."""
    shares: dict[str, float] = dict.fromkeys(COUNTERS, 0)
    dealer = record.settlement["dealer"]
    shares["rounds"] = 1
    shares["seats"] = len(record.seats)
    for seat in record.seats:
        for bet in BETS:
            stake = getattr(seat, f"{bet}_stake")
            shares[f"{bet}_bets"] += stake > 0
            shares[f"{bet}_handle"] += stake
            shares[f"{bet}_house_net"] -= getattr(seat, f"{bet}_net")
            shares[f"{bet}_stake_squares"] += float(stake) ** 2
        shares["player_lucky_breaks"] += Rule(seat.rule).is_lucky_break
        shares["fouls"] += seat.fouled
    shares["dealer_lucky_breaks"] = int(bool(dealer["lucky_break"]))
    shares["dealer_non_qualifications"] = int(not dealer["qualifies"])
    return shares


def _bump(row: ShiftAggregate, column: str, amount: float) -> None:
    setattr(row, column, getattr(row, column) + amount)


def out_of_step() -> ColumnElement[bool]:
    """Round records the totals do not reflect yet: counting but not counted,
    or counted but voided or corrected since."""
    marked = exists().where(AggregatedRound.round_id == RoundRecord.id)
    still_in = exists().where(
        AggregatedRound.round_id == RoundRecord.id, AggregatedRound.removed_at.is_(None)
    )
    return or_(and_(~marked, counting()), and_(still_in, ~counting()))


def unaggregated_count(session: Session) -> int:
    return int(session.scalar(select(func.count()).select_from(RoundRecord).where(out_of_step())) or 0)
