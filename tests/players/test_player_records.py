"""Players and their names are append-only in the database itself: a row
is never updated, deleted, replaced by an INSERT or emptied away, so a
change of name can only be a new row (migration 0026)."""

from __future__ import annotations

import pytest
from sqlalchemy import Table, delete, func, insert, select, text, update
from sqlalchemy.dialects import postgresql
from sqlalchemy.exc import DatabaseError

from service.players.players import enrol_player, find_player, rename_player
from service.store.db import Base
from service.store.models import User
from service.store.work import unit_of_work
from tests.support.app import databases

pytestmark = pytest.mark.store
REFUSED = "append-only|never updated or deleted"
#: table -> a column a change would write
COLUMNS = {"players": "club_number", "player_names": "name"}


@pytest.fixture
def named(app):
    with unit_of_work(databases(app)) as db:
        admin = db.scalar(select(User).where(User.name == "admin"))
        enrol_player(db, admin, "C1", "Ann Lee")
        return rename_player(db, admin, "C1", "Ann Park")


def refused(app, statement):
    with databases(app)() as db:
        with pytest.raises(DatabaseError, match=REFUSED):
            db.execute(statement)
        db.rollback()


@pytest.mark.parametrize("name", COLUMNS)
def test_a_row_is_never_updated_or_deleted(app, named, name):
    table: Table = Base.metadata.tables[name]
    refused(app, update(table).values({COLUMNS[name]: "X9"}))
    refused(app, delete(table))
    with databases(app)() as db:
        assert find_player(db, "C1") == named


@pytest.mark.parametrize("name", COLUMNS)
def test_a_row_is_never_replaced_nor_the_table_emptied(app, named, name):
    table: Table = Base.metadata.tables[name]
    with databases(app)() as db:
        row = dict(db.execute(select(table).order_by(table.c.id).limit(1)).mappings().one())
        dialect = db.get_bind().dialect.name
    changed = {**row, COLUMNS[name]: "X9"}
    if dialect == "postgresql":
        upsert = postgresql.insert(table).values(changed)
        refused(app, upsert.on_conflict_do_update(index_elements=["id"], set_={COLUMNS[name]: "X9"}))
        refused(app, text(f"TRUNCATE {name} CASCADE"))
    else:
        refused(app, insert(table).prefix_with("OR REPLACE").values(changed))
        # under a new id, matching its other unique key (club number; player and version)
        refused(app, insert(table).prefix_with("OR REPLACE").values({**row, "id": row["id"] + 1000}))
    with databases(app)() as db:
        assert db.scalar(select(func.count()).select_from(table)) == (1 if name == "players" else 2)
        assert find_player(db, "C1") == named
