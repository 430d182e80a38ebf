"""The strategy kernel against a brute force over real cards, on a reduced
deck small enough to deal exhaustively.

Fifteen cards (three aces, three kings, two each of Q J T, one 9, one 3 and
the joker) still hold every kind of hand the rules know: trips, straights
(Q-K-A, 9-T-J, the joker's A-2-3), pairs, Lucky Breaks, dealers who do not
qualify. Every player hand is dealt from it, every dealer hand from the
eight cards left;
every legal setting is settled by the engine's own ``settle_main``. The
kernel, run on the same deck, must give the same counts setting by setting,
and the same optimal setting by the rule book's tie rule.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest

from service.analysis.hand_table import COLUMN, hand_table
from service.analysis.strategy_rows import best_settings, deck_patterns, strategy_rows
from service.engine.cards import Card, Rank, Suit, ordered_cards
from service.engine.house_way import HouseWay, house_way
from service.engine.qualifier import DEFAULT_QUALIFIER, Qualifier, parse_qualifier
from service.engine.setting import Setting
from service.engine.settlement import DealerResult, Outcome, settle_main

RANKS = {Rank.ACE: 3, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 2, Rank.TEN: 2, Rank.NINE: 1, Rank.THREE: 1}
RANKS |= {Rank.JOKER: 1}
DECK_COUNTS = tuple(RANKS.get(rank, 0) for rank in sorted(COLUMN))
CARDS = [Card(Rank.JOKER, None)] + [
    Card(rank, suit) for rank, count in RANKS.items() if rank is not Rank.JOKER for suit in list(Suit)[:count]
]


def rank_key(setting: Setting) -> tuple[tuple[Rank, ...], tuple[Rank, ...]]:
    return tuple(c.rank for c in setting.low), tuple(c.rank for c in setting.high)


def legal_rank_settings(cards: list[Card]) -> dict[tuple, Setting]:
    """Every legal setting by its ranks, the first in position order kept."""
    ordered = ordered_cards(cards)
    found: dict[tuple, Setting] = {}
    for low in combinations(range(7), 2):
        rest = [i for i in range(7) if i not in low]
        for high in combinations(rest, 3):
            setting = Setting(tuple(ordered[i] for i in low), tuple(ordered[i] for i in high))
            if setting.is_legal:
                found.setdefault(rank_key(setting), setting)
    return found


def one_hand_of(pattern: tuple[Rank, ...]) -> list[Card]:
    wanted = Counter(pattern)
    hand = []
    for card in CARDS:
        if wanted[card.rank]:
            wanted[card.rank] -= 1
            hand.append(card)
    return hand


@cache
def dealer_way(cards: tuple[Card, ...]) -> HouseWay:
    return house_way(cards)


@cache
def brute_force(qualifier: Qualifier) -> dict[tuple[Rank, ...], dict[tuple, tuple[int, int]]]:
    """Per player pattern of the deck, per legal setting: (won, lost) over
    every dealer hand of seven from the cards left."""
    result = {}
    patterns = {tuple(c.rank for c in ordered_cards(hand)) for hand in combinations(CARDS, 7)}
    for pattern in patterns:
        hand = one_hand_of(pattern)
        rest = [card for card in CARDS if card not in hand]
        dealers = []
        for dealt in combinations(rest, 7):
            way = dealer_way(dealt)
            dealers.append(DealerResult(way, qualifier.qualifies(way.high_value)))
        way = house_way(hand).setting
        house = [_net(way, dealer) for dealer in dealers]
        counts = {}
        everyone = [
            [_net(setting, dealer) for dealer in dealers] for setting in legal_rank_settings(hand).values()
        ]
        tops = [max(column) for column in zip(*everyone, strict=True)]
        counts["beaten"] = sum(top > theirs for top, theirs in zip(tops, house, strict=True))
        for key, setting in legal_rank_settings(hand).items():
            nets = [_net(setting, dealer) for dealer in dealers]
            better = sum(net > theirs for net, theirs in zip(nets, house, strict=True))
            counts[key] = (nets.count(1), nets.count(-1), better)
        result[pattern] = counts
    return result


def _net(setting: Setting, dealer: DealerResult) -> int:
    outcome = settle_main(1, setting.low_value, setting.high_value, setting.is_lucky_break, dealer).outcome
    return {Outcome.WIN: 1, Outcome.LOSE: -1}.get(outcome, 0)


@pytest.mark.parametrize("qualifier", [DEFAULT_QUALIFIER, parse_qualifier("A-3-2")])
def test_every_setting_of_every_hand_matches_the_brute_force(qualifier):
    """Won and lost, and against the house way of the same cards: the
    dealer hands where the setting does better, and where some setting
    does (the hidden-information test's counts)."""
    expected = brute_force(qualifier)
    players = deck_patterns(DECK_COUNTS)
    patterns = hand_table().patterns
    assert {patterns[p] for p in players.tolist()} == set(expected)
    rows = strategy_rows(players, qualifier, DECK_COUNTS)
    assert (rows.dealer_hands == 8).all()  # C(8, 7) dealer hands for every player
    for player, pattern in enumerate(patterns[p] for p in players.tolist()):
        hand = ordered_cards(one_hand_of(pattern))
        start, stop = int(rows.offsets[player]), int(rows.offsets[player + 1])
        got = {"beaten": int(rows.beaten[player])}
        for index in range(start, stop):
            low = rows.settings.low_position[index]
            high = rows.settings.high_position[index]
            setting = setting_at(hand, low, high)
            counts = (rows.won[index], rows.lost[index], rows.better[index])
            got[rank_key(setting)] = tuple(int(count) for count in counts)
        assert got == expected[pattern], pattern


def setting_at(hand: list[Card], low: int, high: int) -> Setting:
    from service.analysis.legal_settings import HIGHS, LOWS

    return Setting(tuple(hand[i] for i in LOWS[low]), tuple(hand[i] for i in HIGHS[high]))


def test_the_optimal_setting_follows_the_tie_rule():
    """Highest value; the house way's among equals; else the first listed."""
    players = deck_patterns(DECK_COUNTS)
    rows = strategy_rows(players, DEFAULT_QUALIFIER, DECK_COUNTS)
    best = best_settings(rows)
    value = (rows.won - rows.lost).tolist()
    house_kept = other_first = 0
    for player in range(len(players)):
        start, stop = int(rows.offsets[player]), int(rows.offsets[player + 1])
        mine = value[start:stop]
        house = int(rows.settings.house_way[player])
        top = max(mine)
        assert mine[int(best[player])] == top
        if mine[house] == top:
            assert best[player] == house
            house_kept += 1
        else:
            assert best[player] == mine.index(top)
            other_first += 1
    # The small deck has both cases, so both branches are checked.
    assert house_kept
    assert other_first
