"""The strategy kernel on the full deck, hand by hand: sampled player
patterns against every dealer pattern, weighted with math.comb and settled
by the rule book's section 7 written out again here (and, for the optimal
and house-way settings, by the engine's own ``settle_main``)."""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.analysis.hand_table import COLUMN, hand_table
from service.analysis.legal_settings import legal_settings
from service.analysis.strategy_rows import best_settings, strategy_rows
from service.engine.cards import Rank
from service.engine.house_way import house_way
from service.engine.qualifier import DEFAULT_QUALIFIER, Qualifier, parse_qualifier
from service.engine.settlement import DealerResult, Outcome, settle_main
from tests.analysis.test_analysis_pairs import EXAMPLES, dealer_ways, index_of
from tests.patterns import pattern_cards

A32 = parse_qualifier("A-3-2")
CHOOSE = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)
PAIR, STRAIGHT = 1, 2  # categories in the value key's top bits
SHIFT = 12


def dealer_weights(player: int) -> np.ndarray:
    """Dealer card sets of each pattern from the 46 cards the player leaves."""
    table = hand_table()
    mine = table.counts[player].astype(np.int64)
    theirs = table.counts.astype(np.int64)
    available = np.where(np.arange(14) == COLUMN[Rank.JOKER], 1, 4) - mine
    weight = np.ones(len(table), dtype=np.int64)
    for column in range(14):
        weight *= np.where(
            theirs[:, column] <= available[column], CHOOSE[available[column], theirs[:, column]], 0
        )
    return weight


def lucky(low: np.ndarray, high: np.ndarray) -> np.ndarray:
    return ((low >> SHIFT) == PAIR) & ((high >> SHIFT) >= STRAIGHT)


def by_the_rule_book(low: int, high: int, player: int, qualifier: Qualifier) -> tuple[int, int]:
    """(won, lost) of one setting over every dealer hand, section 7."""
    weight = dealer_weights(player)
    win, lose = outcomes(low, high, qualifier)
    return int(weight[win].sum()), int(weight[lose].sum())


def outcomes(low: int, high: int, qualifier: Qualifier) -> tuple[np.ndarray, np.ndarray]:
    """Per dealer pattern: does the setting win, does it lose."""
    table = hand_table()
    qualifies = table.high_key >= qualifier.key
    dealer_lucky = table.lucky_break
    mine = bool(lucky(np.array(low), np.array(high)))
    beats = (low > table.low_key) & (high > table.high_key)
    beaten = (table.low_key >= low) & (table.high_key >= high)
    if mine:
        win = qualifies & (~dealer_lucky | beats)
        lose = qualifies & dealer_lucky & beaten & ~beats
    else:
        win = qualifies & ~dealer_lucky & beats
        lose = qualifies & (dealer_lucky | beaten)
    return win, lose


def against_house(
    index: int, house: int, keys: tuple[list[int], list[int]], player: int, qualifier: Qualifier
):
    """The dealer hands where a setting's net is higher than the house way's."""
    weight = dealer_weights(player)
    mine = outcomes(keys[0][index], keys[1][index], qualifier)
    theirs = outcomes(keys[0][house], keys[1][house], qualifier)
    net_mine = mine[0].astype(int) - mine[1]
    net_theirs = theirs[0].astype(int) - theirs[1]
    return int(weight[net_mine > net_theirs].sum())


def by_the_engine(player: int, setting_low: int, setting_high: int, qualifier: Qualifier) -> tuple[int, int]:
    table = hand_table()
    weight = dealer_weights(player).tolist()
    cards = pattern_cards(table.patterns[player])
    ordered = sorted(cards, key=lambda card: card.order)
    from service.analysis.legal_settings import HIGHS, LOWS
    from service.engine.setting import Setting

    setting = Setting(
        tuple(ordered[i] for i in LOWS[setting_low]), tuple(ordered[i] for i in HIGHS[setting_high])
    )
    won = lost = 0
    for w, way in zip(weight, dealer_ways(), strict=True):
        if w:
            dealer = DealerResult(way, qualifier.qualifies(way.high_value))
            outcome = settle_main(
                1, setting.low_value, setting.high_value, setting.is_lucky_break, dealer
            ).outcome
            won += w * (outcome is Outcome.WIN)
            lost += w * (outcome is Outcome.LOSE)
    return won, lost


def beaten(house: int, keys: tuple[list[int], list[int]], player: int, qualifier: Qualifier) -> int:
    """The dealer hands where the best of all the settings' nets is higher
    than the house way's."""
    nets = [np.subtract(*outcomes(low, high, qualifier), dtype=int) for low, high in zip(*keys, strict=True)]
    top = np.max(nets, axis=0)
    return int(dealer_weights(player)[top > nets[house]].sum())


@cache
def all_settings():
    return legal_settings()


def check_player(player: int, qualifier: Qualifier, engine_too: bool) -> None:
    rows = strategy_rows(np.array([player]), qualifier)
    assert int(rows.dealer_hands[0]) == comb(46, 7)
    settings_ = rows.settings
    keys = (settings_.low_key.tolist(), settings_.high_key.tolist())
    for index in range(int(rows.offsets[1])):
        expected = by_the_rule_book(keys[0][index], keys[1][index], player, qualifier)
        assert (int(rows.won[index]), int(rows.lost[index])) == expected, index
        house = int(settings_.house_way[0])
        versus = against_house(index, house, keys, player, qualifier)
        assert int(rows.better[index]) == versus, index
    assert int(rows.beaten[0]) == beaten(int(settings_.house_way[0]), keys, player, qualifier)
    # Its settings are the ones the whole-table listing has for this pattern.
    listed = all_settings()
    start = int(listed.offsets[player])
    assert listed.low_key[start : start + int(rows.offsets[1])].tolist() == settings_.low_key.tolist()
    best = int(best_settings(rows)[0])
    value = rows.won - rows.lost
    assert value[best] == value.max()
    if engine_too:
        house = int(settings_.house_way[0])
        way = house_way(pattern_cards(hand_table().patterns[player]))
        assert (int(settings_.low_key[house]), int(settings_.high_key[house])) == (
            way.low_value.key,
            way.high_value.key,
        )
        for index in {best, house}:
            low, high = int(settings_.low_position[index]), int(settings_.high_position[index])
            assert by_the_engine(player, low, high, qualifier) == (
                int(rows.won[index]),
                int(rows.lost[index]),
            )


@pytest.mark.parametrize(
    "player", [*EXAMPLES, index_of(14, 13, 12, 8, 6, 4, 2), index_of(15, 10, 7, 5, 4, 2, 2)]
)
def test_rule_book_hands_setting_by_setting(player):
    check_player(player, DEFAULT_QUALIFIER, engine_too=True)


@settings(max_examples=6)
@given(st.integers(min_value=0, max_value=67_599), st.sampled_from([DEFAULT_QUALIFIER, A32]))
def test_any_hand_setting_by_setting(player, qualifier):
    check_player(player, qualifier, engine_too=False)
