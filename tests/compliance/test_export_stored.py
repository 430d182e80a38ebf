"""The export reads a seat's gaming day and foul as the driver gives them
(SQLite: text and 0 or 1) and makes them cells as their column types would
have read them: the same cells, on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.compliance.export_cells import cell, plain_text
from service.compliance.export_values import as_stored, stored_cells
from service.store.models import RoundRecord, SeatRecord
from tests.support.app import sessions
from tests.support.rounds_data import enter, round_body

pytestmark = pytest.mark.store


def test_a_stored_day_and_foul_are_the_cells_their_types_read(app, client, as_role, table):
    fouled = round_body("f1")["seats"]
    fouled[1]["setting"] = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}  # low above high
    enter(client, as_role["dealer"], table, "f1", seats=fouled)
    enter(client, as_role["dealer"], table, "f2")
    columns = (RoundRecord.gaming_day, SeatRecord.fouled)
    with sessions(app)() as session:
        readers = [stored_cells(column, session) for column in columns]
        rows = session.execute(
            select(*columns, *(as_stored(column).label(f"stored_{column.key}") for column in columns)).join(
                RoundRecord, RoundRecord.id == SeatRecord.round_id
            )
        ).all()
    assert len(rows) > 2
    assert {row[1] for row in rows} == {True, False}
    for day, foul, stored_day, stored_foul in rows:
        shown = [read(stored) for read, stored in zip(readers, (stored_day, stored_foul), strict=True)]
        assert shown == [plain_text(day), plain_text(foul)] == [cell(day), cell(foul)]
        assert shown == [day.isoformat(), "true" if foul else "false"]
