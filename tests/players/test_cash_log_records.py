"""The cash rules' records are append-only in the database itself: a cash
in, an entry of the transaction log or a report day is never updated nor
deleted (migration 0031)."""

from __future__ import annotations

import pytest
from sqlalchemy import Table, delete, func, select, update
from sqlalchemy.exc import DatabaseError

from service.store.db import Base
from tests.players.conftest import ALICE
from tests.support.app import databases
from tests.support.players import identified, seat, step

pytestmark = pytest.mark.store
REFUSED = "append-only|never updated or deleted"
#: table -> a column a change would write
COLUMNS = {"cash_ins": "amount", "cash_log_entries": "amount", "report_days": "currency"}


@pytest.fixture
def stored(app, settings, client, as_role, table):
    identified(app, settings, ALICE)
    rating = seat(client, as_role["dealer"], table["id"], ALICE, 1).json["id"]
    body = {"kind": "cash", "amount": 1_000_001}
    assert step(client, as_role["dealer"], rating, "buy-ins", body).status_code == 201


@pytest.mark.parametrize("name", COLUMNS)
def test_a_row_is_never_updated_or_deleted(app, stored, name, database):
    table: Table = Base.metadata.tables[name]
    with databases(app)() as db:
        before = [dict(row) for row in db.execute(select(table)).mappings()]
        assert len(before) == 1
        for statement in (
            update(table).values({COLUMNS[name]: "EUR" if name == "report_days" else 7}),
            delete(table),
        ):
            with pytest.raises(DatabaseError, match=REFUSED):
                db.execute(statement)
            db.rollback()
        assert [dict(row) for row in db.execute(select(table)).mappings()] == before
        assert db.scalar(select(func.count()).select_from(table)) == 1
