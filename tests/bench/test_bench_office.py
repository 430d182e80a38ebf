"""``python -m tests.bench bench-office``: the back office timed end to end on a
database of its own."""

from __future__ import annotations

import json
import sqlite3

from click.testing import CliRunner

import service.accounts.auth
from tests.bench import main

FIGURES = {
    "migrate",
    "setup",
    "enter_rounds",
    "seal_chain",
    "verify_chain",
    "aggregate",
    "void_and_correction",
    "report_day",
    "report_mtd",
    "recall",
    "resettle",
    "export",
}


def test_bench_office_times_every_step_on_a_temporary_database():
    hasher = service.accounts.auth._HASHER
    result = CliRunner().invoke(main, ["bench-office", "--rounds", "60", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    figures = document["figures"]
    assert set(figures) == FIGURES
    for figure in figures.values():
        assert set(figure) == {"what", "count", "seconds", "milliseconds", "rate", "unit"}
        assert figure["seconds"] >= 0
    assert figures["enter_rounds"]["count"] == 60
    assert figures["enter_rounds"]["unit"] == "rounds/s"
    assert figures["aggregate"]["count"] == 60
    assert figures["resettle"]["count"] == 61  # and the corrected round's new record
    assert figures["export"]["count"] == document["export"]["rows"] > 0
    assert document["chain"]["intact"] is True
    assert document["chain"]["checked"] == figures["verify_chain"]["count"] > 60
    assert document["resettle"]["mismatched"] == 0
    assert document["reports"]["mtd"]["pending_rounds"] == 0
    assert document["reports"]["day"]["rounds"] > 0  # a day with play, whatever the hour
    assert document["reports"]["mtd"]["theoretical_pending"] is True
    assert document["export"]["zip_bytes"] > 0
    assert document["ok"] is True
    assert service.accounts.auth._HASHER is hasher  # the cheap hasher was for the bench only


def test_bench_office_refuses_a_database_with_tables(tmp_path):
    path = tmp_path / "real.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE rounds (id INTEGER)")
    result = CliRunner().invoke(main, ["bench-office", "--rounds", "2", "--database", f"sqlite:///{path}"])
    assert result.exit_code == 1
    assert "already has 1 table(s) (rounds)" in result.output
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT name FROM sqlite_master").fetchall() == [("rounds",)]
