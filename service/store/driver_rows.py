"""Rows read straight from PostgreSQL's driver (psycopg) rather than
through SQLAlchemy's result rows, for the two long reads of the back
office: the audit chain's walk and a compliance export.

On PostgreSQL SQLAlchemy's row handling (a ``Row`` a row, its result
strategy, the server-side cursor's ``FETCH`` a batch at a time, each a
round trip while the other side waits) cost about as much as checking or
writing the row. Read here, a statement's rows are the driver's tuples:
the same values, since SQLAlchemy hands these columns over unchanged (no
column type with a result processor, which :func:`driver_query` checks).
A stream's rows come in chunks as the server makes them, so the server
works while the caller writes the chunk before.

SQLite's rows are read by SQLAlchemy as before: there the driver runs in
the process and the row handling is a small part.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Select
from sqlalchemy.types import NumericCommon


@dataclass(frozen=True)
class DriverQuery:
    """A statement as psycopg runs it: its SQL and its bound values, each
    through its type's bind processor as SQLAlchemy would send it."""

    sql: str
    params: Mapping[str, Any]

    def with_params(self, **values: Any) -> DriverQuery:
        """The same SQL with some values bound anew (a keyset page's)."""
        return DriverQuery(self.sql, {**self.params, **values})


def driver_query(connection: Connection, statement: Select[Any]) -> DriverQuery | None:
    """``statement`` to run on psycopg, or ``None`` when its rows must go
    through SQLAlchemy: not PostgreSQL, a column whose type changes the
    value read (a result processor: a ``UTCDateTime``, a range), a numeric
    column (its reading depends on the driver's type), or bind names the
    dialect escapes."""
    dialect = connection.dialect
    if dialect.name != "postgresql":
        return None
    for column in statement.selected_columns:
        kind = column.type.dialect_impl(dialect)
        if isinstance(kind, NumericCommon) or kind.result_processor(dialect, None) is not None:
            return None
    # IN lists rendered as a value each, as SQLAlchemy renders them at execution.
    compiled = statement.compile(dialect=dialect, compile_kwargs={"render_postcompile": True})
    if compiled.escaped_bind_names:
        return None
    params = dict(compiled.construct_params())
    for name, bind in compiled.binds.items():
        process = bind.type.dialect_impl(dialect).bind_processor(dialect)
        if process is not None and name in params:
            params[name] = process(params[name])
    return DriverQuery(compiled.string, params)


class ReadAhead:
    """Statements sent before their rows are wanted, on psycopg's pipeline:
    the server finds and sends a keyset page while the caller works on the
    one before, where asking and then waiting left each side idle in turn.
    (A thread asking instead waited for the interpreter's lock about as
    long as the query took.) One statement is in flight at a time, on the
    connection's own transaction.

    Nothing else may run on the connection while one is in flight: in
    pipeline mode a statement's rows come only when asked for, and
    SQLAlchemy would find none. :meth:`settle` reads them and leaves the
    pipeline first; the next :meth:`ask` enters it again."""

    def __init__(self, connection: Connection) -> None:
        self._driver = _driver(connection)
        self._pipeline: Any = None
        self._cursor: Any = None
        self._rows: list[tuple[Any, ...]] | None = None

    def ask(self, query: DriverQuery) -> None:
        """Send ``query``; the next :meth:`rows` are its rows."""
        if self._cursor is not None or self._rows is not None:
            raise RuntimeError("a statement's rows are still unread")
        if self._pipeline is None:
            self._pipeline = self._driver.pipeline()
            self._pipeline.__enter__()
        self._cursor = self._driver.cursor()
        self._cursor.execute(query.sql, query.params)

    def rows(self) -> list[tuple[Any, ...]]:
        """Every row of the statement asked for last (the caller bounds it)."""
        self._read()
        found, self._rows = self._rows, None
        if found is None:
            raise RuntimeError("no statement was asked for")
        return found

    def settle(self) -> None:
        """Read the rows in flight and leave the pipeline: the connection
        is free for other statements."""
        self._read()
        if self._pipeline is not None:
            pipeline, self._pipeline = self._pipeline, None
            pipeline.__exit__(None, None, None)

    def _read(self) -> None:
        if self._cursor is not None:
            cursor, self._cursor = self._cursor, None
            with cursor:
                self._rows = cursor.fetchall()


def streamed(connection: Connection, query: DriverQuery, chunk: int) -> Generator[tuple[Any, ...]]:
    """The rows of ``query`` as they come, ``chunk`` at a time from the
    server, on the connection's own transaction; memory stays flat.

    The connection is the stream's until the last row is read or the
    generator closed (which cancels the rest): the caller must close it
    (``contextlib.closing``) before running anything else on the
    connection, even when it stops on an error."""
    import psycopg  # only ever on PostgreSQL

    with _driver(connection).cursor() as cursor:
        # Chunks need libpq 17 (the wheels the locks pin bring 18); an older
        # one streams a row at a time: the same rows, more slowly.
        capabilities = getattr(psycopg, "capabilities", None)
        if capabilities is not None and capabilities.has_stream_chunked():
            yield from cursor.stream(query.sql, query.params, size=chunk)
        else:
            yield from cursor.stream(query.sql, query.params)


def _driver(connection: Connection) -> Any:
    """The psycopg connection under SQLAlchemy's (typed ``Any`` by SQLAlchemy)."""
    return connection.connection.driver_connection
