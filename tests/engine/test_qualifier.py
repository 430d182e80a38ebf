"""Section 6: dealer qualification."""

from __future__ import annotations

import pytest

from service.engine.cards import Rank
from service.engine.errors import RulesError
from service.engine.hands import high_value
from service.engine.qualifier import DEFAULT_QUALIFIER, parse_qualifier
from tests import reference_rules as reference
from tests.engine.test_hands import HIGHS, as_codes

R = {rank.symbol: rank for rank in Rank}


def high(text: str):
    return high_value(tuple(R[s] for s in text.split("-")))


@pytest.mark.parametrize(
    ("hand", "qualifies"),
    [
        ("K-3-2", True),
        ("K-4-2", True),
        ("A-4-2", True),
        ("Q-J-9", False),
        ("Q-8-6", False),  # the rule book's example that does not qualify
        ("JK-9-4", True),  # the joker counts as an ace: A-9-4
        ("2-2-3", True),  # any pair
        ("A-2-3", True),  # any straight
        ("2-2-2", True),  # any trips
    ],
)
def test_default_qualifier_is_king_three_two(hand, qualifies):
    assert DEFAULT_QUALIFIER.text == "K-3-2"
    assert DEFAULT_QUALIFIER.qualifies(high(hand)) is qualifies


@pytest.mark.parametrize(
    ("hand", "qualifies"),
    [("K-Q-J", True), ("K-Q-T", False), ("A-4-2", True), ("A-K-Q", True), ("JK-K-T", True)],
)
def test_ace_high_qualifier(hand, qualifies):
    assert parse_qualifier("A-3-2").qualifies(high(hand)) is qualifies


@pytest.mark.parametrize(
    ("text", "canonical"), [("K-3-2", "K-3-2"), ("a-3-2", "A-3-2"), ("2-3-K", "K-3-2"), ("10-9-2", "T-9-2")]
)
def test_qualifier_text_is_normalised(text, canonical):
    assert parse_qualifier(text).text == canonical


@pytest.mark.parametrize("bad", ["K-3", "K-3-3", "K-3-2-1", "K-3-X", "", 132, None, "KK-3-2"])
def test_bad_qualifiers_are_named(bad):
    with pytest.raises(RulesError) as caught:
        parse_qualifier(bad)
    assert caught.value.code == "invalid_config"
    assert "dealer_qualifier" in caught.value.message


@pytest.mark.parametrize("qualifier", ["K-3-2", "A-3-2", "Q-J-9", "A-K-Q", "5-3-2"])
def test_every_high_hand_qualifies_as_the_reference_says(qualifier):
    parsed = parse_qualifier(qualifier)
    ranks = tuple(int(rank) for rank in parsed.ranks)
    for symbols in HIGHS:
        value = high_value(tuple(R[s] for s in symbols))
        assert parsed.qualifies(value) == reference.qualifies(as_codes(symbols), ranks), symbols
