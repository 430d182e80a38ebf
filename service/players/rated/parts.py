"""The four parts of the actual win (rule book section 14), exactly.

Per rated round and bet, with s the stake, EV(·) the player's value per
unit given the seat's seven cards (numerators over C(46,7), as stored) and
``edge`` the configuration version's house edge:

1. theoretical = s × edge;
2. decisions (Main Bet only) = s × (EV(house way) − EV(setting played));
3. player's cards = s × (−EV(house way), or −EV(side bet)) − theoretical;
4. dealer's cards = −net − s × (−EV(setting played), or −EV(side bet)).

They add up to −net, the house's win, term by term; so any sum of them
(a rating, a player, a seat, a dealer, a table, a period) adds up exactly
to its actual win. :class:`Parts` is such a sum, kept exact (every part is
a multiple of 1 / (C(53,7) × C(46,7)), the par sheets' denominator) and
rounded once, at the end, by :meth:`Parts.rounded` (:mod:`.rounding`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from service.players.rated.inputs import DEALER_HANDS, DEALS, PerBet, RatedRound
from service.players.rated.rounding import apportion, half_even
from service.players.rated.spread import dealer_variance


@dataclass(frozen=True, slots=True)
class BetParts:
    """One bet's four parts in one round, minor units, exact."""

    theoretical: Fraction
    decisions: Fraction
    player_cards: Fraction
    dealer_cards: Fraction

    @property
    def actual(self) -> Fraction:
        return self.theoretical + self.decisions + self.player_cards + self.dealer_cards


def _side_parts(stake: int, net: int, value: int, edge: Fraction) -> BetParts:
    theoretical = stake * edge
    return BetParts(
        theoretical=theoretical,
        decisions=Fraction(0),
        player_cards=Fraction(-stake * value, DEALER_HANDS) - theoretical,
        dealer_cards=-net + Fraction(stake * value, DEALER_HANDS),
    )


def bet_parts(played: RatedRound) -> tuple[BetParts, BetParts, BetParts]:
    """The round's parts per bet: Main Bet, Dealer Break Bonus, Break Bonus."""
    stakes, nets, values, edges = played.stakes, played.nets, played.values, played.edges
    theoretical = stakes.main * edges.main
    main = BetParts(
        theoretical=theoretical,
        decisions=Fraction(stakes.main * (values.main_house_way - values.main_played), DEALER_HANDS),
        player_cards=Fraction(-stakes.main * values.main_house_way, DEALER_HANDS) - theoretical,
        dealer_cards=-nets.main + Fraction(stakes.main * values.main_played, DEALER_HANDS),
    )
    dealer = _side_parts(
        stakes.dealer_break_bonus,
        nets.dealer_break_bonus,
        values.dealer_break_bonus,
        edges.dealer_break_bonus,
    )
    bonus = _side_parts(stakes.break_bonus, nets.break_bonus, values.break_bonus, edges.break_bonus)
    return main, dealer, bonus


@dataclass(frozen=True, slots=True)
class RoundedParts:
    """A sum's figures in minor units: the theoretical win, halves to even;
    the actual win; the other three parts apportioned so that the four add
    up to it exactly; the luck parts' standard deviations (minor units)."""

    theoretical: int
    decisions: int
    player_cards: int
    dealer_cards: int
    actual: int
    player_cards_sd: float
    dealer_cards_sd: float


@dataclass(frozen=True, slots=True)
class Parts:
    """The exact figures of a set of rated rounds of one seat or more: add
    two with ``+`` (exact), round once with :meth:`rounded`."""

    rounds: int = 0
    handle: PerBet = field(default_factory=lambda: PerBet(0))
    actual: int = 0  # the house's win: −Σ the player's nets
    theoretical: Fraction = Fraction(0)
    decisions: Fraction = Fraction(0)
    player_cards: Fraction = Fraction(0)
    dealer_cards: Fraction = Fraction(0)
    player_cards_variance: Fraction = Fraction(0)
    dealer_cards_variance: Fraction = Fraction(0)

    def __add__(self, other: Parts) -> Parts:
        return Parts(
            rounds=self.rounds + other.rounds,
            handle=PerBet(
                self.handle.main + other.handle.main,
                self.handle.dealer_break_bonus + other.handle.dealer_break_bonus,
                self.handle.break_bonus + other.handle.break_bonus,
            ),
            actual=self.actual + other.actual,
            theoretical=self.theoretical + other.theoretical,
            decisions=self.decisions + other.decisions,
            player_cards=self.player_cards + other.player_cards,
            dealer_cards=self.dealer_cards + other.dealer_cards,
            player_cards_variance=self.player_cards_variance + other.player_cards_variance,
            dealer_cards_variance=self.dealer_cards_variance + other.dealer_cards_variance,
        )

    def rounded(self) -> RoundedParts:
        """Rounded once, the four parts adding up to the actual win (see
        :mod:`service.players.rated.rounding` for the rule and why)."""
        theoretical = half_even(self.theoretical)
        decisions, player, dealer = apportion(
            (self.decisions, self.player_cards, self.dealer_cards), self.actual - theoretical
        )
        return RoundedParts(
            theoretical=theoretical,
            decisions=decisions,
            player_cards=player,
            dealer_cards=dealer,
            actual=self.actual,
            player_cards_sd=square_root(self.player_cards_variance),
            dealer_cards_sd=square_root(self.dealer_cards_variance),
        )


