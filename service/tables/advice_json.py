"""The hand calculator's answer as JSON: every legal setting of seven cards
with its exact Main Bet expected value and its win, push and loss counts,
the best setting, the house way's, what the house way costs, and the side
bets' expected values (rule book section 12).

Each expected value is a float for reading and the exact fraction as a
string (``"-1799/26762340"``) for checking: the service keeps Fractions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, TypedDict

from service.analysis.hand_advice import HandAdvice, SettingValue
from service.analysis.main_bet import DEALER_HANDS
from service.engine.break_bonus import pattern_category
from service.engine.cards import codes
from service.engine.hands import HandValue
from service.engine.table_config import TableConfig

DEALER_BREAK_BONUS = "the Dealer Break Bonus's expected value with these seven cards"


class ValueJson(TypedDict):
    """An expected value per unit staked, for the player."""

    expected_value: Annotated[float, "expected value per unit staked, for the player"]
    expected_value_exact: Annotated[
        str,
        'the expected value: the same value exactly, a fraction "p/q" (or a whole number)',
    ]


class HandTextJson(TypedDict):
    """A low or high hand as the engine writes it."""

    plays_as: Annotated[str, "the hand as the engine writes it, e.g. Q-K-A or 7-7"]
    category: Annotated[str, "its category: high card, pair, straight, three of a kind"]
    joker: Annotated[str | None, 'what the joker stands for, "JK as A"; null: none']


class SettingJson(TypedDict):
    """One legal setting and its Main Bet over every dealer hand."""

    low: Annotated[list[str], "the two-card low, card codes in display order"]
    high: Annotated[list[str], "the three-card high, card codes in display order"]
    low_hand: Annotated[HandTextJson, "what the low plays as"]
    high_hand: Annotated[HandTextJson, "what the high plays as"]
    lucky_break: Annotated[bool, "whether this setting is a Lucky Break"]
    expected_value: Annotated[
        float,
        "the Main Bet's expected value per unit staked against the dealer's house way",
    ]
    expected_value_exact: Annotated[
        str,
        'the expected value: the same value exactly, a fraction "p/q" (or a whole number)',
    ]
    win_probability: Annotated[float, "won over the dealer hands"]
    push_probability: Annotated[float, "pushed over the dealer hands (the dealer not qualifying included)"]
    loss_probability: Annotated[float, "lost over the dealer hands"]
    won: Annotated[int, "dealer hands, of dealer_hands, it beats"]
    pushed: Annotated[int, "dealer hands it pushes with"]
    lost: Annotated[int, "dealer hands it loses to"]
    best: Annotated[bool, "whether this is the optimal setting"]
    house_way: Annotated[bool, "whether this is the house way's setting"]


class BreakBonusJson(ValueJson):
    category: str | None  # a BreakBonusCategory's value; None: the hand loses the bet
    category_name: Annotated[str | None, "the category as people read it"]


class AdviceJson(TypedDict):
    cards: Annotated[list[str], "the seven cards in display order, canonical codes"]
    qualifier: Annotated[str, 'the dealer qualifier, e.g. "K-3-2"']
    dealer_hands: Annotated[int, "C(46,7) = 53,524,680: the dealer hands the counts are out of"]
    settings: Annotated[list[SettingJson], "every distinct legal setting, in the house way's order"]
    best: Annotated[SettingJson, "the optimal setting (rule book section 12)"]
    house_way: Annotated[SettingJson, "the house way's setting"]
    house_way_cost: Annotated[
        ValueJson, "the best setting's expected value minus the house way's (0 when they agree)"
    ]
    dealer_break_bonus: Annotated[ValueJson, DEALER_BREAK_BONUS]
    break_bonus: Annotated[
        BreakBonusJson,
        "the Break Bonus's expected value (these cards' category at the table's pays)",
    ]


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
