"""The store tests' PostgreSQL database emptied back to the migrated head
in place (tests/postgres_reset.py): after a test's rows, append-only ones
included, the next test finds what a fresh copy holds, with every id
counting from where the head's did; a changed schema is never reset, so
its database is copied again."""

from __future__ import annotations

from sqlalchemy import text

from service.accounts.auth import create_user
from service.api.app import create_app
from service.config.settings import Settings
from service.store.work import unit_of_work
from tests.postgres import migrated_scratch_database
from tests.postgres_reset import note_head, psycopg_engine, reset_to_head
from tests.support.app import PASSWORD, databases

COUNTS = (
    "SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM audit_events),"
    " (SELECT count(*) FROM outbox), (SELECT count(*) FROM slip_numbers)"
)


def run(url: str, statement: str):
    engine = psycopg_engine(url)
    try:
        with engine.begin() as connection:
            result = connection.execute(text(statement))
            return result.all() if result.returns_rows else []
    finally:
        engine.dispose()


def add_users(url: str, tmp_path, *names: str) -> list[int]:
    app = create_app(Settings(instance=tmp_path, database_url=url))
    try:
        with unit_of_work(databases(app)) as db:
            return [create_user(db, name, "dealer", PASSWORD).id for name in names]
    finally:
        app.extensions["breakpoker"]["engine"].dispose()


def test_a_reset_leaves_what_a_fresh_copy_holds(tmp_path):
    with migrated_scratch_database() as url:
        note_head(url)
        fresh = run(url, COUNTS)
        assert fresh[0][3] > 0  # the migrations seed a table: it is put back
        first, _ = add_users(url, tmp_path, "alice", "bob")
        assert run(url, COUNTS) != fresh
        assert reset_to_head(url)
        assert run(url, COUNTS) == fresh
        assert add_users(url, tmp_path, "carol") == [first]  # ids count from the head's again


def test_a_changed_schema_is_not_reset(tmp_path):
    with migrated_scratch_database() as url:
        note_head(url)
        add_users(url, tmp_path, "alice")
        run(url, "ALTER TABLE audit_events DISABLE TRIGGER USER")
        assert not reset_to_head(url)
        assert run(url, "SELECT count(*) FROM users") == [(1,)]  # untouched: it is copied again


def test_a_database_never_noted_is_not_reset():
    with migrated_scratch_database() as url:
        assert not reset_to_head(url)


def test_a_dropped_schema_is_not_reset(tmp_path):
    with migrated_scratch_database() as url:
        note_head(url)
        run(url, "DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        assert not reset_to_head(url)
