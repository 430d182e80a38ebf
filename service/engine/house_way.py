"""The house way (rule book section 5): how the dealer sets seven cards.

Every legal setting is sorted into a kind by (is the low a pair?, the high
hand's category); the first kind on the rule book's list that any setting
has wins, and within it the low hand's value is maximised first and the high
hand's second (the Decision in section 5).

The house way depends only on the hand's rank pattern, so it is computed once
per pattern (at most 67,600 of them) and cached. Among equal choices the
physical cards are picked deterministically: the cards are put in display
order (joker first, ranks high to low, suits ``s h d c``) and the first
setting in that order wins, so the same seven cards always give the same
display.

>>> from service.engine.cards import parse_cards
>>> way = house_way(parse_cards(["JK", "Kd", "Qs", "7c", "7h", "4d", "2c"]))
>>> way.rule, way.low_value.text, way.high_value.text, way.high_value.joker_text
(<Rule.PAIR_AND_STRAIGHT: 2>, '7-7', 'Q-K-A', 'JK as A')
>>> [card.code for card in way.setting.low], [card.code for card in way.setting.high]
(['7h', '7c'], ['JK', 'Kd', 'Qs'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from operator import itemgetter

from service.engine.cards import Card, Rank, ordered_cards
from service.engine.hands import (
    KEY_CATEGORY_SHIFT,
    Category,
    HandValue,
    high_value_of_sorted,
    low_value_of_sorted,
)
from service.engine.setting import Setting


class Rule(IntEnum):
    """The kinds of setting in house-way order; the number is the rule that fires."""

    PAIR_AND_TRIPS = 1
    PAIR_AND_STRAIGHT = 2
    NO_PAIR_AND_TRIPS = 3
    NO_PAIR_AND_STRAIGHT = 4
    PAIR_AND_PAIR = 5
    NO_PAIR_AND_PAIR = 6
    NO_PAIR_AND_HIGH_CARD = 7

    @property
    def is_lucky_break(self) -> bool:
        """Rules 1 and 2 come first, so they fire exactly when the seven cards
        have a Lucky Break (rule book section 4)."""
        return self <= Rule.PAIR_AND_STRAIGHT

    @property
    def label(self) -> str:
        """``'Pair & Straight'``"""
        return _LABELS[self]

    @property
    def choice(self) -> str:
        """What the rule book says to choose within the kind."""
        return _CHOICES[self]


_LABELS = {
    Rule.PAIR_AND_TRIPS: "Pair & Trips",
    Rule.PAIR_AND_STRAIGHT: "Pair & Straight",
    Rule.NO_PAIR_AND_TRIPS: "No Pair & Trips",
    Rule.NO_PAIR_AND_STRAIGHT: "No Pair & Straight",
    Rule.PAIR_AND_PAIR: "Pair & Pair",
    Rule.NO_PAIR_AND_PAIR: "No Pair & Pair",
    Rule.NO_PAIR_AND_HIGH_CARD: "No Pair & High Card",
}
_CHOICES = {
    Rule.PAIR_AND_TRIPS: "the highest low pair, then the highest high hand",
    Rule.PAIR_AND_STRAIGHT: "the highest low pair, then the highest straight",
    Rule.NO_PAIR_AND_TRIPS: "the highest two-card low, then the highest trips",
    Rule.NO_PAIR_AND_STRAIGHT: "the highest two-card low, then the highest straight",
    Rule.PAIR_AND_PAIR: "the highest low pair that leaves a higher-or-equal pair for the high, "
    "then the highest high hand",
    Rule.NO_PAIR_AND_PAIR: "the highest two-card low, then the highest high hand",
    Rule.NO_PAIR_AND_HIGH_CARD: "the 2nd and 3rd highest cards in the low, "
    "the highest card with the best two remaining in the high",
}

# (low is a pair, high category) -> kind. A pair low with a high-card high is
# never legal, so it has no kind.
_KINDS: dict[tuple[bool, Category], Rule] = {
    (True, Category.THREE_OF_A_KIND): Rule.PAIR_AND_TRIPS,
    (True, Category.STRAIGHT): Rule.PAIR_AND_STRAIGHT,
    (False, Category.THREE_OF_A_KIND): Rule.NO_PAIR_AND_TRIPS,
    (False, Category.STRAIGHT): Rule.NO_PAIR_AND_STRAIGHT,
    (True, Category.PAIR): Rule.PAIR_AND_PAIR,
    (False, Category.PAIR): Rule.NO_PAIR_AND_PAIR,
    (False, Category.HIGH_CARD): Rule.NO_PAIR_AND_HIGH_CARD,
}


def kind_of(low: HandValue, high: HandValue) -> Rule | None:
    """The kind of a legal setting; ``None`` for a foul."""
    if high.key < low.key:
        return None
    return _KINDS[(low.category is Category.PAIR, high.category)]


_LOWS: tuple[tuple[int, int], ...] = tuple(combinations(range(7), 2))
_HIGHS: tuple[tuple[int, int, int], ...] = tuple(combinations(range(7), 3))
_LOW_MASKS = tuple(1 << i | 1 << j for i, j in _LOWS)
_HIGH_MASKS = tuple(1 << i | 1 << j | 1 << k for i, j, k in _HIGHS)


@lru_cache(maxsize=1)
def _key_tables() -> tuple[dict[tuple[Rank, Rank], int], dict[tuple[Rank, Rank, Rank], int]]:
    """The value key of every low and high hand by its ranks sorted high to
    low, so the inner loop is C-level lookups over plain ints."""
    ranks = sorted(Rank, reverse=True)
    lows = {
        pair: low_value_of_sorted(pair).key
        for pair in combinations_with_replacement(ranks, 2)
        if pair.count(Rank.JOKER) <= 1
    }
    highs = {
        triple: high_value_of_sorted(triple).key
        for triple in combinations_with_replacement(ranks, 3)
        if triple.count(Rank.JOKER) <= 1
    }
    return lows, highs


# 8 - kind (higher is better) by low category << 2 | high category; 0 for a
# pair low with a high-card high, which is never legal.
_KIND_SCORE = tuple(
    8 - _KINDS.get((Category(shape >> 2) is Category.PAIR, Category(shape & 3)), 8) for shape in range(8)
)


@dataclass(frozen=True, slots=True)
class PatternWay:
    """The house way of a rank pattern: positions into the pattern."""

    low: tuple[int, int]
    high: tuple[int, int, int]
    rule: Rule
    low_value: HandValue
    high_value: HandValue

    @property
    def take_low(self) -> itemgetter:  # type: ignore[type-arg]
        """Picks the low's cards out of the ordered hand."""
        return _TAKE_LOW[self.low]

    @property
    def take_high(self) -> itemgetter:  # type: ignore[type-arg]
        return _TAKE_HIGH[self.high]

    @property
    def take_discards(self) -> itemgetter:  # type: ignore[type-arg]
        return _TAKE_DISCARDS[self.low, self.high]


