"""Dealing a deck read by a shuffler or shoe by the table's deal order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.engine.cards import DECK, codes
from service.engine.dealing import DEALER, HAND_SIZE, DealOrder, DealStyle, check_deck, deal
from service.engine.errors import RulesError
from service.engine.table_config import MAX_SEATS


@st.composite
def tables(draw):
    seats = draw(st.integers(1, MAX_SEATS))
    order = DealOrder(
        draw(st.integers(1, seats)), draw(st.integers(0, seats)), draw(st.sampled_from(list(DealStyle)))
    )
    return draw(st.permutations(DECK)), order, seats


@given(tables())
def test_every_card_dealt_lands_once_and_only_the_first_hands_worth_are_dealt(case):
    deck, order, seats = case
    hands = deal(deck, order, seats)
    assert list(hands) == [DEALER, *map(str, range(1, seats + 1))]
    dealt = [card for hand in hands.values() for card in hand]
    assert all(len(hand) == HAND_SIZE for hand in hands.values())
    assert len(set(dealt)) == len(dealt) == (seats + 1) * HAND_SIZE
    assert set(dealt) == set(deck[: len(dealt)])  # the rest of the deck is not dealt


@given(tables())
def test_the_two_styles_give_each_hand_its_place_in_the_deal(case):
    deck, order, seats = case
    positions = order.positions(seats)
    count = len(positions)
    consecutive = deal(deck, DealOrder(order.first_seat, order.dealer_place, DealStyle.CONSECUTIVE), seats)
    round_robin = deal(deck, DealOrder(order.first_seat, order.dealer_place, DealStyle.ROUND_ROBIN), seats)
    for place, hand in enumerate(positions):
        assert consecutive[hand] == tuple(deck[place * HAND_SIZE + card] for card in range(HAND_SIZE))
        assert round_robin[hand] == tuple(deck[card * count + place] for card in range(HAND_SIZE))
    # The first card of the deal goes to the same hand either way.
    assert consecutive[positions[0]][0] == round_robin[positions[0]][0] == deck[0]


def test_a_hand_worked_example_of_both_styles():
    # Three seats, seat 2 dealt first, the dealer's hand after one seat:
    # the deal goes seat 2, dealer, seat 3, seat 1.
    order = DealOrder(first_seat=2, dealer_place=1)
    assert order.positions(3) == ("2", "dealer", "3", "1")
    deck = list(DECK)  # JK As Ah Ad Ac Ks Kh Kd Kc Qs ...
    consecutive = {hand: codes(cards) for hand, cards in deal(deck, order, 3).items()}
    assert consecutive == {
        "dealer": ["Kd", "Kc", "Qs", "Qh", "Qd", "Qc", "Js"],
        "1": ["9s", "9h", "9d", "9c", "8s", "8h", "8d"],
        "2": ["JK", "As", "Ah", "Ad", "Ac", "Ks", "Kh"],
        "3": ["Jh", "Jd", "Jc", "Ts", "Th", "Td", "Tc"],
    }
    robin = DealOrder(first_seat=2, dealer_place=1, style=DealStyle.ROUND_ROBIN)
    round_robin = {hand: codes(cards) for hand, cards in deal(deck, robin, 3).items()}
    assert round_robin == {
        "2": ["JK", "Ac", "Kc", "Qc", "Jc", "Tc", "9c"],
        "dealer": ["As", "Ks", "Qs", "Js", "Ts", "9s", "8s"],
        "3": ["Ah", "Kh", "Qh", "Jh", "Th", "9h", "8h"],
        "1": ["Ad", "Kd", "Qd", "Jd", "Td", "9d", "8d"],
    }


def test_the_default_deals_from_seat_one_with_the_dealer_last():
    assert DealOrder().positions(6) == ("1", "2", "3", "4", "5", "6", "dealer")
    assert DealOrder().to_json(6) == {"first_seat": 1, "dealer_place": 6, "style": "consecutive"}
    assert DealOrder(dealer_place=0).positions(2) == ("dealer", "1", "2")
    assert DealOrder(first_seat=5).positions(6) == ("5", "6", "1", "2", "3", "4", "dealer")


def test_an_order_fits_a_table_with_fewer_seats():
    assert DealOrder(first_seat=6, dealer_place=6).fitted(4) == DealOrder(1, 4, DealStyle.CONSECUTIVE)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"first_seat": 0}, "deal_order.first_seat"),
        ({"first_seat": 7}, "deal_order.first_seat"),
        ({"first_seat": True}, "deal_order.first_seat"),
        ({"dealer_place": -1}, "deal_order.dealer_place"),
        ({"dealer_place": 7}, "deal_order.dealer_place"),
        ({"style": "shuffled"}, "deal_order.style"),
        ({"seat": 1}, "deal_order.seat"),
        ([], "deal_order"),
    ],
)
def test_a_bad_deal_order_names_its_field(data, field):
    with pytest.raises(RulesError) as refused:
        DealOrder.from_json(data, 6)
    assert refused.value.field == field


def test_a_deck_must_be_the_53_cards_each_once():
    assert check_deck(codes(DECK)) == DECK
    with pytest.raises(RulesError) as short:
        check_deck(codes(DECK[:52]))
    assert (short.value.code, short.value.field) == ("wrong_count", "cards")
    with pytest.raises(RulesError) as unknown:
        check_deck([*codes(DECK[:10]), "Zz", *codes(DECK[11:])])
    assert (unknown.value.code, unknown.value.field) == ("invalid_card", "cards[10]")
    assert "Zz" in unknown.value.message
    repeated = codes(DECK)
    repeated[40] = repeated[3]
    with pytest.raises(RulesError) as twice:
        check_deck(repeated)
    assert (twice.value.code, twice.value.field) == ("duplicate_card", "cards[40]")
    assert f"{repeated[3]} is in the deck twice: at positions 4 and 41" in twice.value.message
