"""Writing an export's file into the ZIP: CSV rows (their cells guarded by
:mod:`service.compliance.export_cells`, their text made by
:mod:`service.compliance.export_csv`), JSON lines, and the SHA-256 and
size of the very bytes written."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from itertools import islice
from typing import IO

from service.compliance.export_csv import csv_header, csv_rows
from service.compliance.export_files import ExportFile
from service.compliance.export_queries import Line
from service.compliance.export_values import json_line

BUFFER = 1 << 16  # characters gathered before they go to the ZIP and the digest
CHUNK = 500  # rows written by one call (memory stays flat: a chunk at a time)


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
        # A line is a document for json_line, or its text already (a chain line).
        line = spec.line
        for chunk in _chunks(rows):
            texts = [line(row) for row in chunk]
            member.write("".join([(text if type(text) is str else json_line(text)) + "\n" for text in texts]))
            number += len(chunk)
            written(len(chunk))
        member.flush()
        return number
    # A chunk of rows is made one text (:func:`csv_rows`), which goes to
    # the member a buffer at a time: a call a row cost more than the rows.
    member.write(csv_header(spec.columns))
    line = spec.line
    for chunk in _chunks(rows):
        member.write(csv_rows([line(row) for row in chunk]))
        number += len(chunk)
        written(len(chunk))
    member.flush()
    return number


def _chunks(rows: Iterator[Line]) -> Iterator[list[Line]]:
    while chunk := list(islice(rows, CHUNK)):
        yield chunk
