"""The chi-square test of a shuffler's card positions (rule book section
15), pure: the standard library only.

The counts are a table of card × position (53 × 53) over ``n`` decks. The
positions are grouped into ``G`` runs of neighbouring positions, as many
as keep every expected count at least 5: a run of ``s`` positions expects
each card ``n·s/53`` times there, so the smallest run must hold ``s ≥
265/n``. Below 11 decks even two runs (26 and 27 positions) expect fewer
than 5, and there is no test.

Degrees of freedom: each card appears once a deck (the rows' sums are
fixed at ``n``) and each run holds ``s`` cards a deck (the columns' sums
are fixed at ``n·s``), so the table has ``(53 − 1)(G − 1) = 52(G − 1)``.

One deck's table is a random permutation of 53 cards into the runs, a
hypergeometric table, whose cells vary by ``53/52`` times what independent
draws would: Pearson's statistic ``X²`` of ``n`` such decks has mean
``53(G − 1)``, not ``52(G − 1)``. The test reads ``X²·52/53`` against
chi-square with ``52(G − 1)`` degrees of freedom; without that factor a
fair shuffler would fail far more often than 5 % (at 53 runs the mean is
one standard deviation too high, near 17 %)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

POSITIONS = 53  # the joker and the 52
LEAST_EXPECTED = 5  # every cell's expected count at least this
#: the threshold below which the test alerts (the common regulatory one)
ALPHA = Fraction(5, 100)
#: the hypergeometric factor (N − 1)/N of a permutation of N cards
PERMUTATION_FACTOR = Fraction(POSITIONS - 1, POSITIONS)
_EPSILON = 1e-15
_TINY = 1e-300
_STEPS = 100_000


@dataclass(frozen=True)
class PositionTest:
    """A test over ``decks`` decks: the runs' sizes, the degrees of freedom,
    Pearson's X² (exact), the statistic read against chi-square (X²·52/53)
    and its p-value."""

    decks: int
    groups: tuple[int, ...]
    df: int
    pearson: Fraction
    statistic: Fraction
    p: float

    @property
    def flagged(self) -> bool:
        return self.p < ALPHA


def position_groups(decks: int, positions: int = POSITIONS) -> tuple[int, ...]:
    """The sizes of the runs of positions, first to last (each one or two
    apart in size, the larger first): as many as keep every expected count
    at least 5; one run (no test) below 11 decks.

    >>> position_groups(10), position_groups(11), len(position_groups(265))
    ((53,), (27, 26), 53)
    >>> position_groups(100)
    (4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
    """
    count = 1
    for candidate in range(positions, 0, -1):
        if decks * (positions // candidate) >= LEAST_EXPECTED * positions:
            count = candidate
            break
    size, larger = divmod(positions, count)
    return tuple(size + 1 if index < larger else size for index in range(count))


def grouped(counts: Sequence[Sequence[int]], groups: Sequence[int]) -> list[list[int]]:
    """Each card's counts summed over each run of positions."""
    table = []
    for row in counts:
        cells, start = [], 0
        for size in groups:
            cells.append(sum(row[start : start + size]))
            start += size
        table.append(cells)
    return table


def positions_test(counts: Sequence[Sequence[int]], decks: int) -> PositionTest | None:
    """The test of a card × position table over ``decks`` decks; None when
    too few decks for two runs."""
    groups = position_groups(decks, len(counts))
    if len(groups) < 2:
        return None
    pearson = Fraction(0)
    for row in grouped(counts, groups):
        for seen, size in zip(row, groups, strict=True):
            expected = Fraction(decks * size, len(counts))
            pearson += (seen - expected) ** 2 / expected
    df = (len(counts) - 1) * (len(groups) - 1)
    statistic = pearson * Fraction(len(counts) - 1, len(counts))
    return PositionTest(decks, groups, df, pearson, statistic, survival(float(statistic), df))


def survival(x: float, df: int) -> float:
    """P(chi-square with ``df`` degrees of freedom > x): the regularised
    upper incomplete gamma Q(df/2, x/2).

    >>> round(survival(3.841, 1), 4), round(survival(18.307, 10), 4)
    (0.05, 0.05)
    """
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if x <= 0:
        return 1.0
    return upper_gamma(df / 2, x / 2)


def upper_gamma(a: float, x: float) -> float:
    """Q(a, x), by its series below ``a + 1`` and its continued fraction
    above (each converges fast there), in logarithms (a in the thousands
    overflows otherwise)."""
    if x < a + 1:
        return max(0.0, 1.0 - _lower_series(a, x))
    return _upper_fraction(a, x)


def _prefactor(a: float, x: float) -> float:
    return math.exp(a * math.log(x) - x - math.lgamma(a))


def _lower_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    for step in range(1, _STEPS):
        term *= x / (a + step)
        total += term
        if abs(term) < abs(total) * _EPSILON:
            return total * _prefactor(a, x)
    raise ArithmeticError(f"the series of P({a}, {x}) did not converge")


def _upper_fraction(a: float, x: float) -> float:
    # Lentz's method for the continued fraction of Q(a, x).
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    h = d
    for step in range(1, _STEPS):
        an = -step * (step - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPSILON:
            return h * _prefactor(a, x)
    raise ArithmeticError(f"the continued fraction of Q({a}, {x}) did not converge")
