"""The exact variances of the two luck parts (rule book section 14).

**The player's cards** (part 3). Per round and bet it is stake × (−EV(h))
− the theoretical part, where EV(h) is the bet's value given the seat's
seven cards h (the Main Bet's at the house way's setting). Over every hand
of seven from the 53 cards, all equally likely, its mean is zero (the
edge is the mean of −EV(h)), and its variance is stake² × Var_h EV(h).
The three bets of one seat share h, so a round's part 3 has the variance
sᵀ C s, with s the round's three stakes and C the covariance of the three
values over the hands: :class:`CardSpread`, one per configuration version
(the qualifier and the Break Bonus pays), computed once from the strategy
table (``service.analysis.card_spread``).

**The dealer's cards** (part 4). Per bet it is −(net − stake × EV(h)):
the result's distance from its mean given the seven cards, the dealer's
hand the only chance left. Its variance given h is stake² × (E[X²] −
EV²), from the stored second moments; the Break Bonus is known from the
cards (variance 0). The Main Bet and the Dealer Break Bonus of one seat
share the dealer's hand, so a round's variance also has 2 s_m s_d ×
Cov(X_m, X_d | h), which needs E[X_m X_d | h]
(:func:`main_dealer_moment`).

Parts 3 and 4 are uncorrelated (part 4 has mean 0 given h), and rounds
are independent (each is a new deal): a seat's variances over its rounds
add up exactly. Seats of one round share the dealer's hand (and the deck),
so a sum over several seats of one round (a player on two seats, a table,
a dealer) adds the seats' variances as if they were independent: exact
for a rating, which is one seat."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

_DEALER_HANDS = 53_524_680  # C(46,7), as inputs.DEALER_HANDS (imported there from here would loop)
#: Dealer Break Bonus pays when the dealer and the player both have a
#: Lucky Break (rule book section 9)
BOTH_PAY = 4


@dataclass(frozen=True, slots=True)
class CardSpread:
    """The covariance over the player's hands of the three bets' values
    given the seven cards, per unit staked: the Main Bet at the house
    way's setting, the Dealer Break Bonus, the Break Bonus."""

    main: Fraction
    dealer_break_bonus: Fraction
    break_bonus: Fraction
    main_dealer_break_bonus: Fraction
    main_break_bonus: Fraction
    dealer_break_bonus_break_bonus: Fraction

    @classmethod
    def of(cls, hands: int, sums: tuple[int, int, int], products: tuple[int, ...]) -> CardSpread:
        """From the counts over the hands (each weighted once): how many,
        Σ of each value × C(46,7), and Σ of their products, in the order
        main², dbb², bb², main·dbb, main·bb, dbb·bb."""
        pairs = ((0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2))
        scale = hands * hands * _DEALER_HANDS * _DEALER_HANDS
        covariances = [
            Fraction(hands * product - sums[i] * sums[j], scale)
            for (i, j), product in zip(pairs, products, strict=True)
        ]
        return cls(*covariances)

    def variance(self, main: int, dealer_break_bonus: int, break_bonus: int) -> Fraction:
        """Of a round's player's-cards part, for these three stakes: sᵀ C s."""
        return (
            main * main * self.main
            + dealer_break_bonus * dealer_break_bonus * self.dealer_break_bonus
            + break_bonus * break_bonus * self.break_bonus
            + 2 * main * dealer_break_bonus * self.main_dealer_break_bonus
            + 2 * main * break_bonus * self.main_break_bonus
            + 2 * dealer_break_bonus * break_bonus * self.dealer_break_bonus_break_bonus
        )


def dealer_variance(
    stakes: tuple[int, int], values: tuple[int, int], squares: tuple[int, int], product: int
) -> Fraction:
    """Of a round's dealer's-cards part given the seven cards: the Main
    Bet's and the Dealer Break Bonus's (stakes, numerators of E[X], E[X²]
    and E[X_m X_d] over C(46,7)); the Break Bonus adds nothing."""
    (main, dealer), (value_m, value_d), (square_m, square_d) = stakes, values, squares
    n = _DEALER_HANDS
    return Fraction(
        main * main * (n * square_m - value_m * value_m)
        + dealer * dealer * (n * square_d - value_d * value_d)
        + 2 * main * dealer * (n * product - value_m * value_d),
        n * n,
    )


def main_dealer_moment(
    main_played: int,
    dealer_break_bonus: int,
    played_lucky_break: bool = False,
    dealer_not_qualifying: int = 0,
) -> int:
    """Σ over the dealer hands of X_main × X_dbb (× 1, a numerator over
    C(46,7)), from a seat's stored numerators.

    With S = Σ of X_main over the dealer hands holding a Lucky Break (the
    Dealer Break Bonus pays p on them, −1 elsewhere), the sum is
    (p + 1) S − main_played. If the setting played is no Lucky Break (or
    is forfeited), every such hand beats it: S = −L, and since the stored
    Dealer Break Bonus numerator is L (p + 1) − C(46,7), the sum is
    −(dealer_break_bonus + C(46,7)) − main_played: the stored values
    suffice. If it is one (the hand has one, so p = 4), the dealer's hands
    without a Lucky Break either do not qualify (a push) or lose, and all
    its losses are to a dealer's Lucky Break: S = main_played − C(46,7) +
    ``dealer_not_qualifying`` + L, which needs that count (the strategy
    table's first group) and whether the setting played is a Lucky Break:
    the expected-values job stores the moment itself (migration 0027)."""
    n = _DEALER_HANDS
    if not played_lucky_break:
        return -(dealer_break_bonus + n) - main_played
    lucky = (dealer_break_bonus + n) // (BOTH_PAY + 1)
    on_lucky = main_played - n + dealer_not_qualifying + lucky
    return (BOTH_PAY + 1) * on_lucky - main_played
