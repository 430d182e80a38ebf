"""Growing a bench database to a number of gaming days: the first (and
every one, if asked) through the use cases, the rest copied by
:mod:`tests.bench.scale_load`; then the outbox marked sent, the chain
sealed and, on PostgreSQL, the planner's statistics taken."""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter
from typing import Any

from sqlalchemy import update

from service.store.db import utc_now
from service.store.models import OutboxEntry
from service.store.work import unit_of_work
from tests.bench.scale_floor import Floor, close_tables, open_tables, service_day
from tests.bench.scale_load import replicate_day, take_template
from tests.bench.scratch import seal_all


def dispatch_all(floor: Floor) -> None:
    """The outbox rows marked sent, as the dispatcher marks them once Redis
    took them (the bench runs no dispatcher: the jobs ran in process)."""
    with unit_of_work(floor.databases) as db:
        db.execute(
            update(OutboxEntry).where(OutboxEntry.dispatched_at.is_(None)).values(dispatched_at=utc_now())
        )


def grow_to(floor: Floor, days: int, progress: Callable[[str], None], *, copy: bool = True) -> dict[str, Any]:
    """Store gaming days until there are ``days``: the first (and every
    one, unless ``copy``) through the use cases, the rest copied; then the
    outbox dispatched and the chain sealed. What it took."""
    start = perf_counter()
    copied = 0
    while floor.days < days:
        index = floor.days
        began = perf_counter()
        if index == 0 or not copy:
            service_day(floor, index)
            if index == 0:
                floor.template = take_template(floor)
            how = "through the use cases"
        else:
            open_tables(floor, index)
            copied += replicate_day(floor, index)
            close_tables(floor, index)
            how = "copied"
        progress(f"gaming day {index + 1} of {days} ({how}) in {perf_counter() - began:.1f} s")
    loaded = perf_counter() - start
    dispatch_all(floor)
    sealing = perf_counter()
    links = seal_all(floor.databases, progress)
    sealed = perf_counter() - sealing
    progress(f"sealed {links:,} events in {sealed:.1f} s")
    analysing = perf_counter()
    analyze(floor)
    analysed = perf_counter() - analysing
    return {
        "seconds": loaded + sealed + analysed,
        "days_seconds": loaded,
        "rows_copied": copied,
        "seal_seconds": sealed,
        "links_sealed": links,
        "analyze_seconds": analysed,
    }


def analyze(floor: Floor) -> None:
    """On PostgreSQL, the planner's statistics taken again, as autovacuum
    takes them once a tenth of a table has changed. The bulk copies outrun
    its naptime (and a server may run without it): with no statistics at
    1M rounds the planner took the export's event lookup as a scan of every
    ``round_settled`` event's index entries for each of the month's rounds,
    which ran for hours. SQLite is left without them: the service never
    runs ANALYZE there, and its plans are then the same at any size."""
    with floor.databases() as db:
        connection = db.connection()
        if connection.dialect.name != "postgresql":
            return
        connection.exec_driver_sql("ANALYZE")
        db.commit()
