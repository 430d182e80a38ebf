"""An integer of any size as a few 64-bit columns (limbs) whose SQL SUM is
the sum of the integers, exactly, on SQLite as on PostgreSQL: what lets a
report add a year of exact numerators in the database instead of reading
every row (SQLite keeps a larger integer as text, and adding text adds
floats).

``value = Σ limb[k] × 2^(40 k)``: the lower limbs are the value's 40-bit
digits (0 ≤ limb < 2^40), the top one is signed and carries the rest. A
SUM of n rows' lower limbs stays below n × 2^40, within 64 bits for up
to 2^23 rows (8 million: a floor's slots of several decades); the sums
are joined again by the same formula, carries and all.

>>> split(-5)
[1099511627771, 1099511627775, 1099511627775, 1099511627775, -1]
>>> joined(split(-5)), joined(split(10**52)) == 10**52
(-5, True)
"""

from __future__ import annotations

from collections.abc import Sequence

BITS = 40
LIMBS = 5  # 200 bits: a variance numerator of a million rounds is about 2^173
_MASK = (1 << BITS) - 1


def split(value: int) -> list[int]:
    """The limbs of ``value`` (``OverflowError`` past what the top limb holds)."""
    limbs = [(value >> (BITS * k)) & _MASK for k in range(LIMBS - 1)]
    top = value >> (BITS * (LIMBS - 1))
    if not -(2**62) <= top < 2**62:
        raise OverflowError(f"{value} needs more than {LIMBS} limbs")
    return [*limbs, top]


def joined(limbs: Sequence[int]) -> int:
    """The integer whose limbs (or sums of limbs) these are."""
    return sum(int(limb) << (BITS * k) for k, limb in enumerate(limbs))


def limb_names(name: str) -> list[str]:
    """The columns of an integer kept as limbs: ``theoretical_0`` …"""
    return [f"{name}_{k}" for k in range(LIMBS)]
