"""Results beyond luck, the sums (rule book section 15): each round that
counts adds the luck of every seat (rated or not, :mod:`.luck`) once to
its table's shift, its dealer's shift (who entered it) and each rated
player's gaming day (``luck_sums``); a round a void or a correction takes
out takes its luck out again (a correction's record adds its own). The
workers' job (``luck``) does it after the round's expected values are
stored; the round's row (``luck_rounds``) is its natural key, so a job
run twice adds nothing twice, and a round without one is work the sweep
sends again. No check reads the rounds: a window is a row (a shift, a
day) or 30 rows (a player's 30 days).

A round waits (no row, found again by the sweep) while a seat's values
are not stored or must be stored again (``StaleSeatValues``), or while
its configuration's card spread cannot be had (the player's-cards
variance: its strategy table not complete)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

from sqlalchemy import ColumnElement, and_, bindparam, exists, func, select

from service.config.currency import Currency
from service.players.rated.inputs import PerBet, RatedRound
from service.players.rated_rows import STORED_VALUES, StaleSeatValues, StoredValues, hand_values_of
from service.players.rating_figures import config_constants, constants_of, figured_values
from service.protection.luck import Luck, seat_luck
from service.protection.luck_facts import RoundFacts, round_facts
from service.protection.luck_writes import WHOLE_DAY as WHOLE_DAY
from service.protection.luck_writes import (
    Kept,
    SumKey,
    add_round,
    insert_round,
    luck_of,
)
from service.protection.luck_writes import LuckSubject as LuckSubject
from service.rounds.status import counting
from service.store.db import Db
from service.store.models import (
    LuckRound,
    LuckRoundPlayer,
    RatedSeat,
    Rating,
    RoundExpectedValue,
    RoundRecord,
    SeatExpectedValue,
    SeatRecord,
)


@dataclass(frozen=True, slots=True)
class Changed:
    """A round whose luck was added (or taken out): the windows to check."""

    round_id: int
    table_id: int
    dealer_id: int
    gaming_day: date
    shift: int
    currency: Currency
    players: tuple[int, ...] = field(default=())
    #: the windows' one-row sums as the job wrote them (by key), so that
    #: the check need not read them again
    kept: Mapping[SumKey, Kept] = field(default_factory=dict, compare=False)
    #: the casino's threshold as the job read it with the round (None: read it)
    threshold: Fraction | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Found:
    total: Luck
    players: dict[int, Luck]


def luck_round(db: Db, round_id: int, instance: Path | None, now: datetime) -> Changed | None:
    """Add a counting round's luck to its sums, or take a round's out once
    it no longer counts; None when there was nothing to do (done before,
    or the round waits)."""
    facts = round_facts(db, round_id)
    if facts is None:
        raise LookupError(f"no round with id {round_id}")
    if not facts.counts:
        return None if not facts.added or facts.removed else _take_out(db, facts, now)
    if facts.added:
        return None
    found = _found(db, facts, instance)
    if found is None:
        return None
    insert_round(db, facts, found.total, found.players, now)
    kept = add_round(db, facts, found.total, found.players, 1, now)
    return changed_of(facts, found.players, kept)


def _take_out(db: Db, facts: RoundFacts, now: datetime) -> Changed | None:
    row = db.get(LuckRound, facts.round_id, with_for_update=True)  # read again, locked
    if row is None or row.removed_at is not None:
        return None  # a concurrent run took it out first
    row.removed_at = now
    players = {
        each.player_id: luck_of(each)
        for each in db.scalars(select(LuckRoundPlayer).where(LuckRoundPlayer.round_id == row.round_id))
    }
    db.flush()
    kept = add_round(db, facts, luck_of(row), players, -1, now)
    return changed_of(facts, players, kept)


def changed_of(facts: RoundFacts, players: dict[int, Luck], kept: dict[SumKey, Kept]) -> Changed:
    return Changed(
        facts.round_id,
        facts.table_id,
        facts.dealer_id,
        facts.gaming_day,
        facts.shift,
        facts.currency,
        tuple(sorted(players)),
        kept,
        facts.threshold,
    )


# Each seat's stakes, nets and stored values (their columns: loading the
# rows' objects was a tenth of the job), and its rated player if any.
_SEAT_COLUMNS = (
    select(
        SeatRecord.round_id,
        SeatRecord.main_stake,
        SeatRecord.dealer_break_bonus_stake,
        SeatRecord.break_bonus_stake,
        SeatRecord.main_net,
        SeatRecord.dealer_break_bonus_net,
        SeatRecord.break_bonus_net,
        *STORED_VALUES,
        Rating.player_id,
    )
    .outerjoin(SeatExpectedValue, SeatExpectedValue.seat_id == SeatRecord.id)
    .outerjoin(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
    .outerjoin(Rating, Rating.id == RatedSeat.rating_id)
)
_SEATS = _SEAT_COLUMNS.where(SeatRecord.round_id == bindparam("round_id")).order_by(SeatRecord.seat)
_SEATS_OF = _SEAT_COLUMNS.where(SeatRecord.round_id.in_(bindparam("round_ids", expanding=True))).order_by(
    SeatRecord.round_id, SeatRecord.seat
)


def _found(db: Db, facts: RoundFacts, instance: Path | None) -> Found | None:
    rows = db.execute(_SEATS, {"round_id": facts.round_id}).all()
    return found_of(rows, facts, instance)


def rounds_seats(db: Db, round_ids: list[int]) -> dict[int, list[Any]]:
    """The rounds' seats' rows (of :func:`found_of`) by round, in one query."""
    seats: dict[int, list[Any]] = {round_id: [] for round_id in round_ids}
    for row in db.execute(_SEATS_OF, {"round_ids": round_ids}):
        seats[row.round_id].append(row)
    return seats


def found_of(rows: Sequence[Any], facts: RoundFacts, instance: Path | None) -> Found | None:
    """Every seat's luck, and each rated player's seats' together, from
    the round's seats' rows; None while the round must wait."""
    if not rows or any(seat.seat_id is None for seat in rows):
        return None
    constants = config_constants(facts.config, instance)
    if constants.spread is None:
        return None
    total, players = Luck(), dict[int, Luck]()
    for seat in rows:
        try:
            values = hand_values_of(cast(StoredValues, seat))  # a row of those columns
        except StaleSeatValues:
            return None
        luck = seat_luck(
            RatedRound(
                stakes=PerBet(seat.main_stake, seat.dealer_break_bonus_stake, seat.break_bonus_stake),
                nets=PerBet(seat.main_net, seat.dealer_break_bonus_net, seat.break_bonus_net),
                values=values,
                edges=constants.edges,
                spread=constants.spread,
            )
        )
        total += luck
        if seat.player_id is not None:
            players[seat.player_id] = players.get(seat.player_id, Luck()) + luck
    # The seats share the dealer's hand: a round's sum takes the bound.
    return Found(total.bounded(), {player: luck.bounded() for player, luck in players.items()})


def _waiting() -> ColumnElement[bool]:
    """A round that counts, valued (every seat's values as the figures take
    them), whose luck is not added: work undone."""
    added = exists().where(LuckRound.round_id == RoundRecord.id)
    valued = exists().where(RoundExpectedValue.round_id == RoundRecord.id)
    stale = (
        exists()
        .where(SeatRecord.round_id == RoundRecord.id)
        .where(SeatExpectedValue.seat_id == SeatRecord.id)
        .where(~figured_values())
    )
    return and_(counting(), valued, ~added, ~stale)


def _to_take_out() -> ColumnElement[bool]:
    """A round whose luck is added but that no longer counts."""
    return exists().where(LuckRound.round_id == RoundRecord.id, LuckRound.removed_at.is_(None)) & ~counting()


def rounds_without_luck(
    db: Db, instance: Path | None, before: datetime | None = None, limit: int = 1_000
) -> list[int]:
    """Rounds (entered before ``before``) whose luck the job must add or
    take out, oldest first: the sweep sends them again. Rounds of a
    configuration whose card spread cannot be had are left out (their job
    could only wait again, every sweep), and the rounds after them looked
    at instead."""
    query = select(RoundRecord.id, RoundRecord.config_id).where(_waiting() | _to_take_out())
    if before is not None:
        query = query.where(RoundRecord.entered_at < before)
    without: set[int] = set()
    while True:
        found = db.execute(
            query.where(RoundRecord.config_id.not_in(without)).order_by(RoundRecord.id).limit(limit)
        ).all()
        missing = {
            config_id
            for config_id in {config_id for _, config_id in found}
            if constants_of(db, config_id, instance).spread is None
        }
        if not missing:
            return [round_id for round_id, _ in found]
        without |= missing


def without_luck_count(db: Db) -> int:
    """How many rounds the luck job has work at (the ops status)."""
    return int(
        db.scalar(select(func.count()).select_from(RoundRecord).where(_waiting() | _to_take_out())) or 0
    )
