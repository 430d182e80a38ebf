"""Players for the hidden-information test (rule book section 15): a
cheater who sets every hand to do best against the dealer's actual hand
(the house way's setting on a tie), honest players (the house way, or a
random legal setting), and deals whose seat hands fall in a few blocks of
the strategy table (so that a test builds those blocks only: a block is
about a second once the compiler is warm). All settled by the engine."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from service.analysis.hand_advice import pattern_index
from service.analysis.strategy_table import BLOCK
from service.engine.cards import Card, Rank, Suit, codes, ordered_cards
from service.engine.house_way import house_way
from service.engine.setting import Setting
from service.engine.settlement import DealerResult, settle_main
from service.engine.table_config import TableConfig

DECK = (
    Card(Rank.JOKER, None),
    *(Card(rank, suit) for rank in Rank if rank is not Rank.JOKER for suit in Suit),
)
#: eight of the blocks random hands fall in most often (about 29 % of them)
COMMON_BLOCKS = (26, 27, 30, 42, 43, 45, 32, 52)
HOUSE_WAY = "house_way"


def legal_settings(cards: Sequence[Card]) -> list[Setting]:
    """Every setting of the seven cards that is no foul."""
    found = []
    for low in combinations(cards, 2):
        rest = [card for card in cards if card not in low]
        for high in combinations(rest, 3):
            setting = Setting(low, high)
            if setting.is_legal:
                found.append(setting)
    return found


def dealer_result(dealer_cards: Sequence[Card], config: TableConfig) -> DealerResult:
    way = house_way(dealer_cards)
    return DealerResult(way, config.dealer_qualifier.qualifies(way.high_value))


def main_net(setting: Setting, dealer: DealerResult) -> int:
    """The Main Bet's result for a unit against the dealer's house way."""
    return settle_main(1, setting.low_value, setting.high_value, setting.is_lucky_break, dealer).net


def _ranks(setting: Setting) -> tuple[list[Rank], list[Rank]]:
    return sorted(card.rank for card in setting.low), sorted(card.rank for card in setting.high)


def _entered(setting: Setting, house: Setting) -> Any:
    """The house way's ranks entered as the house way: the same setting to
    the test (and to the hand's value), whichever suits."""
    if _ranks(setting) == _ranks(house):
        return HOUSE_WAY
    return {"low": codes(setting.low), "high": codes(setting.high)}


def cheating_setting(cards: Sequence[Card], dealer_cards: Sequence[Card], config: TableConfig) -> Any:
    """The setting that does best against the dealer's actual hand, the
    house way's on a tie, as a round's body enters it."""
    house = house_way(cards).setting
    dealer = dealer_result(dealer_cards, config)
    best, best_net = house, main_net(house, dealer)
    for setting in legal_settings(cards):
        net = main_net(setting, dealer)
        if net > best_net:
            best, best_net = setting, net
    return _entered(best, house)


def random_setting(cards: Sequence[Card], rng: random.Random) -> Any:
    """A legal setting chosen at random (an honest player who plays badly)."""
    house = house_way(cards).setting
    return _entered(rng.choice(legal_settings(cards)), house)


def block_of(cards: Sequence[Card]) -> int:
    return pattern_index()[tuple(card.rank for card in ordered_cards(cards))] // BLOCK


def deal(
    rng: random.Random, seats: int, blocks: Sequence[int] = COMMON_BLOCKS
) -> tuple[list[Card], list[list[Card]]]:
    """A round's dealer hand and ``seats`` seat hands from one deck, every
    seat hand in one of ``blocks`` (drawn again until it is). The seats
    are dealt first: the dealer's hand may be any of the cards left."""
    while True:
        rest = list(DECK)
        hands: list[list[Card]] = []
        for _ in range(200 * seats):
            if len(hands) == seats:
                break
            picked = rng.sample(rest, 7)
            if block_of(picked) in blocks:
                hands.append(picked)
                rest = [card for card in rest if card not in picked]
        if len(hands) == seats:
            return rng.sample(rest, 7), hands


def round_body(
    round_id: str, dealer: Sequence[Card], seats: Sequence[tuple[int, Sequence[Card], Any]]
) -> dict[str, Any]:
    """A round's body: each seat's number, cards and setting entered."""
    return {
        "round_id": round_id,
        "dealer": codes(dealer),
        "seats": [
            {"seat": seat, "cards": codes(cards), "setting": setting, "bets": {"main": 1000}}
            for seat, cards, setting in seats
        ],
    }
