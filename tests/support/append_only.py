"""The checks that a table of records is append-only in the database
itself, shared by each part's record tests: a row is never updated or
deleted, never replaced by an INSERT, and the table never emptied."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Executable, Table, delete, insert, select, text, update
from sqlalchemy.exc import DatabaseError

from service.store.db import Base
from tests.support.app import databases

REFUSED = "append-only"


def refused(app: Any, statement: Executable, match: str = REFUSED) -> None:
    """``statement`` is refused by the database, and nothing changed."""
    with databases(app)() as db:
        with pytest.raises(DatabaseError, match=match):
            db.execute(statement)
        db.rollback()


def never_updated_or_deleted(app: Any, name: str, column: str) -> None:
    table: Table = Base.metadata.tables[name]
    refused(app, update(table).values({column: table.c[column]}))
    refused(app, delete(table))


def never_replaced(app: Any, name: str) -> None:
    """SQLite's INSERT OR REPLACE of a stored row, PostgreSQL's TRUNCATE
    (which skips row triggers) of the table."""
    table: Table = Base.metadata.tables[name]
    with databases(app)() as db:
        row = dict(db.execute(select(table).limit(1)).mappings().one())
        dialect = db.get_bind().dialect.name
    if dialect == "postgresql":
        refused(app, text(f"TRUNCATE {name} CASCADE"))
    else:
        refused(app, insert(table).prefix_with("OR REPLACE").values(row))
