"""Section 5: the house way, against the rule book's worked examples and an
independent brute-force search over all 210 settings (the reference)."""

from __future__ import annotations

import gc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.engine import break_bonus
from service.engine import house_way as house_way_module
from service.engine.cards import Rank, codes
from service.engine.house_way import Rule, house_way, kind_of, pattern_house_way
from tests import reference_rules as reference
from tests.helpers import hand
from tests.patterns import all_patterns
from tests.strategies import seven_cards

WORKED_EXAMPLES = [
    # seven cards, low as it plays, high as it plays, rule
    ("K K 5 5 5 9 2", "K-K", "5-5-5", 1),
    ("9 9 9 4 4 4 K", "9-9", "4-4-4", 1),
    ("JK A A A A 7 2", "A-A", "A-A-A", 1),
    ("JK 9 9 5 5 K 2", "9-9", "5-5-5", 1),
    ("8 8 9 T J 3 2", "8-8", "9-T-J", 2),
    ("JK K Q 7 7 4 2", "7-7", "Q-K-A", 2),
    ("JK T 7 5 4 2 2", "2-2", "5-6-7", 2),
    ("7 7 7 A K 5 3", "A-K", "7-7-7", 3),
    ("9 9 9 9 A K 5", "A-K", "9-9-9", 3),
    ("A K Q 8 6 4 2", "8-6", "Q-K-A", 4),
    ("A A 9 9 6 4 2", "9-9", "A-A-6", 5),
    ("K K 8 8 3 3 A", "8-8", "K-K-A", 5),
    ("Q Q A 9 7 4 2", "A-9", "Q-Q-7", 6),
    ("A K T 8 6 4 2", "K-T", "A-8-6", 7),
    ("Q J 9 8 6 5 3", "J-9", "Q-8-6", 7),
]


@pytest.mark.parametrize(("cards", "low", "high", "rule"), WORKED_EXAMPLES)
def test_rule_book_worked_examples(cards, low, high, rule):
    way = house_way(hand(cards))
    assert (way.low_value.text, way.high_value.text, way.rule) == (low, high, rule)


def test_joker_choices_are_shown_as_in_the_rule_book():
    # "JK-A (A-A) / A-A-A": the joker is kept in the low, standing for an ace.
    way = house_way(hand("JK A A A A 7 2"))
    assert codes(way.setting.low) == ["JK", "As"]
    assert codes(way.setting.high) == ["Ah", "Ad", "Ac"]
    assert way.low_value.joker_text == "JK as A"
    way = house_way(hand("JK 9 9 5 5 K 2"))
    assert codes(way.setting.high) == ["JK", "5s", "5h"]
    assert way.high_value.joker_text == "JK as 5"
    assert house_way(hand("JK T 7 5 4 2 2")).high_value.joker_text == "JK as 6"


def test_explanation_names_the_rule_and_the_hands():
    way = house_way(hand("JK K Q 7 7 4 2"))
    assert way.explanation.startswith("Rule 2 (Pair & Straight): no setting of rule 1 exists")
    assert "low 7-7, high Q-K-A (JK as A)" in way.explanation
    assert house_way(hand("A K T 8 6 4 2")).explanation.startswith(
        "Rule 7 (No Pair & High Card): no setting of rules 1-6"
    )
    assert Rule.PAIR_AND_PAIR.label == "Pair & Pair"


def test_discards_are_the_other_two_cards():
    way = house_way(hand("A K Q 8 6 4 2"))
    assert codes(way.discards) == ["4s", "2s"]


def test_house_way_needs_seven_cards():
    with pytest.raises(ValueError, match="seven cards"):
        house_way(hand("A K Q 8 6 4"))


@given(seven_cards())
def test_house_way_is_legal_and_uses_only_the_hand(cards):
    way = house_way(cards)
    setting = way.setting
    assert setting.is_legal
    assert len(set(setting.cards)) == 5
    assert set(setting.cards) | set(way.discards) == set(cards)
    assert kind_of(setting.low_value, setting.high_value) == way.rule
    assert way.lucky_break == setting.is_lucky_break


@given(seven_cards())
def test_house_way_is_the_best_setting_of_the_first_kind(cards):
    """The reference enumerates all 21 x 10 settings, keeps the legal ones,
    takes the first kind present and maximises the low, then the high."""
    way = house_way(cards)
    rule, low, high = reference.house_way(codes(cards))
    assert way.rule == rule
    assert reference.low_key(codes(way.setting.low)) == reference.low_key(low)
    assert reference.high_key(codes(way.setting.high)) == reference.high_key(high)
    assert way.lucky_break == reference.has_lucky_break(codes(cards))


@given(seven_cards(), st.data())
def test_same_cards_in_any_order_give_the_same_display(cards, data):
    shuffled = data.draw(st.permutations(cards))
    assert house_way(shuffled) == house_way(cards)


def test_pattern_positions_are_into_display_order():
    way = pattern_house_way(tuple(Rank(r) for r in (13, 13, 9, 5, 5, 5, 2)))
    assert (way.low, way.high, way.rule) == ((0, 1), (3, 4, 5), Rule.PAIR_AND_TRIPS)
    with pytest.raises(ValueError, match="seven cards"):
        pattern_house_way((Rank.ACE,) * 3)


def test_the_cached_ways_leave_the_collector_nothing_to_walk():
    """An API worker lives for days and meets up to 67,600 patterns; cached
    as objects, each of its full collections walked them all (40-170 ms
    with every request waiting). The cache holds bytes and ints only."""
    patterns = all_patterns()[::20]
    for pattern in patterns:  # the hand values' own small caches filled
        break_bonus.pattern_category(pattern)
    house_way_module.clear_cache()
    break_bonus.clear_cache()
    gc.collect()
    before = len(gc.get_objects())
    for pattern in patterns:
        break_bonus.pattern_category(pattern)
        pattern_house_way(pattern)
    gc.collect()
    assert house_way_module.cached_patterns() == len(patterns) == 3_380
    assert len(gc.get_objects()) - before < 50
