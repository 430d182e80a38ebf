"""An export's trail reads the events and links of its window only.

With no index on the events' time, the trail's four reads (the events' and
the chain's counts and files) went through every event and link ever
written, filtering each: a table's month at 1M rounds read the whole log
four times. The window's first and last event ids, and their links' first
and last seqs, now bound each read (``trail_bounds``), and its other
conditions stay: the same rows, however long the log after the window.

The work is counted, not timed: SQLite's virtual machine instructions (its
progress handler), PostgreSQL's heap pages of the two tables."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import Connection
from sqlalchemy.orm import Session

from service.audit.chain import seal_batch
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.compliance.export_chain import chain_query
from service.compliance.export_queries import Scope, count, take_cut
from service.compliance.export_trail import EMPTY, events_query, trail_bounds
from service.store.db import Db
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.pages import instructions_run, pages_read

pytestmark = pytest.mark.store

DAY = date(2026, 3, 10)
START = datetime(2026, 3, 10, 6, tzinfo=UTC)
END = START + timedelta(days=1)
#: events written after the window: each read going through them is unmistakable
AFTER = 2_000


def write_events(app, times: list[datetime]) -> None:
    with unit_of_work(databases(app)) as db:
        for number, moment in enumerate(times):
            record_event(db, EventKind.VARIANCE_NOTED, f"note:{number}", {"n": number}, at=moment)
    with unit_of_work(databases(app)) as db:
        seal_batch(db, 10**9, limit=100_000)


def window_scope(db: Db) -> Scope:
    return Scope(DAY, DAY, None, START, END, take_cut(db))


def rows(db: Db, scope: Scope) -> tuple[list, list]:
    return (
        [tuple(row) for row in db.execute(events_query(scope))],
        [tuple(row) for row in db.execute(chain_query(scope))],
    )


def test_the_bounds_keep_every_row_of_the_window(app):
    # Times out of step with ids (a clock set back, a late writer), some
    # events of the window not yet sealed, others on either side of it.
    shuffled = random.Random(7)
    times = [START + timedelta(hours=shuffled.uniform(-30, 54)) for _ in range(300)]
    write_events(app, times)
    with unit_of_work(databases(app)) as db:
        record_event(db, EventKind.VARIANCE_NOTED, "note:unsealed", {}, at=START + timedelta(hours=1))
    with databases(app)() as db:
        scope = window_scope(db)
        bounded = trail_bounds(db, scope)
        assert bounded.event_ids is not None
        assert bounded.seal_seqs is not None
        assert bounded.event_ids[1] - bounded.event_ids[0] < scope.cut.event_id - 1
        events, links = rows(db, bounded)
        assert (events, links) == rows(db, scope)
        inside = sum(START <= moment < END for moment in times)
        assert len(events) == inside + 1  # the unsealed one too
        assert len(links) == inside


def test_a_window_with_no_events_reads_none(app):
    write_events(app, [START - timedelta(days=2), END + timedelta(days=2)])
    with databases(app)() as db:
        bounded = trail_bounds(db, window_scope(db))
        assert (bounded.event_ids, bounded.seal_seqs) == (EMPTY, EMPTY)
        assert rows(db, bounded) == ([], [])


def trail_work(app, days: int = 0) -> int:
    """The work of the trail's four reads of the window (widened by ``days``)."""
    with databases(app).kw["bind"].connect() as connection:
        db = Session(bind=connection)
        with connection.begin():
            scope = window_scope(db)
            scope = trail_bounds(db, replace(scope, window_end=scope.window_end + timedelta(days=days)))

        def read(_connection: Connection) -> None:
            for query in (events_query(scope), chain_query(scope)):
                count(db, query)
                db.execute(query).all()

        if connection.dialect.name == "sqlite":
            return instructions_run(connection, read)
        return pages_read(connection, ("audit_events", "audit_seals"), read)


def test_the_trail_s_reads_stay_flat_as_the_log_grows_after_the_window(app):
    write_events(app, [START + timedelta(minutes=5 * number) for number in range(100)])
    before = trail_work(app)
    write_events(app, [END + timedelta(seconds=30 * number) for number in range(AFTER)])
    assert trail_work(app) < 1.2 * before
    # The count sees the rows read: a window that takes the later events in too.
    assert trail_work(app, days=2) > 5 * before
