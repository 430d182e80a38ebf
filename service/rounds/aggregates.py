"""Per table, gaming day, shift, dealer and configuration version totals,
kept by a background job so the pit reports need not scan every round.

A round record is counted once while it counts (see
:mod:`service.rounds.status`) and taken out once when a void or correction
stops it counting; the marker row and the changes to the totals commit
together, so a repeated job changes nothing."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from typing import NamedTuple, Protocol

from sqlalchemy import ColumnElement, and_, exists, func, or_, select

from service.engine.house_way import Rule
from service.engine.table_config import BetType
from service.rounds.status import ExceptionKind, approved_exception_kind, counting
from service.store.db import Db, hold_writer, utc_now
from service.store.models import (
    AggregatedRound,
    ExceptionDecision,
    RoundException,
    RoundRecord,
    SeatRecord,
    ShiftAggregate,
)

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


def aggregate_round(db: Db, round_id: int) -> bool:
    """Bring a round's share of the totals in line with whether it counts:
    add it, take it out, or (``False``) nothing to do. A concurrent run
    fails on the marker's key or row lock at commit and is retried."""
    marker = db.scalar(select(AggregatedRound).where(AggregatedRound.round_id == round_id).with_for_update())
    record = db.get(RoundRecord, round_id)
    if record is None:
        raise LookupError(f"no round with id {round_id}")
    if marker is not None and marker.removed_at is not None:
        return False  # once taken out, a round never counts again
    taken_out_by = approved_exception_kind(db, round_id)
    if (taken_out_by is None) == (marker is not None):
        return False
    if marker is None:
        db.add(AggregatedRound(round_id=round_id, aggregated_at=utc_now()))
        count_round(db, record, +1)
    else:
        assert taken_out_by is not None  # it counted, and no longer does
        marker.removed_at = utc_now()
        row, shares = count_round(db, record, -1)
        # Kept apart, never lowered: the counters on /metrics add them back.
        _bump(row, TAKEN_OUT_ROUNDS[taken_out_by], 1)
        for column in TAKEN_OUT:
            _bump(row, f"taken_out_{column}", shares[column])
    db.flush()
    return True


#: A shift aggregate's key: table, gaming day, shift, dealer, configuration version.
Key = tuple[int, date, int, int, int]
KEY_COLUMNS = ("table_id", "gaming_day", "shift", "dealer_id", "config_id")


def aggregate_rounds(db: Db, round_ids: Iterable[int]) -> int:
    """:func:`aggregate_round` for many rounds in one transaction and a few
    queries: the rounds with their seats, their markers and their approved
    exceptions each read at once, and each shift's totals row looked up
    once. The same totals as one by one; how many rounds changed them."""
    ids = sorted(set(round_ids))
    if not ids:
        return 0
    # Plain columns, not round records: decoding each round's stored JSON
    # (its settlement, its request) was most of a batch's time, for the
    # dealer's two flags, which the database reads out of it.
    records = {
        row.id: CountedRound._make(row)
        for row in db.execute(select(*_ROUND_COLUMNS).where(RoundRecord.id.in_(ids)))
    }
    missing = [round_id for round_id in ids if round_id not in records]
    if missing:
        raise LookupError(f"no round with id {missing[0]}")
    # A stored round and its seats never change: read before the writer's
    # turn, which SQLite's other writers (the API's rounds) wait for.
    seats = _seats(db, ids)
    hold_writer(db)  # SQLite: the markers and totals read and written in one turn
    markers = {
        marker.round_id: marker
        for marker in db.scalars(
            select(AggregatedRound).where(AggregatedRound.round_id.in_(ids)).with_for_update()
        )
    }
    taken_out = _approved_kinds(db, ids)
    signs: dict[int, int] = {}
    for round_id in ids:
        marker = markers.get(round_id)
        if marker is not None and marker.removed_at is not None:
            continue  # once taken out, a round never counts again
        if (round_id in taken_out) != (marker is not None):
            continue
        signs[round_id] = +1 if marker is None else -1
    if not signs:
        return 0
    rows = _rows(db, {_key(records[round_id]) for round_id in signs})
    now = utc_now()
    for round_id, sign in signs.items():
        record = records[round_id]
        row = rows[_key(record)]
        shares = _shares(record.dealer_lucky_break, record.dealer_qualifies, seats.get(round_id, []))
        for column, amount in shares.items():
            _bump(row, column, sign * amount)
        if sign > 0:
            db.add(AggregatedRound(round_id=round_id, aggregated_at=now))
            continue
        markers[round_id].removed_at = now
        _bump(row, TAKEN_OUT_ROUNDS[taken_out[round_id]], 1)
        for column in TAKEN_OUT:
            _bump(row, f"taken_out_{column}", shares[column])
    db.flush()
    return len(signs)


