"""The Main Bet and Dealer Break Bonus over every player-dealer pair.

The compiled kernel is checked three ways: player by player against plain
Python that weighs every dealer hand with math.comb and settles it with the
engine's own ``settle_main``; through identities that any correct card
removal must satisfy (the dealer's hand alone is a uniform seven of 53); and
by pinned exact figures, so a rules change that moves them is seen.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb, prod
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.analysis import pair_columns as kernel
from service.analysis.hand_table import COLUMN, hand_table
from service.analysis.main_bet import DEALS, dealer_break_bonus_math, main_bet_math, player_rows
from service.analysis.single_hand import lucky_break_probability, qualifies_probability
from service.engine.cards import Rank
from service.engine.house_way import house_way
from service.engine.qualifier import DEFAULT_QUALIFIER, Qualifier, parse_qualifier
from service.engine.settlement import DealerResult, MainReason, settle_main
from tests.par_sheets import shared_pair_counts
from tests.patterns import pattern_cards

A32 = parse_qualifier("A-3-2")
COLUMN_REASON = {
    kernel.NOT_QUALIFIED: MainReason.DEALER_DOES_NOT_QUALIFY,
    kernel.DEALER_LUCKY_BREAK: MainReason.DEALER_LUCKY_BREAK,
    kernel.PLAYER_LUCKY_BREAK: MainReason.PLAYER_LUCKY_BREAK,
    kernel.BOTH_WON: MainReason.BOTH_HANDS_WON,
    kernel.BOTH_LOST: MainReason.BOTH_HANDS_LOST,
    kernel.ONE_EACH: MainReason.ONE_EACH,
}


def counts_of(qualifier: Qualifier):
    # pair_counts(qualifier), counted once a run for every process that
    # needs it: the par sheets the other tests read are made from these.
    return shared_pair_counts(qualifier)[0]


@cache
def dealer_ways():
    table = hand_table()
    return [house_way(pattern_cards(pattern)) for pattern in table.patterns]


def python_row(player: int, qualifier: Qualifier) -> Counter:
    """Dealer card sets by Main Bet reason, and with a Lucky Break, the slow way."""
    table = hand_table()
    mine = table.counts[player].tolist()
    way = house_way(pattern_cards(table.patterns[player]))
    row: Counter = Counter()
    for theirs, dealer_way in zip(table.counts.tolist(), dealer_ways(), strict=True):
        weight = prod(comb(4 - mine[c], theirs[c]) for c in range(13))
        weight *= comb(1 - mine[COLUMN[Rank.JOKER]], theirs[COLUMN[Rank.JOKER]])
        if weight == 0:
            continue
        dealer = DealerResult(dealer_way, qualifier.qualifies(dealer_way.high_value))
        result = settle_main(1, way.low_value, way.high_value, way.lucky_break, dealer)
        row[result.reason] += weight
        row["dealer_lucky_break_total"] += weight * dealer.lucky_break
    return row


def kernel_row(player: int, qualifier: Qualifier) -> Counter:
    values = player_rows(slice(player, player + 1), qualifier)[0].tolist()
    row = Counter({reason: values[column] for column, reason in COLUMN_REASON.items() if values[column]})
    row["dealer_lucky_break_total"] = values[kernel.DEALER_HAS_LUCKY_BREAK]
    return +row


def index_of(*ranks: int) -> int:
    pattern = tuple(sorted((Rank(r) for r in ranks), reverse=True))
    return hand_table().patterns.index(pattern)


EXAMPLES = [
    index_of(15, 14, 14, 14, 14, 13, 13),  # Five Aces: a Lucky Break
    index_of(12, 12, 14, 9, 7, 4, 2),  # rule 6, the rule book's dealer
    index_of(13, 13, 8, 8, 3, 3, 14),  # rule 5
    index_of(15, 9, 9, 5, 5, 13, 2),  # the joker makes trips
    index_of(12, 11, 9, 8, 6, 5, 3),  # rule 7, does not qualify as a dealer
    index_of(15, 13, 12, 7, 7, 4, 2),  # the joker makes Q-K-A
]


@pytest.mark.parametrize("player", EXAMPLES)
def test_kernel_row_equals_plain_python(player):
    assert kernel_row(player, DEFAULT_QUALIFIER) == +python_row(player, DEFAULT_QUALIFIER)


@settings(max_examples=4)
@given(st.integers(min_value=0, max_value=67_599))
def test_kernel_row_equals_plain_python_for_any_player(player):
    assert kernel_row(player, A32) == +python_row(player, A32)


def test_every_player_meets_every_dealer_hand_once():
    rows = player_rows(slice(0, 2000), DEFAULT_QUALIFIER)
    assert (rows[:, : kernel.ROW - 1].sum(axis=1) == comb(46, 7)).all()


@pytest.mark.parametrize("qualifier", [DEFAULT_QUALIFIER, A32])
def test_the_dealer_alone_is_a_uniform_seven_cards(qualifier):
    counts = counts_of(qualifier)
    dealer_has = counts.both_lucky_break + counts.dealer_lucky_break_only
    assert Fraction(dealer_has, DEALS) == lucky_break_probability()
    not_qualified = counts.main[kernel.NOT_QUALIFIED]
    assert Fraction(not_qualified, DEALS) == 1 - qualifies_probability(qualifier)


@pytest.mark.parametrize("qualifier", [DEFAULT_QUALIFIER, A32])
def test_player_and_dealer_hands_are_exchangeable(qualifier):
    # P(player has a Lucky Break, dealer none) = P(dealer has one, player none).
    counts = counts_of(qualifier)
    player_only = counts.main[kernel.PLAYER_LUCKY_BREAK] + counts.player_lucky_break_not_qualified
    assert player_only == counts.dealer_lucky_break_only == counts.main[kernel.DEALER_LUCKY_BREAK]


def test_main_bet_pinned_k32():
    main = main_bet_math(counts_of(DEFAULT_QUALIFIER))
    assert [line.combinations for line in main.lines] == [
        26_308_450_713_600,
        1_821_241_032_997_440,
        1_812_744_635_447_872,
        960_626_573_462_912,
        1_081_902_635_631_776,
        2_547_635_702_960_800,
    ]
    assert sum(line.probability for line in main.lines) == 1
    assert main.house_edge == Fraction(98_911_935_761, 6_288_459_627_450)
    assert float(main.house_edge) == pytest.approx(0.01572911994683653, rel=1e-12)
    assert main.standard_deviation == pytest.approx(0.829323, abs=1e-6)


def test_main_bet_pinned_a32():
    main = main_bet_math(counts_of(A32))
    assert [line.combinations for line in main.lines] == [
        110_495_492_997_120,
        1_821_241_032_997_440,
        1_785_296_601_217_600,
        913_223_377_522_048,
        1_081_350_263_686_304,
        2_538_852_262_793_888,
    ]
    assert float(main.house_edge) == pytest.approx(0.02473454109304975, rel=1e-12)
    # More weak dealers push, taking away player wins: the edge rises.
    assert main.house_edge > main_bet_math(counts_of(DEFAULT_QUALIFIER)).house_edge


def test_dealer_break_bonus_pinned():
    bet = dealer_break_bonus_math(counts_of(DEFAULT_QUALIFIER))
    assert [line.combinations for line in bet.lines] == [
        827_234_211_559_680,
        1_821_241_032_997_440,
        DEALS - 827_234_211_559_680 - 1_821_241_032_997_440,
    ]
    assert [line.net for line in bet.lines] == [4, 1, -1]
    assert float(bet.house_edge) == pytest.approx(0.05718541303412473, rel=1e-12)
    # The qualifier does not matter to this bet.
    assert dealer_break_bonus_math(counts_of(A32)) == bet


@pytest.mark.parametrize("qualifier", [DEFAULT_QUALIFIER, A32])
def test_the_optimal_sheet_fixture_is_of_these_rules(qualifier):
    """The fixture's house-way table (read from the strategy table it was
    made from) is the par kernel's, line for line: a rules change that
    moves the Main Bet makes the fixture stale, and this fails."""
    path = Path(__file__).parent / "fixtures" / f"optimal_{qualifier.text}.json"
    fixture = json.loads(path.read_text())["house_way_outcomes"]
    main = main_bet_math(counts_of(qualifier))
    assert [(line["name"], line["combinations"]) for line in fixture] == [
        (line.name, line.combinations) for line in main.lines
    ]
