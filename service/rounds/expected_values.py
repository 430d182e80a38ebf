"""The expected win of the hands dealt (rule book section 12): per seat of a
stored round, the exact expected values of its bets given its seven cards,
the dealer's hand unknown, from the hand calculator
(:func:`service.analysis.hand_advice.advise`) under the round's own
configuration version; written once, with the round's sums beside them.

Every value is kept as an integer numerator over ``DEALER_HANDS`` = C(46,7):
the calculator's fractions all have that denominator (the Break Bonus is
known from the cards, so its numerator is the pay times it).

A round's values are written all together or not at all: the reports'
variance bound is per round, over all its seats. A missing strategy-table
block raises ``StrategyTableMissing`` and writes nothing."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from pathlib import Path

from sqlalchemy import ColumnElement, exists, func, select
from sqlalchemy.orm import Session

from service.analysis.hand_advice import HandAdvice, StrategyTableMissing, advise
from service.analysis.main_bet import DEALER_HANDS
from service.analysis.strategy_table import table_folder
from service.engine.cards import parse_cards
from service.engine.setting import Setting
from service.engine.settlement import DEALER_BREAK_BONUS_BOTH_PAYS, DEALER_BREAK_BONUS_PAYS
from service.engine.table_config import FoulPolicy, TableConfig
from service.rounds.status import counting
from service.rounds.value_sums import add_values
from service.store.db import hold_writer, utc_now
from service.store.models import ConfigVersion, RoundExpectedValue, RoundRecord, SeatExpectedValue, SeatRecord
from service.tables.tables import config_of

HOUSE_WAY_ENTERED = "house_way"


@dataclass(frozen=True, slots=True)
class SeatValues:
    """One seat's numerators over ``DEALER_HANDS``, for the player per unit."""

    main_played: int
    main_best: int
    main_house_way: int
    main_played_square: int  # E[X²] × N: won + lost, or N under a forfeit
    dealer_break_bonus: int
    dealer_break_bonus_square: int
    break_bonus: int  # the pay × N (or -N): the bet's result is known


def _numerator(value: Fraction) -> int:
    """An exact value over ``DEALER_HANDS`` as its numerator."""
    scaled = value * DEALER_HANDS
    if scaled.denominator != 1:
        raise ValueError(f"{value} is not a multiple of 1/{DEALER_HANDS}")
    return scaled.numerator


def played_setting(advice: HandAdvice, entered: object) -> Setting:
    """The setting the player asked for (a foul included): the calculator
    values it as settled under the foul policy."""
    if entered == HOUSE_WAY_ENTERED or not isinstance(entered, dict):
        return advice.house_way.setting
    return Setting(parse_cards(entered["low"]), parse_cards(entered["high"]))


def seat_values(advice: HandAdvice, setting: Setting, foul_policy: FoulPolicy) -> SeatValues:
    entry = advice.value_of(setting)
    if entry is None and foul_policy is FoulPolicy.HOUSE_WAY:
        entry = advice.house_way
    # A forfeit loses the stake for sure: X = -1, so E[X²] = 1.
    square = DEALER_HANDS if entry is None else entry.won + entry.lost
    dealer_bonus = _numerator(advice.dealer_break_bonus)
    both = advice.house_way.setting.is_lucky_break  # the player's Lucky Break, on the seven cards
    pays = DEALER_BREAK_BONUS_BOTH_PAYS if both else DEALER_BREAK_BONUS_PAYS
    # EV × N = lucky × pays - (N - lucky): the dealer's Lucky Breaks counted back.
    lucky, rest = divmod(dealer_bonus + DEALER_HANDS, pays + 1)
    assert rest == 0, "the Dealer Break Bonus pays one of two odds"
    return SeatValues(
        main_played=_numerator(advice.main_value_played(setting, foul_policy)),
        main_best=advice.best.won - advice.best.lost,
        main_house_way=advice.house_way.won - advice.house_way.lost,
        main_played_square=square,
        dealer_break_bonus=dealer_bonus,
        dealer_break_bonus_square=lucky * pays * pays + DEALER_HANDS - lucky,
        break_bonus=_numerator(advice.break_bonus),
    )


def sd(value: int, square: int) -> float:
    """The standard deviation per unit of a bet with E[X] = value / N and
    E[X²] = square / N: √(N·square − value²) / N."""
    return math.sqrt(max(DEALER_HANDS * square - value * value, 0)) / DEALER_HANDS


def has_values(round_id: int) -> ColumnElement[bool]:
    return exists().where(RoundExpectedValue.round_id == round_id)


def expect_round(session: Session, round_id: int, instance: Path | None) -> bool:
    """Store the expected values of every seat of a round, once; ``False``
    when they are stored already. Raises :class:`StrategyTableMissing`
    (writing nothing) when a seat's strategy-table block is not built."""
    return expect_rounds(session, [round_id], instance) == 1


def expect_rounds(session: Session, round_ids: list[int], instance: Path | None) -> int:
    """:func:`expect_round` for several rounds in one transaction; how many
    were stored. Every round's values are found before the first write:
    found between writes, a batch held SQLite's single writer through all
    its hand calculations, and the API's rounds waited behind it (p95 200
    ms at 100 rounds a second in bench-service)."""
    found = [values for values in (_found(session, round_id, instance) for round_id in round_ids) if values]
    for values in found:
        _store(session, values)
    return len(found)


