"""A chunk's CSV text made a column at a time is the csv module's text of
the same cells, byte for byte: quoted exactly where the module quotes,
quotes doubled, empty cells, integers of any size, one-cell rows."""

from __future__ import annotations

import csv
import io
import json

from hypothesis import given
from hypothesis import strategies as st

from service.compliance.export_cells import chunk_cells
from service.compliance.export_csv import csv_header, csv_rows
from tests.compliance.test_export_cells import chunks

# Every character the module quotes for, and others around them.
TEXT = st.text(alphabet=st.sampled_from(",\"\r\n a;='\t\x00é😀\u2028"), max_size=8) | st.text(max_size=5)
CELLS = [
    st.integers() | st.integers(min_value=2**64, max_value=2**200),
    st.integers(max_value=9) | st.none(),
    TEXT,
    TEXT | st.none() | st.integers(),
    st.builds(lambda d: json.dumps(d, separators=(",", ":")), st.dictionaries(TEXT, TEXT | st.integers())),
    st.floats() | st.booleans(),  # made text by the guard first
]


def module_text(rows) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    return buffer.getvalue()


@given(chunks(CELLS))
def test_a_chunk_is_the_csv_modules_text_of_its_cells(lines):
    assert csv_rows(lines) == module_text(chunk_cells(lines))


def test_quoted_exactly_where_the_module_quotes():
    lines = [["a,b", 'say "hi"', "two\r\nlines", "", None, 7], ["plain", "'=x", "cr\r", "lf\n", -1, None]]
    written = csv_rows(lines)
    assert written == module_text(chunk_cells(lines))
    assert written.split("\r\n")[0] == '"a,b","say ""hi""","two'
    assert csv_rows([[""], [None]]) == module_text([[""], [None]]) == '""\r\n""\r\n'  # a lone empty cell
    assert csv_rows([]) == ""
    assert csv_header(("a", "b,c")) == 'a,"b,c"\r\n'
