"""Every distinct legal setting of every seven-card rank pattern: what the
optimal strategy chooses from (rule book section 12).

A setting is named by the positions of its low and high cards in the
pattern's display order (joker first, high to low), the order the house way
uses. Two settings are the same when they put the same ranks low and the
same ranks high (suits never matter); of several such position choices the
first in the house way's order names the setting, so settings are listed in
that order too. Fouls are never listed.

>>> table = legal_settings()
>>> int(table.offsets[-1])
3989637
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from service.analysis.hand_table import IntArray, hand_table
from service.engine.hands import KEY_CATEGORY_SHIFT, Category
from service.engine.house_way import _key_tables, pattern_house_way

LOWS: tuple[tuple[int, int], ...] = tuple(combinations(range(7), 2))
HIGHS: tuple[tuple[int, int, int], ...] = tuple(combinations(range(7), 3))
#: (low, high) position indices of the 210 ways to set seven cards, in order.
POSITION_SETTINGS: tuple[tuple[int, int], ...] = tuple(
    (low, high)
    for low, (i, j) in enumerate(LOWS)
    for high, triple in enumerate(HIGHS)
    if i not in triple and j not in triple
)
_RANK_LIMIT = 16  # rank numbers are below 16 (the joker is 15)
PATTERNS = 67_600
_CHUNK = 5_000


@dataclass(frozen=True, eq=False)
class LegalSettings:
    """Flat arrays over every pattern's settings; pattern p owns the slice
    ``offsets[p]:offsets[p + 1]``."""

    offsets: IntArray  # [pattern + 1]
    low_position: npt.NDArray[np.uint8]  # index into LOWS
    high_position: npt.NDArray[np.uint8]  # index into HIGHS
    low_key: IntArray
    high_key: IntArray
    lucky_break: npt.NDArray[np.bool_]
    house_way: IntArray  # [pattern] the house way's setting, counted in its slice

    def __len__(self) -> int:
        return len(self.low_key)


@cache
def key_arrays() -> tuple[IntArray, IntArray]:
    """Value keys of low and high hands indexed by their ranks (high to low)."""
    lows, highs = _key_tables()
    low = np.full((_RANK_LIMIT,) * 2, -1, dtype=np.int64)
    high = np.full((_RANK_LIMIT,) * 3, -1, dtype=np.int64)
    for pair, key in lows.items():
        low[pair] = key
    for triple, key in highs.items():
        high[triple] = key
    return low, high


def _pattern_ranks(patterns: IntArray) -> IntArray:
    table = hand_table().patterns
    return np.array([[int(rank) for rank in table[p]] for p in patterns.tolist()], dtype=np.int64)


@cache
def legal_settings() -> LegalSettings:
    """Of every pattern, a chunk at a time to keep memory small: seconds."""
    chunks = [
        settings_of(np.arange(start, min(start + _CHUNK, PATTERNS))) for start in range(0, PATTERNS, _CHUNK)
    ]
    offsets = np.concatenate([[0], *(chunk.offsets[1:] + base for chunk, base in _bases(chunks))])

    def joined_field(name: str) -> np.ndarray:
        return np.concatenate([getattr(chunk, name) for chunk in chunks])

    joined = LegalSettings(
        offsets=offsets,
        low_position=joined_field("low_position"),
        high_position=joined_field("high_position"),
        low_key=joined_field("low_key"),
        high_key=joined_field("high_key"),
        lucky_break=joined_field("lucky_break"),
        house_way=joined_field("house_way"),
    )
    for array in vars(joined).values():
        array.flags.writeable = False
    return joined


def _bases(chunks: list[LegalSettings]) -> list[tuple[LegalSettings, int]]:
    bases, total = [], 0
    for chunk in chunks:
        bases.append((chunk, total))
        total += int(chunk.offsets[-1])
    return bases


def settings_of(patterns: IntArray) -> LegalSettings:
    """The legal settings of some patterns (indices into the hand table),
    offsets counted from the first of them."""
    ranks = _pattern_ranks(patterns)
    low_keys, high_keys = key_arrays()
    lows = np.array([LOWS[low] for low, _ in POSITION_SETTINGS])  # [210, 2]
    highs = np.array([HIGHS[high] for _, high in POSITION_SETTINGS])  # [210, 3]
    low_ranks = ranks[:, lows]  # [pattern, 210, 2]
    high_ranks = ranks[:, highs]
    low_key = low_keys[low_ranks[..., 0], low_ranks[..., 1]].ravel()
    high_key = high_keys[high_ranks[..., 0], high_ranks[..., 1], high_ranks[..., 2]].ravel()
    code = _rank_code(np.concatenate([low_ranks, high_ranks], axis=-1)).ravel()
    count, per = ranks.shape[0], len(POSITION_SETTINGS)
    code += np.repeat(np.arange(count, dtype=np.int64) << _CODE_BITS, per)
    # Fouls are dropped; of equal rank settings the first position names it.
    legal = np.flatnonzero(high_key >= low_key)
    unique_codes, first = np.unique(code[legal], return_index=True)
    kept = np.sort(legal[first])
    offsets = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(kept // per, minlength=count), out=offsets[1:])
    positions = np.array(POSITION_SETTINGS, dtype=np.uint8)[kept % per]
    kept_low, kept_high = low_key[kept], high_key[kept]
    lucky = ((kept_low >> KEY_CATEGORY_SHIFT) == Category.PAIR) & (
        (kept_high >> KEY_CATEGORY_SHIFT) >= Category.STRAIGHT
    )
    house = _house_way_codes(patterns, ranks) + (np.arange(count, dtype=np.int64) << _CODE_BITS)
    # The house way's setting: find its code among the kept ones.
    house_flat = legal[first[np.searchsorted(unique_codes, house)]]
    house_index = np.searchsorted(kept, house_flat) - offsets[:-1]
    return LegalSettings(
        offsets, positions[:, 0].copy(), positions[:, 1].copy(), kept_low, kept_high, lucky, house_index
    )


_CODE_BITS = 24  # five ranks of four bits each, then the pattern's index


def _rank_code(ranks: IntArray) -> IntArray:
    """The ranks low then high (last axis) as one integer."""
    code = np.zeros(ranks.shape[:-1], dtype=np.int64)
    for column in range(ranks.shape[-1]):
        code = code * _RANK_LIMIT + ranks[..., column]
    return code


def _house_way_codes(patterns: IntArray, ranks: IntArray) -> IntArray:
    table = hand_table().patterns
    ways = [pattern_house_way(table[p]) for p in patterns.tolist()]
    positions = np.array([(*way.low, *way.high) for way in ways], dtype=np.int64)
    return _rank_code(np.take_along_axis(ranks, positions, axis=1))
