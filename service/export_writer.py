"""Writing an export's file into the ZIP: CSV cells guarded against formula
injection, JSON lines, and the SHA-256 and size of the very bytes written."""

from __future__ import annotations

import csv
import hashlib
import json
from collections.abc import Callable, Iterator
from datetime import date, datetime
from typing import IO

from service.export_files import ExportFile
from service.export_queries import Line

# OWASP's list: a spreadsheet runs a cell starting with these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FORMULA_GUARD = (
    "a text cell starting with = + - @, a tab or a carriage return is prefixed with a single quote (') "
    "so a spreadsheet shows it rather than running it as a formula; numbers are written as plain "
    "integers and are never prefixed"
)


def cell(value: object) -> object:
    """A value as a CSV cell: text guarded against formula injection."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return value
    if isinstance(value, datetime | date):
        return value.isoformat()
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


class Member:
    """A file inside the ZIP as it is written: its SHA-256, size and lines
    are taken from the very bytes that go in."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream
        self._digest = hashlib.sha256()
        self.size = 0

    def write(self, text: str) -> int:
        data = text.encode()
        self._digest.update(data)
        self.size += len(data)
        self._stream.write(data)
        return len(text)

    @property
    def sha256(self) -> str:
        return self._digest.hexdigest()


def write_file(member: Member, spec: ExportFile, rows: Iterator[Line], written: Callable[[], None]) -> int:
    """Write every row of a file; ``written`` is called after each. How many
    rows (CSV: not counting the header)."""
    number = 0
    if spec.columns is None:
        for row in rows:
            member.write(json.dumps(spec.line(row), sort_keys=True, ensure_ascii=False) + "\n")
            number += 1
            written()
        return number
    writer = csv.writer(member, lineterminator="\r\n")  # RFC 4180
    writer.writerow(spec.columns)
    for row in rows:
        writer.writerow([cell(value) for value in spec.line(row)])
        number += 1
        written()
    return number
