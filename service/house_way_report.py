"""The house way of seven cards as the dealer screen and the command line
show it: the use case behind ``breakpoker house-way`` and the API's
``POST /tables/{id}/house-way``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.engine.cards import Card, codes, parse_cards
from service.engine.errors import RulesError
from service.engine.hands import HandValue
from service.engine.house_way import HouseWay


def seven_cards(cards: Sequence[object]) -> tuple[Card, ...]:
    """Seven distinct cards, or a :class:`RulesError` naming the problem."""
    parsed = parse_cards(cards)
    if len(parsed) != 7:
        raise RulesError("wrong_card_count", f"the house way sets seven cards; {len(parsed)} given", "cards")
    if len(set(parsed)) != 7:
        repeated = next(card for card in parsed if parsed.count(card) > 1)
        raise RulesError("duplicate_card", f"{repeated} appears twice", "cards")
    return tuple(parsed)


def house_way_report(way: HouseWay, qualifies: bool, qualifier: str) -> dict[str, Any]:
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


def _hand(value: HandValue) -> dict[str, Any]:
    return {
        "plays_as": value.text,
        "category": value.category.label,
        "joker_as": None if value.joker_as is None else value.joker_as.symbol,
    }
