"""The hand calculator: what it answers for seven cards, read from the
strategy table's blocks."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.analysis.hand_advice import StrategyTableMissing, advise, pattern_index, rank_key
from service.analysis.strategy_rows import strategy_rows
from service.engine.break_bonus import BreakBonusCategory
from service.engine.cards import Card, Suit, parse_cards
from service.engine.errors import RulesError
from service.engine.house_way import house_way
from service.engine.setting import Setting
from service.engine.table_config import FoulPolicy, TableConfig
from tests.support.strategy import strategy_blocks

DEALER_HANDS = comb(46, 7)
HANDS = {
    "joker straight": "JK Kd Qs 7c 7h 4d 2c",  # rule 2: 7-7 / Q-K-A
    "rule 7": "As Kd Th 8c 6h 4d 2c",
    "five aces": "JK As Ah Ad Ac Kd Ks",
    "rule 6": "Qs Qd Ah 9c 7h 4d 2c",
}


@pytest.fixture(scope="module")
def instance(tmp_path_factory):
    folder = tmp_path_factory.mktemp("instance")
    strategy_blocks(folder, [hand.split() for hand in HANDS.values()])
    return folder


def advice_of(name, instance, config=None):
    return advise(parse_cards(HANDS[name].split()), config or TableConfig(), instance)


def test_every_setting_with_its_value_and_the_house_way_of_the_rule_book(instance):
    advice = advice_of("joker straight", instance)
    way = advice.house_way.setting
    assert [c.code for c in way.low] == ["7h", "7c"]
    assert sorted(c.code for c in way.high) == sorted(["JK", "Kd", "Qs"])
    assert rank_key(way) == rank_key(house_way(advice.cards).setting)
    assert all(entry.setting.is_legal for entry in advice.settings)
    keys = [entry.ranks() for entry in advice.settings]
    assert len(keys) == len(set(keys))  # each setting once
    for entry in advice.settings:
        assert entry.won + entry.lost + entry.pushed == DEALER_HANDS
        total = entry.probability(entry.won) + entry.probability(entry.lost) + entry.probability(entry.pushed)
        assert total == 1
    assert advice.best.expected_value == max(entry.expected_value for entry in advice.settings)
    assert advice.house_way_cost == advice.best.expected_value - advice.house_way.expected_value >= 0


def test_the_values_are_the_kernel_s_for_the_pattern(instance):
    advice = advice_of("rule 7", instance)

    pattern = tuple(card.rank for card in advice.cards)
    rows = strategy_rows([pattern_index()[pattern]], TableConfig().dealer_qualifier)
    assert [(e.won, e.lost) for e in advice.settings] == list(
        zip(rows.won.tolist(), rows.lost.tolist(), strict=True)
    )


def test_the_side_bets_expected_values(instance):
    aces = advice_of("five aces", instance)
    assert aces.break_bonus == 1000  # Five Aces pays 1000 to 1 by default
    # The player has a Lucky Break: the Dealer Break Bonus pays 4 to 1 when
    # the dealer has one too.
    assert aces.house_way.setting.is_lucky_break
    nothing = advice_of("rule 6", instance)
    assert nothing.break_bonus == -1
    pays = {**TableConfig().break_bonus_pays, BreakBonusCategory.FIVE_ACES: 500}
    assert advice_of("five aces", instance, TableConfig(break_bonus_pays=pays)).break_bonus == 500
    # Both are a dealer Lucky Break probability p: 4p - (1 - p) and p - (1 - p).
    for advice, pays_both in ((aces, 4), (nothing, 1)):
        p = (advice.dealer_break_bonus + 1) / (pays_both + 1)
        assert 0.2 < p < 0.4
        assert advice.dealer_break_bonus == pays_both * p - (1 - p)


def test_the_setting_played_as_settled(instance):
    advice = advice_of("rule 7", instance)
    cards = {card.code: card for card in advice.cards}
    foul = Setting((cards["As"], cards["Kd"]), (cards["Th"], cards["8c"], cards["6h"]))
    assert not foul.is_legal
    assert advice.value_of(foul) is None
    assert advice.main_value_played(foul, FoulPolicy.HOUSE_WAY) == advice.house_way.expected_value
    assert advice.main_value_played(foul, FoulPolicy.FORFEIT) == Fraction(-1)
    own = Setting((cards["Th"], cards["8c"]), (cards["As"], cards["Kd"], cards["6h"]))
    entry = advice.value_of(own)
    assert entry is not None
    assert advice.main_value_played(own, FoulPolicy.FORFEIT) == entry.expected_value


@pytest.mark.parametrize(
    ("codes", "code"),
    [("As Kd Th 8c 6h 4d", "wrong_card_count"), ("As Kd Th 8c 6h 4d As", "duplicate_card")],
)
def test_bad_cards_get_the_engine_s_errors(instance, codes, code):
    with pytest.raises(RulesError) as raised:
        advise(parse_cards(codes.split()), TableConfig(), instance)
    assert raised.value.code == code
    assert raised.value.field == "cards"


def test_a_hand_whose_block_is_not_built(tmp_path):
    with pytest.raises(StrategyTableMissing, match="K-3-2 is not built"):
        advise(parse_cards(HANDS["rule 7"].split()), TableConfig(), tmp_path)


@settings(max_examples=20)
@given(st.sampled_from(sorted(HANDS)), st.permutations(list(Suit)))
def test_suits_never_change_an_answer(instance, name, suits):
    """Any relabelling of the suits: the same values, setting by setting."""
    renamed = dict(zip(Suit, suits, strict=True))
    cards = parse_cards(HANDS[name].split())
    moved = [card if card.suit is None else Card(card.rank, renamed[card.suit]) for card in cards]
    first, second = advise(cards, TableConfig(), instance), advise(moved, TableConfig(), instance)
    assert [(e.ranks(), e.won, e.lost) for e in first.settings] == [
        (e.ranks(), e.won, e.lost) for e in second.settings
    ]
    assert first.best.ranks() == second.best.ranks()
    assert (first.dealer_break_bonus, first.break_bonus) == (second.dealer_break_bonus, second.break_bonus)
