"""Applying the Alembic migrations: one set for SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection

from service.db import make_engine


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(resources.files("service") / "migrations"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


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
                connection.exec_driver_sql("PRAGMA foreign_keys = OFF")  # outside a transaction, or ignored
                connection.commit()
            with connection.begin():
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
