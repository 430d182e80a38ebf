"""``breakpoker bench-protection``: the hidden-information test on
simulated tables (rule book section 15's Decision).

Honest players (house way, optimal, a random legal setting, a mixture of
the three) and cheaters (every hand set to do best against the dealer's
actual hand, the house way's setting on a tie; and the same one round in
five) sit at six-seat tables. For each player-day the evidence is kept as
the service keeps it (:mod:`departures`); the figures are the false alarms
per honest player-day and, for the cheaters, the share flagged within 600
rounds and the median and 95th percentile of the rounds to the flag.

A rate of 1 in 10,000 cannot be seen in a few thousand simulated days; it
is proven instead: the evidence is a test martingale, so by Ville's
inequality the chance an honest player's day ever reaches ``t`` is at most
``1/t``. The simulation shows that bound holding where it can be seen
(the share of honest days whose evidence ever reached 10, 100, 1,000) and
no honest day reaching the threshold.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb, log
from pathlib import Path

import numpy as np

from service.analysis.departure_kernel import CHEAT, CHEAT_ONE_IN_FIVE, HOUSE_WAY, MIXED, OPTIMAL, RANDOM
from service.analysis.departures import DAY_THRESHOLD, STAKES
from service.analysis.hand_table import COLUMN, IntArray, hand_table
from service.analysis.legal_settings import legal_settings
from service.analysis.strategy_rows import FULL_DECK, StrategyRows, best_settings, deck_patterns
from service.analysis.strategy_table import BLOCKS, PATTERNS, block_file, load_block
from service.engine.qualifier import Qualifier

HONEST = {"house way": HOUSE_WAY, "optimal": OPTIMAL, "random legal": RANDOM, "mixed": MIXED}
CHEATERS = {"every hand": CHEAT, "one round in five": CHEAT_ONE_IN_FIVE}
LEVELS = (10, 100, 1_000)  # where Ville's bound 1/t can be seen in a few thousand days
WINDOW = 600  # the Decision: flagged within 600 of their rounds


@dataclass(frozen=True, eq=False)
class Arrays:
    """Everything the compiled loop reads, for one deck and qualifier."""

    deck: IntArray  # [card] its rank column
    dealer_hands: int
    codes: IntArray
    code_pattern: IntArray
    row_of: IntArray
    dealer_keys: IntArray
    dealer_flags: IntArray
    offsets: IntArray
    house: IntArray
    best: IntArray
    low: IntArray
    high: IntArray
    lucky: np.ndarray
    value: IntArray
    better: IntArray
    beaten: IntArray


def arrays_of(rows: StrategyRows, qualifier: Qualifier, deck: tuple[int, ...] = FULL_DECK) -> Arrays:
    """The loop's arrays from the strategy rows of every pattern the deck
    can deal (in the rows' order)."""
    table = hand_table()
    weights = 5 ** np.arange(len(COLUMN), dtype=np.int64)
    pattern_codes = table.counts.astype(np.int64) @ weights
    order = np.argsort(pattern_codes)
    row_of = np.full(len(table), -1, dtype=np.int64)
    row_of[rows.players] = np.arange(len(rows.players))
    starts = rows.offsets[:-1]
    settings = rows.settings
    return Arrays(
        deck=np.repeat(np.arange(len(deck)), deck).astype(np.int64),
        dealer_hands=comb(sum(deck) - 7, 7),
        codes=pattern_codes[order],
        code_pattern=order.astype(np.int64),
        row_of=row_of,
        dealer_keys=np.stack([table.low_key, table.high_key], axis=1).astype(np.int64),
        dealer_flags=np.stack([table.lucky_break, table.high_key >= qualifier.key], axis=1).astype(np.int64),
        offsets=rows.offsets.astype(np.int64),
        house=(starts + settings.house_way).astype(np.int64),
        best=(starts + best_settings(rows)).astype(np.int64),
        low=settings.low_key.astype(np.int64),
        high=settings.high_key.astype(np.int64),
        lucky=settings.lucky_break.astype(np.bool_),
        value=(rows.won - rows.lost).astype(np.int64),
        better=rows.better.astype(np.int64),
        beaten=rows.beaten.astype(np.int64),
    )


def table_rows(folder: Path) -> StrategyRows:
    """Every pattern's rows from a complete strategy table on disk."""
    blocks = [load_block(block_file(folder, number)) for number in range(BLOCKS)]
    if any(block is None for block in blocks):
        raise LookupError(f"the strategy table in {folder} is not complete")
    kept = [block for block in blocks if block is not None]
    return StrategyRows(
        players=np.arange(PATTERNS),
        settings=legal_settings(),
        won=np.concatenate([block.won for block in kept]),
        lost=np.concatenate([block.lost for block in kept]),
        groups=np.concatenate([block.groups for block in kept]),
        better=np.concatenate([block.better for block in kept]),
        beaten=np.concatenate([block.beaten for block in kept]),
    )


def deck_rows(qualifier: Qualifier, deck: tuple[int, ...]) -> StrategyRows:
    """The strategy rows of a reduced deck, computed (seconds)."""
    from service.analysis.strategy_rows import strategy_rows

    return strategy_rows(deck_patterns(deck), qualifier, deck)


def seats_of(arrays: Arrays) -> int:
    """Six, or as many as a reduced deck can deal beside the dealer."""
    return min(6, len(arrays.deck) // 7 - 1)


@dataclass(frozen=True)
class Days:
    """Per simulated player-day: the round of the flag (0: none), the
    day's highest evidence (its logarithm), the departures."""

    flagged: IntArray
    highest: np.ndarray
    departures: IntArray


def play(arrays: Arrays, strategy: int, days: int, rounds: int, threshold: int, seed: int) -> Days:
    """Every seat of one strategy, ``days`` days of ``rounds`` rounds."""
    from service.analysis.departure_kernel import play_days

    seats = seats_of(arrays)
    tables = -(-days // seats)
    flagged, highest, departures = play_days(
        seed,
        tables,
        rounds,
        np.full(seats, strategy, dtype=np.int64),
        arrays.deck,
        arrays.codes,
        arrays.code_pattern,
        arrays.row_of,
        arrays.dealer_keys,
        arrays.dealer_flags,
        arrays.offsets,
        arrays.house,
        arrays.best,
        arrays.low,
        arrays.high,
        arrays.lucky,
        arrays.value,
        arrays.better,
        arrays.beaten,
        arrays.dealer_hands,
        np.array(STAKES),
        log(threshold),
    )
    return Days(flagged.ravel()[:days], highest.ravel()[:days], departures.ravel()[:days])


@dataclass(frozen=True)
class HonestLine:
    strategy: str
    days: int
    rounds: int
    alarms: int  # days reaching the threshold
    reached: tuple[int, ...]  # days whose evidence ever reached each of LEVELS
    departures: float  # a day's, on average


@dataclass(frozen=True)
class CheaterLine:
    strategy: str
    days: int
    flagged_within: int  # days flagged within WINDOW rounds
    median: int | None  # rounds to the flag, of the days flagged at all
    p95: int | None


def honest_line(name: str, arrays: Arrays, days: int, rounds: int, threshold: int, seed: int) -> HonestLine:
    found = play(arrays, HONEST[name], days, rounds, threshold, seed)
    reached = tuple(int((found.highest >= log(level)).sum()) for level in LEVELS)
    alarms = int((found.flagged > 0).sum())
    return HonestLine(name, days, rounds, alarms, reached, float(found.departures.mean()))


def cheater_line(name: str, arrays: Arrays, days: int, rounds: int, threshold: int, seed: int) -> CheaterLine:
    found = play(arrays, CHEATERS[name], days, rounds, threshold, seed)
    flags = np.sort(found.flagged[found.flagged > 0])
    within = int((found.flagged > 0).sum() - (found.flagged > WINDOW).sum())
    median = int(np.percentile(flags, 50, method="higher")) if len(flags) else None
    # The 95th percentile of all days: a day never flagged counts as past the end.
    everything = np.where(found.flagged > 0, found.flagged, rounds + 1)
    p95 = int(np.percentile(everything, 95, method="higher"))
    return CheaterLine(name, days, within, median, p95 if p95 <= rounds else None)


@dataclass(frozen=True)
class Bench:
    threshold: int
    seats: int
    honest: list[HonestLine]
    cheaters: list[CheaterLine]

    @property
    def met(self) -> bool:
        """The Decision's aims: no honest day reached the threshold (the
        rate itself is proven: a day reaching it would show a fault), and
        the every-hand cheater flagged within 600 rounds in at least 95 %
        of days. The shallow levels are shown, not judged: a level seen a
        little above its bound in a few hundred days is chance."""
        honest = all(line.alarms == 0 for line in self.honest)
        cheater = next(line for line in self.cheaters if line.strategy == "every hand")
        return honest and cheater.flagged_within * 100 >= 95 * cheater.days


def run_bench(
    arrays: Arrays,
    honest_days: int,
    cheater_days: int,
    rounds: int,
    seed: int,
    threshold: int = DAY_THRESHOLD,
    progress: Callable[[int, int], None] | None = None,
) -> Bench:
    steps = len(HONEST) + len(CHEATERS)
    honest, cheaters = [], []
    for step, name in enumerate(HONEST):
        honest.append(honest_line(name, arrays, honest_days, rounds, threshold, seed + step))
        if progress:
            progress(step + 1, steps)
    for step, name in enumerate(CHEATERS, start=len(HONEST)):
        cheaters.append(cheater_line(name, arrays, cheater_days, 5 * WINDOW, threshold, seed + step))
        if progress:
            progress(step + 1, steps)
    return Bench(threshold, seats_of(arrays), honest, cheaters)
