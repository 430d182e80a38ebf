"""The casino's settings and the players' identifications are append-only
in the database itself: a row is never updated, deleted, replaced by an
INSERT or emptied away, so a change can only be a new row (migration 0028)."""

from __future__ import annotations

import pytest
from sqlalchemy import Table, delete, func, insert, select, text, update
from sqlalchemy.dialects import postgresql
from sqlalchemy.exc import DatabaseError

from service.config.currency import Currency
from service.players.casino_settings import SettingsChange, Thresholds, change_settings
from service.store.db import Base, utc_now
from service.store.models import User
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.players import identified

pytestmark = pytest.mark.store
REFUSED = "append-only|never updated or deleted"
#: table -> a column a change would write
COLUMNS = {
    "casino_settings": "comp_rate_basis_points",
    "cash_thresholds": "log_threshold",
    "player_identifications": "key_id",
}


@pytest.fixture
def stored(app, settings):
    identified(app, settings, "C1")
    with unit_of_work(databases(app)) as db:
        admin = db.scalar(select(User).where(User.name == "admin"))
        change = SettingsChange(500, (Thresholds(Currency("EUR", 2), 100, 200),))
        change_settings(db, admin, change, utc_now())


def refused(app, statement):
    with databases(app)() as db:
        with pytest.raises(DatabaseError, match=REFUSED):
            db.execute(statement)
        db.rollback()


def rows_of(app, table: Table) -> list[dict[str, object]]:
    with databases(app)() as db:
        return [dict(row) for row in db.execute(select(table).order_by(table.c.id)).mappings()]


@pytest.mark.parametrize("name", COLUMNS)
def test_a_row_is_never_updated_or_deleted(app, stored, name, database):
    table: Table = Base.metadata.tables[name]
    before = rows_of(app, table)
    refused(app, update(table).values({COLUMNS[name]: 7}))
    refused(app, delete(table))
    assert rows_of(app, table) == before


@pytest.mark.parametrize("name", COLUMNS)
def test_a_row_is_never_replaced_nor_the_table_emptied(app, stored, name, database):
    table: Table = Base.metadata.tables[name]
    before = rows_of(app, table)
    row = before[0]
    changed = {**row, COLUMNS[name]: 7}
    if database == "postgresql":
        upsert = postgresql.insert(table).values(changed)
        refused(app, upsert.on_conflict_do_update(index_elements=["id"], set_={COLUMNS[name]: 7}))
        refused(app, text(f"TRUNCATE {name} CASCADE"))
    else:
        refused(app, insert(table).prefix_with("OR REPLACE").values(changed))
        # under a new id, matching its other unique key
        refused(app, insert(table).prefix_with("OR REPLACE").values({**row, "id": int(row["id"]) + 1000}))
    assert rows_of(app, table) == before
    with databases(app)() as db:
        assert db.scalar(select(func.count()).select_from(table)) == 1
