"""How many round records a table holds, by gaming day and shift: kept as
each record is inserted, so the round list's ``total`` stays exact without
counting the table's rounds on every page (a COUNT grows with the table's
history: about 1.5 s at 1M rounds of one table on PostgreSQL).

A record is never deleted (the rounds are append-only), so the counts only
rise. Every insert into ``rounds`` goes through :func:`count_inserted` in
the same transaction: the record's own and a correction's
(:func:`service.rounds.storing.store_round`), and the bench's bulk copies."""

from __future__ import annotations

from datetime import date
from typing import Any, cast

from sqlalchemy import Connection, Table, func, select
from sqlalchemy.dialects import postgresql, sqlite

from service.store.db import Db
from service.store.models import RoundCount

_COUNTS = cast(Table, RoundCount.__table__)
_KEY = ("table_id", "gaming_day", "shift")


def _upsert(dialect: Any) -> Any:
    statement = dialect.insert(_COUNTS)
    return statement.on_conflict_do_update(
        index_elements=list(_KEY), set_={"rounds": _COUNTS.c.rounds + statement.excluded.rounds}
    )


# Built once a dialect: building the statement cost as much as running it.
_UPSERTS = {"postgresql": _upsert(postgresql), "sqlite": _upsert(sqlite)}


def count_inserted(
    connection: Connection, table_id: int, gaming_day: date, shift: int, added: int = 1
) -> None:
    """Add ``added`` records to the table's count for the day and shift,
    creating the row if it is the first. One statement, atomic on both
    databases (INSERT ... ON CONFLICT DO UPDATE SET rounds = rounds + n):
    two writers at one table add both, and the row is the table's own (one
    dealer a table), so no other table's rounds wait on it."""
    values = {"table_id": table_id, "gaming_day": gaming_day, "shift": shift, "rounds": added}
    connection.execute(_UPSERTS[connection.dialect.name], values)


def counted_rounds(
    db: Db, table_id: int, first_day: date | None, last_day: date | None, shift: int | None
) -> int:
    """The table's round records in the gaming days and shift asked for
    (None: no bound), as ``COUNT(*)`` of the rounds would give: a sum of
    the counts' rows, three a gaming day (a range of their primary key),
    whatever the number of rounds."""
    query = select(func.coalesce(func.sum(RoundCount.rounds), 0)).where(RoundCount.table_id == table_id)
    if first_day is not None:
        query = query.where(RoundCount.gaming_day >= first_day)
    if last_day is not None:
        query = query.where(RoundCount.gaming_day <= last_day)
    if shift is not None:
        query = query.where(RoundCount.shift == shift)
    return int(db.scalar(query) or 0)
