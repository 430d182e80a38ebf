"""A seat's hidden-information bet, against the engine: every legal
setting of the seat's cards settled by ``settle_main`` against the
dealer's actual hand decides whether the round's event happened, and the
counts are the strategy table's own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.analysis.hand_advice import located
from service.analysis.main_bet import DEALER_HANDS
from service.analysis.seat_bets import seat_bet
from service.engine.cards import Card, Rank, Suit, parse_cards
from service.engine.house_way import house_way
from service.engine.setting import Setting
from service.engine.settlement import DealerResult, Outcome, settle_main
from service.engine.table_config import TableConfig
from tests.analysis.test_hand_advice import HANDS
from tests.analysis.test_seat_counts import hands
from tests.support.hidden_play import legal_settings
from tests.support.strategy import strategy_blocks

DECK = [Card(Rank.JOKER, None)] + [
    Card(rank, suit) for rank in Rank if rank is not Rank.JOKER for suit in Suit
]
CONFIG = TableConfig()
FOUL_HAND = "As Kd Qh Jc 8h 4d 2c"


@pytest.fixture(scope="module")
def instance(tmp_path_factory):
    folder = tmp_path_factory.mktemp("instance")
    strategy_blocks(folder, [hand.split() for hand in (*HANDS.values(), FOUL_HAND)])
    return folder


def net(setting: Setting, dealer: DealerResult) -> int:
    outcome = settle_main(1, setting.low_value, setting.high_value, setting.is_lucky_break, dealer).outcome
    return {Outcome.WIN: 1, Outcome.LOSE: -1}.get(outcome, 0)


def ranks(setting: Setting) -> tuple[tuple[Rank, ...], tuple[Rank, ...]]:
    key = sorted(setting.low, key=lambda c: c.order), sorted(setting.high, key=lambda c: c.order)
    return tuple(c.rank for c in key[0]), tuple(c.rank for c in key[1])


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[Card], list[Card], Setting | None]:
    cards = draw(hands())
    rest = [card for card in DECK if card not in cards]
    dealer = draw(st.permutations(rest))[:7]
    chosen = draw(st.none() | st.sampled_from(legal_settings(cards)))
    return cards, list(dealer), chosen


@settings(max_examples=40, deadline=None)
@given(deals())
def test_the_event_happened_exactly_when_the_engine_says(instance, deal):
    cards, dealer_cards, chosen = deal
    way = house_way(dealer_cards)
    dealer = DealerResult(way, CONFIG.dealer_qualifier.qualifies(way.high_value))
    house = house_way(cards).setting
    theirs = net(house, dealer)
    played = None if chosen is None else ranks(chosen)
    bet = seat_bet(cards, played, dealer_cards, CONFIG, instance)
    assert bet is not None
    _ordered, index, block = located(cards, CONFIG, instance)
    if chosen is None or ranks(chosen) == ranks(house):
        assert not bet.departed
        assert bet.hands == DEALER_HANDS - int(block.beaten[index - block.first])
        assert bet.hit == all(net(s, dealer) <= theirs for s in legal_settings(cards))
    else:
        assert bet.departed
        assert bet.hit == (net(chosen, dealer) > theirs)
    assert bet.dealer_hands == DEALER_HANDS


def test_a_departure_that_beat_the_house_way(instance):
    """A K T 8 6 4 2 set K-8 / A-T-6 instead of the house way's K-T / A-8-6
    (rule 7): against this dealer it wins where the house way pushes."""
    cards = parse_cards(["As", "Kd", "Th", "8c", "6h", "4d", "2c"])
    dealer_cards = parse_cards(["6s", "2h", "Ad", "Js", "5h", "9d", "Qs"])
    played = ((Rank.KING, Rank.EIGHT), (Rank.ACE, Rank.TEN, Rank.SIX))
    bet = seat_bet(cards, played, dealer_cards, CONFIG, instance)
    assert bet is not None
    assert bet.departed
    assert bet.hit
    assert 0 < bet.hands < DEALER_HANDS
    # The house way against the same dealer: some setting did better, so
    # the event of a stay (none did) did not happen.
    stayed = seat_bet(cards, None, dealer_cards, CONFIG, instance)
    assert stayed is not None
    assert not stayed.departed
    assert not stayed.hit


def test_a_foul_is_not_tested(instance):
    """A-K low under Q-J-8 high is a foul (rule book section 3): never one
    of the cards' settings, so the round is not counted."""
    cards = parse_cards(FOUL_HAND.split())
    dealer_cards = parse_cards(["6s", "2h", "Ad", "Js", "5h", "9d", "Qs"])
    foul = ((Rank.ACE, Rank.KING), (Rank.QUEEN, Rank.JACK, Rank.EIGHT))
    assert seat_bet(cards, foul, dealer_cards, CONFIG, instance) is None
