"""The house way of seven cards as the dealer screen and the command line
show it: the use case behind ``breakpoker house-way`` and the API's
``POST /tables/{id}/house-way``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, NotRequired, TypedDict

from service.engine.cards import Card, codes, parse_cards
from service.engine.errors import RulesError
from service.engine.hands import HandValue
from service.engine.house_way import HouseWay
from service.engine.setting import Setting
from service.errors import ErrorCode


class HandJson(TypedDict):
    """How a hand plays, as the dealer screen names it."""

    plays_as: Annotated[str, "the hand as it plays, the joker as the card it stands for"]
    category: Annotated[str, "its category, as people read it (e.g. One Pair)"]
    joker_as: Annotated[str | None, "null: no joker"]


def seven_cards(cards: Sequence[object]) -> tuple[Card, ...]:
    """Seven distinct cards, or a :class:`RulesError` naming the problem."""
    parsed = parse_cards(cards)
    if len(parsed) != 7:
        raise RulesError(
            ErrorCode.WRONG_CARD_COUNT, f"the house way sets seven cards; {len(parsed)} given", "cards"
        )
    if len(set(parsed)) != 7:
        repeated = next(card for card in parsed if parsed.count(card) > 1)
        raise RulesError(ErrorCode.DUPLICATE_CARD, f"{repeated} appears twice", "cards")
    return tuple(parsed)


class SettingReportJson(TypedDict):
    """A player's own setting as the dealer screen shows it."""

    low: Annotated[list[str], "the player's two-card low, card codes"]
    high: Annotated[list[str], "the player's three-card high, card codes"]
    low_hand: Annotated[HandJson, "what the low plays as"]
    high_hand: Annotated[HandJson, "what the high plays as"]
    fouled: Annotated[bool, "whether the setting is a foul (the low outranks the high)"]
    lucky_break: Annotated[bool, "whether the setting makes a Lucky Break"]
    message: Annotated[str, "why it is legal or a foul"]


class HouseWayReportJson(TypedDict):
    """The house way of seven cards, and with a player's own setting
    (``setting``) how that plays."""

    low: Annotated[list[str], "the house way's two-card low, card codes"]
    high: Annotated[list[str], "the house way's three-card high, card codes"]
    discards: Annotated[list[str], "the two cards the house way does not play"]
    low_hand: Annotated[HandJson, "what the low plays as"]
    high_hand: Annotated[HandJson, "what the high plays as"]
    rule: Annotated[int, "the house-way rule that fired"]
    rule_name: Annotated[str, "the rule's name, as the rule book gives it"]
    explanation: Annotated[str, "why the house way sets the cards so"]
    lucky_break: Annotated[bool, "whether the seven cards make a Lucky Break"]
    qualifies: Annotated[bool, "as the dealer's hand"]
    qualifier: Annotated[str, 'the table\'s dealer qualifier, e.g. "K-3-2"']
    setting: NotRequired[SettingReportJson]


def house_way_report(way: HouseWay, qualifies: bool, qualifier: str) -> HouseWayReportJson:
    setting = way.setting
    return {
        "low": codes(setting.low),
        "high": codes(setting.high),
        "discards": codes(way.discards),
        "low_hand": _hand(way.low_value),
        "high_hand": _hand(way.high_value),
        "rule": way.rule.value,
        "rule_name": way.rule.label,
        "explanation": way.explanation,
        "lucky_break": way.lucky_break,
        "qualifies": qualifies,
        "qualifier": qualifier,
    }


def _hand(value: HandValue) -> HandJson:
    return {
        "plays_as": value.text,
        "category": value.category.label,
        "joker_as": None if value.joker_as is None else value.joker_as.symbol,
    }


LEGAL = "Legal: the high ranks at or above the low."


def player_setting(cards: Sequence[Card], low: Sequence[object], high: Sequence[object]) -> Setting:
    """A player's low and high from their seven ``cards``, or a
    :class:`RulesError` naming the part at fault."""
    low_cards, high_cards = _cards_of(low, "setting.low"), _cards_of(high, "setting.high")
    if len(low_cards) != 2:
        raise RulesError(
            ErrorCode.INVALID_SETTING, f"the low takes 2 cards, not {len(low_cards)}", "setting.low"
        )
    if len(high_cards) != 3:
        raise RulesError(
            ErrorCode.INVALID_SETTING, f"the high takes 3 cards, not {len(high_cards)}", "setting.high"
        )
    chosen = low_cards + high_cards
    if len(set(chosen)) != 5:
        repeated = next(card for card in chosen if chosen.count(card) > 1)
        raise RulesError(ErrorCode.INVALID_SETTING, f"{repeated} is in the setting twice", "setting")
    stray = next((card for card in chosen if card not in cards), None)
    if stray is not None:
        raise RulesError(ErrorCode.CARD_NOT_IN_HAND, f"{stray} is not one of the seven cards", "setting")
    return Setting(low_cards, high_cards)


def _cards_of(texts: Sequence[object], field: str) -> tuple[Card, ...]:
    try:
        return parse_cards(texts)
    except RulesError as error:
        raise RulesError(error.code, f"{field}: {error.message}", field) from None


def foul_reason(setting: Setting) -> str:
    """Why a setting fouls, for the dealer screen."""
    low, high = setting.low_value, setting.high_value
    return f"the low {low.text} ({low.category.label}) outranks the high {high.text} ({high.category.label})"


def setting_report(setting: Setting) -> SettingReportJson:
    """A player's own setting: legal or a foul, and how its hands play."""
    fouled = not setting.is_legal
    return {
        "low": codes(setting.low),
        "high": codes(setting.high),
        "low_hand": _hand(setting.low_value),
        "high_hand": _hand(setting.high_value),
        "fouled": fouled,
        "lucky_break": setting.is_lucky_break,
        "message": f"Foul: {foul_reason(setting)}." if fouled else LEGAL,
    }
