"""The Main Bet and the Dealer Break Bonus: every player hand against every
dealer hand from the 46 cards left, both set by the house way.

The 67,600 x 67,600 pairs of patterns (about 4.6 billion) go through the
compiled loop in :mod:`service.analysis.pair_kernel`, a block of players at
a time so a progress bar can follow. Counts are exact integers: the total is
C(53,7) x C(46,7), about 8.3e15, well inside 64 bits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np

from service.analysis import pair_columns as kernel
from service.analysis.bet_math import BetMath, Line
from service.analysis.hand_table import COLUMN, DECK_SIZE, HAND_SIZE, HandTable, IntArray, hand_table
from service.engine.cards import Rank
from service.engine.qualifier import Qualifier
from service.engine.settlement import DEALER_BREAK_BONUS_BOTH_PAYS, DEALER_BREAK_BONUS_PAYS, MainReason

DEALER_HANDS = comb(DECK_SIZE - HAND_SIZE, HAND_SIZE)
DEALS = comb(DECK_SIZE, HAND_SIZE) * DEALER_HANDS
BLOCK = 1_000  # players per call of the kernel: about 70 steps of progress

Progress = Callable[[int, int], None]  # (done, total)

_HALF_A = [COLUMN[Rank(rank)] for rank in range(2, 9)]
_HALF_B = [COLUMN[Rank(rank)] for rank in range(9, 15)] + [COLUMN[Rank.JOKER]]

_MAIN_LINES = (
    (MainReason.DEALER_DOES_NOT_QUALIFY, "Dealer does not qualify", 0, kernel.NOT_QUALIFIED),
    (MainReason.DEALER_LUCKY_BREAK, "Dealer Lucky Break, player none", -1, kernel.DEALER_LUCKY_BREAK),
    (MainReason.PLAYER_LUCKY_BREAK, "Player Lucky Break, dealer none", 1, kernel.PLAYER_LUCKY_BREAK),
    (MainReason.BOTH_HANDS_WON, "Player wins both hands", 1, kernel.BOTH_WON),
    (MainReason.BOTH_HANDS_LOST, "Dealer wins or copies both hands", -1, kernel.BOTH_LOST),
    (MainReason.ONE_EACH, "One hand each", 0, kernel.ONE_EACH),
)


@dataclass(frozen=True)
class PairCounts:
    """Deals (player cards, dealer cards) by outcome, over all C(53,7) x C(46,7)."""

    main: tuple[int, ...]  # by the kernel's columns
    both_lucky_break: int  # the dealer and the player have a Lucky Break
    dealer_lucky_break_only: int
    player_lucky_break_not_qualified: int  # the player has one, the dealer does not qualify


def _halves(counts: np.ndarray, columns: list[int]) -> tuple[IntArray, IntArray]:
    """The distinct compositions of some columns and each pattern's index."""
    index: dict[tuple[int, ...], int] = {}
    of_pattern = np.array(
        [index.setdefault(tuple(row), len(index)) for row in counts[:, columns].tolist()], dtype=np.int64
    )
    return np.array(list(index), dtype=np.int64), of_pattern


@cache
def _dealer_halves() -> tuple[IntArray, IntArray, IntArray, IntArray]:
    counts = hand_table().counts
    half_a, dealer_a = _halves(counts, _HALF_A)
    half_b, dealer_b = _halves(counts, _HALF_B)
    return half_a, half_b, dealer_a, dealer_b


@dataclass(frozen=True, eq=False)
class _Dealers:
    """The dealer side of the kernel for one qualifier, grouped."""

    a: IntArray
    b: IntArray
    low: IntArray
    high: IntArray
    qualified_from: int
    plain_from: int


