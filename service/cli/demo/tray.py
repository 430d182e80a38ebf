"""The physical world at a table, as the demo simulates it: the chip tray
(a value; its count by denomination made by splitting the value into chips
greedily), the drop box (cash by note denomination) and when the pit calls
for a fill or a credit."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from service.accounting.slip_states import SlipKind

#: the chips a demo tray holds (minor units): 1.00, 5.00, 25.00 and 100.00
TRAY_CHIPS = (10000, 2500, 500, 100)
#: the notes players buy in with, the largest first (minor units)
NOTES = (10000, 5000, 2000, 1000, 500, 100)
PAR = 500_000  # the tray a demo table opens with: 5,000.00
LOW = 300_000  # below this the pit calls for a fill back to par
HIGH = 650_000  # above this, a credit back to par
SLIP_UNIT = 10_000  # fills and credits are whole hundreds
# What each demo table's tray holds when it first opens: at par, heavy (left
# so by a busy night: the pit credits the excess soon) and light (a fill
# soon). Play moves them on from there; a table played before opens with
# its last closer.
OPENERS = (PAR, 800_000, 290_000)


def chips(value: int) -> dict[str, int]:
    """``value`` as the API's lines of chips: the largest chips first.

    >>> chips(12_600)
    {'10000': 10000, '2500': 2500, '100': 100}
    """
    lines: dict[str, int] = {}
    left = value
    for chip in TRAY_CHIPS:
        amount = left - left % chip
        if amount:
            lines[str(chip)] = amount
            left -= amount
    if left:
        raise ValueError(f"{value} is not a whole number of 1.00 chips")
    return lines


def notes(value: int, largest: int) -> Counter[int]:
    """``value`` in notes no larger than ``largest``, greedily: how a player's
    cash reaches the drop box (note denomination to amount).

    >>> dict(notes(30_000, 5000))
    {5000: 30000}
    >>> dict(notes(12_500, 10000))
    {10000: 10000, 2000: 2000, 500: 500}
    """
    counted: Counter[int] = Counter()
    left = value
    for note in (note for note in NOTES if note <= largest):
        amount = left - left % note
        if amount:
            counted[note] += amount
            left -= amount
    if left:
        raise ValueError(f"{value} is not a whole number of 1.00 notes")
    return counted


@dataclass
class Tray:
    """The chips at the table, by value (minor units)."""

    value: int

    def lines(self) -> dict[str, int]:
        return chips(self.value)

    def slip_needed(self) -> tuple[SlipKind, int] | None:
        """The fill or credit the pit calls for now (kind, amount), if any:
        a fill when the tray runs low, a credit when it is high, each back
        to par in whole hundreds."""
        if self.value < LOW:
            return SlipKind.FILL, -(-(PAR - self.value) // SLIP_UNIT) * SLIP_UNIT
        if self.value > HIGH:
            return SlipKind.CREDIT, (self.value - PAR) // SLIP_UNIT * SLIP_UNIT
        return None


@dataclass
class DropBox:
    """The cash the players bought in with, by note denomination."""

    cash: Counter[int] = field(default_factory=Counter)

    def put(self, counted: Counter[int]) -> None:
        self.cash.update(counted)

    @property
    def total(self) -> int:
        return sum(self.cash.values())

    def lines(self) -> dict[str, int]:
        """The count room's lines: note denomination (as text) to amount."""
        return {str(note): amount for note, amount in sorted(self.cash.items()) if amount}