_TAKE_LOW = {low: itemgetter(*low) for low in _LOWS}
_TAKE_HIGH = {high: itemgetter(*high) for high in _HIGHS}
_TAKE_DISCARDS = {
    (low, high): itemgetter(*(i for i in range(7) if i not in low and i not in high))
    for low in _LOWS
    for high in _HIGHS
    if not set(low) & set(high)
}

#: Each pattern's house way once found, keyed by the pattern's ranks as
#: bytes: the indexes of its low and high in ``_LOWS`` and ``_HIGHS``
#: (``low << 8 | high``). Bytes and ints only, which the cycle collector
#: never tracks: cached as objects, the patterns a long-running API worker
#: meets (up to 67,600) made each of its full collections walk hundreds of
#: thousands of them, 40-170 ms with every request of the worker waiting.
_WAYS: dict[bytes, int] = {}


def pattern_house_way(pattern: tuple[Rank, ...]) -> PatternWay:
    """The house way of seven ranks in display order (joker first, high to low).

    >>> way = pattern_house_way(tuple(Rank(r) for r in (13, 13, 9, 5, 5, 5, 2)))
    >>> way.rule, way.low, way.high
    (<Rule.PAIR_AND_TRIPS: 1>, (0, 1), (3, 4, 5))
    """
    key = bytes(pattern)
    found = _WAYS.get(key)
    if found is None:
        found = _WAYS[key] = _best_setting(pattern)
    low, high = _LOWS[found >> 8], _HIGHS[found & 0xFF]
    low_value = low_value_of_sorted((pattern[low[0]], pattern[low[1]]))
    high_value = high_value_of_sorted((pattern[high[0]], pattern[high[1]], pattern[high[2]]))
    kind = kind_of(low_value, high_value)
    assert kind is not None  # seven cards always have a legal setting
    return PatternWay(low, high, kind, low_value, high_value)


