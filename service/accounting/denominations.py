"""The denominations counted, and a count by denomination (``Lines``): what
a tray count, a fill, a credit and a drop count are made of. Amounts are
minor units; each is a whole number of pieces of its denomination.

>>> lines = read_lines({"2500": 50000, "500": 0}, CHIPS, "lines")
>>> lines.total, lines.to_json()
(50000, {'2500': 50000})
>>> read_lines({"2500": 1000}, CHIPS, "lines")
Traceback (most recent call last):
...
service.errors.Invalid: lines.2500 must be a whole number of 2500s (25.00 each), not 1000

A denomination is named one way only, the plain ASCII decimal: another
spelling of the same number ("0500", Arabic-Indic or full-width digits)
would name it twice, and the total would add a line the stored count,
keyed by the number, keeps once.

>>> read_lines({"500": 500, "0500": 500}, CHIPS, "lines")
Traceback (most recent call last):
...
service.errors.Invalid: lines.0500 is not a denomination here (one of 100, 500, ...)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise

from service.errors import ErrorCode, Invalid

#: the casino's chips, in minor units: 1.00 to 5,000.00
CHIPS = (100, 500, 2500, 10000, 50000, 100000, 500000)
#: the notes a drop box holds, in minor units: 1.00 to 100.00
CURRENCY = (100, 200, 500, 1000, 2000, 5000, 10000)
MAX_AMOUNT = 10**12  # minor units a line may hold: ten billion of the currency
# A denomination's one spelling: ASCII digits, no leading zero, nothing else
# (str.isdigit takes other scripts' digits and superscripts, \d too).
_DECIMAL = re.compile(r"[1-9][0-9]*", re.ASCII)


@dataclass(frozen=True)
class Lines:
    """Amounts by denomination; denominations with nothing are left out."""

    amounts: tuple[tuple[int, int], ...]  # (denomination, amount), denominations ascending

    def __post_init__(self) -> None:
        # Each denomination once: the stored count is keyed by it, and the
        # total must add exactly the lines it keeps.
        denominations = [denomination for denomination, _ in self.amounts]
        if any(later <= earlier for earlier, later in pairwise(denominations)):
            raise ValueError(f"each denomination once, ascending: {denominations}")
        if any(denomination <= 0 or amount <= 0 for denomination, amount in self.amounts):
            raise ValueError(f"a denomination and its amount are positive: {self.amounts}")

    @property
    def total(self) -> int:
        return sum(amount for _, amount in self.amounts)

    def to_json(self) -> dict[str, int]:
        return {str(denomination): amount for denomination, amount in self.amounts}

    @classmethod
    def from_json(cls, stored: Mapping[str, int]) -> Lines:
        return cls(tuple(sorted((int(key), int(value)) for key, value in stored.items() if value)))


def read_lines(raw: object, denominations: tuple[int, ...], field: str, *, empty: bool = True) -> Lines:
    """``raw`` ({"2500": 50000, ...}) checked: each key one of
    ``denominations``, each amount a whole, non-negative multiple of it.
    ``empty`` says whether a count of nothing is allowed (a bare tray is
    counted; a fill of nothing is not a fill)."""
    if not isinstance(raw, Mapping):
        raise Invalid(ErrorCode.INVALID_FIELD, f"{field} must be an object of denomination to amount", field)
    amounts = []
    for key, amount in raw.items():
        denomination = _denomination(key, denominations, field)
        where = f"{field}.{key}"
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise Invalid(ErrorCode.INVALID_FIELD, f"{where} must be a whole number of minor units", where)
        if amount < 0 or amount > MAX_AMOUNT:
            raise Invalid(ErrorCode.INVALID_FIELD, f"{where} must be 0 to {MAX_AMOUNT}, not {amount}", where)
        if amount % denomination:
            pieces = f"{denomination // 100}.{denomination % 100:02d}"
            raise Invalid(
                ErrorCode.INVALID_FIELD,
                f"{where} must be a whole number of {denomination}s ({pieces} each), not {amount}",
                where,
            )
        if amount:
            amounts.append((denomination, amount))
    if not amounts and not empty:
        raise Invalid(ErrorCode.INVALID_FIELD, f"{field} must name at least one amount", field)
    return Lines(tuple(sorted(amounts)))


def count_fault(lines: object, total: object, denominations: tuple[int, ...]) -> str | None:
    """What is wrong with a count as a row stores it, or ``None``: its lines
    must be a count :func:`read_lines` takes (each denomination spelt once,
    each amount a whole number of it) and its total their sum."""
    try:
        read = read_lines(lines, denominations, "lines")
    except Invalid as error:
        return error.message
    if isinstance(total, bool) or total != read.total:
        return f"total {total} is not the sum of its lines ({read.total})"
    return None


def _denomination(key: object, denominations: tuple[int, ...], field: str) -> int:
    text = str(key)
    if _DECIMAL.fullmatch(text) and int(text) in denominations:
        return int(text)
    known = ", ".join(str(value) for value in denominations)
    where = f"{field}.{text if text.isprintable() else ascii(text)}"
    raise Invalid(
        ErrorCode.UNKNOWN_DENOMINATION, f"{where} is not a denomination here (one of {known})", where
    )
