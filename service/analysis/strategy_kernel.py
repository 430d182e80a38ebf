"""The compiled inner loop of the optimal strategy: every legal setting of a
player pattern against every dealer hand from the cards left, in exact
integers.

A player setting (low L, high H) meets a qualifying dealer of its own group
(both Lucky Breaks or neither, rule book section 7) and wins when both its
hands beat the dealer's, loses when the dealer's beat or copy both. Counting
that for every setting at once is a two-dimensional dominance count: the
dealer hands of the player's group are added, with their card-removal
weights, into a grid indexed by (dealer low, dealer high), and one prefix
sum over the grid answers every setting in constant time:

- won  = the weight strictly below (L, H) in both coordinates;
- lost = the weight at or above (L, H) in both.

So a player costs one pass over the dealer patterns and one over the grid,
whatever the number of its settings. The dealer hands of the other group
are plain sums (a Lucky Break setting beats every qualifying dealer without
one; a setting without one loses to every dealer with one).
"""

from __future__ import annotations

import os

import numpy as np
from numba import njit, prange

#: The compiled loops are kept on disk only where a folder is named for
#: them (numba's own NUMBA_CACHE_DIR): the tests name a new one a run, so
#: their many processes load the code one of them compiled (seconds of CPU
#: each). A cache outlives edits to the constants a loop reads from other
#: modules, so it is a folder for one build, and an install that names none
#: compiles in memory as ever (its package folder may be read-only).
CACHED = "NUMBA_CACHE_DIR" in os.environ


@njit(nogil=True, cache=CACHED)
def _prefix(grid: np.ndarray) -> np.ndarray:
    """prefix[l, h] = the sum of grid[:l, :h]."""
    lows, highs = grid.shape
    prefix = np.zeros((lows + 1, highs + 1), dtype=np.int64)
    for low in range(lows):
        running = 0
        for high in range(highs):
            running += grid[low, high]
            prefix[low + 1, high + 1] = prefix[low, high + 1] + running
    return prefix


@njit(parallel=True, nogil=True, cache=CACHED)
def setting_counts(
    counts: np.ndarray,  # [player, 14] cards of each rank (2..A, joker)
    available: np.ndarray,  # [14] cards of each rank in the deck
    offsets: np.ndarray,  # [player + 1] each player's settings
    setting_low: np.ndarray,  # low value index of each setting
    setting_high: np.ndarray,  # high value index
    setting_lucky: np.ndarray,  # the setting is a Lucky Break
    half_a: np.ndarray,  # [composition, 7] dealer counts of ranks 2-8
    half_b: np.ndarray,  # [composition, 7] dealer counts of 9-A and the joker
    dealer_a: np.ndarray,  # dealer's composition in half_a, by dealer
    dealer_b: np.ndarray,
    dealer_low: np.ndarray,  # low value index, by dealer
    dealer_high: np.ndarray,
    dealer_group: np.ndarray,  # 0 does not qualify, 1 Lucky Break, 2 qualifies without
    lows: int,  # distinct low values
    highs: int,
    choose: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per setting: qualifying dealer hands of its group it beats and loses
    to. Per player: dealer hands that do not qualify, qualify with a Lucky
    Break, qualify without."""
    players = counts.shape[0]
    won = np.zeros(setting_low.shape[0], dtype=np.int64)
    lost = np.zeros(setting_low.shape[0], dtype=np.int64)
    groups = np.zeros((players, 3), dtype=np.int64)
    for player in prange(players):
        weight_a = np.empty(half_a.shape[0], dtype=np.int64)
        for c in range(half_a.shape[0]):
            w = 1
            for r in range(7):
                w *= choose[available[r] - counts[player, r], half_a[c, r]]
            weight_a[c] = w
        weight_b = np.empty(half_b.shape[0], dtype=np.int64)
        for c in range(half_b.shape[0]):
            w = 1
            for r in range(7):
                w *= choose[available[7 + r] - counts[player, 7 + r], half_b[c, r]]
            weight_b[c] = w
        grid = np.zeros((3, lows, highs), dtype=np.int64)
        for d in range(dealer_a.shape[0]):
            w = weight_a[dealer_a[d]] * weight_b[dealer_b[d]]
            if w:
                group = dealer_group[d]
                groups[player, group] += w
                grid[group, dealer_low[d], dealer_high[d]] += w
        lucky_prefix = _prefix(grid[1])
        plain_prefix = _prefix(grid[2])
        for s in range(offsets[player], offsets[player + 1]):
            prefix = lucky_prefix if setting_lucky[s] else plain_prefix
            low, high = setting_low[s], setting_high[s]
            below = prefix[low, high]
            total = prefix[lows, highs]
            won[s] = below
            lost[s] = total - prefix[low, highs] - prefix[lows, high] + below
    return won, lost, groups
