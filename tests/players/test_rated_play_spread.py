"""The luck parts' exact variances, against direct computations: the
dealer's cards from the joint distribution of the bets' results over the
dealer hands, the player's cards from a population of hands; and the
strategy table's per-hand values against the hand calculator's."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.analysis.card_spread import (
    PAIRS,
    ValueSums,
    block_sums,
    pattern_values,
    spread_file,
    stored_card_spread_sums,
)
from service.analysis.hand_advice import pattern_index
from service.analysis.hand_table import hand_table
from service.analysis.seat_counts import seat_counts
from service.analysis.strategy_table import block_file, load_block, table_folder
from service.engine.break_bonus import BreakBonusCategory
from service.engine.cards import JOKER, Card, Rank, Suit, sort_cards
from service.engine.table_config import FoulPolicy, TableConfig
from service.players.rated.inputs import DEALER_HANDS, Edges, PerBet, RatedRound
from service.players.rated.parts import round_parts, square_root
from service.players.rated.spread import CardSpread, main_dealer_moment
from service.players.rated_edges import PLAYER_HANDS, checked_spread, spread_of
from service.rounds.seat_values import seat_values
from tests.players.rated_inputs import DealerCounts, card_spreads, dealer_counts, edges, values_of
from tests.support.strategy import block_number, strategy_blocks

N = DEALER_HANDS


@given(dealer_counts())
def test_the_product_moment_from_the_stored_values(counts):
    main, _ = counts.main()
    dealer, _ = counts.dealer()
    found = main_dealer_moment(
        main, dealer, counts.lucky_setting and not counts.forfeit, counts.not_qualifying
    )
    assert found == counts.product()


def joint(counts: DealerCounts) -> list[tuple[int, int, int]]:
    """(dealer hands, X_main, X_dbb): the bets' joint results, group by group."""
    if counts.forfeit:
        return [(counts.dealer_lucky, -1, counts.pays), (N - counts.dealer_lucky, -1, -1)]
    rows = [(counts.not_qualifying, 0, -1)]
    rows += [(size, result, counts.pays) for size, result in zip(counts.lucky, (1, 0, -1), strict=True)]
    rows += [(size, result, -1) for size, result in zip(counts.plain, (1, 0, -1), strict=True)]
    return rows


@given(dealer_counts(), st.integers(1, 100_000), st.integers(0, 10_000), edges)
def test_the_dealers_cards_variance_is_that_of_the_round_given_the_cards(counts, main, dealer, config):
    values = values_of(counts, 0, 5)
    spread = CardSpread(*(Fraction(0),) * 6)
    round_ = RatedRound(PerBet(main, dealer, 100), PerBet(-main, -dealer, 500), values, config, spread)
    # The house's win given the cards, dealer hand by dealer hand.
    wins = [(size, -(main * x_main + dealer * x_dealer)) for size, x_main, x_dealer in joint(counts)]
    mean = sum(Fraction(size * win, N) for size, win in wins)
    variance = sum(Fraction(size, N) * (win - mean) ** 2 for size, win in wins)
    assert round_parts(round_).dealer_cards_variance == variance


@given(
    st.lists(
        st.tuples(st.integers(1, 9), st.integers(-N, N), st.integers(-N, 4 * N), st.integers(-N, 9 * N)),
        min_size=1,
        max_size=5,
    ),
    st.integers(0, 1000),
    st.integers(0, 1000),
    st.integers(0, 1000),
)
def test_the_player_cards_variance_is_that_of_a_population_of_hands(hands, main, dealer, bonus):
    count = sum(weight for weight, *_ in hands)
    sums = tuple(sum(weight * values[i] for weight, *values in hands) for i in range(3))
    products = tuple(sum(weight * values[i] * values[j] for weight, *values in hands) for i, j in PAIRS)
    spread = CardSpread.of(count, sums, products)  # type: ignore[arg-type]
    # The part's value per hand: −Σ stake × value / N (less a constant).
    parts = [(weight, Fraction(-(main * a + dealer * b + bonus * c), N)) for weight, a, b, c in hands]
    mean = sum(Fraction(weight, count) * part for weight, part in parts)
    variance = sum(Fraction(weight, count) * (part - mean) ** 2 for weight, part in parts)
    assert spread.variance(main, dealer, bonus) == variance


@given(card_spreads(), st.integers(0, 10**5), st.integers(0, 10**4), st.integers(0, 10**4))
def test_a_spread_is_never_negative(spread, main, dealer, bonus):
    assert spread.variance(main, dealer, bonus) >= 0


def test_the_standard_deviation_is_the_exact_root_truncated():
    assert square_root(Fraction(4900)) == 70.0
    assert square_root(Fraction(2)) == 1.414213562373
    assert square_root(Fraction(1, 4)) == 0.5


FIVE_ACES = ["JK", "As", "Ah", "Ad", "Ac", "Kd", "Ks"]


@pytest.fixture(scope="module")
def block(tmp_path_factory):
    instance = tmp_path_factory.mktemp("instance")
    strategy_blocks(instance, [FIVE_ACES])
    found = load_block(
        block_file(table_folder(TableConfig().dealer_qualifier, instance), block_number(FIVE_ACES))
    )
    assert found is not None
    return instance, found


