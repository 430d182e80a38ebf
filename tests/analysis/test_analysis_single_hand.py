"""Figures of one seven-card hand, against counts worked out by hand."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from service.analysis.bet_math import BetMath, Line
from service.analysis.hand_table import COLUMN, hand_table, pattern_combos, seven_card_patterns
from service.analysis.single_hand import (
    HANDS,
    break_bonus_math,
    category_combinations,
    lucky_break_probability,
    qualifies_probability,
    rule_lines,
)
from service.engine.break_bonus import BreakBonusCategory as C
from service.engine.cards import Rank
from service.engine.qualifier import DEFAULT_QUALIFIER, parse_qualifier
from service.engine.table_config import DEFAULT_BREAK_BONUS_PAYS


def test_every_pattern_once_and_every_hand_counted():
    patterns = seven_card_patterns()
    assert len(patterns) == len(set(patterns)) == 67_600
    assert sum(map(pattern_combos, patterns)) == comb(53, 7) == HANDS
    assert int(hand_table().combos.sum()) == HANDS


def test_five_aces_by_hand():
    # The four aces and the joker, any two of the other 48 cards.
    assert category_combinations()[C.FIVE_ACES] == comb(48, 2) == 1128


def test_hands_with_four_cards_of_a_rank_by_hand():
    # A rank's four cards and any three of the other 49; two quads need 8 cards.
    table = hand_table()
    naturals = table.counts[:, : COLUMN[Rank.JOKER]]
    four = int(table.combos[(naturals == 4).any(axis=1)].sum())
    assert four == 13 * comb(49, 3) == 239_512


def test_four_of_a_kind_category_by_hand():
    # Four of a rank, less the Five Aces among them, plus three aces with the
    # joker and three cards that are neither aces nor the joker.
    quads = 13 * comb(49, 3)
    assert category_combinations()[C.FOUR_OF_A_KIND] == quads - comb(48, 2) + comb(4, 3) * comb(48, 3)


def test_two_trips_category_by_hand():
    # Two natural trips and a seventh card of a third rank, or the joker
    # (not with trip aces: that is Four of a Kind).
    two_natural = comb(13, 2) * 4 * 4 * (11 * 4) + (comb(13, 2) - 12) * 4 * 4
    # Trips (not aces), a pair the joker completes, and one more card.
    joker_made = 12 * 12 * 11 * comb(4, 3) * comb(4, 2) * 4
    assert category_combinations()[C.TWO_TRIPS] == two_natural + joker_made == 208_032


def test_category_table_sums_to_one():
    bet = break_bonus_math(DEFAULT_BREAK_BONUS_PAYS)
    assert sum(line.probability for line in bet.lines) == 1
    assert sum(line.combinations for line in bet.lines) == HANDS


def test_break_bonus_at_default_pays_pinned():
    bet = break_bonus_math(DEFAULT_BREAK_BONUS_PAYS)
    counts = [line.combinations for line in bet.lines]
    assert counts == [1128, 307_568, 208_032, 6_120_048, 43_000_768, 104_505_536]
    expected = Fraction(
        1128 * 1000 + 307_568 * 40 + 208_032 * 40 + 6_120_048 * 5 + 43_000_768 - 104_505_536, HANDS
    )
    assert bet.expected_return == expected
    assert bet.house_edge == -expected
    assert float(bet.house_edge) == pytest.approx(0.0593768335, abs=1e-10)


def test_pay_table_change_moves_the_edge_at_once():
    richer = dict(DEFAULT_BREAK_BONUS_PAYS) | {C.LUCKY_BREAK_STRAIGHT: 2}
    before, after = break_bonus_math(DEFAULT_BREAK_BONUS_PAYS), break_bonus_math(richer)
    assert before.house_edge - after.house_edge == Fraction(43_000_768, HANDS)
    assert after.house_edge < 0  # paying 2 to 1 there hands the player the edge


def test_lucky_break_and_qualifier_pinned():
    assert lucky_break_probability() == Fraction(6185173, 19267885)
    assert qualifies_probability(DEFAULT_QUALIFIER) == Fraction(3841289, 3853577)
    assert qualifies_probability(parse_qualifier("A-3-2")) == Fraction(2715691, 2752555)
    assert qualifies_probability(parse_qualifier("2-3-4")) > qualifies_probability(DEFAULT_QUALIFIER)


def test_rules_fire_pinned_and_sum_to_one():
    lines = rule_lines()
    assert [line.combinations for line in lines] == [
        6_397_416,
        43_083_968,
        4_770_816,
        46_787_520,
        21_609_216,
        26_284_032,
        5_210_112,
    ]
    assert sum(line.probability for line in lines) == 1
    # Rules 1 and 2 are exactly the hands with a Lucky Break.
    assert lines[0].probability + lines[1].probability == lucky_break_probability()


def test_lines_that_miss_a_deal_are_refused():
    with pytest.raises(ArithmeticError, match="sum to 1"):
        BetMath.of([Line("win", "Win", 1, 3), Line("lose", "Lose", -1, 6)], total=10)


def test_standard_deviation_is_exact_to_the_last_digit():
    bet = BetMath.of([Line("win", "Win", 1, 1), Line("lose", "Lose", -1, 2)])
    # variance = 1 - (1/3)^2 = 8/9, so the deviation is 2*sqrt(2)/3.
    assert bet.variance == Fraction(8, 9)
    assert bet.standard_deviation == 0.9428090415820634
