"""Every one of the 67,600 seven-card rank patterns, with and without the joker."""

from __future__ import annotations

import hashlib
import os
from math import comb

import pytest

from service.engine.cards import Suit, codes
from service.engine.house_way import clear_cache, house_way, kind_of, pattern_house_way
from tests import reference_rules as reference
from tests.patterns import all_patterns, pattern_cards, weight

PATTERNS = all_patterns()

# SHA-256 over every pattern's house way (ranks of low and high, and the rule).
# Any change to the house way, however small, changes this: update it only
# with a rule book change that explains it.
HOUSE_WAY_TABLE_DIGEST = "8bf8cfe920f7f949e9b7f3f8a94b99fc863b4d87f89ff800820a581ce4307c6f"


def table_digest() -> str:
    digest = hashlib.sha256()
    for pattern in PATTERNS:
        way = pattern_house_way(pattern)
        low = "".join(pattern[i].symbol for i in way.low)
        high = "".join(pattern[i].symbol for i in way.high)
        digest.update(f"{''.join(r.symbol for r in pattern)}:{low}/{high}/{way.rule.value};".encode())
    return digest.hexdigest()


def test_there_are_67600_patterns_covering_every_deal():
    assert len(PATTERNS) == 67_600
    assert len(set(PATTERNS)) == 67_600
    assert sum(weight(p) for p in PATTERNS) == comb(53, 7)


def test_every_pattern_has_a_legal_house_way_from_its_own_cards():
    for pattern in PATTERNS:
        cards = pattern_cards(pattern)
        way = house_way(cards)
        setting = way.setting
        assert setting.is_legal, codes(cards)
        assert len(set(setting.cards)) == 5
        assert set(setting.cards) <= set(cards)
        assert kind_of(setting.low_value, setting.high_value) is way.rule


def test_the_house_way_depends_only_on_the_rank_pattern():
    """Other suits, another order, a cold cache: the same ranks every time."""
    first = table_digest()
    clear_cache()
    assert table_digest() == first
    for pattern in PATTERNS[::97]:
        cards = pattern_cards(pattern)
        other_suits = [
            card if card.suit is None else type(card)(card.rank, list(Suit)[3 - list(Suit).index(card.suit)])
            for card in reversed(cards)
        ]
        a, b = house_way(cards), house_way(other_suits)
        assert [c.rank for c in a.setting.low] == [c.rank for c in b.setting.low]
        assert [c.rank for c in a.setting.high] == [c.rank for c in b.setting.high]


def test_the_house_way_table_is_pinned():
    assert table_digest() == HOUSE_WAY_TABLE_DIGEST


# The reference takes milliseconds a hand, so by default every 10th pattern
# (6,760 of them) is compared; BREAKPOKER_FULL_CHECK=1 compares all 67,600.
STRIDE = 1 if os.environ.get("BREAKPOKER_FULL_CHECK") else 10
PARTS = 4


@pytest.mark.parametrize("part", range(PARTS))
def test_patterns_match_the_reference(part):
    for pattern in PATTERNS[part * STRIDE :: PARTS * STRIDE]:
        cards = codes(pattern_cards(pattern))
        way = house_way(pattern_cards(pattern))
        rule, low, high = reference.house_way(cards)
        assert way.rule == rule, cards
        assert reference.low_key(codes(way.setting.low)) == reference.low_key(low), cards
        assert reference.high_key(codes(way.setting.high)) == reference.high_key(high), cards
