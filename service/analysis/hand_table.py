"""Every seven-card rank pattern with what the rules make of it: the arrays
the par sheet is computed from.

A pattern is a count per rank (13 ranks, then the joker). Its house way,
Lucky Break and Break Bonus category come from the engine itself, so the
analysis can only agree with what the table settles.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import comb, prod

import numpy as np
import numpy.typing as npt

from service.engine.break_bonus import BreakBonusCategory, pattern_category
from service.engine.cards import Rank
from service.engine.house_way import Rule, pattern_house_way

#: Natural ranks high to low, the order the engine wants a pattern in.
NATURAL = tuple(sorted((rank for rank in Rank if rank is not Rank.JOKER), reverse=True))
#: Column of each rank in the count arrays: 2 ... A, then the joker.
COLUMN = {rank: index for index, rank in enumerate(sorted(Rank))}
COLUMNS = len(COLUMN)
CATEGORIES = tuple(BreakBonusCategory)
NO_CATEGORY = len(CATEGORIES)  # index for "anything else"
DECK_SIZE = 53
HAND_SIZE = 7

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, eq=False)
class HandTable:
    """Parallel arrays, one entry per rank pattern, in display order."""

    patterns: tuple[tuple[Rank, ...], ...]
    counts: npt.NDArray[np.int8]  # [pattern, column] cards of each rank
    combos: IntArray  # card sets of 7 from the 53-card deck with the pattern
    low_key: IntArray  # house-way low hand value key
    high_key: IntArray  # house-way high hand value key
    rule: IntArray  # house-way rule, 1-7
    lucky_break: npt.NDArray[np.bool_]
    category: IntArray  # index into CATEGORIES, NO_CATEGORY for none

    def __len__(self) -> int:
        return len(self.patterns)


def seven_card_patterns() -> list[tuple[Rank, ...]]:
    """Every pattern in display order (joker first, high to low), a natural
    rank at most four times.

    >>> len(seven_card_patterns())
    67600
    """
    patterns = []
    for jokers in (1, 0):
        for rest in combinations_with_replacement(NATURAL, HAND_SIZE - jokers):
            if all(rest.count(rank) <= 4 for rank in set(rest)):
                patterns.append((Rank.JOKER,) * jokers + rest)
    return patterns


def pattern_combos(pattern: tuple[Rank, ...]) -> int:
    """How many sets of seven cards have the pattern (suits chosen).

    >>> pattern_combos((Rank.JOKER, Rank.ACE, Rank.ACE, Rank.ACE, Rank.ACE, Rank.KING, Rank.KING))
    6
    """
    return prod(comb(4, pattern.count(rank)) for rank in set(pattern) if rank is not Rank.JOKER)


@cache
def hand_table() -> HandTable:
    """Built once per process: about two seconds, most of it the house way."""
    patterns = tuple(seven_card_patterns())
    size = len(patterns)
    counts = np.zeros((size, COLUMNS), dtype=np.int8)
    combos = np.empty(size, dtype=np.int64)
    low_key = np.empty(size, dtype=np.int64)
    high_key = np.empty(size, dtype=np.int64)
    rule = np.empty(size, dtype=np.int64)
    category = np.empty(size, dtype=np.int64)
    category_index = {category: index for index, category in enumerate(CATEGORIES)}
    for index, pattern in enumerate(patterns):
        for rank in pattern:
            counts[index, COLUMN[rank]] += 1
        way = pattern_house_way(pattern)
        combos[index] = pattern_combos(pattern)
        low_key[index] = way.low_value.key
        high_key[index] = way.high_value.key
        rule[index] = way.rule
        found = pattern_category(pattern)
        category[index] = NO_CATEGORY if found is None else category_index[found]
    lucky_break = np.array([Rule(r).is_lucky_break for r in rule.tolist()], dtype=np.bool_)
    for array in (counts, combos, low_key, high_key, rule, lucky_break, category):
        array.flags.writeable = False
    return HandTable(patterns, counts, combos, low_key, high_key, rule, lucky_break, category)
