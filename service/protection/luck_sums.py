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

from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from pathlib import Path

from sqlalchemy import ColumnElement, and_, exists, func, select

from service.config.currency import Currency
from service.players.rated.inputs import PerBet, RatedRound
from service.players.rated_rows import StaleSeatValues, hand_values_of
from service.players.rating_figures import constants_of, figured_values
from service.protection.luck import FourParts, Luck, seat_luck
from service.rounds.status import counting, counts
from service.store.db import Db
from service.store.models import (
    GameTable,
    LuckRound,
    LuckRoundPlayer,
    LuckSum,
    RatedSeat,
    Rating,
    RoundExpectedValue,
    RoundRecord,
    SeatExpectedValue,
    SeatRecord,
)
from service.tables.tables import currencies_of

#: the ``shift`` of a player's gaming day's row (shifts count from 1)
WHOLE_DAY = 0


class LuckSubject(StrEnum):
    TABLE = "table"  # a table's shift
    DEALER = "dealer"  # a dealer's shift, all tables
    PLAYER = "player"  # a rated player's gaming day, all tables and ratings


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


@dataclass(frozen=True, slots=True)
class _Found:
    total: Luck
    players: dict[int, Luck]


def luck_round(db: Db, round_id: int, instance: Path | None, now: datetime) -> Changed | None:
    """Add a counting round's luck to its sums, or take a round's out once
    it no longer counts; None when there was nothing to do (done before,
    or the round waits)."""
    record = db.get(RoundRecord, round_id)
    if record is None:
        raise LookupError(f"no round with id {round_id}")
    row = db.get(LuckRound, round_id, with_for_update=True)
    if not counts(db, round_id):
        return None if row is None or row.removed_at is not None else _take_out(db, row, now)
    if row is not None:
        return None
    found = _found(db, record, instance)
    if found is None:
        return None
    table = db.get(GameTable, record.table_id)
    assert table is not None  # the round's foreign key
    currency = currencies_of(db, [table])[table.id]
    row = LuckRound(
        round_id=record.id,
        table_id=record.table_id,
        dealer_id=record.entered_by,
        gaming_day=record.gaming_day,
        shift=record.shift,
        currency=currency.code,
        seats=found.total.seats,
        luck=found.total.luck,
        variance=found.total.variance,
        **_part_columns(found.total),
        added_at=now,
    )
    db.add(row)
    db.flush()  # the natural key: a concurrent run of the round fails here, and is retried
    for player_id, luck in sorted(found.players.items()):
        db.add(
            LuckRoundPlayer(
                round_id=record.id,
                player_id=player_id,
                gaming_day=record.gaming_day,
                seats=luck.seats,
                luck=luck.luck,
                variance=luck.variance,
                **_part_columns(luck),
            )
        )
    _add(db, row, found.total, found.players, 1, now)
    return _changed(row, currency, found.players)


def _take_out(db: Db, row: LuckRound, now: datetime) -> Changed:
    row.removed_at = now
    players = {
        each.player_id: luck_of(each)
        for each in db.scalars(select(LuckRoundPlayer).where(LuckRoundPlayer.round_id == row.round_id))
    }
    _add(db, row, luck_of(row), players, -1, now)
    table = db.get(GameTable, row.table_id)
    assert table is not None
    return _changed(row, currencies_of(db, [table])[table.id], players)


def _part_columns(luck: Luck) -> dict[str, int]:
    parts = luck.parts
    return {
        "actual": parts.actual,
        "theoretical": parts.theoretical,
        "decisions": parts.decisions,
        "player_cards": parts.player_cards,
    }


def luck_of(row: LuckRound | LuckRoundPlayer | LuckSum) -> Luck:
    """A stored row's luck, its four parts with it."""
    parts = FourParts(row.actual, row.theoretical, row.decisions, row.player_cards)
    return Luck(row.luck, row.variance, row.seats, parts)


def _changed(row: LuckRound, currency: Currency, players: dict[int, Luck]) -> Changed:
    return Changed(
        row.round_id, row.table_id, row.dealer_id, row.gaming_day, row.shift, currency, tuple(sorted(players))
    )


def _found(db: Db, record: RoundRecord, instance: Path | None) -> _Found | None:
    """Every seat's luck, and each rated player's seats' together; None
    while the round must wait."""
    rows = db.execute(
        select(SeatRecord, SeatExpectedValue, Rating.player_id)
        .outerjoin(SeatExpectedValue, SeatExpectedValue.seat_id == SeatRecord.id)
        .outerjoin(RatedSeat, RatedSeat.seat_id == SeatRecord.id)
        .outerjoin(Rating, Rating.id == RatedSeat.rating_id)
        .where(SeatRecord.round_id == record.id)
        .order_by(SeatRecord.seat)
    ).all()
    if not rows or any(stored is None for _, stored, _ in rows):
        return None
    constants = constants_of(db, record.config_id, instance)
    if constants.spread is None:
        return None
    total, players = Luck(), dict[int, Luck]()
    for seat, stored, player_id in rows:
        try:
            values = hand_values_of(stored)
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
        if player_id is not None:
            players[player_id] = players.get(player_id, Luck()) + luck
    # The seats share the dealer's hand: a round's sum takes the bound.
    return _Found(total.bounded(), {player: luck.bounded() for player, luck in players.items()})


def _add(db: Db, row: LuckRound, total: Luck, players: dict[int, Luck], sign: int, now: datetime) -> None:
    """Add (sign 1) or take out (−1) a round's luck, each sum's row locked
    first (PostgreSQL: two rounds of a shift add one after the other)."""
    windows = [
        ((LuckSubject.TABLE, row.table_id, row.currency, row.gaming_day, row.shift), total),
        ((LuckSubject.DEALER, row.dealer_id, row.currency, row.gaming_day, row.shift), total),
        *(
            ((LuckSubject.PLAYER, player_id, row.currency, row.gaming_day, WHOLE_DAY), luck)
            for player_id, luck in sorted(players.items())
        ),
    ]
    for key, luck in windows:
        kept = db.get(LuckSum, key, with_for_update=True)
        if kept is None:
            kind, subject_id, currency, day, shift = key
            kept = LuckSum(
                kind=kind, subject_id=subject_id, currency=currency, gaming_day=day, shift=shift,
                rounds=0, seats=0, luck=0, variance=0, actual=0, theoretical=0, decisions=0, player_cards=0,
            )  # fmt: skip
            db.add(kept)
        kept.rounds += sign
        kept.seats += sign * luck.seats
        kept.luck += sign * luck.luck
        kept.variance += sign * luck.variance
        kept.actual += sign * luck.parts.actual
        kept.theoretical += sign * luck.parts.theoretical
        kept.decisions += sign * luck.parts.decisions
        kept.player_cards += sign * luck.parts.player_cards
        kept.changed_at = now
    db.flush()


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
