"""The export's cells worked out a column of a chunk at a time are the
cells :func:`cell` makes one by one: the CSV written is the same bytes,
whatever the cells hold (formula-looking text, split characters, unicode,
NaN, integers past 64 bits, dates, flags, enums, empty cells)."""

from __future__ import annotations

import csv
import io
import math
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal
from enum import Enum, IntEnum, StrEnum

from hypothesis import given
from hypothesis import strategies as st

from service.compliance.export_cells import cell, chunk_cells, guarded, plain_text
from service.compliance.export_files import FILES
from service.compliance.export_writer import Member, write_file


class Shade(IntEnum):
    RED = 1


class Kind(StrEnum):
    VOID = "=void"


class Plain(str, Enum):  # noqa: UP042 (a str mixin whose str() is not its value: written as cell() writes it)
    A = "-a"


# Text a spreadsheet could take for a formula, or split: every character
# the guard looks for, a comma and a quote the writer quotes, and others.
GUARD_TEXT = st.text(alphabet=" \"'=+-@\t\r\n;|,a1é😀\x00\u2028", max_size=8)
INTEGERS = st.integers() | st.integers(min_value=2**63, max_value=2**80)
FLOATS = st.floats(allow_nan=True, allow_infinity=True)
MOMENTS = st.datetimes(timezones=st.just(UTC)) | st.datetimes()
ANY = (
    st.none()
    | st.booleans()
    | INTEGERS
    | FLOATS
    | GUARD_TEXT
    | st.text(max_size=12)
    | st.dates()
    | MOMENTS
    | st.sampled_from([Shade.RED, Kind.VOID, Plain.A, Decimal("-1.50")])
)
# A column of one kind (each kind's fast way) or of any mix (cell by cell).
COLUMN_KINDS = [
    INTEGERS,
    INTEGERS | st.none(),
    GUARD_TEXT,
    st.text(alphabet="abc 1", max_size=5),
    st.dates(),
    MOMENTS,
    st.booleans(),
    ANY,
]


@st.composite
def chunks(draw: st.DrawFn, column_kinds: list[st.SearchStrategy] = COLUMN_KINDS) -> list[list[object]]:
    """Rows of 1-6 columns, each column of one of ``column_kinds``."""
    kinds = draw(st.lists(st.sampled_from(column_kinds), min_size=1, max_size=6))
    size = draw(st.integers(min_value=1, max_value=12))
    columns = [draw(st.lists(kind, min_size=size, max_size=size)) for kind in kinds]
    return [list(row) for row in zip(*columns, strict=True)]


def one_by_one(lines: list[list[object]]) -> str:
    """The CSV as it was written: each value through cell()."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows([[cell(value) for value in line] for line in lines])
    return buffer.getvalue()


def by_columns(lines: list[list[object]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(chunk_cells(lines))
    return buffer.getvalue()


@given(chunks())
def test_a_chunk_is_written_as_cell_by_cell(lines):
    assert by_columns(lines) == one_by_one(lines)


@given(st.lists(GUARD_TEXT, min_size=1, max_size=6))
def test_a_text_column_is_guarded_exactly_where_a_cell_needs_it(texts):
    (column,) = zip(*chunk_cells([[text] for text in texts]), strict=True)
    assert list(column) == [guarded(text) for text in texts]


def test_no_guard_runs_from_one_cell_into_the_next():
    # Joined, these would read as a split before a formula character; each
    # alone needs no guard but the second and the last.
    texts = ["a;", "=b", "  ", "x\t", "\r", "'", '"', "c|", "@d"]
    (column,) = zip(*chunk_cells([[text] for text in texts]), strict=True)
    assert list(column) == ["a;", "'=b", "  ", "x\t", "'\r", "'", '"', "c|", "'@d"]


def test_a_split_inside_a_cell_is_guarded_among_plain_cells():
    # Cells that start plainly and hold no other split character: only the
    # line break inside one (or a pipe) starts a cell a spreadsheet runs.
    for inside, shown in (("a\n=b", "a\n'=b"), ("a|-1", "a|'-1"), ("x\r\n+1", "x\r\n'+1")):
        texts = ["2026-01-01", inside, "BP-01"]
        (column,) = zip(*chunk_cells([[text] for text in texts]), strict=True)
        assert list(column) == ["2026-01-01", shown, "BP-01"] == [guarded(text) for text in texts]


def test_numbers_and_empty_cells_are_passed_as_they_are():
    lines: list[list[object]] = [[1, None, 2**70], [-5, 7, 0]]
    assert chunk_cells(lines) is lines  # nothing to change: no copy
    assert one_by_one(lines) == "1,,1180591620717411303424\r\n-5,7,0\r\n"


def test_a_float_is_text_and_guarded_as_text():
    written = by_columns([[-1.5], [math.nan], [math.inf], [-math.inf]])
    assert written == one_by_one([[-1.5], [math.nan], [math.inf], [-math.inf]])
    assert written.split("\r\n")[:4] == ["'-1.5", "nan", "inf", "'-inf"]


def test_a_date_time_or_flag_is_the_text_cell_writes():
    moment = datetime(2026, 1, 2, 3, 4, 5, 600, tzinfo=UTC)
    for value in (date(2026, 1, 2), moment, True, False):
        assert plain_text(value) == cell(value)
        assert guarded(str(plain_text(value))) == plain_text(value)  # the guard leaves it as it is
    for value in ("=x", 7, None, 1.5, Shade.RED):
        assert plain_text(value) is value


def reference_write(spec, rows) -> bytes:
    """write_file as it was: a row at a time, each cell through cell()."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(spec.columns)
    for row in rows:
        writer.writerow([cell(value) for value in spec.line(row)])
    return buffer.getvalue().encode()


@given(st.lists(chunks(), max_size=3))
def test_a_file_is_the_same_bytes_as_written_row_by_row(parts):
    # Chunks of different widths go to files of their own.
    for lines in parts:
        width = len(lines[0])
        spec = replace(FILES[0], columns=tuple(f"c{index}" for index in range(width)), line=list, lines=None)
        stream = io.BytesIO()
        member = Member(stream)
        assert write_file(member, spec, iter(lines * 3), lambda _rows: None) == 3 * len(lines)
        assert stream.getvalue() == reference_write(spec, lines * 3)
        assert member.size == len(stream.getvalue())
