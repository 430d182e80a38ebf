"""Exact Main Bet counts of every legal setting of some player patterns: the
rows the strategy table is made of.

Works on the full 53-card deck or on a reduced one (fewer cards of some
ranks), so the same compiled code can be checked against a brute force over
real cards where that is small enough to run.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from service.analysis.hand_table import COLUMN, IntArray, hand_table
from service.analysis.legal_settings import LegalSettings, key_arrays, settings_of
from service.engine.cards import Rank
from service.engine.qualifier import Qualifier

#: Cards of each rank column (2..A, joker) in the full deck.
FULL_DECK: tuple[int, ...] = tuple(1 if rank is Rank.JOKER else 4 for rank in sorted(COLUMN))
_HALF_A = [COLUMN[Rank(rank)] for rank in range(2, 9)]
_HALF_B = [COLUMN[Rank(rank)] for rank in range(9, 15)] + [COLUMN[Rank.JOKER]]
NOT_QUALIFIED, LUCKY_BREAK, PLAIN = 0, 1, 2  # dealer groups


@dataclass(frozen=True, eq=False)
class StrategyRows:
    """Counts of dealer hands (from the cards the player does not hold)."""

    players: IntArray  # pattern indices
    settings: LegalSettings  # theirs, offsets counted from the first player
    won: IntArray  # dealer hands the setting beats, Lucky Break rule included
    lost: IntArray  # dealer hands the setting loses to
    groups: IntArray  # [player, 3] dealer hands not qualifying, with a Lucky Break, without
    better: IntArray  # dealer hands where the setting does better than the house way
    beaten: IntArray  # [player] dealer hands where some setting does better than the house way

    @property
    def offsets(self) -> IntArray:
        return self.settings.offsets

    @property
    def dealer_hands(self) -> IntArray:
        hands: IntArray = self.groups.sum(axis=1)
        return hands


def value_indices() -> tuple[IntArray, IntArray]:
    """Every low and every high hand value key, sorted (a value's index in
    them orders like its key)."""
    low, high = key_arrays()
    return np.unique(low[low >= 0]), np.unique(high[high >= 0])


def deck_patterns(deck: tuple[int, ...]) -> IntArray:
    """The seven-card patterns that the deck can deal."""
    return np.flatnonzero((hand_table().counts <= np.array(deck)).all(axis=1))


def _halves(counts: np.ndarray, columns: list[int]) -> tuple[IntArray, IntArray]:
    index: dict[tuple[int, ...], int] = {}
    of_pattern = [index.setdefault(tuple(row), len(index)) for row in counts[:, columns].tolist()]
    return np.array(list(index), dtype=np.int64), np.array(of_pattern, dtype=np.int64)


@dataclass(frozen=True, eq=False)
class _Dealers:
    half_a: IntArray
    half_b: IntArray
    a: IntArray
    b: IntArray
    low: IntArray
    high: IntArray
    group: IntArray


@cache
def _dealers(qualifier: Qualifier, deck: tuple[int, ...]) -> _Dealers:
    table = hand_table()
    dealers = deck_patterns(deck)
    counts = table.counts[dealers]
    half_a, a = _halves(counts, _HALF_A)
    half_b, b = _halves(counts, _HALF_B)
    lows, highs = value_indices()
    low_key, high_key = table.low_key[dealers], table.high_key[dealers]
    qualifies = high_key >= qualifier.key
    group = np.where(~qualifies, NOT_QUALIFIED, np.where(table.lucky_break[dealers], LUCKY_BREAK, PLAIN))
    return _Dealers(
        half_a, half_b, a, b, np.searchsorted(lows, low_key), np.searchsorted(highs, high_key), group
    )


def strategy_rows(players: IntArray, qualifier: Qualifier, deck: tuple[int, ...] = FULL_DECK) -> StrategyRows:
    """The counts of every legal setting of these player patterns."""
    from service.analysis.pair_kernel import CHOOSE  # numba on demand
    from service.analysis.strategy_kernel import setting_counts

    players = np.asarray(players, dtype=np.int64)
    settings = settings_of(players)
    offsets = settings.offsets
    lows, highs = value_indices()
    dealers = _dealers(qualifier, deck)
    lucky = settings.lucky_break
    won, lost, groups, better, beaten = setting_counts(
        np.ascontiguousarray(hand_table().counts[players], dtype=np.int64),
        np.array(deck, dtype=np.int64),
        offsets,
        np.searchsorted(lows, settings.low_key),
        np.searchsorted(highs, settings.high_key),
        lucky,
        dealers.half_a,
        dealers.half_b,
        dealers.a,
        dealers.b,
        dealers.low,
        dealers.high,
        dealers.group,
        len(lows),
        len(highs),
        CHOOSE,
        offsets[:-1] + settings.house_way,
    )
    # The other group: a Lucky Break beats every plain qualifying dealer, and
    # a setting without one loses to every dealer with one.
    per_setting = np.repeat(np.arange(len(players)), np.diff(offsets))
    won = won + np.where(lucky, groups[per_setting, PLAIN], 0)
    lost = lost + np.where(lucky, 0, groups[per_setting, LUCKY_BREAK])
    return StrategyRows(players, settings, won, lost, groups, better, beaten)


def best_settings(rows: StrategyRows) -> IntArray:
    """Each player's optimal setting, counted in its own slice: the highest
    value, the house way's among equals, else the first in the house way's
    order (rule book section 12)."""
    value = rows.won - rows.lost
    best = np.empty(len(rows.players), dtype=np.int64)
    for player, (start, stop) in enumerate(
        zip(rows.offsets[:-1].tolist(), rows.offsets[1:].tolist(), strict=True)
    ):
        mine = value[start:stop]
        top = int(np.argmax(mine))
        house = int(rows.settings.house_way[player])
        best[player] = house if mine[house] == mine[top] else top
    return best
