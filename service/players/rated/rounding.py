"""Rounding the exact figures of rated play to the minor unit (rule book
section 14): once, at the end, halves to even; comps down; and the four
parts of the actual win apportioned so that they add up exactly.

Why an apportionment. The actual win is an integer (a sum of nets); its
four parts are fractions whose exact sum is that integer. Rounding each
part on its own may break the sum (1/2 + 1/2 rounds to 0 + 0, not 1), and
the rule book wants both "the four add up exactly to the actual win" and
"rounded once ... halves to even". The rule kept here:

1. the theoretical part is the theoretical win, rounded halves to even
   (so the slip's two figures are one and the same number);
2. the other three parts share what is left, actual win − the rounded
   theoretical part, by the largest remainder: each part is first its
   floor; the integers still missing go one each to the parts with the
   largest fractional remainders; between equal remainders of exactly one
   half, to a part whose floor is odd first (rounding it up makes it even),
   then in the parts' order (decisions, player's cards, dealer's cards).

So each part is its exact value's floor or ceiling, never further; and
whenever rounding each part halves to even already adds up, that is
exactly the result (the ranking puts the parts that rounding up would
round up first): the apportionment moves a part only when the sum needs it.

>>> apportion([Fraction(1, 2), Fraction(1, 2), Fraction(0)], 1)
(1, 0, 0)
>>> apportion([Fraction(3, 2), Fraction(1, 2), Fraction(0)], 2)
(2, 0, 0)
>>> half_even(Fraction(5, 2)), half_even(Fraction(-5, 2)), half_even(Fraction(7, 2))
(2, -2, 4)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction


def half_even(value: Fraction) -> int:
    """The nearest integer, halves to the even one."""
    return round(value)  # Fraction.__round__ rounds halves to even


def down(value: Fraction) -> int:
    """Rounded down (towards minus infinity) to an integer."""
    return math.floor(value)


def apportion(parts: Sequence[Fraction], total: int) -> tuple[int, ...]:
    """Integers, each the floor or the ceiling of its part, that add up to
    ``total``; the largest remainders rounded up (see the module's rule).
    ``total`` must lie within the floors' sum and the ceilings' sum."""
    floors = [math.floor(part) for part in parts]
    missing = total - sum(floors)
    fractional = sum(1 for part, floor in zip(parts, floors, strict=True) if part != floor)
    if not 0 <= missing <= fractional:
        raise ArithmeticError(f"{total} is not between the floors and the ceilings of {list(parts)}")
    ranked = sorted(range(len(parts)), key=lambda index: _rank(parts[index], floors[index], index))
    raised = set(ranked[:missing])
    return tuple(floor + (index in raised) for index, floor in enumerate(floors))


def _rank(part: Fraction, floor: int, index: int) -> tuple[Fraction, int, int]:
    """Sorts first the part to round up first: the largest remainder; of
    two halves, the odd floor (rounding it up makes it even); the first."""
    remainder = part - floor
    odd_half = remainder == Fraction(1, 2) and floor % 2 == 1
    return -remainder, -int(odd_half), index
