"""A chunk of an export's rows as CSV text: the very text the csv module
writes (``csv.writer(..., lineterminator="\\r\\n")``, RFC 4180: a comma
between cells, CRLF after each row, a cell quoted only when it holds a
comma, a quote or a line break, its quotes doubled), made a column at a
time. The csv module looks at a cell a character at a time: an audit
event's payload (300-400 characters, each one quoted) cost more to write
than the rest of its row, and fetching it."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import cast

from service.compliance.export_cells import cell_columns

LINE_END = "\r\n"
_NONE = type(None)
_QUOTE_WHEN = (",", '"', "\r", "\n")  # what makes the csv module quote a cell


def csv_header(columns: Sequence[str]) -> str:
    return _written([columns])


def csv_rows(lines: Sequence[Sequence[object]]) -> str:
    """The rows' lines, each cell as :func:`service.compliance.export_cells.cell`
    makes it, as the csv module writes them. A column holding a value of
    another type than integers, text and ``None`` (an enum, a float), and
    a row of one cell (an empty one is written ``""``), go through the csv
    module."""
    if not lines:
        return ""
    columns = cell_columns(lines)
    texts = [_column_text(column) for column in columns] if len(columns) > 1 else [None]
    if not all(texts):
        return _written(list(zip(*columns, strict=True)))
    return LINE_END.join(map(",".join, zip(*cast(list[Sequence[str]], texts), strict=True))) + LINE_END


def _column_text(column: Sequence[object]) -> Sequence[str] | None:
    kinds = set(map(type, column))
    if kinds == {str}:
        texts = cast(Sequence[str], column)
        joined = "\x00".join(texts)
        if not any(character in joined for character in _QUOTE_WHEN):
            return texts
        return list(map(_quoted, texts))
    if kinds == {int}:
        return list(map(int.__repr__, cast(Sequence[int], column)))
    if kinds <= {int, str, _NONE}:
        return list(map(_text, column))
    return None


def _quoted(text: str) -> str:
    if any(character in text for character in _QUOTE_WHEN):
        return '"' + text.replace('"', '""') + '"'
    return text


def _text(value: object) -> str:
    if value is None:
        return ""
    if type(value) is int:
        return int.__repr__(value)
    return _quoted(cast(str, value))


def _written(rows: Sequence[Sequence[object]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator=LINE_END).writerows(rows)
    return buffer.getvalue()
