"""Section 1: the 53-card deck and its codes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.engine.cards import DECK, JOKER, Card, Rank, Suit, parse_card, parse_cards, sort_cards
from service.engine.errors import RulesError


def test_the_deck_is_52_cards_and_one_joker():
    assert len(DECK) == 53
    assert len({card.code for card in DECK}) == 53
    assert sum(card.is_joker for card in DECK) == 1


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Ah", "Ah"),
        ("Td", "Td"),
        ("JK", "JK"),
        ("10h", "Th"),
        ("10S", "Ts"),
        ("ah", "Ah"),
        ("td", "Td"),
        ("jk", "JK"),
        ("Jk", "JK"),
        ("qC", "Qc"),
        ("2c", "2c"),
    ],
)
def test_codes_parse_to_canonical(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "A",
        "1h",
        "11h",
        "Ax",
        "AhH",
        "JJ",
        "KK",
        "joker",
        "0s",
        "Th5",
        "1 0h",
        " Ks ",
        "\tAs",
        "A\u017f",
        "A\u00a0s",
    ],
)
def test_bad_codes_are_named_in_the_error(bad):
    with pytest.raises(RulesError) as caught:
        parse_card(bad)
    assert caught.value.code == "invalid_card"
    assert repr(bad) in caught.value.message


@pytest.mark.parametrize("bad", [None, 14, ["Ah"], {"code": "Ah"}, b"Ah"])
def test_non_text_is_not_a_card(bad):
    with pytest.raises(RulesError, match="is not a card"):
        parse_card(bad)


@given(st.sampled_from(DECK))
def test_every_card_round_trips_through_its_code(card):
    assert parse_card(card.code) is card
    assert parse_card(card.code.lower()) is card
    assert str(card) == card.code


def test_display_order_is_joker_then_rank_then_suit():
    cards = parse_cards(["2c", "Ah", "JK", "As", "Td", "Tc"])
    assert [card.code for card in sort_cards(cards)] == ["JK", "As", "Ah", "Td", "Tc", "2c"]


def test_cards_made_by_hand_equal_the_deck_cards():
    assert Card(Rank.ACE, Suit.SPADES) == parse_card("As")
    assert hash(Card(Rank.ACE, Suit.SPADES)) == hash(parse_card("As"))
    assert Card(Rank.JOKER, None) == JOKER


def test_only_the_joker_has_no_suit():
    with pytest.raises(ValueError, match="only the joker"):
        Card(Rank.ACE, None)
    with pytest.raises(ValueError, match="only the joker"):
        Card(Rank.JOKER, Suit.SPADES)


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        parse_card("As").rank = Rank.KING  # type: ignore[misc]
