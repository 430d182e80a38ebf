"""The hand calculator's answer as JSON: every legal setting of seven cards
with its exact Main Bet expected value and its win, push and loss counts,
the best setting, the house way's, what the house way costs, and the side
bets' expected values (rule book section 12).

Each expected value is a float for reading and the exact fraction as a
string (``"-1799/26762340"``) for checking: the service keeps Fractions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypedDict

from service.analysis.hand_advice import HandAdvice, SettingValue
from service.analysis.main_bet import DEALER_HANDS
from service.engine.break_bonus import pattern_category
from service.engine.cards import codes
from service.engine.hands import HandValue
from service.engine.table_config import TableConfig


class ValueJson(TypedDict):
    """An expected value per unit staked, for the player."""

    expected_value: float
    expected_value_exact: str  # the exact fraction, "p/q"


class HandTextJson(TypedDict):
    """A low or high hand as the engine writes it."""

    plays_as: str  # "Q-K-A"
    category: str  # "straight"
    joker: str | None  # "JK as A"; None: no joker in the hand


class SettingJson(TypedDict):
    """One legal setting and its Main Bet over every dealer hand."""

    low: list[str]
    high: list[str]
    low_hand: HandTextJson
    high_hand: HandTextJson
    lucky_break: bool
    expected_value: float
    expected_value_exact: str
    win_probability: float
    push_probability: float
    loss_probability: float
    won: int  # dealer hands of C(46,7) this setting beats
    pushed: int
    lost: int
    best: bool
    house_way: bool


class BreakBonusJson(ValueJson):
    category: str | None  # a BreakBonusCategory's value; None: the hand loses the bet
    category_name: str | None  # "Lucky Break with Straight"


class AdviceJson(TypedDict):
    cards: list[str]  # display order
    qualifier: str
    dealer_hands: int  # C(46,7): the counts are out of it
    settings: list[SettingJson]  # every legal one, in the house way's order
    best: SettingJson
    house_way: SettingJson
    house_way_cost: ValueJson  # best minus the house way's expected value
    dealer_break_bonus: ValueJson
    break_bonus: BreakBonusJson


def value_json(value: Fraction) -> ValueJson:
    """>>> value_json(Fraction(-1, 4))
    {'expected_value': -0.25, 'expected_value_exact': '-1/4'}"""
    return {"expected_value": float(value), "expected_value_exact": str(value)}


def hand_text(value: HandValue) -> HandTextJson:
    return {"plays_as": value.text, "category": value.category.label, "joker": value.joker_text}


def setting_json(entry: SettingValue, best: bool, house_way: bool) -> SettingJson:
    setting, value = entry.setting, entry.expected_value
    return {
        "low": codes(setting.low),
        "high": codes(setting.high),
        "low_hand": hand_text(setting.low_value),
        "high_hand": hand_text(setting.high_value),
        "lucky_break": setting.is_lucky_break,
        "expected_value": float(value),
        "expected_value_exact": str(value),
        # int / int is correctly rounded, as float(Fraction) is, without the gcd.
        "win_probability": entry.won / DEALER_HANDS,
        "push_probability": entry.pushed / DEALER_HANDS,
        "loss_probability": entry.lost / DEALER_HANDS,
        "won": entry.won,
        "pushed": entry.pushed,
        "lost": entry.lost,
        "best": best,
        "house_way": house_way,
    }


def settings_json(advice: HandAdvice) -> list[SettingJson]:
    """Every setting, the best and the house way's marked: by ranks, since
    suits never change a value and the entries are distinct by ranks."""
    best, house = advice.best.ranks(), advice.house_way.ranks()
    listed = []
    for entry in advice.settings:
        ranks = entry.ranks()
        listed.append(setting_json(entry, ranks == best, ranks == house))
    return listed


def break_bonus_json(advice: HandAdvice) -> BreakBonusJson:
    category = pattern_category(tuple(card.rank for card in advice.cards))
    return {
        "expected_value": float(advice.break_bonus),
        "expected_value_exact": str(advice.break_bonus),
        "category": None if category is None else category.value,
        "category_name": None if category is None else category.label,
    }


def advice_json(advice: HandAdvice, config: TableConfig) -> AdviceJson:
    listed = settings_json(advice)
    return {
        "cards": codes(advice.cards),
        "qualifier": config.dealer_qualifier.text,
        "dealer_hands": DEALER_HANDS,
        "settings": listed,
        "best": next(entry for entry in listed if entry["best"]),
        "house_way": next(entry for entry in listed if entry["house_way"]),
        "house_way_cost": value_json(advice.house_way_cost),
        "dealer_break_bonus": value_json(advice.dealer_break_bonus),
        "break_bonus": break_bonus_json(advice),
    }
