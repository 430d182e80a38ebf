"""Random rounds dealt through the settlement code the API uses, each figure
with a 95% confidence interval, set against the exact par sheet: an
end-to-end check that settlement and analysis agree.

Each round is one player against the dealer, all three bets at the table
minimums, the player setting by the house way (as the par sheet assumes).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from math import sqrt

from service.analysis.par_sheet import ParSheet
from service.engine.cards import DECK
from service.engine.round import Bets, Round, SeatEntry
from service.engine.settlement import MainReason, settle_round
from service.engine.table_config import BetType, TableConfig

Z95 = 1.959963984540054  # two-sided 95% normal quantile


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated figure against the exact one."""

    name: str
    exact: float
    simulated: float
    low: float
    high: float

    @property
    def inside(self) -> bool:
        return self.low <= self.exact <= self.high


@dataclass
class _Tally:
    """Sums of a per-round quantity and of its square, in exact integers."""

    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.total += value
        self.squares += value * value

    def mean_interval(self, rounds: int) -> tuple[float, float, float]:
        mean = Fraction(self.total, rounds)
        variance = (Fraction(self.squares, rounds) - mean**2) * Fraction(rounds, max(rounds - 1, 1))
        half = Z95 * sqrt(float(variance) / rounds)
        return float(mean), float(mean) - half, float(mean) + half


def wilson(hits: int, rounds: int) -> tuple[float, float, float]:
    """A proportion and its Wilson score interval (good near 0 and 1 too).

    >>> [round(x, 4) for x in wilson(0, 100)]
    [0.0, 0.0, 0.037]
    """
    p = hits / rounds
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * rounds)) / (1 + z2 / rounds)
    half = Z95 * sqrt(p * (1 - p) / rounds + z2 / (4 * rounds * rounds)) / (1 + z2 / rounds)
    return p, max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class _Counts:
    """What the simulated rounds add up to, as they are dealt."""

    nets: dict[BetType, _Tally] = field(default_factory=lambda: {bet: _Tally() for bet in BetType})
    reasons: dict[MainReason, int] = field(default_factory=lambda: dict.fromkeys(MainReason, 0))
    lucky_break: int = 0
    qualifies: int = 0
    rules: list[int] = field(default_factory=lambda: [0] * 8)


def simulate(
    sheet: ParSheet, rounds: int, seed: int, progress: Callable[[int, int], None] | None = None
) -> list[Estimate]:
    if rounds < 2:
        raise ValueError("simulate at least 2 rounds")
    config: TableConfig = sheet.config
    stakes = {bet: config.limit(bet).minimum for bet in BetType}
    bets = Bets(stakes[BetType.MAIN], stakes[BetType.DEALER_BREAK_BONUS], stakes[BetType.BREAK_BONUS])
    rng = random.Random(seed)
    counts = _Counts()
    step = max(1, rounds // 100)
    for number in range(rounds):
        cards = rng.sample(DECK, 14)
        seat = SeatEntry(1, tuple(cards[7:]), None, bets)
        settled = settle_round(Round(number, tuple(cards[:7]), (seat,)), config)
        result = settled.seats[0]
        for bet, net in (
            (BetType.MAIN, result.main.net),
            (BetType.DEALER_BREAK_BONUS, result.dealer_break_bonus.net),
            (BetType.BREAK_BONUS, result.break_bonus.net),
        ):
            counts.nets[bet].add(net // stakes[bet])
        counts.reasons[result.main.reason] += 1
        counts.lucky_break += result.house_way.lucky_break
        counts.qualifies += settled.dealer.qualifies
        counts.rules[result.house_way.rule] += 1
        if progress is not None and (number + 1) % step == 0:
            progress(number + 1, rounds)
    return _estimates(sheet, counts, rounds)


def _estimates(sheet: ParSheet, counts: _Counts, rounds: int) -> list[Estimate]:
    """Each simulated figure beside the par sheet's exact one."""
    reasons = counts.reasons
    estimates = []
    for bet in BetType:
        exact = float(sheet.bets[bet.value].house_edge)
        mean, low, high = counts.nets[bet].mean_interval(rounds)
        estimates.append(Estimate(f"{bet.value}.house_edge", exact, -mean, -high, -low))
    outcome_hits = {
        "win": sum(reasons[r] for r in (MainReason.PLAYER_LUCKY_BREAK, MainReason.BOTH_HANDS_WON)),
        "loss": sum(reasons[r] for r in (MainReason.DEALER_LUCKY_BREAK, MainReason.BOTH_HANDS_LOST)),
        "push": sum(reasons[r] for r in (MainReason.DEALER_DOES_NOT_QUALIFY, MainReason.ONE_EACH)),
    }
    for name, hits in outcome_hits.items():
        estimates.append(_proportion(f"main.{name}", float(getattr(sheet.main, name)), hits, rounds))
    for line in sheet.main.lines:
        estimates.append(
            _proportion(f"main.{line.name}", float(line.probability), reasons[MainReason(line.name)], rounds)
        )
    estimates.append(
        _proportion("lucky_break_probability", float(sheet.lucky_break), counts.lucky_break, rounds)
    )
    estimates.append(
        _proportion("dealer_qualifies_probability", float(sheet.dealer_qualifies), counts.qualifies, rounds)
    )
    for line in sheet.rules:
        estimates.append(
            _proportion(
                f"house_way_rule.{line.name}", float(line.probability), counts.rules[int(line.name)], rounds
            )
        )
    return estimates


def _proportion(name: str, exact: float, hits: int, rounds: int) -> Estimate:
    share, low, high = wilson(hits, rounds)
    return Estimate(name, exact, share, low, high)
