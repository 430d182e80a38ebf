"""Sections 3 and 4: legal settings and the Lucky Break."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.engine.setting import Setting
from tests import reference_rules as reference
from tests.helpers import hand
from tests.strategies import seven_cards


def setting(low: str, high: str) -> Setting:
    cards = hand(f"{low} {high}")
    return Setting(cards[:2], cards[2:])


@pytest.mark.parametrize(
    ("low", "high", "legal"),
    [
        ("A K", "A K 2", True),  # the 2 beats a missing card
        ("A K", "A Q J", False),
        ("8 8", "8 8 3", True),
        ("9 9", "8 8 A", False),
        ("A K", "2 2 3", True),  # any pair beats a high-card low
        ("2 2", "K Q 9", False),  # a low pair needs a pair or better above it
        ("A A", "2 3 4", True),
        ("JK A", "K K A", False),  # JK-A is A-A in the low
        ("JK K", "A K 2", True),  # JK-K is A-K, under A-K-2
    ],
)
def test_rule_book_legality(low, high, legal):
    assert setting(low, high).is_legal is legal


@pytest.mark.parametrize(
    ("low", "high", "lucky"),
    [
        ("2 2", "JK 7 5", True),
        ("K K", "5 5 5", True),
        ("8 8", "9 T J", True),
        ("A K", "7 7 7", False),
        ("8 8", "K K A", False),
        ("JK A", "Q K 2", False),
        ("JK A", "5 5 5", True),
    ],
)
def test_lucky_break_is_a_low_pair_with_high_trips_or_straight(low, high, lucky):
    assert setting(low, high).is_lucky_break is lucky


def test_setting_lists_cards_in_display_order():
    made = Setting(hand("7 T"), hand("2 J A", suits="hhh"))
    assert [c.code for c in made.low] == ["Ts", "7s"]
    assert [c.code for c in made.high] == ["Ah", "Jh", "2h"]


def test_setting_needs_two_and_three_cards():
    with pytest.raises(ValueError, match="2 cards low and 3 cards high"):
        Setting(hand("A K Q"), hand("J T"))


@given(seven_cards(), st.data())
def test_legality_matches_the_reference(cards, data):
    chosen = data.draw(st.permutations(cards))
    low, high = chosen[:2], chosen[2:5]
    made = Setting(tuple(low), tuple(high))
    codes_low, codes_high = [c.code for c in low], [c.code for c in high]
    assert made.is_legal == reference.is_legal(codes_low, codes_high)
    assert made.is_lucky_break == reference.is_lucky_break_setting(codes_low, codes_high)
