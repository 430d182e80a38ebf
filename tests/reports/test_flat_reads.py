"""Every statement a report runs reads no range of the rounds: SQLite's plan
of each (as it is at any size: without ``ANALYZE`` statistics the planner
does not look at the tables' sizes) touches the rounds, their seats and
their expected values only by primary key. A report reads per-shift and
per-session rows; a range of rounds would make it grow with them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from sqlalchemy import event

from service.reports.periods import floor_scope, table_scope
from service.reports.table_reports import report
from tests.support.app import databases, sign_in
from tests.support.rounds_data import enter, void_approved

ROUNDS_TABLES = ("rounds", "round_seats", "round_expected_values", "seat_expected_values")
READ = re.compile(rf"\b(SCAN|SEARCH) ({'|'.join(ROUNDS_TABLES)})\b(.*)")
PERIODS = (("shift", 1), ("day", None), ("mtd", None), ("ytd", None))


def statements_of(app: Any, work: Any) -> list[tuple[str, Any]]:
    engine = databases(app)().get_bind()
    seen: list[tuple[str, Any]] = []

    def record(_conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, many: bool) -> None:
        if statement.lstrip().upper().startswith(("SELECT", "WITH")) and not many:
            seen.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", record)
    try:
        work()
    finally:
        event.remove(engine, "before_cursor_execute", record)
    return seen


def test_no_report_reads_a_range_of_rounds(app, client, as_role, table, database):
    if database != "sqlite":
        pytest.skip("SQLite's plans; PostgreSQL's depend on its statistics")
    dealer = as_role["dealer"]
    entered = [enter(client, dealer, table, f"f{number}") for number in range(3)]
    void_approved(client, as_role["pit_boss"], sign_in(client, "pit_boss2"), entered[0]["id"])
    instance = app.extensions["breakpoker"]["settings"].instance

    def reports() -> None:
        with databases(app)() as db:
            for scope in (table_scope(db, table["id"]), floor_scope(db)):
                for kind, shift in PERIODS:
                    report(db, instance, scope, kind, None, shift)

    found = statements_of(app, reports)
    assert found
    ranges = []
    with databases(app)() as db:
        connection = db.connection().connection.driver_connection
        assert connection is not None
        for statement, parameters in found:
            for row in connection.execute(f"EXPLAIN QUERY PLAN {statement}", parameters):
                read = READ.search(row[3])
                if read and "PRIMARY KEY" not in read.group(3):
                    ranges.append((row[3], statement))
    assert ranges == []
