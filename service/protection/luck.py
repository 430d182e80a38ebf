"""Results beyond luck (rule book section 15), the arithmetic: a seat's
luck is the dealer's-cards and the player's-cards parts of the actual win
together (section 14: actual win − theoretical win − decisions), from the
pure figures of rated play (:mod:`service.players.rated.parts`, the same
functions as a rating's slip), and its variance the sum of the two parts'
exact variances (the parts are uncorrelated, :mod:`~service.players.rated.spread`).

z = luck ÷ √variance, on the house's side (the parts are the house's
win): the alert is z < −threshold, decided exactly (luck < 0 and luck² >
threshold² × variance, in integers), never from a float. The figure shown
is z truncated to two decimals, with the luck and its standard deviation
in the table's currency.

The seats of one round share the dealer's hand, so their lucks are
correlated and the variance of their sum is not the sum of their
variances (that would understate a table's, overstate its z, and raise
false alarms). A round's seats together (a table's, a dealer's, a player
on two seats) take the bound k × the sum of the k seats' variances
(Cauchy–Schwarz), exact for one seat: a table's or a dealer's z is never
overstated, at the price of some power (said in docs/game-protection.md).
Rounds are dealt from different decks, so a window adds its rounds'."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from service.config.currency import Currency
from service.players.rated.inputs import DEALER_HANDS, DEALS, PLAYER_HANDS, Edges, RatedRound
from service.players.rated.parts import numerators, round_parts
from service.players.rated.spread import CardSpread

#: the rule book's threshold, in standard deviations
DEFAULT_THRESHOLD = Fraction(4)
#: the denominators: luck over the deals, variance over their square
LUCK_UNIT = DEALS
VARIANCE_UNIT = DEALS * DEALS
#: the dealer's-cards variance is kept over C(46,7)²: × C(53,7)² to the variance's unit
_DEALER_SCALE = PLAYER_HANDS * PLAYER_HANDS


@dataclass(frozen=True, slots=True)
class FourParts:
    """The four parts of the players' results (rule book section 14) as
    integer numerators: the house's actual win in minor units, the rest
    over :data:`LUCK_UNIT`; the dealer's cards are the luck less the
    player's cards."""

    actual: int = 0
    theoretical: int = 0
    decisions: int = 0
    player_cards: int = 0

    def __add__(self, other: FourParts) -> FourParts:
        return FourParts(
            self.actual + other.actual,
            self.theoretical + other.theoretical,
            self.decisions + other.decisions,
            self.player_cards + other.player_cards,
        )

    def __neg__(self) -> FourParts:
        return FourParts(-self.actual, -self.theoretical, -self.decisions, -self.player_cards)


