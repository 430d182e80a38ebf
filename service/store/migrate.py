"""Applying the Alembic migrations (one set for SQLite and PostgreSQL), and
telling whether a database is migrated to this code's schema."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from service.errors import ErrorCode, ServiceError
from service.store.db import Db, make_engine

_REVISIONS = text("SELECT version_num FROM alembic_version")
UPGRADE = "run `breakpoker db upgrade`"
# PostgreSQL's undefined_table and undefined_column; SQLite's own words.
_MISSING_CODES = frozenset({"42P01", "42703"})
_MISSING_TEXTS = ("no such table", "no such column", "has no column named")


class NotMigrated(ServiceError):
    """The database is not at the revision this code needs."""

    status = 503

    def __init__(self, revisions: set[str]) -> None:
        if revisions == {head_revision()}:
            # Migrated, yet a table or column is missing: changed by hand.
            super().__init__(
                ErrorCode.DATABASE_SCHEMA_CHANGED,
                f"the database is at revision {head_revision()} but lacks a table or column this "
                "version uses: it was changed outside the migrations (the log names the statement)",
            )
            return
        shown = ", ".join(sorted(revisions)) or "none"
        super().__init__(
            ErrorCode.DATABASE_NOT_MIGRATED,
            f"the database is at revision {shown}, this version needs {head_revision()}: {UPGRADE}",
        )


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(resources.files("service.store") / "migrations"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


@functools.cache
def head_revision() -> str:
    """The revision this code's schema is (read from the migration files
    once a process)."""
    head = ScriptDirectory.from_config(alembic_config("")).get_current_head()
    assert head is not None  # the migrations are one chain
    return head


def revisions(db: Db) -> set[str]:
    """The revisions the database is at (none before the first migration);
    a database that does not answer raises as it does."""
    try:
        return set(db.execute(_REVISIONS).scalars())
    except DBAPIError as error:
        if not missing_schema(error):
            raise
        db.rollback()
        return set()


def check_migrated(db: Db) -> None:
    """:class:`NotMigrated` unless the database is at this code's head."""
    found = revisions(db)
    if found != {head_revision()}:
        raise NotMigrated(found)


def missing_schema(error: DBAPIError) -> bool:
    """The statement failed for a table or column the database lacks."""
    if getattr(error.orig, "sqlstate", None) in _MISSING_CODES:  # psycopg
        return True
    return any(words in str(error.orig) for words in _MISSING_TEXTS)


def upgrade(url: str, revision: str = "head") -> None:
    with migrating(url) as connection:
        config = alembic_config(url)
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


@contextmanager
def migrating(url: str) -> Iterator[Connection]:
    """A connection in the one transaction migrations run in.

    On SQLite foreign keys are not enforced while they run, as SQLite's own
    recipe for altering a table says: batch mode rebuilds a table (copy,
    drop, rename), and dropping one that rows elsewhere reference would
    fail although the copy keeps every id. Every reference is checked
    before the commit instead."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            sqlite = engine.dialect.name == "sqlite"
            if sqlite:
                # Outside a transaction, or ignored: pysqlite begins none for
                # a pragma, and this one's end is SQLAlchemy's alone.
                with connection.begin():
                    connection.exec_driver_sql("PRAGMA foreign_keys = OFF")
                # pysqlite opens a transaction before DML only and runs DDL
                # in autocommit: a migration that failed half way kept the
                # tables it had dropped. SQLite's DDL is transactional when
                # BEGIN is ours, and then a failure undoes all of it.
                connection.connection.driver_connection.isolation_level = None  # type: ignore[union-attr]
            with connection.begin():
                if sqlite:
                    connection.exec_driver_sql("BEGIN")
                yield connection
                if sqlite:
                    _references_hold(connection)
    finally:
        engine.dispose()  # the connection with foreign keys off goes with it


def _references_hold(connection: Connection) -> None:
    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").first()
    if broken is not None:
        table, row, parent, _ = broken
        raise RuntimeError(f"the migration left row {row} of {table} referencing a missing row of {parent}")
