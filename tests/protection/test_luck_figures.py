"""Results beyond luck's arithmetic, pure: a seat's luck and variance from
its four parts (a small example computed by hand), z decided exactly
against the threshold (a z of exactly −4 is not beyond it), and the
figure as the alert shows it."""

from __future__ import annotations

from fractions import Fraction

from service.config.currency import Currency
from service.players.rated.inputs import DEALER_HANDS, Edges, HandValues, PerBet, RatedRound
from service.players.rated.spread import CardSpread
from service.protection.luck import LUCK_UNIT, VARIANCE_UNIT, Luck, seat_luck, threshold_text

N = DEALER_HANDS
USD = Currency("USD", 2)
FOUR = Fraction(4)


def won(stake: int = 100) -> RatedRound:
    """A Main Bet of ``stake`` that the player won, from a hand worth
    nothing on average (EV 0 played and by the house way, E[X²] = 1), at
    an edge of 1/50 and a spread of the house way's value of 1/4."""
    zero = Fraction(0)
    return RatedRound(
        stakes=PerBet(stake),
        nets=PerBet(stake),
        values=HandValues(
            main_played=0,
            main_house_way=0,
            main_played_square=N,
            dealer_break_bonus=-N,
            dealer_break_bonus_square=N,
            break_bonus=-N,
            main_dealer_break_bonus=0,
        ),
        edges=Edges(Fraction(1, 50), Fraction(1, 20), Fraction(1, 10)),
        spread=CardSpread(Fraction(1, 4), zero, zero, zero, zero, zero),
    )


def test_a_seat_s_luck_is_its_two_luck_parts_and_their_exact_variances():
    # By hand: theoretical 100 × 1/50 = 2; decisions 0; the player's cards
    # −100 × 0 − 2 = −2; the dealer's cards −100 + 100 × 0 = −100; luck
    # −102. Variances: 100² × 1/4 = 2,500 and 100² × (1 − 0²) = 10,000.
    luck = seat_luck(won())
    assert Fraction(luck.luck, LUCK_UNIT) == -102
    assert Fraction(luck.variance, VARIANCE_UNIT) == 12_500
    assert luck.seats == 1
    # z = −102 / √12,500 = −0.9123…
    assert luck.z_hundredths() == -91
    assert not luck.beyond(FOUR)


def test_twenty_such_rounds_are_beyond_four_and_nineteen_are_not():
    one = seat_luck(won())
    twenty = sum([one] * 20, Luck())
    # −2,040 over √250,000 = 500: z = −4.08 exactly.
    assert (Fraction(twenty.luck, LUCK_UNIT), Fraction(twenty.variance, VARIANCE_UNIT)) == (-2040, 250_000)
    assert twenty.z_hundredths() == -408
    assert twenty.beyond(FOUR)
    assert not twenty.beyond(Fraction(41, 10))
    assert twenty.figure(USD) == "z = -4.08 (luck -20.40 USD over sd 5.00 USD)"
    nineteen = sum([one] * 19, Luck())  # −1,938 / √237,500 = −3.977
    assert nineteen.z_hundredths() == -397
    assert not nineteen.beyond(FOUR)


def test_exactly_minus_the_threshold_is_not_beyond_it_and_the_house_s_luck_never_is():
    exactly = Luck(luck=-2000 * LUCK_UNIT, variance=250_000 * VARIANCE_UNIT, seats=20)
    assert exactly.z_hundredths() == -400
    assert not exactly.beyond(FOUR)
    assert Luck(luck=-2001 * LUCK_UNIT, variance=250_000 * VARIANCE_UNIT).beyond(FOUR)
    assert not (-exactly).beyond(FOUR)  # the house ahead: never an alert
    assert not Luck(luck=-1, variance=0).beyond(FOUR)  # no variance: no z


def test_the_player_losing_adds_to_the_house_s_side_and_removing_takes_it_back():
    one = seat_luck(won())
    assert one + (-one) == Luck()


def test_thresholds_read_as_decimals():
    assert threshold_text(Fraction(4)) == "z < -4"
    assert threshold_text(Fraction(9, 2)) == "z < -4.5"
    assert threshold_text(Fraction(437, 100)) == "z < -4.37"
