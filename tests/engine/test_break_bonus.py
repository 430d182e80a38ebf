"""Section 10: Break Bonus categories, examples and hand counts."""

from __future__ import annotations

from math import comb

import pytest

from service.engine.break_bonus import BreakBonusCategory, break_bonus_category, pattern_category
from tests.helpers import hand
from tests.patterns import all_patterns, weight

C = BreakBonusCategory


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("JK A A A A 7 2", C.FIVE_ACES),
        ("9 9 9 9 A K 5", C.FOUR_OF_A_KIND),
        ("JK A A A K 7 2", C.FOUR_OF_A_KIND),  # three aces and the joker
        ("JK A A A 5 5 5", C.FOUR_OF_A_KIND),  # beats the two trips it also makes
        ("9 9 9 9 5 5 5", C.FOUR_OF_A_KIND),
        ("K K K 5 5 5 2", C.TWO_TRIPS),
        ("JK 9 9 9 5 5 2", C.TWO_TRIPS),  # trips and a pair completed by the joker
        ("JK A A 7 7 7 2", C.TWO_TRIPS),  # the joker completes the aces
        ("JK K K K 8 5 2", None),  # the joker is no king: not four of a kind
        ("JK K K K Q 5 2", C.LUCKY_BREAK_STRAIGHT),  # K-K / JK-K-Q
        ("JK 9 9 5 5 8 2", C.LUCKY_BREAK_TRIPS),  # 9-9 / JK-5-5
        ("K K 5 5 5 9 2", C.LUCKY_BREAK_TRIPS),
        ("8 8 9 T J 3 2", C.LUCKY_BREAK_STRAIGHT),
        ("7 7 7 A K 5 3", None),  # trips without a pair: no Lucky Break
        ("JK 9 9 4 4 K 2", C.LUCKY_BREAK_TRIPS),
        ("A K Q 8 6 4 2", None),
        ("9 9 8 8 5 5 2", None),  # two pairs and nothing more
        ("JK 9 9 8 8 4 2", C.LUCKY_BREAK_TRIPS),  # 8-8 / JK-9-9 or 9-9 / JK-8-8
    ],
)
def test_rule_book_categories(cards, category):
    assert break_bonus_category(hand(cards)) is category


def count(category: BreakBonusCategory) -> int:
    return sum(weight(p) for p in all_patterns() if pattern_category(p) is category)


def test_five_aces_hands_counted_by_hand():
    # The joker and the four aces, with any 2 of the other 48 cards.
    assert count(C.FIVE_ACES) == comb(48, 2)


def test_four_of_a_kind_hands_counted_by_hand():
    # Four of a rank: 13 ranks x C(49, 3) other cards (two quads would need
    # eight cards), less the five-aces hands (joker + 4 aces + 2 more).
    four_natural = 13 * comb(49, 3) - comb(48, 2)
    # Three aces (of 4) and the joker, with 3 more cards that are not an ace.
    three_aces_and_joker = 4 * comb(48, 3)
    assert count(C.FOUR_OF_A_KIND) == four_natural + three_aces_and_joker
