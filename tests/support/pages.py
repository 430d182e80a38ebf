"""How many pages of a table's heap a statement read on PostgreSQL, and
how many instructions it ran on SQLite: counts of the work done that do
not depend on the machine's speed, for the tests that a lookup stays
small however its table grew."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, text

# The pages of a table's heap this backend asked for since it last reported
# its figures (a page read for each row an index led to).
_PAGES = text("SELECT pg_stat_get_xact_blocks_fetched(CAST(:table AS regclass))")


def pages_read(
    connection: Connection, table: str | tuple[str, ...], run: Callable[[Connection], object]
) -> int:
    """Pages of ``table`` (or of each of several, added) that ``run`` read
    on ``connection``, in a transaction of its own."""
    tables = (table,) if isinstance(table, str) else table

    def fetched() -> int:
        return sum(int(connection.scalar(_PAGES, {"table": name}) or 0) for name in tables)

    with connection.begin():
        before = fetched()
        run(connection)
        return fetched() - before


def instructions_run(connection: Connection, run: Callable[[Connection], object]) -> int:
    """SQLite's counterpart: the virtual machine's instructions (in
    hundreds, by its progress handler) that ``run`` executed on
    ``connection``, in a transaction of its own."""
    steps = 0

    def step() -> int:
        nonlocal steps
        steps += 1
        return 0  # go on

    raw = connection.connection.driver_connection
    raw.set_progress_handler(step, 100)
    try:
        with connection.begin():
            run(connection)
    finally:
        raw.set_progress_handler(None, 100)
    return steps