@dataclass(frozen=True, slots=True)
class _Found:
    """A round's values, found and not yet stored."""

    record: RoundRecord
    config: TableConfig
    seats: list[tuple[SeatRecord, SeatValues]]


def _found(session: Session, round_id: int, instance: Path | None) -> _Found | None:
    """Reads only: ``None`` when the round's values are stored already."""
    if session.scalar(select(has_values(round_id))):
        return None
    record = session.get(RoundRecord, round_id)
    if record is None:
        raise LookupError(f"no round with id {round_id}")
    config = config_of(record.config)
    if not any(table_folder(config.dealer_qualifier, instance).glob("block-*.npz")):
        # Nothing of the table is built: said without reading the pattern
        # index (a second in each job's fresh work-horse).
        raise StrategyTableMissing(f"no strategy table for qualifier {config.dealer_qualifier.text}")
    return _Found(record, config, [(seat, _seat(seat, config, instance)) for seat in record.seats])


def _store(session: Session, found: _Found) -> None:
    now = utc_now()
    hold_writer(session)  # SQLite: the values and their shift's sums in one turn
    for seat, values in found.seats:
        session.add(_seat_row(found.record, seat, values, found.config, now))
    round_values = _round_row(found.record, found.seats, now)
    session.add(round_values)
    session.flush()  # a concurrent run fails here on the round's key and is retried
    add_values(session, found.record, round_values)  # the report's sums, if the round still counts


def _seat(seat: SeatRecord, config: TableConfig, instance: Path | None) -> SeatValues:
    advice = advise(parse_cards(seat.cards), config, instance)
    return seat_values(advice, played_setting(advice, seat.setting_entered), config.foul_policy)


def _seat_row(
    record: RoundRecord, seat: SeatRecord, found: SeatValues, config: TableConfig, now: datetime
) -> SeatExpectedValue:
    return SeatExpectedValue(
        round_id=record.id,
        seat_id=seat.id,
        seat=seat.seat,
        config_id=record.config_id,
        qualifier=config.dealer_qualifier.text,
        foul_policy=config.foul_policy.value,
        main_played=found.main_played,
        main_best=found.main_best,
        main_house_way=found.main_house_way,
        main_played_square=found.main_played_square,
        dealer_break_bonus=found.dealer_break_bonus,
        dealer_break_bonus_square=found.dealer_break_bonus_square,
        break_bonus=found.break_bonus,
        computed_at=now,
    )


def _round_row(
    record: RoundRecord, values: list[tuple[SeatRecord, SeatValues]], now: datetime
) -> RoundExpectedValue:
    def total(stake: str, numerator: str) -> int:
        return sum(getattr(seat, stake) * getattr(found, numerator) for seat, found in values)

    return RoundExpectedValue(
        round_id=record.id,
        config_id=record.config_id,
        seats=len(values),
        main_handle=sum(seat.main_stake for seat, _ in values),
        main_player_value=total("main_stake", "main_played"),
        dealer_break_bonus_player_value=total("dealer_break_bonus_stake", "dealer_break_bonus"),
        break_bonus_player_value=total("break_bonus_stake", "break_bonus"),
        main_best_value=total("main_stake", "main_best"),
        main_house_way_value=total("main_stake", "main_house_way"),
        # Σ stake × sd: the bound of the round's standard deviation (the
        # seats share the dealer's hand, so their results are correlated).
        main_sd_sum=sum(
            seat.main_stake * sd(found.main_played, found.main_played_square) for seat, found in values
        ),
        dealer_break_bonus_sd_sum=sum(
            seat.dealer_break_bonus_stake * sd(found.dealer_break_bonus, found.dealer_break_bonus_square)
            for seat, found in values
        ),
        break_bonus_sd_sum=0.0,  # known from the cards
        computed_at=now,
    )


def without_table(session: Session, round_ids: list[int], instance: Path | None) -> dict[int, int]:
    """Of these rounds, those whose qualifier's strategy table has no block
    built, by round id with their configuration version: what
    :func:`expect_round` would refuse, found with a query and a look at
    each configuration's folder once (a batch of them, not a job each)."""
    found = session.execute(
        select(RoundRecord.id, RoundRecord.config_id).where(RoundRecord.id.in_(round_ids))
    ).all()
    built: dict[int, bool] = {}
    for config_id in {config_id for _, config_id in found}:
        version = session.get(ConfigVersion, config_id)
        assert version is not None  # a round's version is its foreign key
        built[config_id] = any(
            table_folder(config_of(version).dealer_qualifier, instance).glob("block-*.npz")
        )
    return {round_id: config_id for round_id, config_id in found if not built[config_id]}


def round_config_id(session: Session, round_id: int) -> int:
    """The configuration version a stored round was settled under (whose
    par sheet job builds the strategy table its values need)."""
    config_id = session.scalar(select(RoundRecord.config_id).where(RoundRecord.id == round_id))
    if config_id is None:
        raise LookupError(f"no round with id {round_id}")
    return config_id


def unvalued() -> ColumnElement[bool]:
    """The SQL condition a round counts and its hands' expected values are
    not stored yet (their job waits, or waits for a strategy table)."""
    return counting() & ~exists().where(RoundExpectedValue.round_id == RoundRecord.id)


def unvalued_count(session: Session) -> int:
    """How many rounds are :func:`unvalued`."""
    return session.scalar(select(func.count()).select_from(RoundRecord).where(unvalued())) or 0
