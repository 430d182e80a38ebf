"""What each seat of a stored round was worth: the Main Bet's expected value
of the setting played (as settled: a foul reset by the house way, or -1
when it forfeits), of the best setting and of the house way's, what the
played setting cost against each, and the side bets' expected values,
under the configuration version the round was settled under (rule book
section 12). The use case behind ``GET /rounds/{id}/hand-values``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, TypedDict

from service.analysis.hand_advice import HandAdvice, SettingValue
from service.config.environment import StrategyTables
from service.engine.cards import codes, parse_cards
from service.engine.table_config import FoulPolicy
from service.rounds.seat_values import played_setting
from service.rounds.showing import get_round
from service.store.db import Db
from service.store.models import SeatRecord
from service.tables.advice_json import (
    DEALER_BREAK_BONUS,
    BreakBonusJson,
    ValueJson,
    break_bonus_json,
    value_json,
)
from service.tables.hand_analysis import advise_under
from service.tables.tables import config_of


class SettingValueJson(ValueJson):
    """A setting of the seat's cards and its Main Bet expected value."""

    low: Annotated[list[str], "the two-card low, card codes"]
    high: Annotated[list[str], "the three-card high, card codes"]


class SeatValuesJson(TypedDict):
    seat: Annotated[int, "the seat number"]
    cards: Annotated[list[str], "the seat's seven cards"]
    fouled: Annotated[bool, "whether the setting entered was a foul"]
    played: Annotated[
        SettingValueJson,
        "the setting as settled and its Main Bet expected value as it settled: a foul is the house way's "
        "value under the house_way policy, -1 under forfeit",
    ]
    best: Annotated[SettingValueJson, "the optimal setting"]
    house_way: Annotated[SettingValueJson, "the house way's"]
    played_is_best: Annotated[bool, "whether the setting played is worth as much as the best"]
    cost_against_best: Annotated[
        ValueJson, "the best's expected value minus the played one's: what the setting gave up"
    ]
    cost_against_house_way: Annotated[
        ValueJson, "the house way's minus the played one's (negative: it did better)"
    ]
    dealer_break_bonus: Annotated[ValueJson, DEALER_BREAK_BONUS]
    break_bonus: Annotated[
        BreakBonusJson,
        "the Break Bonus's expected value (these cards' category at the table's pays)",
    ]


class RoundHandValuesJson(TypedDict):
    id: Annotated[int, "the stored round"]
    table_id: Annotated[int, "its table"]
    config_version: Annotated[int, "the configuration version the round was settled under"]
    qualifier: Annotated[str, "that version's dealer qualifier"]
    foul_policy: FoulPolicy
    seats: Annotated[list[SeatValuesJson], "each seat, by seat number"]


def round_hand_values(
    db: Db, round_id: int, instance: Path, strategy_tables: StrategyTables
) -> RoundHandValuesJson:
    record = get_round(db, round_id)
    version = record.config
    config = config_of(version)
    seats = []
    for index, seat in enumerate(record.seats):
        field = f"seats[{index}].cards"
        advice = advise_under(db, version, parse_cards(seat.cards), instance, strategy_tables, field)
        seats.append(seat_values(seat, advice, config.foul_policy))
    return {
        "id": record.id,
        "table_id": record.table_id,
        "config_version": version.version,
        "qualifier": config.dealer_qualifier.text,
        "foul_policy": config.foul_policy,
        "seats": seats,
    }


def seat_values(seat: SeatRecord, advice: HandAdvice, foul_policy: FoulPolicy) -> SeatValuesJson:
    chosen = played_setting(advice, seat.setting_entered)
    played = advice.main_value_played(chosen, foul_policy)
    best, house = advice.best, advice.house_way
    return {
        "seat": seat.seat,
        "cards": list(seat.cards),
        "fouled": seat.fouled,
        "played": {"low": list(seat.low), "high": list(seat.high), **value_json(played)},
        "best": _valued(best),
        "house_way": _valued(house),
        "played_is_best": played == best.expected_value,
        "cost_against_best": value_json(best.expected_value - played),
        "cost_against_house_way": value_json(house.expected_value - played),
        "dealer_break_bonus": value_json(advice.dealer_break_bonus),
        "break_bonus": break_bonus_json(advice),
    }


def _valued(entry: SettingValue) -> SettingValueJson:
    setting = entry.setting
    return {"low": codes(setting.low), "high": codes(setting.high), **value_json(entry.expected_value)}
