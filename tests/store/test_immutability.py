"""A settled round is never updated or deleted, nor are the audit trail's
records: the database itself refuses, however the change is written."""

from __future__ import annotations

import pytest
from sqlalchemy import Table, delete, func, insert, select, text, update
from sqlalchemy.dialects import postgresql
from sqlalchemy.exc import DatabaseError

from service.audit.chain import seal_batch
from service.store.db import Base
from service.store.models import AuditEvent, RoundRecord, SeatRecord
from service.store.work import unit_of_work
from tests.support.app import databases, sign_in
from tests.support.rounds_data import round_body, void_approved

pytestmark = pytest.mark.store


@pytest.fixture
def stored(client, as_role, table):
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body(),
        headers={**as_role["dealer"], "Idempotency-Key": "k"},
    )
    assert response.status_code == 201
    return response.json


@pytest.mark.parametrize(
    "statement",
    [
        update(RoundRecord).values(house_net=0),
        delete(RoundRecord),
        update(SeatRecord).values(main_net=1_000_000),
        delete(SeatRecord),
    ],
    ids=["update round", "delete round", "update seat", "delete seat"],
)
def test_the_database_refuses_to_change_a_settled_round(app, client, as_role, stored, statement):
    with databases(app)() as db:
        with pytest.raises(DatabaseError, match="never updated or deleted"):
            db.execute(statement)
        db.rollback()
    again = client.get(f"/api/v1/rounds/{stored['id']}", headers=as_role["dealer"]).json
    assert again == stored


def test_raw_sql_is_refused_too(app, stored):
    with databases(app)() as db:
        with pytest.raises(DatabaseError, match="never updated or deleted"):
            db.execute(text("UPDATE round_seats SET main_net = 5"))
        db.rollback()


# --- a stored row replaced by an INSERT, or the table emptied ---------------


@pytest.fixture
def every_kind(app, client, as_role, table, stored):
    """A row in each table that is never updated or deleted: a round and its
    seats, sealed events, a void with its decision, a variance note."""
    void_approved(client, as_role["pit_boss"], sign_in(client, "pit_boss2"), stored["id"])
    note = {"period": "day", "day": "2026-12-01", "bet": "main", "note": "looked into"}
    assert (
        client.post("/api/v1/reports/variance-notes", json=note, headers=as_role["pit_boss"]).status_code
        == 201
    )
    with unit_of_work(databases(app)) as db:
        seal_batch(db, db.scalar(select(func.max(AuditEvent.id))), limit=10_000)
    return stored


#: table -> a column changed in the replacing row
REPLACEABLE = {
    "rounds": "house_net",
    "round_seats": "main_net",
    "audit_events": "subject",
    "audit_seals": "hash",
    "audit_event_macs": "mac",  # migration 0016
    "audit_head_signatures": "hash",
    "round_exceptions": "reason",
    "exception_decisions": "note",
    "variance_notes": "note",
}
#: the unique keys besides the primary key that a replacing row with a new
#: id may match instead (REPLACE deletes every row it conflicts with)
OTHER_KEYS = [
    ("rounds", ("table_id", "entered_by", "idempotency_key")),
    ("rounds", ("table_id", "round_ref")),
    ("round_seats", ("round_id", "seat")),
    ("audit_seals", ("event_id",)),
    ("exception_decisions", ("exception_id",)),
]
REFUSED = "never updated or deleted|append-only"


def replacing(table: Table, row: dict, column: str, key: tuple[str, ...] | None, dialect: str):
    """The statement that writes ``row`` again with ``column`` changed, over
    the stored row (matched by its primary key, or by ``key`` under a new
    id): SQLite's INSERT OR REPLACE, PostgreSQL's upsert."""
    values = {**row, column: -1 if isinstance(row[column], int) else "f" * 64}
    (primary,) = table.primary_key.columns
    if key is not None:
        values[primary.name] = row[primary.name] + 1_000
    if dialect == "sqlite":
        return insert(table).prefix_with("OR REPLACE").values(values)
    return (
        postgresql.insert(table)
        .values(values)
        .on_conflict_do_update(index_elements=list(key or [primary.name]), set_={column: values[column]})
    )


@pytest.mark.parametrize(
    ("name", "key"),
    [*((name, None) for name in REPLACEABLE), *OTHER_KEYS],
    ids=[
        *(f"{name} by id" for name in REPLACEABLE),
        *(f"{name} by {'+'.join(key)}" for name, key in OTHER_KEYS),
    ],
)
def test_a_stored_row_cannot_be_replaced_by_an_insert(app, every_kind, name, key):
    table = Base.metadata.tables[name]
    (primary,) = table.primary_key.columns
    with databases(app)() as db:
        row = dict(db.execute(select(table).order_by(primary).limit(1)).mappings().one())
        statement = replacing(table, row, REPLACEABLE[name], key, db.get_bind().dialect.name)
        with pytest.raises(DatabaseError, match=REFUSED):
            db.execute(statement)
        db.rollback()
        again = db.execute(select(table).where(primary == row[primary.name])).mappings().one()
        assert db.scalar(select(func.count()).where(primary == row[primary.name] + 1_000)) == 0
    assert dict(again) == row


@pytest.mark.parametrize("name", REPLACEABLE)
def test_a_table_of_records_cannot_be_emptied(app, every_kind, name):
    """PostgreSQL's TRUNCATE skips row triggers; SQLite has no TRUNCATE (a
    DELETE without WHERE is its form of it, and row triggers see it)."""
    with databases(app)() as db:
        before = db.scalar(select(func.count()).select_from(Base.metadata.tables[name]))
        statement = (
            f"TRUNCATE {name} CASCADE"
            if db.get_bind().dialect.name == "postgresql"
            else f"DELETE FROM {name}"
        )
        with pytest.raises(DatabaseError, match=REFUSED):
            db.execute(text(statement))
        db.rollback()
        assert db.scalar(select(func.count()).select_from(Base.metadata.tables[name])) == before > 0
