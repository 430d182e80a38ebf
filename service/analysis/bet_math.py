"""The distribution of one bet's result per unit staked, exactly.

>>> bet = BetMath.of([Line("win", "Win", 1, 1), Line("lose", "Lose", -1, 3)])
>>> bet.house_edge, bet.hit_frequency, round(bet.standard_deviation, 6)
(Fraction(1, 2), Fraction(1, 4), 0.866025)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt


@dataclass(frozen=True, slots=True)
class Line:
    """One outcome: its net per unit staked and how many deals give it."""

    name: str
    label: str
    net: int  # +odds for a win, 0 for a push, -1 for a loss
    combinations: int
    probability: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class BetMath:
    lines: tuple[Line, ...]
    total: int  # deals counted: the probabilities' common denominator

    @classmethod
    def of(cls, lines: Iterable[Line], total: int | None = None) -> BetMath:
        """Fill in the probabilities; the lines must cover every deal once."""
        lines = tuple(lines)
        counted = sum(line.combinations for line in lines)
        if total is None:
            total = counted
        if counted != total or total <= 0:
            raise ArithmeticError(f"outcomes cover {counted:,} deals of {total:,}: they must sum to 1")
        return cls(tuple(_with_probability(line, total) for line in lines), total)

    @property
    def win(self) -> Fraction:
        return sum((line.probability for line in self.lines if line.net > 0), Fraction(0))

    @property
    def loss(self) -> Fraction:
        return sum((line.probability for line in self.lines if line.net < 0), Fraction(0))

    @property
    def push(self) -> Fraction:
        return sum((line.probability for line in self.lines if line.net == 0), Fraction(0))

    @property
    def hit_frequency(self) -> Fraction:
        """How often the bet wins."""
        return self.win

    @property
    def expected_return(self) -> Fraction:
        """The player's expected net per unit staked."""
        return sum((line.net * line.probability for line in self.lines), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        """Positive when the house is ahead, as a fraction of the stake."""
        return -self.expected_return

    @property
    def variance(self) -> Fraction:
        mean = self.expected_return
        return sum((line.net**2 * line.probability for line in self.lines), Fraction(0)) - mean**2

    @property
    def standard_deviation(self) -> float:
        return sqrt_fraction(self.variance)


def _with_probability(line: Line, total: int) -> Line:
    return Line(line.name, line.label, line.net, line.combinations, Fraction(line.combinations, total))


def sqrt_fraction(value: Fraction, digits: int = 17) -> float:
    """The square root correctly rounded to a float (via integer sqrt, not
    the float of an already rounded value).

    >>> sqrt_fraction(Fraction(1, 4))
    0.5
    """
    scale = 10 ** (2 * digits)
    root: int = isqrt(value.numerator * scale // value.denominator)
    return float(Fraction(root, 10**digits))
