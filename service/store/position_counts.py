"""A device day's card × position counts as stored (``device_days``,
issue 43): 53 × 53 unsigned 32-bit integers, little-endian, card by card
in the engine's deck order, each card's 53 positions in order. A deck's
count adds one to 53 of them; stored as one JSON value they were decoded
and encoded whole each deck (about 0.3 ms a deck on the machine of the
performance log), read so they are an array of integers in microseconds."""

from __future__ import annotations

import sys
from array import array
from typing import Any

from sqlalchemy import LargeBinary
from sqlalchemy.types import TypeDecorator

#: cards in a deck, and positions
SIDE = 53
_ITEM = "I"  # unsigned int: four bytes on every platform the service runs on
assert array(_ITEM).itemsize == 4, "a count is four bytes"


def counts_array(packed: bytes) -> array[int]:
    """The stored counts as a flat array (card × 53 + position)."""
    counts = array(_ITEM)
    counts.frombytes(packed)
    if sys.byteorder == "big":
        counts.byteswap()
    if len(counts) != SIDE * SIDE:
        raise ValueError(f"{len(counts)} position counts, not {SIDE * SIDE}")
    return counts


def packed(counts: array[int]) -> bytes:
    """A flat array of counts as stored."""
    if sys.byteorder == "big":
        counts = array(_ITEM, counts)
        counts.byteswap()
    return counts.tobytes()


def pack_rows(rows: list[list[int]]) -> bytes:
    """53 lists of 53 counts as stored (a count beyond 32 bits fails)."""
    if len(rows) != SIDE or any(len(row) != SIDE for row in rows):
        raise ValueError(f"position counts are {SIDE} rows of {SIDE}")
    return packed(array(_ITEM, [count for row in rows for count in row]))


def unpack_rows(stored: bytes) -> list[list[int]]:
    counts = counts_array(stored).tolist()
    return [counts[card * SIDE : (card + 1) * SIDE] for card in range(SIDE)]


class PositionCounts(TypeDecorator[list[list[int]]]):
    """The counts as 53 lists of 53 integers in Python, packed in the
    database (:func:`pack_rows`)."""

    impl = LargeBinary
    cache_ok = True

    def process_bind_param(self, value: list[list[int]] | None, dialect: Any) -> bytes | None:
        return None if value is None else pack_rows(value)

    def process_result_value(self, value: Any, dialect: Any) -> list[list[int]] | None:
        return None if value is None else unpack_rows(bytes(value))