def _approved_kinds(db: Db, ids: list[int]) -> dict[int, ExceptionKind]:
    """What took each of these rounds out, for those taken out (one approved
    exception a round at most: a unique index)."""
    found = db.execute(
        select(RoundException.round_id, RoundException.kind)
        .join(ExceptionDecision, ExceptionDecision.exception_id == RoundException.id)
        .where(RoundException.round_id.in_(ids), ExceptionDecision.approved.is_(True))
    ).all()
    return {round_id: ExceptionKind(kind) for round_id, kind in found}


class CountedRound(NamedTuple):
    """What counting reads of a round: its shift's key and its dealer's flags."""

    id: int
    table_id: int
    gaming_day: date
    shift: int
    entered_by: int
    config_id: int
    dealer_lucky_break: bool
    dealer_qualifies: bool


_ROUND_COLUMNS = (
    RoundRecord.id,
    RoundRecord.table_id,
    RoundRecord.gaming_day,
    RoundRecord.shift,
    RoundRecord.entered_by,
    RoundRecord.config_id,
    RoundRecord.settlement[("dealer", "lucky_break")].as_boolean(),
    RoundRecord.settlement[("dealer", "qualifies")].as_boolean(),
)


class SeatShare(Protocol):
    """What counting reads of a seat (a seat record, or a row of its columns);
    the stakes and nets are read by name, ``main_stake`` and so on."""

    rule: int
    fouled: bool


_SEAT_COLUMNS = (
    SeatRecord.round_id,
    SeatRecord.rule,
    SeatRecord.fouled,
    *(getattr(SeatRecord, f"{bet}_{what}") for bet in BETS for what in ("stake", "net")),
)


def _seats(db: Db, round_ids: list[int]) -> dict[int, list[SeatShare]]:
    seats: dict[int, list[SeatShare]] = {}
    for seat in db.execute(select(*_SEAT_COLUMNS).where(SeatRecord.round_id.in_(round_ids))):
        seats.setdefault(seat.round_id, []).append(seat)
    return seats


def _key(record: RoundRecord | CountedRound) -> Key:
    return (record.table_id, record.gaming_day, record.shift, record.entered_by, record.config_id)


def _rows(db: Db, keys: set[Key]) -> dict[Key, ShiftAggregate]:
    """The totals rows of these keys, locked in one order (two batches never
    wait for each other crosswise), and new ones for keys without a row."""
    columns = [getattr(ShiftAggregate, name) for name in KEY_COLUMNS]
    matches = [and_(*(column == value for column, value in zip(columns, key, strict=True))) for key in keys]
    found = db.scalars(
        select(ShiftAggregate).where(or_(*matches)).order_by(ShiftAggregate.id).with_for_update()
    )
    rows = {(row.table_id, row.gaming_day, row.shift, row.dealer_id, row.config_id): row for row in found}
    for key in sorted(keys - rows.keys()):
        rows[key] = ShiftAggregate(**dict(zip(KEY_COLUMNS, key, strict=True)), **dict.fromkeys(TOTALS, 0))
        db.add(rows[key])
    return rows


def count_round(db: Db, record: RoundRecord, sign: int) -> tuple[ShiftAggregate, dict[str, float]]:
    """Add (``sign`` +1) or take off (-1) a round's share of its shift's
    totals: the row changed and the share."""
    row = _row(db, record)
    dealer = record.settlement["dealer"]
    shares = _shares(bool(dealer["lucky_break"]), bool(dealer["qualifies"]), record.seats)
    for column, amount in shares.items():
        _bump(row, column, sign * amount)
    return row, shares


def _row(db: Db, record: RoundRecord) -> ShiftAggregate:
    key = {
        "table_id": record.table_id,
        "gaming_day": record.gaming_day,
        "shift": record.shift,
        "dealer_id": record.entered_by,
        "config_id": record.config_id,
    }
    row = db.scalar(select(ShiftAggregate).filter_by(**key).with_for_update())
    if row is None:
        row = ShiftAggregate(**key, **dict.fromkeys(TOTALS, 0))
        db.add(row)
    return row


def _shares(dealer_lucky_break: bool, dealer_qualifies: bool, seats: Sequence[SeatShare]) -> dict[str, float]:
    """What one round adds to each counting column."""
    shares: dict[str, float] = dict.fromkeys(COUNTERS, 0)
    shares["rounds"] = 1
    shares["seats"] = len(seats)
    for seat in seats:
        for bet in BETS:
            stake = getattr(seat, f"{bet}_stake")
            shares[f"{bet}_bets"] += stake > 0
            shares[f"{bet}_handle"] += stake
            shares[f"{bet}_house_net"] -= getattr(seat, f"{bet}_net")
            shares[f"{bet}_stake_squares"] += float(stake) ** 2
        shares["player_lucky_breaks"] += Rule(seat.rule).is_lucky_break
        shares["fouls"] += seat.fouled
    shares["dealer_lucky_breaks"] = int(dealer_lucky_break)
    shares["dealer_non_qualifications"] = int(not dealer_qualifies)
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


def unaggregated_count(db: Db) -> int:
    return int(db.scalar(select(func.count()).select_from(RoundRecord).where(out_of_step())) or 0)
