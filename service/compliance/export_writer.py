"""Writing an export's file into the ZIP: CSV cells guarded against formula
injection, JSON lines, and the SHA-256 and size of the very bytes written.

A spreadsheet runs a cell that starts with a formula character, and it may
split a line where the file does not: on its locale's list separator
(``;``), a tab, a pipe, or a line break inside a quoted cell. Quotes only
protect a cell from the separator the file was written with (the comma),
so ``a;=1+2;b`` is three cells to a spreadsheet that splits on ``;``, the
second a formula. The guard therefore looks at the start of the cell and
at every place such a split could start a cell."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from collections.abc import Callable, Iterator
from datetime import date, datetime
from itertools import islice
from typing import IO, Any

from service.compliance.export_files import ExportFile
from service.compliance.export_queries import Line

# OWASP's list: a spreadsheet runs a cell starting with these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Where a cell can start, to a spreadsheet that splits other than on the
# comma (the comma itself is quoted by the writer), and a formula character
# after any spaces or quotes a spreadsheet may skip or take as a quote.
_CELL_STARTS = r"(?:^|(?<=[;|\t\r\n]))"
_FORMULA = re.compile(_CELL_STARTS + r"(?=[ \"']*[=+\-@\t\r])")
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
BUFFER = 1 << 16  # characters gathered before they go to the ZIP and the digest
CHUNK = 500  # rows written by one call (memory stays flat: a chunk at a time)


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


class Member:
    """A file inside the ZIP as it is written: its SHA-256, size and lines
    are taken from the very bytes that go in."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream
        self._digest = hashlib.sha256()
        self._size = 0
        # Rows are gathered and go to the ZIP a buffer at a time: the
        # compressor and the digest cost per call, and a row is short.
        self._pending: list[str] = []
        self._pending_size = 0

    def write(self, text: str) -> int:
        self._pending.append(text)
        self._pending_size += len(text)
        if self._pending_size >= BUFFER:
            self.flush()
        return len(text)

    def flush(self) -> None:
        """Pass what is gathered to the digest and the ZIP."""
        if not self._pending:
            return
        data = "".join(self._pending).encode()
        self._pending, self._pending_size = [], 0
        self._digest.update(data)
        self._size += len(data)
        self._stream.write(data)

    @property
    def size(self) -> int:
        """Bytes written (what is gathered is passed on first)."""
        self.flush()
        return self._size

    @property
    def sha256(self) -> str:
        self.flush()
        return self._digest.hexdigest()


def write_file(member: Member, spec: ExportFile, rows: Iterator[Line], written: Callable[[int], None]) -> int:
    """Write every row of a file; ``written`` is told how many rows went in,
    a chunk at a time. How many rows (CSV: not counting the header)."""
    number = 0
    if spec.columns is None:
        # One encoder (json.dumps with options builds one a call): the same text.
        dumps, line = json.JSONEncoder(sort_keys=True, ensure_ascii=False).encode, spec.line
        for chunk in _chunks(rows):
            member.write("".join([dumps(line(row)) + "\n" for row in chunk]))
            number += len(chunk)
            written(len(chunk))
        member.flush()
        return number
    # The csv writer writes a chunk of rows to an in-memory buffer in one C
    # call, which goes to the member a buffer at a time: a call a row (and a
    # Python write a row) cost more than the rows.
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")  # RFC 4180
    writer.writerow(spec.columns)
    cells = _cells(spec.line)
    for chunk in _chunks(rows):
        writer.writerows(map(cells, chunk))
        number += len(chunk)
        written(len(chunk))
        if buffer.tell() >= BUFFER:
            _pass_on(buffer, member)
    _pass_on(buffer, member)
    member.flush()
    return number


def _chunks(rows: Iterator[Line]) -> Iterator[list[Line]]:
    while chunk := list(islice(rows, CHUNK)):
        yield chunk


def _cells(line: Callable[[Line], Any]) -> Callable[[Line], list[object]]:
    """A row's cells: integers (most cells) as they are, and text the guard
    leaves as it is (most of the rest: :func:`guarded`'s own test), without
    a call each; the rest by :func:`cell`."""
    first, splits = _GUARD_FIRST, _SPLITS

    def cells(row: Line) -> list[object]:
        return [
            value
            if (kind := type(value)) is int
            or (kind is str and value and value[0] not in first and splits.isdisjoint(value))
            else cell(value)
            for value in line(row)
        ]

    return cells


def _pass_on(buffer: io.StringIO, member: Member) -> None:
    member.write(buffer.getvalue())
    buffer.seek(0)
    buffer.truncate()
