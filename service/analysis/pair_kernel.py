"""The compiled inner loop of the par sheet: every player pattern against
every dealer pattern, weighted by card removal, in exact integers.

The weight of a (player, dealer) pair of patterns is the number of ways to
deal the dealer's cards from the 46 the player does not hold:
the product over ranks of C(4 - player count, dealer count). The product is
split in two halves of the ranks (2-8, and 9-A with the joker), each looked
up in a table built per player, so a pair costs two lookups and a multiply.
Dealers are grouped so that only one group needs hand comparisons:
- not qualifying: the Main Bet pushes;
- qualifying with a Lucky Break;
- qualifying without one.
"""

from __future__ import annotations

import os

import numpy as np
from numba import njit, prange

from service.analysis.hand_table import IntArray
from service.analysis.pair_columns import (
    BOTH_LOST,
    BOTH_WON,
    DEALER_HAS_LUCKY_BREAK,
    DEALER_LUCKY_BREAK,
    NOT_QUALIFIED,
    ONE_EACH,
    PLAYER_LUCKY_BREAK,
    ROW,
)

#: On disk only where NUMBA_CACHE_DIR names a folder (see strategy_kernel).
CACHED = "NUMBA_CACHE_DIR" in os.environ

#: C(n, k) for n, k in 0..4; zero when k > n.
CHOOSE = np.array([[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 2, 1, 0, 0], [1, 3, 3, 1, 0], [1, 4, 6, 4, 1]])


@njit(parallel=True, nogil=True, cache=CACHED)
def player_rows(
    counts: np.ndarray,  # [player, 14] counts of the players to compute
    low_key: IntArray,
    high_key: IntArray,
    lucky_break: np.ndarray,
    half_a: np.ndarray,  # [composition, 7] counts of ranks 2-8
    half_b: np.ndarray,  # [composition, 7] counts of ranks 9-A and the joker
    dealer_a: IntArray,  # dealer's composition in half_a, by dealer
    dealer_b: IntArray,
    dealer_low: IntArray,
    dealer_high: IntArray,
    qualified_from: int,  # dealers [0, qualified_from) do not qualify
    plain_from: int,  # dealers [qualified_from, plain_from) have a Lucky Break
    choose: np.ndarray,
) -> np.ndarray:
    players = counts.shape[0]
    dealers = dealer_a.shape[0]
    rows = np.zeros((players, ROW), dtype=np.int64)
    for player in prange(players):
        weight_a = np.ones(half_a.shape[0], dtype=np.int64)
        for c in range(half_a.shape[0]):
            w = 1
            for r in range(7):
                w *= choose[4 - counts[player, r], half_a[c, r]]
            weight_a[c] = w
        weight_b = np.ones(half_b.shape[0], dtype=np.int64)
        for c in range(half_b.shape[0]):
            w = choose[1 - counts[player, 13], half_b[c, 6]]
            for r in range(6):
                w *= choose[4 - counts[player, 7 + r], half_b[c, r]]
            weight_b[c] = w

        not_qualified = 0
        for d in range(qualified_from):
            not_qualified += weight_a[dealer_a[d]] * weight_b[dealer_b[d]]

        # The group played with plain sums, and the one compared hand by hand.
        if lucky_break[player]:
            compare_from, compare_to = qualified_from, plain_from
            sum_from, sum_to = plain_from, dealers
        else:
            compare_from, compare_to = plain_from, dealers
            sum_from, sum_to = qualified_from, plain_from
        plain = 0
        for d in range(sum_from, sum_to):
            plain += weight_a[dealer_a[d]] * weight_b[dealer_b[d]]

        low = low_key[player]
        high = high_key[player]
        won = 0
        lost = 0
        total = 0
        for d in range(compare_from, compare_to):
            w = weight_a[dealer_a[d]] * weight_b[dealer_b[d]]
            dl = dealer_low[d]
            dh = dealer_high[d]
            total += w
            won += w * ((low > dl) & (high > dh))
            lost += w * ((dl >= low) & (dh >= high))

        rows[player, NOT_QUALIFIED] = not_qualified
        rows[player, BOTH_WON] = won
        rows[player, BOTH_LOST] = lost
        rows[player, ONE_EACH] = total - won - lost
        if lucky_break[player]:
            rows[player, PLAYER_LUCKY_BREAK] = plain
            rows[player, DEALER_HAS_LUCKY_BREAK] = total
        else:
            rows[player, DEALER_LUCKY_BREAK] = plain
            rows[player, DEALER_HAS_LUCKY_BREAK] = plain
    return rows