@cache
def _dealers(qualifier: Qualifier) -> _Dealers:
    table = hand_table()
    qualifies = table.high_key >= qualifier.key
    # A Lucky Break's high hand is trips or a straight: it always qualifies.
    assert not (table.lucky_break & ~qualifies).any()
    group = np.where(~qualifies, 0, np.where(table.lucky_break, 1, 2))
    order = np.argsort(group, kind="stable")
    qualified_from = int(np.count_nonzero(group == 0))
    _, _, dealer_a, dealer_b = _dealer_halves()
    return _Dealers(
        dealer_a[order],
        dealer_b[order],
        table.low_key[order],
        table.high_key[order],
        qualified_from,
        qualified_from + int(np.count_nonzero(group == 1)),
    )


def player_rows(players: slice | IntArray, qualifier: Qualifier) -> np.ndarray:
    """The kernel's rows (dealer card sets by outcome) for some players."""
    table = hand_table()
    dealers = _dealers(qualifier)
    half_a, half_b, _, _ = _dealer_halves()
    from service.analysis.pair_kernel import CHOOSE  # numba on demand
    from service.analysis.pair_kernel import player_rows as compiled

    rows: np.ndarray = compiled(
        np.ascontiguousarray(table.counts[players], dtype=np.int64),
        np.ascontiguousarray(table.low_key[players]),
        np.ascontiguousarray(table.high_key[players]),
        np.ascontiguousarray(table.lucky_break[players]),
        half_a,
        half_b,
        dealers.a,
        dealers.b,
        dealers.low,
        dealers.high,
        dealers.qualified_from,
        dealers.plain_from,
        CHOOSE,
    )
    return rows


def pair_counts(qualifier: Qualifier, progress: Progress | None = None) -> PairCounts:
    table = hand_table()
    rows = np.empty((len(table), kernel.ROW), dtype=np.int64)
    for start in range(0, len(table), BLOCK):
        block = slice(start, min(start + BLOCK, len(table)))
        rows[block] = player_rows(block, qualifier)
        if progress is not None:
            progress(block.stop, len(table))
    return _totals(table, rows)


def _totals(table: HandTable, rows: np.ndarray) -> PairCounts:
    # Every player meets every dealer hand from the 46 cards left exactly once.
    per_player = rows[:, : kernel.ROW - 1].sum(axis=1)
    if not (per_player == DEALER_HANDS).all():
        raise ArithmeticError("a player's outcomes do not cover the C(46,7) dealer hands exactly")
    # Python integers from here: no overflow to think about.
    combos = table.combos.tolist()
    main = tuple(_dot(combos, rows[:, column].tolist()) for column in range(kernel.ROW - 1))
    dealer_lb = rows[:, kernel.DEALER_HAS_LUCKY_BREAK].tolist()
    lucky = table.lucky_break.tolist()
    both = _dot(combos, [count if has else 0 for count, has in zip(dealer_lb, lucky, strict=True)])
    dealer_only = _dot(combos, [0 if has else count for count, has in zip(dealer_lb, lucky, strict=True)])
    not_qualified = rows[:, kernel.NOT_QUALIFIED].tolist()
    lucky_not_qualified = _dot(
        combos, [count if has else 0 for count, has in zip(not_qualified, lucky, strict=True)]
    )
    return PairCounts(main, both, dealer_only, lucky_not_qualified)


def _dot(left: list[int], right: list[int]) -> int:
    return sum(a * b for a, b in zip(left, right, strict=True))


def main_bet_math(counts: PairCounts) -> BetMath:
    return BetMath.of(
        (Line(reason.value, label, net, counts.main[column]) for reason, label, net, column in _MAIN_LINES),
        DEALS,
    )


def dealer_break_bonus_math(counts: PairCounts) -> BetMath:
    both, dealer_only = counts.both_lucky_break, counts.dealer_lucky_break_only
    return BetMath.of(
        [
            Line("both_lucky_break", "Dealer and player Lucky Break", DEALER_BREAK_BONUS_BOTH_PAYS, both),
            Line("dealer_lucky_break", "Dealer Lucky Break only", DEALER_BREAK_BONUS_PAYS, dealer_only),
            Line("none", "Dealer has no Lucky Break", -1, DEALS - both - dealer_only),
        ],
        DEALS,
    )