@dataclass(frozen=True, slots=True)
class Luck:
    """Luck and its variance as integer numerators (over :data:`LUCK_UNIT`
    and :data:`VARIANCE_UNIT`), of a seat or a sum of them; add with ``+``."""

    luck: int = 0
    variance: int = 0
    seats: int = 0
    parts: FourParts = field(default_factory=lambda: FourParts())

    def __add__(self, other: Luck) -> Luck:
        return Luck(
            self.luck + other.luck,
            self.variance + other.variance,
            self.seats + other.seats,
            self.parts + other.parts,
        )

    def __neg__(self) -> Luck:
        return Luck(-self.luck, -self.variance, -self.seats, -self.parts)

    def bounded(self) -> Luck:
        """One round's seats together: the variance of their sum bounded by
        their number times their variances' sum ((x1 + ... + xk)² ≤
        k (x1² + ... + xk²)); one seat's is its own."""
        return Luck(self.luck, self.variance * self.seats, self.seats, self.parts)

    def beyond(self, threshold: Fraction) -> bool:
        """The house's z below −threshold, exactly: z = luck / √variance
        (both over their units, which cancel: luck² / variance is z²)."""
        if self.luck >= 0 or self.variance <= 0:
            return False
        return self.luck * self.luck * threshold.denominator**2 > threshold.numerator**2 * self.variance

    def z_hundredths(self) -> int:
        """z × 100, truncated toward zero (0 without a variance)."""
        if self.variance <= 0:
            return 0
        size = math.isqrt(self.luck * self.luck * 10_000 // self.variance)
        return -size if self.luck < 0 else size

    def figure(self, currency: Currency) -> str:
        """``z = -4.31 (luck -1,234.50 USD over sd 286.40 USD)``: the luck
        rounded to the minor unit, the sd truncated to it."""
        z = self.z_hundredths()
        sign = "-" if z < 0 else ""
        luck = round(Fraction(self.luck, LUCK_UNIT))  # halves to even
        sd = math.isqrt(max(self.variance, 0) // VARIANCE_UNIT)
        return (
            f"z = {sign}{abs(z) // 100}.{abs(z) % 100:02d} "
            f"(luck {currency.text(luck)} over sd {currency.text(sd)})"
        )


def seat_luck(played: RatedRound) -> Luck:
    """One seat's luck in one round, from its four parts: in integers when
    the configuration's edges and spread are multiples of their units (a
    par sheet's and a strategy table's always are), else as
    :func:`seat_luck_of_parts`. Building the parts as fractions a seat was
    a fifth of the luck job's time; the two agree exactly (a test)."""
    units = _units(played.edges, played.spread)
    return seat_luck_of_parts(played) if units is None else _integer_luck(played, units)


def seat_luck_of_parts(played: RatedRound) -> Luck:
    """One seat's luck in one round, from its four parts as fractions."""
    exact = numerators(round_parts(played))
    return Luck(
        luck=exact.player_cards + exact.dealer_cards,
        variance=exact.player_cards_variance + exact.dealer_cards_variance * _DEALER_SCALE,
        seats=1,
        parts=FourParts(exact.actual, exact.theoretical, exact.decisions, exact.player_cards),
    )


@dataclass(frozen=True, slots=True)
class _Units:
    """A configuration's edges over :data:`LUCK_UNIT` and its spread over
    :data:`VARIANCE_UNIT`, as integers."""

    edges: tuple[int, int, int]
    spread: tuple[int, int, int, int, int, int]


#: the units of the configurations' constants, by the constants' identity
#: (a process keeps each configuration's, service.players.rating_figures):
#: hashing nine fractions a seat would cost what the integers save
_KNOWN: dict[tuple[int, int], tuple[Edges, CardSpread, _Units | None]] = {}


def _units(edges: Edges, spread: CardSpread) -> _Units | None:
    known = _KNOWN.get((id(edges), id(spread)))
    if known is not None and known[0] is edges and known[1] is spread:
        return known[2]
    if len(_KNOWN) > 64:
        _KNOWN.clear()
    units = _units_of(edges, spread)
    _KNOWN[(id(edges), id(spread))] = (edges, spread, units)  # held: their ids stay theirs
    return units


def _units_of(edges: Edges, spread: CardSpread) -> _Units | None:
    """None unless every edge and covariance is a multiple of its unit."""
    over = [edge * LUCK_UNIT for edge in (edges.main, edges.dealer_break_bonus, edges.break_bonus)]
    covariances = (
        spread.main,
        spread.dealer_break_bonus,
        spread.break_bonus,
        spread.main_dealer_break_bonus,
        spread.main_break_bonus,
        spread.dealer_break_bonus_break_bonus,
    )
    over += [covariance * VARIANCE_UNIT for covariance in covariances]
    if any(value.denominator != 1 for value in over):
        return None
    whole = [value.numerator for value in over]
    main, dealer, bonus, *rest = whole
    return _Units((main, dealer, bonus), (rest[0], rest[1], rest[2], rest[3], rest[4], rest[5]))


def _integer_luck(played: RatedRound, units: _Units) -> Luck:
    """:func:`seat_luck_of_parts` in integers (over :data:`LUCK_UNIT`: a
    value over C(46,7) is × C(53,7); rule book section 14's four parts as
    :func:`service.players.rated.parts.bet_parts` writes them)."""
    (s_m, s_d, s_b), values, nets = _stakes(played), played.values, played.nets
    theoretical = s_m * units.edges[0] + s_d * units.edges[1] + s_b * units.edges[2]
    side = s_d * values.dealer_break_bonus + s_b * values.break_bonus
    player_cards = -(s_m * values.main_house_way + side) * PLAYER_HANDS - theoretical
    dealer_cards = -nets.total * LUCK_UNIT + (s_m * values.main_played + side) * PLAYER_HANDS
    m, d, b, md, mb, db = units.spread
    player_variance = s_m * s_m * m + s_d * s_d * d + s_b * s_b * b
    player_variance += 2 * (s_m * s_d * md + s_m * s_b * mb + s_d * s_b * db)
    # service.players.rated.spread.dealer_variance's numerator over C(46,7)²
    n, played_m, played_d = DEALER_HANDS, values.main_played, values.dealer_break_bonus
    dealer_variance = (
        s_m * s_m * (n * values.main_played_square - played_m * played_m)
        + s_d * s_d * (n * values.dealer_break_bonus_square - played_d * played_d)
        + 2 * s_m * s_d * (n * values.main_dealer_break_bonus - played_m * played_d)
    )
    decisions = s_m * (values.main_house_way - values.main_played) * PLAYER_HANDS
    return Luck(
        luck=player_cards + dealer_cards,
        variance=player_variance + dealer_variance * _DEALER_SCALE,
        seats=1,
        parts=FourParts(-nets.total, theoretical, decisions, player_cards),
    )


def _stakes(played: RatedRound) -> tuple[int, int, int]:
    stakes = played.stakes
    return stakes.main, stakes.dealer_break_bonus, stakes.break_bonus


def threshold_text(threshold: Fraction) -> str:
    """``z < -4``, ``z < -4.5`` (a threshold in hundredths, as the casino's
    settings keep it; another fraction as it is)."""
    hundredths = threshold * 100
    if hundredths.denominator != 1:
        return f"z < -{threshold}"
    whole, part = divmod(hundredths.numerator, 100)
    return f"z < -{whole}" + (f".{part:02d}".rstrip("0") if part else "")
