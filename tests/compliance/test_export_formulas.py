"""No exported cell starts a formula, whatever a spreadsheet splits on;
numbers stay numbers."""

from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import replace

import pytest

from service.compliance.export_build import build_export
from service.compliance.export_cells import FORMULA_STARTS, cell
from service.compliance.export_files import FILES
from service.compliance.export_writer import Member, write_file
from tests.compliance import exports_support
from tests.compliance.exports_support import URL, csv_rows, new_table, request
from tests.support.app import databases
from tests.support.rounds_data import enter

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
app = exports_support.app


def test_formula_cells_are_neutralised_but_numbers_are_not():
    assert [cell(text) for text in ("=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\r=x", "a=b")] == [
        "'=1+1",
        "'+1",
        "'-1",
        "'@SUM(A1)",
        "'\tx",
        "'\r'=x",  # a spreadsheet that splits lines on CR alone starts a cell at =x
        "a=b",
    ]
    assert [cell(value) for value in (-1500, 0, True, None)] == [-1500, 0, "true", ""]


# Where a spreadsheet may split a line into cells: its locale's list
# separator (, or ;), a tab, a pipe, and line breaks.
SEPARATORS = (",", ";", "\t", "|")
# Each text, and the cell written for it.
HOSTILE = {
    "BP;=cmd|' /C calc'!A0": "BP;'=cmd|' /C calc'!A0",
    "a;=1+2;b": "a;'=1+2;b",
    "a; =1+2": "a;' =1+2",
    'a;"=1+2': "a;'\"=1+2",
    "a\t@SUM(A1)": "a\t'@SUM(A1)",
    "a|-1+2": "a|'-1+2",
    "a\n=1+2": "a\n'=1+2",
    "a\r\n+1": "a\r\n'+1",
    "a,=1+2": "a,=1+2",  # quoted: a comma starts no cell
    "=1+1": "'=1+1",
    "a=b; c-d": "a=b; c-d",
}


def cells_a_spreadsheet_sees(text: str) -> list[str]:
    """Every cell of ``text`` as a spreadsheet reads it, splitting on each
    separator in turn (quotes honoured, as every spreadsheet does)."""
    return [
        found
        for separator in SEPARATORS
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=separator)
        for found in row
    ]


def formulas(cells: list[str]) -> list[str]:
    """The cells a spreadsheet would run (a negative number is a number)."""
    return [
        found
        for found in cells
        if found.lstrip(' "').startswith(FORMULA_STARTS) and not found.lstrip("-").isdigit()
    ]


def written_csv(rows: list[list[object]]) -> str:
    spec = replace(FILES[0], columns=("number", "text", "other"), line=lambda row: row)
    stream = io.BytesIO()
    write_file(Member(stream), spec, iter(rows), lambda _rows: None)
    return stream.getvalue().decode()


def test_no_cell_starts_a_formula_whatever_the_spreadsheet_splits_on():
    written = written_csv([[7, text, -1500] for text in HOSTILE])
    assert formulas(cells_a_spreadsheet_sees(written)) == []
    # Read as written (commas), every text comes back in one cell, guarded,
    # and numbers as numbers.
    rows = list(csv.reader(io.StringIO(written, newline="")))
    assert rows[1:] == [["7", guarded, "-1500"] for guarded in HOSTILE.values()]


def test_an_exported_table_name_and_round_id_start_no_formula(app, client, as_role, redis_settings):
    name, round_id = "BP;=cmd|' /C calc'!A0", "a;=1+2;b"
    hostile = new_table(client, as_role["admin"], name)
    entered = enter(client, as_role["dealer"], hostile, round_id)
    asked = request(client, as_role["compliance"], tables=[hostile["id"]]).json
    assert build_export(databases(app), asked["id"], redis_settings.instance) is True
    shown = client.get(f"{URL}/{asked['id']}", headers=as_role["compliance"]).json
    archive = zipfile.ZipFile(redis_settings.instance / "exports" / shown["file"]["name"])
    rows = {int(row["record_id"]): row for row in csv_rows(archive, "rounds.csv")}
    row = rows[entered["id"]]
    assert (row["table"], row["round_id"]) == (HOSTILE[name], HOSTILE[round_id])
    for member in ("rounds.csv", "seats.csv", "exceptions.csv", "audit_events.csv"):
        seen = cells_a_spreadsheet_sees(archive.read(member).decode())
        assert formulas(seen) == [], member