def cached_patterns() -> int:
    """How many patterns' house ways are cached."""
    return len(_WAYS)


def clear_cache() -> None:
    """Forget every cached house way (for cold-cache figures and tests)."""
    _WAYS.clear()


def _best_setting(pattern: tuple[Rank, ...]) -> int:
    """The house way's low and high as ``low << 8 | high`` (indexes into
    ``_LOWS`` and ``_HIGHS``)."""
    if len(pattern) != 7:
        raise ValueError(f"a house way is for seven cards, not {len(pattern)}")
    low_keys_by_ranks, high_keys_by_ranks = _key_tables()
    # combinations() yields positions in the order of _LOWS and _HIGHS, and
    # the ranks of each already sorted high to low.
    low_keys = list(map(low_keys_by_ranks.__getitem__, combinations(pattern, 2)))
    high_keys = list(map(high_keys_by_ranks.__getitem__, combinations(pattern, 3)))
    # Best first; equal highs keep position order (sorting is stable).
    by_value = sorted(range(len(_HIGHS)), key=high_keys.__getitem__, reverse=True)
    best_score = -1
    best_low = best_high = 0
    for low_index in range(len(_LOWS)):
        low_key = low_keys[low_index]
        # With the low fixed, a better high category always gives an earlier
        # kind, so the best setting for this low takes the best high left:
        # 21 candidates instead of 210 settings.
        low_mask = _LOW_MASKS[low_index]
        for high_index in by_value:
            if not _HIGH_MASKS[high_index] & low_mask:
                break
        high_key = high_keys[high_index]
        if high_key < low_key:
            continue  # a foul
        # Earlier kind first, then the low's value, then the high's; the
        # first of equal settings in position order wins.
        score = (
            _KIND_SCORE[(low_key >> KEY_CATEGORY_SHIFT) << 2 | high_key >> KEY_CATEGORY_SHIFT] << 40
            | low_key << 24
            | high_key << 8
            | (255 - low_index)
        )
        if score > best_score:
            best_score, best_low, best_high = score, low_index, high_index
    return best_low << 8 | best_high


@dataclass(frozen=True, slots=True)
class HouseWay:
    """The house-way setting of seven cards and why."""

    setting: Setting
    discards: tuple[Card, ...]
    rule: Rule
    low_value: HandValue
    high_value: HandValue
    #: The hand's ranks in display order (what the house way depends on).
    pattern: tuple[Rank, ...]

    @property
    def lucky_break(self) -> bool:
        """The setting is a Lucky Break: it is exactly when the seven cards
        have one, because rules 1 and 2 come first."""
        return self.rule.is_lucky_break

    @property
    def explanation(self) -> str:
        """Why this rule fired and what it chose, for the dealer screen."""
        rule = self.rule
        if rule == Rule.PAIR_AND_TRIPS:
            why = "a setting with a low pair and trips in the high exists"
        else:
            earlier = "rule 1" if rule is Rule.PAIR_AND_STRAIGHT else f"rules 1-{rule - 1}"
            why = f"no setting of {earlier} exists"
        return (
            f"Rule {rule.value} ({rule.label}): {why}; it takes {rule.choice}: "
            f"low {_describe(self.low_value)}, high {_describe(self.high_value)}."
        )


def _describe(value: HandValue) -> str:
    joker = "" if value.joker_text is None else f" ({value.joker_text})"
    return f"{value.text}{joker}"


def house_way(cards: Sequence[Card]) -> HouseWay:
    """The house-way setting of seven distinct cards."""
    ordered = ordered_cards(cards)
    if len(ordered) != 7:
        raise ValueError(f"the house way sets seven cards, not {len(ordered)}")
    pattern = tuple([card.rank for card in ordered])
    way = pattern_house_way(pattern)
    setting = Setting.of_ordered(way.take_low(ordered), way.take_high(ordered), way.low_value, way.high_value)
    return HouseWay(setting, way.take_discards(ordered), way.rule, way.low_value, way.high_value, pattern)
