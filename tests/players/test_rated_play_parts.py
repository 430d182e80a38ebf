"""The four parts of the actual win (rule book section 14) worked through
by hand, from the values the worker stores (a foul reset, a forfeit, the
side bets), and as properties: they add up exactly to the actual win for
any set of rounds, exact and rounded; summing two ratings is the whole."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.analysis.main_bet import DEALER_HANDS as ANALYSIS_DEALER_HANDS
from service.analysis.main_bet import DEALS as ANALYSIS_DEALS
from service.analysis.seat_counts import Counts, SeatCounts
from service.engine.break_bonus import BreakBonusCategory
from service.engine.settlement import DEALER_BREAK_BONUS_BOTH_PAYS
from service.engine.table_config import FoulPolicy, TableConfig
from service.players.rated.inputs import (
    DEALER_HANDS,
    DEALS,
    PLAYER_HANDS,
    Edges,
    HandValues,
    PerBet,
    RatedRound,
)
from service.players.rated.parts import (
    PLAYER_VARIANCE,
    Parts,
    bet_parts,
    numerators,
    of_numerators,
    round_parts,
)
from service.players.rated.rounding import half_even
from service.players.rated.spread import BOTH_PAY, CardSpread, main_dealer_moment
from service.rounds.seat_values import seat_values
from tests.players.rated_inputs import card_spreads, edges, rated_rounds

N = DEALER_HANDS
TENTH = N // 10  # N is a multiple of 10: an EV of exactly −0.1 is −N/10
EDGES = Edges(main=Fraction(3, 100), dealer_break_bonus=Fraction(1, 20), break_bonus=Fraction(7, 100))
NO_SPREAD = CardSpread(*(Fraction(0),) * 6)


def test_the_constants_are_the_analysis_and_the_rule_book():
    assert DEALER_HANDS == ANALYSIS_DEALER_HANDS == 53_524_680
    assert comb(53, 7) == PLAYER_HANDS
    assert DEALS == ANALYSIS_DEALS
    assert BOTH_PAY == DEALER_BREAK_BONUS_BOTH_PAYS
    assert N % 10 == 0


def stored(counts: SeatCounts, policy: FoulPolicy) -> HandValues:
    """What the worker stores for these counts (service.rounds.seat_values)."""
    values = seat_values(counts, TableConfig(foul_policy=policy))
    return HandValues(
        main_played=values.main_played,
        main_house_way=values.main_house_way,
        main_played_square=values.main_played_square,
        dealer_break_bonus=values.dealer_break_bonus,
        dealer_break_bonus_square=values.dealer_break_bonus_square,
        break_bonus=values.break_bonus,
        main_dealer_break_bonus=values.main_dealer_break_bonus,
    )


# House way: wins 20 % of the dealer hands, loses 30 % (EV −0.1); the
# player's own setting: wins 10 %, loses 40 % (EV −0.3).
HOUSE_WAY = Counts(2 * TENTH, 3 * TENTH)
OWN = Counts(TENTH, 4 * TENTH)


def counts(played: Counts | None, category: BreakBonusCategory | None = None) -> SeatCounts:
    return SeatCounts(
        played=played,
        best=HOUSE_WAY,
        house_way=HOUSE_WAY,
        house_way_is_lucky_break=False,
        dealer_lucky_breaks=TENTH,  # the dealer holds a Lucky Break in 10 % of the hands
        break_bonus=category,
        played_is_lucky_break=False,
        dealer_not_qualifying=TENTH,
    )


def test_a_main_bet_won_at_the_house_way():
    # Stake 10.00, won: theoretical 0.30; the cards were worth −EV = 0.10
    # to the house, 0.70 above the edge; the dealer's cards cost it 11.00.
    round_ = RatedRound(
        PerBet(1000), PerBet(1000), stored(counts(None), FoulPolicy.HOUSE_WAY), EDGES, NO_SPREAD
    )
    main, _, _ = bet_parts(round_)
    assert (main.theoretical, main.decisions, main.player_cards, main.dealer_cards) == (30, 0, 70, -1100)
    assert main.actual == -1000


def test_a_setting_of_the_players_own_costs_the_difference():
    round_ = RatedRound(
        PerBet(1000), PerBet(-1000), stored(counts(OWN), FoulPolicy.HOUSE_WAY), EDGES, NO_SPREAD
    )
    main, _, _ = bet_parts(round_)
    # EV −0.1 at the house way, −0.3 as played: decisions 1000 × 0.2.
    assert (main.theoretical, main.decisions, main.player_cards, main.dealer_cards) == (30, 200, 70, 700)
    assert main.actual == 1000


def test_a_foul_reset_by_the_house_way_was_played_as_the_house_way():
    values = stored(counts(played=None), FoulPolicy.HOUSE_WAY)  # None: the setting entered fouled
    assert values.main_played == values.main_house_way
    round_ = RatedRound(PerBet(1000), PerBet(0), values, EDGES, NO_SPREAD)
    main, _, _ = bet_parts(round_)
    assert (main.theoretical, main.decisions, main.player_cards, main.dealer_cards) == (30, 0, 70, -100)


def test_a_forfeited_foul_has_ev_minus_one_and_no_dealer_luck():
    values = stored(counts(played=None), FoulPolicy.FORFEIT)
    assert (values.main_played, values.main_played_square) == (-N, N)
    round_ = RatedRound(PerBet(1000), PerBet(-1000), values, EDGES, NO_SPREAD)
    main, _, _ = bet_parts(round_)
    # Decisions: 1000 × (−0.1 − (−1)) = 900; the dealer's cards: nothing.
    assert (main.theoretical, main.decisions, main.player_cards, main.dealer_cards) == (30, 900, 70, 0)
    assert round_parts(round_).dealer_cards_variance == 0


def test_the_side_bets():
    values = stored(counts(None, BreakBonusCategory.LUCKY_BREAK_TRIPS), FoulPolicy.HOUSE_WAY)
    # Break Bonus 5 to 1, known from the cards; Dealer Break Bonus: the
    # dealer's Lucky Break in 10 % of the hands pays 1, else −1: EV −0.8.
    assert values.break_bonus == 5 * N
    assert values.dealer_break_bonus == -8 * TENTH
    round_ = RatedRound(PerBet(1000, 200, 100), PerBet(0, -200, 500), values, EDGES, NO_SPREAD)
    _, dealer, bonus = bet_parts(round_)
    assert (dealer.theoretical, dealer.decisions, dealer.player_cards, dealer.dealer_cards) == (
        10,
        0,
        150,
        40,
    )
    assert (bonus.theoretical, bonus.decisions, bonus.player_cards, bonus.dealer_cards) == (7, 0, -507, 0)
    whole = round_parts(round_)
    assert whole.actual == -300
    assert whole.theoretical + whole.decisions + whole.player_cards + whole.dealer_cards == -300
    assert whole.handle == PerBet(1000, 200, 100)


def test_the_dealers_cards_variance_per_bet_by_hand():
    values = stored(counts(None), FoulPolicy.HOUSE_WAY)
    assert values.main_dealer_break_bonus == main_dealer_moment(values.main_played, values.dealer_break_bonus)
    # Main: E[X] = −0.1, E[X²] = 0.5: variance 0.49 per unit, 4900 for 100.
    assert (
        round_parts(RatedRound(PerBet(100), PerBet(0), values, EDGES, NO_SPREAD)).dealer_cards_variance
        == 4900
    )
    # DBB alone would be 1 − 0.64 = 0.36 per unit; with the Main Bet, the
    # cross term: E[X_m X_d] = −(−0.8 + 1) − (−0.1) = −0.1, covariance
    # −0.1 − (−0.1)(−0.8) = −0.18; 100 on each: 4900 + 3600 − 2 × 1800.
    both = RatedRound(PerBet(100, 100), PerBet(0, -100), values, EDGES, NO_SPREAD)
    assert round_parts(both).dealer_cards_variance == 4900


@given(st.lists(rated_rounds(), min_size=1, max_size=8))
def test_the_four_parts_add_up_to_the_actual_win_exact_and_rounded(rounds):
    whole = sum((round_parts(each) for each in rounds), Parts())
    assert whole.actual == -sum(each.nets.total for each in rounds)
    assert whole.theoretical + whole.decisions + whole.player_cards + whole.dealer_cards == whole.actual
    shown = whole.rounded()
    assert shown.theoretical + shown.decisions + shown.player_cards + shown.dealer_cards == shown.actual
    assert shown.theoretical == half_even(whole.theoretical)
    for exact, rounded in (
        (whole.decisions, shown.decisions),
        (whole.player_cards, shown.player_cards),
        (whole.dealer_cards, shown.dealer_cards),
    ):
        assert abs(rounded - exact) < 1
    # Every part is a multiple of 1 / (C(53,7) × C(46,7)).
    for part in (whole.theoretical, whole.decisions, whole.player_cards, whole.dealer_cards):
        assert DEALS % part.denominator == 0


@given(card_spreads(), edges, st.data())
def test_two_ratings_sum_to_the_whole_before_rounding(spread, config, data):
    rounds = data.draw(st.lists(rated_rounds(spread, config), min_size=2, max_size=8))
    cut = data.draw(st.integers(0, len(rounds)))
    first = sum((round_parts(each) for each in rounds[:cut]), Parts())
    second = sum((round_parts(each) for each in rounds[cut:]), Parts())
    whole = sum((round_parts(each) for each in rounds), Parts())
    assert first + second == whole
    assert (first + second).rounded() == whole.rounded()
    assert whole.player_cards_variance >= 0
    assert whole.dealer_cards_variance >= 0


def straightforward(row: dict[str, int], edges: dict[str, Fraction]) -> dict[str, Fraction]:
    """The rule book's four parts of one stored seat, written out bet by
    bet the plain way: EVs per unit as fractions, then the definitions."""
    ev = {name: Fraction(row[name], N) for name in ("main_played", "main_house_way", "dbb", "bb")}
    total = dict.fromkeys(("theoretical", "decisions", "player", "dealer"), Fraction(0))
    for bet, played, house_way in (
        ("main", ev["main_played"], ev["main_house_way"]),
        ("dbb", ev["dbb"], ev["dbb"]),
        ("bb", ev["bb"], ev["bb"]),
    ):
        stake, net = row[f"{bet}_stake"], row[f"{bet}_net"]
        theoretical = stake * edges[bet]
        total["theoretical"] += theoretical
        total["decisions"] += stake * (house_way - played)
        total["player"] += stake * -house_way - theoretical
        total["dealer"] += -net - stake * -played
    return total


@given(st.lists(rated_rounds(), min_size=1, max_size=6))
def test_the_parts_agree_with_a_straightforward_computation(rounds):
    expected = dict.fromkeys(("theoretical", "decisions", "player", "dealer"), Fraction(0))
    for each in rounds:
        row = {
            "main_played": each.values.main_played,
            "main_house_way": each.values.main_house_way,
            "dbb": each.values.dealer_break_bonus,
            "bb": each.values.break_bonus,
        }
        for bet, name in (("main", "main"), ("dbb", "dealer_break_bonus"), ("bb", "break_bonus")):
            row[f"{bet}_stake"] = getattr(each.stakes, name)
            row[f"{bet}_net"] = getattr(each.nets, name)
        edges = {"main": each.edges.main, "dbb": each.edges.dealer_break_bonus, "bb": each.edges.break_bonus}
        for name, value in straightforward(row, edges).items():
            expected[name] += value
    whole = sum((round_parts(each) for each in rounds), Parts())
    assert (whole.theoretical, whole.decisions, whole.player_cards, whole.dealer_cards) == (
        expected["theoretical"],
        expected["decisions"],
        expected["player"],
        expected["dealer"],
    )


@st.composite
def sheet_spreads(draw: st.DrawFn) -> CardSpread:
    """A spread over every player hand: its unit is 1 / (C(53,7) C(46,7))²."""
    diagonal = [Fraction(draw(st.integers(0, 10**30)), PLAYER_VARIANCE) for _ in range(3)]
    return CardSpread(*diagonal, Fraction(0), Fraction(0), Fraction(0))


@given(sheet_spreads(), edges, st.data())
def test_the_parts_are_stored_as_integers_and_sum_as_them(spread, config, data):
    rounds = data.draw(st.lists(rated_rounds(spread, config), min_size=1, max_size=5))
    each = [numerators(round_parts(one)) for one in rounds]
    whole = sum((round_parts(one) for one in rounds), Parts())
    assert of_numerators(numerators(whole)) == whole
    assert numerators(whole).theoretical == sum(one.theoretical for one in each)
    assert numerators(whole).dealer_cards_variance == sum(one.dealer_cards_variance for one in each)
    assert numerators(whole).player_cards_variance == sum(one.player_cards_variance for one in each)


def test_a_figure_off_the_unit_is_refused():
    with pytest.raises(ArithmeticError, match="not a multiple"):
        numerators(Parts(theoretical=Fraction(1, 3 * DEALS)))
