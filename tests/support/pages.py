"""How many pages of a table's heap a statement read on PostgreSQL: a
count of the work done that does not depend on the machine's speed, for
the tests that a lookup stays small however its table grew."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, text

# The pages of a table's heap this backend asked for since it last reported
# its figures (a page read for each row an index led to).
_PAGES = text("SELECT pg_stat_get_xact_blocks_fetched(CAST(:table AS regclass))")


def pages_read(connection: Connection, table: str, run: Callable[[Connection], object]) -> int:
    """Pages of ``table`` that ``run`` read on ``connection``, in a
    transaction of its own."""
    with connection.begin():
        before = int(connection.scalar(_PAGES, {"table": table}) or 0)
        run(connection)
        return int(connection.scalar(_PAGES, {"table": table}) or 0) - before