def cards_of(pattern: tuple[Rank, ...]) -> list[Card]:
    cards: list[Card] = []
    for rank in pattern:
        if rank is Rank.JOKER:
            cards.append(JOKER)
            continue
        cards.append(next(Card(rank, suit) for suit in Suit if Card(rank, suit) not in cards))
    return cards


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_tables_values_are_the_hand_calculators(block, data):
    instance, found = block
    config = TableConfig()
    patterns = list(pattern_index())
    local = data.draw(st.integers(0, len(found) - 1))
    counts = seat_counts(cards_of(patterns[found.first + local]), None, config, instance)
    values = seat_values(counts, config)
    assert pattern_values(found, config.break_bonus_pays)[local] == (
        values.main_house_way,
        values.dealer_break_bonus,
        values.break_bonus,
    )


def test_a_blocks_sums_weigh_each_pattern_by_its_card_sets(block):
    _, found = block
    config = TableConfig()
    weights = hand_table().combos[found.first : found.first + len(found)].tolist()
    values = pattern_values(found, config.break_bonus_pays)
    sums = block_sums(found, config.break_bonus_pays)
    assert sums.hands == sum(weights)
    assert sums.sums == tuple(sum(w * v[i] for w, v in zip(weights, values, strict=True)) for i in range(3))
    assert sums.products[3] == sum(w * v[0] * v[1] for w, v in zip(weights, values, strict=True))
    spread = spread_of(sums)
    mean = Fraction(sums.sums[0], sums.hands * N)
    direct = sum(
        Fraction(w, sums.hands) * (Fraction(v[0], N) - mean) ** 2
        for w, v in zip(weights, values, strict=True)
    )
    assert spread.main == direct > 0


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from(list(FoulPolicy)))
def test_the_workers_product_moment_is_the_one_from_the_counts(block, data, policy):
    # Any hand of the block, played by the house way or any two and three
    # of its cards (a foul as often as not): the moment seat_values finds
    # from the table's counts, and the one found from the stored values.
    instance, found = block
    config = TableConfig(foul_policy=policy)
    cards = cards_of(list(pattern_index())[found.first + data.draw(st.integers(0, len(found) - 1))])
    order = data.draw(st.permutations(range(7)))
    ranks = tuple(
        tuple(card.rank for card in sort_cards([cards[i] for i in part])) for part in (order[:2], order[2:5])
    )
    played = data.draw(st.sampled_from([None, ranks]))
    counts = seat_counts(cards, played, config, instance)  # type: ignore[arg-type]
    values = seat_values(counts, config)
    played_lucky = counts.played is not None and counts.played_is_lucky_break
    if counts.played is None and policy is FoulPolicy.HOUSE_WAY:
        played_lucky = counts.house_way_is_lucky_break
    assert values.main_dealer_break_bonus == main_dealer_moment(
        values.main_played, values.dealer_break_bonus, played_lucky, counts.dealer_not_qualifying
    )
    # A covariance matrix: |Cov| ≤ the product of the standard deviations.
    main_spread = N * values.main_played_square - values.main_played**2
    dealer_spread = N * values.dealer_break_bonus_square - values.dealer_break_bonus**2
    covariance = N * values.main_dealer_break_bonus - values.main_played * values.dealer_break_bonus
    assert covariance**2 <= main_spread * dealer_spread


def test_the_spread_is_checked_against_the_par_sheets_edges():
    edges = Edges(Fraction(3, 100), Fraction(1, 20), Fraction(-7, 100))
    scale = PLAYER_HANDS * N
    sums = (-3 * scale // 100, -scale // 20, 7 * scale // 100)
    found = ValueSums(PLAYER_HANDS, sums, (scale * N,) * 3 + (0, 0, 0))
    assert checked_spread(found, edges) == spread_of(found)
    with pytest.raises(ArithmeticError, match="not minus the edges"):
        checked_spread(ValueSums(PLAYER_HANDS, (sums[0] + 1, *sums[1:]), found.products), edges)
    with pytest.raises(ArithmeticError, match="not minus the edges"):
        checked_spread(ValueSums(PLAYER_HANDS - 1, sums, found.products), edges)


def test_the_spread_sums_are_kept_beside_the_table(tmp_path):
    config = TableConfig()
    qualifier, pays = config.dealer_qualifier, config.break_bonus_pays
    with pytest.raises(LookupError, match="not built"):
        stored_card_spread_sums(qualifier, pays, tmp_path)
    kept = ValueSums(5, (1, 2, 3), (4, 5, 6, 7, 8, 9))
    path = spread_file(table_folder(qualifier, tmp_path), pays)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"hands": 5, "sums": [1, 2, 3], "products": [4, 5, 6, 7, 8, 9]}))
    assert stored_card_spread_sums(qualifier, pays, tmp_path) == kept
    other = dict(pays) | {BreakBonusCategory.FIVE_ACES: 500}
    assert spread_file(path.parent, other) != path
