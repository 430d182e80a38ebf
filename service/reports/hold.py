"""The statistics behind a hold report: what the house should have won on a
handle, by the par sheets, and how far from that the actual win may stray
before it is worth investigating.

The house's win on one bet of stake ``s`` is ``-s`` times the bet's net per
unit, whose mean is the house edge and whose variance the par sheet gives
exactly. Summed over many bets, the win is close to normal with

- mean ``Σ edge × handle`` (per configuration version: each has its own edge),
- variance ``Σ variance_per_unit × Σ stake²`` (likewise per version).

This treats the bets as independent. Seats of one round share the dealer's
hand, so the true spread is somewhat wider than this figure: the interval
flags a little more than ``1 - confidence`` of ordinary periods, which errs on
the side of a look.

>>> theory = Theory.of([(VersionTheory(Fraction(1, 50), Fraction(1)), Stakes(10_000, 1_000_000.0))])
>>> theory.expected_win, theory.standard_deviation
(Fraction(200, 1), 1000.0)
>>> interval = theory.win_interval(0.95)
>>> round(interval.low, 3), round(interval.high, 3), interval.whole_units()
(-1759.964, 2159.964, (-1759, 2159))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

MIN_CONFIDENCE = 0.5  # exclusive: an interval of nothing
MAX_CONFIDENCE = 0.9999  # z ≈ 3.9; beyond it the normal tail is not worth trusting


@dataclass(frozen=True, slots=True)
class VersionTheory:
    """One bet under one configuration version, per unit staked (par sheet)."""

    house_edge: Fraction  # house ahead > 0
    variance: Fraction  # of the bet's net per unit staked


@dataclass(frozen=True, slots=True)
class Stakes:
    """What was staked on one bet under one configuration version."""

    handle: int  # minor units
    stake_squares: float  # Σ stake², minor units squared


@dataclass(frozen=True, slots=True)
class Interval:
    low: float
    high: float

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def whole_units(self) -> tuple[int, int]:
        """The whole minor units inside: an integer win is inside the interval
        exactly when it is inside these bounds, so money stays integral."""
        return math.ceil(self.low), math.floor(self.high)

    def per(self, handle: int) -> Interval:
        """The same interval as a hold (a fraction of the handle)."""
        return Interval(self.low / handle, self.high / handle)


def check_confidence(confidence: float) -> float:
    if not MIN_CONFIDENCE < confidence <= MAX_CONFIDENCE:
        raise ValueError(f"confidence must be above {MIN_CONFIDENCE} and at most {MAX_CONFIDENCE}")
    return confidence


def z_value(confidence: float) -> float:
    """The two-sided normal quantile: 1.96 for 95 %.

    >>> round(z_value(0.95), 6)
    1.959964
    """
    return NormalDist().inv_cdf(0.5 + check_confidence(confidence) / 2)


@dataclass(frozen=True, slots=True)
class Theory:
    expected_win: Fraction  # exact; minor units
    variance: float  # of the win; minor units squared

    @classmethod
    def of(cls, parts: Iterable[tuple[VersionTheory, Stakes]]) -> Theory:
        expected = Fraction(0)
        variance = 0.0
        for version, stakes in parts:
            expected += version.house_edge * stakes.handle
            variance += float(version.variance) * stakes.stake_squares
        return cls(expected, variance)

    @property
    def standard_deviation(self) -> float:
        return math.sqrt(self.variance)

    @property
    def rounded_win(self) -> int:
        """The theoretical win in whole minor units (nearest; halves away from zero)."""
        return round_half_away(self.expected_win)

    def win_interval(self, confidence: float) -> Interval:
        spread = z_value(confidence) * self.standard_deviation
        centre = float(self.expected_win)
        return Interval(centre - spread, centre + spread)

    def is_variance(self, win: int, confidence: float) -> bool:
        """The actual win falls outside the interval around the theory."""
        return not self.win_interval(confidence).contains(win)


def round_half_away(value: Fraction) -> int:
    """The nearest integer, halves away from zero (not Python's to-even).

    >>> round_half_away(Fraction(5, 2)), round_half_away(Fraction(-5, 2)), round_half_away(Fraction(7, 3))
    (3, -3, 2)
    """
    magnitude = math.floor(abs(value) + Fraction(1, 2))
    return magnitude if value >= 0 else -magnitude


def hold(win: int, handle: int) -> float | None:
    """The win as a fraction of the handle; ``None`` with nothing staked."""
    return None if handle == 0 else float(Fraction(win, handle))
