"""What one rated round of one seat brings to the figures: per bet the
stake and the player's net (minor units), the seat's expected values as
the worker stored them (numerators over C(46,7) dealer hands, rule book
section 12), and its configuration version's exact house edges and the
spread of the bets' values over the player's hands (:mod:`.spread`).

The stored values already follow the foul rules of section 14: the setting
played of a hand fouled and reset by the house way *is* the house way's
(``main_played`` = ``main_house_way``); one forfeited has ``main_played``
= −C(46,7) (EV −1) and ``main_played_square`` = C(46,7) (the result is −1
for sure, no variance)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from service.players.rated.spread import CardSpread

#: C(46,7): the dealer hands a seat's seven cards leave, the denominator of
#: every stored expected value (``service.analysis.main_bet.DEALER_HANDS``)
DEALER_HANDS = 53_524_680
#: C(53,7): the hands of seven a player may be dealt
PLAYER_HANDS = 154_143_080
#: C(53,7) × C(46,7): the par sheets' denominator, a multiple of every
#: edge's and every value's, so of every part's
DEALS = PLAYER_HANDS * DEALER_HANDS


@dataclass(frozen=True, slots=True)
class PerBet:
    """One amount per bet, minor units: stakes, or the player's nets."""

    main: int
    dealer_break_bonus: int = 0
    break_bonus: int = 0

    @property
    def total(self) -> int:
        return self.main + self.dealer_break_bonus + self.break_bonus


@dataclass(frozen=True, slots=True)
class Edges:
    """A configuration version's exact house edges per unit staked (house
    ahead > 0): the Main Bet at the house-way strategy's edge (the par
    sheet's Main Bet, both hands set by the house way), each side bet at
    its own."""

    main: Fraction
    dealer_break_bonus: Fraction
    break_bonus: Fraction


@dataclass(frozen=True, slots=True)
class HandValues:
    """A seat's values for the player per unit staked, each × C(46,7), as
    ``SeatExpectedValue`` stores them, with the Main Bet's and the Dealer
    Break Bonus's product moment (stored since migration 0027; see
    :func:`~service.players.rated.spread.main_dealer_moment`), which the
    variance of the dealer's-cards part needs when both are staked."""

    main_played: int
    main_house_way: int
    main_played_square: int
    dealer_break_bonus: int
    dealer_break_bonus_square: int
    break_bonus: int  # the pay × C(46,7), or −C(46,7): known from the cards
    main_dealer_break_bonus: int  # Σ over dealer hands of X_main × X_dealer_break_bonus


@dataclass(frozen=True, slots=True)
class RatedRound:
    """One seat's rated round: its stakes and nets, its hand's values, and
    its configuration version's edges and spread."""

    stakes: PerBet
    nets: PerBet
    values: HandValues
    edges: Edges
    spread: CardSpread

    def __post_init__(self) -> None:
        for bet in ("main", "dealer_break_bonus", "break_bonus"):
            stake, net = getattr(self.stakes, bet), getattr(self.nets, bet)
            if stake < 0:
                raise ValueError(f"{bet} stake {stake} is negative")
            if net < -stake:
                raise ValueError(f"{bet} net {net} loses more than the stake {stake}")
            if stake == 0 and net != 0:
                raise ValueError(f"{bet} net {net} without a stake")
