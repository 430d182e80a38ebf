"""An export's CSV cells: text guarded against formula injection, and
the cells of a chunk of rows worked out a column at a time.

A spreadsheet runs a cell that starts with a formula character, and it may
split a line where the file does not: on its locale's list separator
(``;``), a tab, a pipe, or a line break inside a quoted cell. Quotes only
protect a cell from the separator the file was written with (the comma),
so ``a;=1+2;b`` is three cells to a spreadsheet that splits on ``;``, the
second a formula. The guard therefore looks at the start of the cell and
at every place such a split could start a cell."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date, datetime
from operator import itemgetter
from typing import Any

# OWASP's list: a spreadsheet runs a cell starting with these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Where a cell can start, to a spreadsheet that splits other than on the
# comma (the comma itself is quoted by the writer), and a formula character
# after any spaces or quotes a spreadsheet may skip or take as a quote.
_SPLIT = r"[;|\t\r\n]"
_AHEAD = r"[ \"']*[=+\-@\t\r]"  # a formula character after any spaces or quotes
_FORMULA = re.compile(f"(?:^|(?<={_SPLIT}))(?={_AHEAD})")
FORMULA_GUARD = (
    "a single quote (') is put at the start of a text cell, and right after each ; | tab or line "
    "break inside it (where a spreadsheet splitting on those starts a cell), that is followed by "
    "= + - @, a tab or a carriage return (after any spaces or quotes), so a spreadsheet shows the "
    "text rather than running it as a formula; a cell holding a comma, a quote or a line break is "
    "quoted; numbers are written as plain integers and are never prefixed; audit_chain.jsonl holds "
    "every event unaltered"
)


# What the guard's pattern can start with at a cell's start (spaces or
# quotes, then a formula character), and where else it can match.
_GUARD_FIRST = frozenset(" \"'=+-@\t\r")
_SPLITS = frozenset(";|\t\r\n")
# Cell types written as they are (exactly int: a bool is written "true").
_PLAIN = frozenset({int, type(None)})
_TEXT = frozenset({str})
# Where the guard would put a quote in a column's text cells joined by line
# breaks, a break before the first: every cell then starts right after a
# split character, and a match cannot run from one cell into the next (a
# break is neither a space, a quote nor a formula character), so this finds
# a match exactly when _FORMULA matches in one of the cells.
_GUARD_AT = re.compile(_SPLIT + _AHEAD)
_FORMULA_CHARACTERS = "=+-@\t\r"  # the guard matches none in text without them
_SPLIT_CHARACTERS = ";|\t\r"  # and a line break
_FIRST = itemgetter(slice(0, 1))  # a text's first character, "" for none
# A column of one of these types as cell() writes each (exact types: a
# datetime is not converted as a date). The guard changes none of these
# texts: they start with a digit or a letter and hold no split character.
_CONVERSIONS: dict[type, Callable[[Any], str]] = {
    bool: {True: "true", False: "false"}.__getitem__,
    date: date.isoformat,
    datetime: datetime.isoformat,
}


def cell(value: object) -> object:
    """A value as a CSV cell: text guarded against formula injection."""
    if type(value) is int:  # most cells: money and ids (never a bool: type, not isinstance)
        return value
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return value
    if isinstance(value, datetime | date):
        return value.isoformat()
    return guarded(str(value))


def guarded(text: str) -> str:
    """``text`` with the formula guard. The pattern matches only at the
    start or after a split character, so text that starts with none of its
    first characters and holds no split character is returned as it is,
    without running the pattern (most cells)."""
    if text and text[0] not in _GUARD_FIRST and _SPLITS.isdisjoint(text):
        return text
    return _FORMULA.sub("'", text)


def plain_text(value: object) -> object:
    """A date, time or flag as :func:`cell` writes it (text the guard leaves
    as it is); any other value as it is."""
    convert = _CONVERSIONS.get(type(value))
    return value if convert is None else convert(value)


def chunk_cells(lines: list[Sequence[object]]) -> Sequence[Sequence[object]]:
    """The rows' cells as :func:`cell` makes them (:func:`cell_columns`);
    the rows themselves when no cell changes."""
    columns = list(zip(*lines, strict=True))
    return list(zip(*columns, strict=True)) if _guard(columns) else lines


def cell_columns(lines: Sequence[Sequence[object]]) -> list[tuple[Any, ...]]:
    """The rows' cells as :func:`cell` makes them, a column at a time."""
    columns = list(zip(*lines, strict=True))
    _guard(columns)
    return columns


def _guard(columns: list[tuple[Any, ...]]) -> bool:
    """Make each column's cells what :func:`cell` makes them, a column of
    the chunk at a time (a call or a test a cell cost more than writing
    it); whether any changed.

    A column of integers and empty cells is left as it is (the csv
    writer writes ``None`` as an empty cell, as :func:`cell` does); a column
    of text, when the guard would change none of its cells, as it is too
    (:data:`_GUARD_AT`); a column of one kind that :func:`cell` only turns
    into text (dates, times, booleans) goes through that one conversion;
    any other column cell by cell."""
    changed = False
    for index, column in enumerate(columns):
        kinds = set(map(type, column))
        if kinds <= _PLAIN or (kinds == _TEXT and _unguarded(column)):
            continue
        convert = _CONVERSIONS.get(kinds.pop()) if len(kinds) == 1 else None
        columns[index] = tuple(map(convert or cell, column))
        changed = True
    return changed


def _unguarded(texts: Sequence[str]) -> bool:
    """Whether the guard leaves every one of the texts as it is: none holds
    a formula character (a fast scan: most columns); or none starts with a
    character the guard's pattern can start with and none holds a split
    character (JSON documents, dates, ids with dashes: the pattern can
    match nowhere); or, exactly, their joined text has no :data:`_GUARD_AT`."""
    joined = "\n".join(texts)
    if not any(character in joined for character in _FORMULA_CHARACTERS):
        return True
    if (
        _GUARD_FIRST.isdisjoint(map(_FIRST, texts))
        and joined.count("\n") == len(texts) - 1  # the joints only
        and not any(character in joined for character in _SPLIT_CHARACTERS)
    ):
        return True
    return _GUARD_AT.search("\n" + joined) is None
