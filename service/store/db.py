"""The database: one SQLAlchemy engine per app, a database handle (``Db``,
SQLAlchemy's session) per unit of work (:mod:`service.store.work`).

SQLite (the default) gets foreign keys switched on and a busy timeout, so
it behaves like PostgreSQL where the service relies on it.
"""

from __future__ import annotations

import fcntl
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeAlias

from sqlalchemy import DateTime, Dialect, Engine, MetaData, TypeDecorator, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import DeclarativeBase, ORMExecuteState, Session, SessionTransaction, sessionmaker

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes in and out, on SQLite (which keeps no zone) too."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("a stored time must carry its zone")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """A UTC instant as the records and events write it: ISO 8601 with Z."""
    return moment.isoformat().replace("+00:00", "Z")


#: The database handle of one unit of work: SQLAlchemy's session, named so
#: that "session" in this code is only ever a table's (a dealer's shift).
Db: TypeAlias = Session
#: Where a process's database handles come from (one engine's).
Databases: TypeAlias = sessionmaker[Session]


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


# A PostgreSQL that drops packets instead of refusing them would hold a
# request until gunicorn's timeout. New connections give up after 5 s; an
# established one whose packets go unanswered is dropped after about 10 s by
# TCP (libpq's keepalives and tcp_user_timeout). The API then says 503.
POSTGRESQL_CONNECT_ARGS = {
    "connect_timeout": 5,
    "keepalives": 1,
    "keepalives_idle": 5,
    "keepalives_interval": 2,
    "keepalives_count": 3,
    "tcp_user_timeout": 10_000,  # milliseconds
}

# Prepared statements (psycopg prepares a statement on its fifth run on a
# connection) save the API about a sixth of the machine at 100 rounds a
# second, but PostgreSQL would keep one generic plan for each, chosen with
# its tables as they were: a round lookup prepared at a table of two rounds
# walked all of its rounds once it grew, where nothing planned it again
# (no ANALYZE: autovacuum off). Each run is planned with its values.
CUSTOM_PLANS = "-c plan_cache_mode=force_custom_plan"


def postgresql_connect_args(url: URL) -> dict[str, object]:
    """The connection's arguments, with the URL's own ``options`` kept."""
    given = url.query.get("options")
    options = " ".join(filter(None, [given if isinstance(given, str) else None, CUSTOM_PLANS]))
    return {**POSTGRESQL_CONNECT_ARGS, "options": options}


def make_engine(url: str) -> Engine:
    # hide_parameters: a failed statement is logged, and its values include
    # token digests and password hashes; errors and logs show the SQL only.
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30}, hide_parameters=True)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if parsed.get_backend_name() == "postgresql" and parsed.drivername == "postgresql":
        url = parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    return create_engine(
        url, pool_pre_ping=True, hide_parameters=True, connect_args=postgresql_connect_args(parsed)
    )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.close()


def database_factory(engine: Engine) -> Databases:
    return sessionmaker(engine, expire_on_commit=False)


# SQLite has one writer at a time, and a writer that finds the database
# locked sleeps in SQLite's busy handler (1, 2, 5, 10 ... ms) rather than
# waking when the lock is free: with every thread of every gunicorn worker
# settling rounds, they took turns mostly asleep (a third of the CPU idle
# at saturation, and some rounds waiting half a second). Writers of rounds
# now queue on an flock of a file beside the database first: the kernel
# wakes the next the moment the last lets go, in whatever process it is.
_TURN = "breakpoker.sqlite_writer_turn"


def hold_writer(db: Db) -> None:
    """Before a transaction's first write on SQLite: wait for the writer's
    turn, kept to the end of the transaction (commit, rollback or close).
    Nothing on PostgreSQL, which locks rows, or on an in-memory database."""
    if _TURN in db.info:
        return
    connection = db.connection()  # the transaction whose end gives the turn back
    database = connection.engine.url.database
    if connection.dialect.name != "sqlite" or not database or database == ":memory:":
        return
    descriptor = os.open(f"{database}-writer", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)  # the GIL is let go while it waits
    except BaseException:
        os.close(descriptor)
        raise
    db.info[_TURN] = descriptor


# Any write takes the turn first, not only the writers of rounds: a
# transaction that wrote (a co-signer's failures forgotten) and then
# queued for the turn held SQLite's lock while the turn's holder waited in
# the busy handler for it, both stuck until its 30 s timeout.
@event.listens_for(Session, "before_flush")
def _turn_before_flush(db: Db, _context: object, _instances: object) -> None:
    hold_writer(db)


@event.listens_for(Session, "do_orm_execute")
def _turn_before_statement(state: ORMExecuteState) -> None:
    if state.is_insert or state.is_update or state.is_delete:
        hold_writer(state.session)


@event.listens_for(Session, "after_transaction_end")
def _give_back_turn(db: Db, transaction: SessionTransaction) -> None:
    if transaction.parent is None:  # the outermost transaction, not a savepoint
        descriptor: int | None = db.info.pop(_TURN, None)
        if descriptor is not None:
            os.close(descriptor)  # closing the file lets go of its lock
