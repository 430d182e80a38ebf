"""The Break Bonus categories (rule book section 10): what the player's seven
cards make, the highest category that applies. The odds are table
configuration (:mod:`service.engine.table_config`).

>>> from service.engine.cards import parse_cards
>>> break_bonus_category(parse_cards(["JK", "As", "Ah", "Ad", "Ac", "7s", "2d"]))
<BreakBonusCategory.FIVE_ACES: 'five_aces'>
>>> break_bonus_category(parse_cards(["9s", "9h", "9d", "5c", "5s", "JK", "2d"]))
<BreakBonusCategory.TWO_TRIPS: 'two_trips'>
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from service.engine.cards import Card, Rank
from service.engine.house_way import Rule, pattern_house_way


class BreakBonusCategory(StrEnum):
    """Highest first; the value is the name used in pay tables and output."""

    FIVE_ACES = "five_aces"
    FOUR_OF_A_KIND = "four_of_a_kind"
    TWO_TRIPS = "two_trips"
    LUCKY_BREAK_TRIPS = "lucky_break_trips"
    LUCKY_BREAK_STRAIGHT = "lucky_break_straight"

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    BreakBonusCategory.FIVE_ACES: "Five Aces",
    BreakBonusCategory.FOUR_OF_A_KIND: "Four of a Kind",
    BreakBonusCategory.TWO_TRIPS: "Two Trips",
    BreakBonusCategory.LUCKY_BREAK_TRIPS: "Lucky Break with Trips",
    BreakBonusCategory.LUCKY_BREAK_STRAIGHT: "Lucky Break with Straight",
}


#: Each pattern's category once found, keyed by its ranks as bytes, which
#: the cycle collector does not track (as the house way's cache, for the
#: same reason: a long-running worker meets up to 67,600 patterns).
_CATEGORIES: dict[bytes, BreakBonusCategory | None] = {}


def pattern_category(pattern: tuple[Rank, ...]) -> BreakBonusCategory | None:
    """The category of seven ranks in display order (joker first)."""
    key = bytes(pattern)
    if key not in _CATEGORIES:
        _CATEGORIES[key] = _category(pattern)
    return _CATEGORIES[key]


def clear_cache() -> None:
    """Forget every cached category (for cold-cache figures)."""
    _CATEGORIES.clear()


def _category(pattern: tuple[Rank, ...]) -> BreakBonusCategory | None:
    counts = [0] * 16  # by rank; the joker's count is at index Rank.JOKER
    for rank in pattern:
        counts[rank] += 1
    joker = counts[Rank.JOKER] == 1
    aces = counts[Rank.ACE]
    natural = counts[: Rank.JOKER]
    if joker and aces == 4:
        return BreakBonusCategory.FIVE_ACES
    if 4 in natural or (joker and aces == 3):
        return BreakBonusCategory.FOUR_OF_A_KIND
    trips = natural.count(3)
    if trips >= 2 or (trips and joker and 2 in natural):
        return BreakBonusCategory.TWO_TRIPS
    # The house way always finds a Lucky Break, a trips one first (rule 1).
    rule = pattern_house_way(pattern).rule
    if rule is Rule.PAIR_AND_TRIPS:
        return BreakBonusCategory.LUCKY_BREAK_TRIPS
    if rule is Rule.PAIR_AND_STRAIGHT:
        return BreakBonusCategory.LUCKY_BREAK_STRAIGHT
    return None


def break_bonus_category(cards: Sequence[Card]) -> BreakBonusCategory | None:
    ranks = sorted((card.rank for card in cards), reverse=True)
    return pattern_category(tuple(ranks))
