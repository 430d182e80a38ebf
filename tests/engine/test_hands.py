"""Section 2 (hand values and the joker) and the cross-size comparison of
section 3, against the rule book's examples and the reference implementation."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from service.engine.cards import Rank
from service.engine.hands import Category, high_value, low_value
from tests import reference_rules as reference

R = {symbol: rank for rank in Rank for symbol in [rank.symbol]}


def ranks(text: str) -> tuple[Rank, ...]:
    return tuple(R[symbol] for symbol in text.split("-"))


def high(text: str):
    return high_value(ranks(text))


def low(text: str):
    return low_value(ranks(text))


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("A-A-A", "K-K-K"),  # trips by rank
        ("2-2-2", "Q-K-A"),  # the worst trips beat the best straight
        ("Q-K-A", "J-Q-K"),
        ("2-3-4", "A-2-3"),  # A-2-3 is the lowest straight (its top card is the 3)
        ("A-2-3", "A-A-K"),  # the worst straight beats the best pair
        ("A-A-2", "K-K-Q"),  # pair rank first, then the odd card
        ("K-K-Q", "K-K-J"),
        ("2-2-3", "A-K-J"),  # the worst pair beats the best high card
        ("A-K-J", "A-K-T"),
        ("6-3-2", "5-3-2"),
        ("A-K-2", "K-Q-T"),  # K-A-2 is not a straight: it is ace-high
    ],
)
def test_three_card_ranking(better, worse):
    assert high(better) > high(worse)


def test_three_card_extremes():
    assert high("K-A-2").category is Category.HIGH_CARD
    assert high("A-2-3").text == "A-2-3"
    assert high("A-2-3").category is Category.STRAIGHT
    assert high("5-3-2").category is Category.HIGH_CARD


@pytest.mark.parametrize(
    ("better", "worse"), [("A-A", "K-K"), ("2-2", "A-K"), ("A-K", "A-Q"), ("4-2", "3-2"), ("A-3", "K-Q")]
)
def test_two_card_ranking(better, worse):
    assert low(better) > low(worse)


@pytest.mark.parametrize(
    ("cards", "plays_as", "category", "joker_as"),
    [
        ("JK-K-K", "K-K-K", Category.THREE_OF_A_KIND, "K"),
        ("JK-Q-K", "Q-K-A", Category.STRAIGHT, "A"),
        ("JK-9-J", "9-T-J", Category.STRAIGHT, "T"),
        ("JK-A-2", "A-2-3", Category.STRAIGHT, "3"),
        ("JK-2-3", "2-3-4", Category.STRAIGHT, "4"),
        ("JK-A-A", "A-A-A", Category.THREE_OF_A_KIND, "A"),
        ("JK-A-7", "A-A-7", Category.PAIR, "A"),
        ("JK-9-4", "A-9-4", Category.HIGH_CARD, "A"),
    ],
)
def test_joker_in_the_high_hand_follows_the_rule_book_examples(cards, plays_as, category, joker_as):
    value = high(cards)
    assert (value.text, value.category, value.joker_as.symbol) == (plays_as, category, joker_as)
    assert value.joker_text == f"JK as {joker_as}"


def test_joker_does_not_pair_anything_but_an_ace_in_the_high_hand():
    # The joker is an ace, completes trips with a pair, or completes a straight.
    assert high("JK-K-7").text == "A-K-7"
    assert high("JK-K-7").category is Category.HIGH_CARD
    assert high("JK-A-K").text == "Q-K-A"  # a straight beats A-A-K


@pytest.mark.parametrize(
    ("cards", "plays_as", "category"), [("JK-A", "A-A", Category.PAIR), ("JK-K", "A-K", Category.HIGH_CARD)]
)
def test_joker_in_the_low_hand_is_an_ace_and_nothing_else(cards, plays_as, category):
    value = low(cards)
    assert (value.text, value.category, value.joker_text) == (plays_as, category, "JK as A")


def test_copies_are_equal_values():
    assert high("JK-K-K") == high("K-K-K")
    assert low("JK-A") == low("A-A")
    assert high("Q-8-6") == high("Q-8-6")


def test_values_without_the_joker_say_so():
    assert high("Q-8-6").joker_as is None
    assert high("Q-8-6").joker_text is None


def test_wrong_sizes_are_refused():
    with pytest.raises(ValueError, match="3 cards"):
        high_value(ranks("A-K"))
    with pytest.raises(ValueError, match="2 cards"):
        low_value(ranks("A-K-Q"))


# Every two- and three-card rank multiset with at most one joker.
SYMBOLS = [rank.symbol for rank in sorted(Rank, reverse=True)]
LOWS = [c for c in combinations_with_replacement(SYMBOLS, 2) if c.count("JK") <= 1]
HIGHS = [c for c in combinations_with_replacement(SYMBOLS, 3) if c.count("JK") <= 1]
SUITS = "shdc"


def as_codes(symbols: tuple[str, ...]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for symbol in symbols:
        if symbol == "JK":
            out.append("JK")
        else:
            seen[symbol] = seen.get(symbol, 0) + 1
            out.append(symbol + SUITS[seen[symbol] - 1])
    return out


def engine_key(symbols):
    value = (low_value if len(symbols) == 2 else high_value)(tuple(R[s] for s in symbols))
    return value.key


def reference_key(symbols):
    return (reference.low_key if len(symbols) == 2 else reference.high_key)(as_codes(symbols))


def test_every_hand_orders_exactly_as_the_reference():
    """All 105 lows and 560 highs, both sizes together: the engine's order
    (including copies) is the reference implementation's order."""
    hands = LOWS + HIGHS
    by_engine = sorted(hands, key=engine_key)
    by_reference = sorted(hands, key=reference_key)

    # Same ranking, ties included: group consecutive equal keys and compare the groups.
    def groups(ordered, key):
        out, last = [], object()
        for hand in ordered:
            k = key(hand)
            if k != last:
                out.append(set())
                last = k
            out[-1].add(hand)
        return out

    assert groups(by_engine, engine_key) == groups(by_reference, reference_key)