#: the denominators of :class:`Numerators`: the dealer's cards' variance
#: is per round over C(46,7)², the player's cards' over (C(53,7) C(46,7))²
DEALER_VARIANCE = DEALER_HANDS * DEALER_HANDS
PLAYER_VARIANCE = DEALS * DEALS


@dataclass(frozen=True, slots=True)
class Numerators:
    """:class:`Parts` as integers, to store: the four parts over
    :data:`DEALS`, the variances over :data:`PLAYER_VARIANCE` and
    :data:`DEALER_VARIANCE` (too large for 64 bits: NUMERIC columns).
    Sums of them are the numerators of the sums."""

    rounds: int
    handle: PerBet
    actual: int
    theoretical: int
    decisions: int
    player_cards: int
    dealer_cards: int
    player_cards_variance: int
    dealer_cards_variance: int


def numerators(parts: Parts) -> Numerators:
    """``ArithmeticError`` if a figure is not a multiple of its unit (an
    edge or a spread not from a par sheet or a strategy table)."""
    return Numerators(
        rounds=parts.rounds,
        handle=parts.handle,
        actual=parts.actual,
        theoretical=_over(parts.theoretical, DEALS),
        decisions=_over(parts.decisions, DEALS),
        player_cards=_over(parts.player_cards, DEALS),
        dealer_cards=_over(parts.dealer_cards, DEALS),
        player_cards_variance=_over(parts.player_cards_variance, PLAYER_VARIANCE),
        dealer_cards_variance=_over(parts.dealer_cards_variance, DEALER_VARIANCE),
    )


def of_numerators(stored: Numerators) -> Parts:
    return Parts(
        rounds=stored.rounds,
        handle=stored.handle,
        actual=stored.actual,
        theoretical=Fraction(stored.theoretical, DEALS),
        decisions=Fraction(stored.decisions, DEALS),
        player_cards=Fraction(stored.player_cards, DEALS),
        dealer_cards=Fraction(stored.dealer_cards, DEALS),
        player_cards_variance=Fraction(stored.player_cards_variance, PLAYER_VARIANCE),
        dealer_cards_variance=Fraction(stored.dealer_cards_variance, DEALER_VARIANCE),
    )


def _over(value: Fraction, denominator: int) -> int:
    scaled = value * denominator
    if scaled.denominator != 1:
        raise ArithmeticError(f"{value} is not a multiple of 1/{denominator}")
    return scaled.numerator


def round_parts(played: RatedRound) -> Parts:
    """One seat's rated round as a sum of one: its parts and their variances."""
    main, dealer, bonus = bet_parts(played)
    stakes, values = played.stakes, played.values
    return Parts(
        rounds=1,
        handle=stakes,
        actual=-played.nets.total,
        theoretical=main.theoretical + dealer.theoretical + bonus.theoretical,
        decisions=main.decisions,
        player_cards=main.player_cards + dealer.player_cards + bonus.player_cards,
        dealer_cards=main.dealer_cards + dealer.dealer_cards + bonus.dealer_cards,
        player_cards_variance=played.spread.variance(
            stakes.main, stakes.dealer_break_bonus, stakes.break_bonus
        ),
        dealer_cards_variance=dealer_variance(
            (stakes.main, stakes.dealer_break_bonus),
            (values.main_played, values.dealer_break_bonus),
            (values.main_played_square, values.dealer_break_bonus_square),
            values.main_dealer_break_bonus,
        ),
    )


def square_root(variance: Fraction, digits: int = 12) -> float:
    """√ of an exact variance, correctly truncated to ``digits`` decimals
    (from integers, not from a float already rounded)."""
    scale = 10 ** (2 * digits)
    root: int = math.isqrt(variance.numerator * scale // variance.denominator)
    return float(Fraction(root, 10**digits))
