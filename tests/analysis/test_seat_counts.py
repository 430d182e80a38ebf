"""The expected-values job's lean read of the strategy table agrees with
the hand calculator on every figure it stores, for any hand of the built
blocks, any setting played (fouls included) and both foul policies."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.analysis.hand_advice import advise, pattern_index
from service.analysis.main_bet import DEALER_HANDS
from service.analysis.seat_counts import seat_counts
from service.analysis.strategy_table import BLOCK
from service.engine.cards import JOKER, Card, Rank, Suit, parse_cards
from service.engine.setting import Setting
from service.engine.settlement import DEALER_BREAK_BONUS_BOTH_PAYS, DEALER_BREAK_BONUS_PAYS
from service.engine.table_config import FoulPolicy, TableConfig
from service.rounds.seat_values import HOUSE_WAY_ENTERED, played_ranks, seat_values
from tests.analysis.test_hand_advice import HANDS
from tests.support.strategy import block_number, strategy_blocks

BLOCKS = sorted({block_number(hand.split()) for hand in HANDS.values()})
PATTERNS = pattern_index()  # each pattern's row, in the table's order
BY_ROW = list(PATTERNS)


@pytest.fixture(scope="module")
def instance(tmp_path_factory):
    folder = tmp_path_factory.mktemp("instance")
    strategy_blocks(folder, [hand.split() for hand in HANDS.values()])
    return folder


@st.composite
def hands(draw: st.DrawFn) -> list[Card]:
    """Seven distinct cards whose rank pattern lies in a built block."""
    number = draw(st.sampled_from(BLOCKS))
    pattern = BY_ROW[draw(st.integers(number * BLOCK, min((number + 1) * BLOCK, len(BY_ROW)) - 1))]
    cards: list[Card] = []
    for rank in pattern:
        if rank is Rank.JOKER:
            cards.append(JOKER)
            continue
        free = [suit for suit in Suit if Card(rank, suit) not in cards]
        cards.append(Card(rank, draw(st.sampled_from(free))))
    return list(draw(st.permutations(cards)))


@st.composite
def hands_played(draw: st.DrawFn) -> tuple[list[Card], object]:
    """A hand and the setting entered: the house way, or any two cards low
    and three of the rest high (a foul as often as not)."""
    cards = draw(hands())
    if draw(st.booleans()):
        return cards, HOUSE_WAY_ENTERED
    order = draw(st.permutations(range(7)))
    return cards, {"low": [cards[i].code for i in order[:2]], "high": [cards[i].code for i in order[2:5]]}


def numerator(value: Fraction) -> int:
    scaled = value * DEALER_HANDS
    assert scaled.denominator == 1
    return scaled.numerator


@settings(max_examples=500, deadline=None)
@given(hand=hands_played(), policy=st.sampled_from(FoulPolicy))
def test_the_lean_read_stores_what_the_calculator_answers(instance, hand, policy):
    cards, entered = hand
    config = TableConfig(foul_policy=policy)
    advice = advise(cards, config, instance)
    if entered == HOUSE_WAY_ENTERED:
        setting = advice.house_way.setting
    else:
        setting = Setting(parse_cards(entered["low"]), parse_cards(entered["high"]))
    entry = advice.value_of(setting) or (advice.house_way if policy is FoulPolicy.HOUSE_WAY else None)
    both = advice.house_way.setting.is_lucky_break
    pays = DEALER_BREAK_BONUS_BOTH_PAYS if both else DEALER_BREAK_BONUS_PAYS
    lucky = (numerator(advice.dealer_break_bonus) + DEALER_HANDS) // (pays + 1)

    values = seat_values(seat_counts(cards, played_ranks(entered), config, instance), config)

    assert values.main_played == numerator(advice.main_value_played(setting, policy))
    assert values.main_best == numerator(advice.best.expected_value)
    assert values.main_house_way == numerator(advice.house_way.expected_value)
    assert values.main_played_square == (DEALER_HANDS if entry is None else entry.won + entry.lost)
    assert values.dealer_break_bonus == numerator(advice.dealer_break_bonus)
    assert values.dealer_break_bonus_square == lucky * pays * pays + DEALER_HANDS - lucky
    assert values.break_bonus == numerator(advice.break_bonus)


def test_a_foul_is_reset_or_forfeited_by_the_policy(instance):
    cards = parse_cards(HANDS["rule 6"].split())  # Qs Qd Ah 9c 7h 4d 2c
    foul = {"low": ["Qs", "Qd"], "high": ["9c", "4d", "2c"]}  # a pair low over nine high
    house = seat_counts(cards, None, TableConfig(), instance).house_way
    reset, forfeit = house.won - house.lost, -DEALER_HANDS
    for policy, played in ((FoulPolicy.HOUSE_WAY, reset), (FoulPolicy.FORFEIT, forfeit)):
        config = TableConfig(foul_policy=policy)
        counts = seat_counts(cards, played_ranks(foul), config, instance)
        assert counts.played is None
        assert seat_values(counts, config).main_played == played
