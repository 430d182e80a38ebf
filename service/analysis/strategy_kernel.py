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
    house: np.ndarray,  # [player] the house way's setting, an index into the settings
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per setting: qualifying dealer hands of its group it beats and loses
    to, and (against every dealer hand) those where it does better than the
    player's house way. Per player: the dealer hands where some setting
    does better than the house way, and
    player: dealer hands that do not qualify, qualify with a Lucky Break,
    qualify without."""
    players = counts.shape[0]
    won = np.zeros(setting_low.shape[0], dtype=np.int64)
    lost = np.zeros(setting_low.shape[0], dtype=np.int64)
    better = np.zeros(setting_low.shape[0], dtype=np.int64)
    beaten = np.zeros(players, dtype=np.int64)
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
        h = house[player]
        for s in range(offsets[player], offsets[player + 1]):
            better[s] = _against_house(
                setting_low[s],
                setting_high[s],
                setting_lucky[s],
                setting_low[h],
                setting_high[h],
                setting_lucky[h],
                lucky_prefix,
                plain_prefix,
            )
        beaten[player] = _beaten(
            lucky_prefix if setting_lucky[h] else plain_prefix,
            offsets[player],
            offsets[player + 1],
            h,
            setting_low,
            setting_high,
            setting_lucky,
        )
    return won, lost, groups, better, beaten


@njit(nogil=True, cache=CACHED)
def _rect(prefix: np.ndarray, low_from: int, low_to: int, high_from: int, high_to: int) -> int:
    """The weight of dealer lows in [low_from, low_to) and highs in
    [high_from, high_to): an empty range holds none."""
    if low_from >= low_to or high_from >= high_to:
        return 0
    return int(
        prefix[low_to, high_to]
        - prefix[low_from, high_to]
        - prefix[low_to, high_from]
        + prefix[low_from, high_from]
    )


@njit(nogil=True, cache=CACHED)
def _compared(prefix: np.ndarray, sl: int, sh: int, hl: int, hh: int) -> int:
    """Both settings compared with the dealers of one grid: where the
    setting does better than the house way. A setting (L, H) wins on the
    dealers strictly below it in both coordinates and loses on those at or
    above it in both; it does better where it wins and the house way does
    not, or pushes where the house way loses."""
    lows, highs = prefix.shape[0] - 1, prefix.shape[1] - 1
    wins = _rect(prefix, 0, sl, 0, sh) - _rect(prefix, 0, min(sl, hl), 0, min(sh, hh))
    house_loses = _rect(prefix, hl, lows, hh, highs)
    wins_there = _rect(prefix, hl, sl, hh, sh)
    both_lose = _rect(prefix, max(sl, hl), lows, max(sh, hh), highs)
    return wins + house_loses - wins_there - both_lose


@njit(nogil=True, cache=CACHED)
def _against_house(
    sl: int,
    sh: int,
    s_lucky: bool,
    hl: int,
    hh: int,
    h_lucky: bool,
    lucky_prefix: np.ndarray,
    plain_prefix: np.ndarray,
) -> int:
    """Where one setting does better than the house way's, over the
    dealers with a Lucky Break and the plain qualifying ones (a dealer who
    does not qualify pushes both). Against a Lucky Break dealer a setting
    without one loses; against a plain dealer a Lucky Break wins."""
    if s_lucky and h_lucky:  # plain dealers: both win
        return _compared(lucky_prefix, sl, sh, hl, hh)
    if not s_lucky and not h_lucky:  # Lucky Break dealers: both lose
        return _compared(plain_prefix, sl, sh, hl, hh)
    # Only a plain setting beside a Lucky Break house way is left (the house
    # way finds every Lucky Break, rules 1 and 2): it loses to every Lucky
    # Break dealer and the house way wins against every plain one.
    return 0


@njit(nogil=True, cache=CACHED)
def _beaten(
    prefix: np.ndarray,
    first: int,
    last: int,
    h: int,
    setting_low: np.ndarray,
    setting_high: np.ndarray,
    setting_lucky: np.ndarray,
) -> int:
    """The dealer hands where some setting does better than the house way.

    Only the dealers of the house way's own grid can be beaten, by settings
    of its own kind: a Lucky Break house way wins against every plain
    dealer, and without one no setting has one (rules 1 and 2), so all lose
    to a Lucky Break dealer. In that grid a row of dealer lows is cut where
    the best setting's net or the house way's changes (the highest high of
    the settings with a higher low, the house way's high, the highest high
    of all), and each piece is added whole when the best net is higher."""
    lows, highs = prefix.shape[0] - 1, prefix.shape[1] - 1
    hl, hh = setting_low[h], setting_high[h]
    top_high = np.full(lows, -1, dtype=np.int64)  # of the settings with each low
    max_low = max_high = -1
    for s in range(first, last):
        if setting_lucky[s] == setting_lucky[h]:
            top_high[setting_low[s]] = max(top_high[setting_low[s]], setting_high[s])
            max_low, max_high = max(max_low, setting_low[s]), max(max_high, setting_high[s])
    count = 0
    above = -1  # the highest high of the settings with a low above this row
    for dl in range(lows - 1, -1, -1):
        cuts = np.sort(np.array([0, highs, max(above, 0), hh, max(max_high, 0)]))
        for piece in range(cuts.size - 1):
            a, b = cuts[piece], cuts[piece + 1]
            if a >= b:
                continue
            best = 1 if a < above else (0 if dl < max_low or a < max_high else -1)
            house = (1 if a < hh else 0) if dl < hl else (0 if a < hh else -1)
            if best > house:
                count += _rect(prefix, dl, dl + 1, a, b)
        above = max(above, top_high[dl])
    return count
