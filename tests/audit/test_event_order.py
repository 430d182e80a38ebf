"""Audit events commit in the order of their ids on PostgreSQL, so the
sealer, which seals up to the newest committed event, never passes one
still to come: an event's id is drawn only once its transaction holds the
event-order lock, which it keeps to its commit.

Always on PostgreSQL (TEST_DATABASE_URL's server, else the machine's own),
in a database of its own: SQLite has one writer at a time already."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from sqlalchemy import text

from service.audit.event_mac import keyed_databases
from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.config.settings import Settings
from service.store.db import make_engine
from tests.postgres import migrated_scratch_database

pytestmark = pytest.mark.store

_WAITING = text(
    "SELECT count(*) FROM pg_stat_activity "
    "WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'"
)
_LAST_ID = text("SELECT last_value FROM audit_events_id_seq")


@pytest.fixture
def database_url() -> Iterator[str]:
    with migrated_scratch_database() as url:
        yield url


def test_a_second_event_draws_its_id_after_the_first_commits(database_url, tmp_path):
    engine = make_engine(database_url)
    databases = keyed_databases(engine, Settings(instance=tmp_path, database_url=database_url))
    second: list[int] = []

    def record_second() -> None:
        with databases.begin() as db:
            second.append(record_event(db, EventKind.SERVICE_STARTED, "second", {}))

    try:
        with databases() as first:
            first_id = record_event(first, EventKind.SERVICE_STARTED, "first", {})
            waiter = threading.Thread(target=record_second)
            waiter.start()
            with engine.connect() as watching:
                deadline = time.monotonic() + 10
                while watching.scalar(_WAITING) == 0:
                    assert time.monotonic() < deadline, "the second event never waited for the lock"
                    time.sleep(0.02)
                    watching.rollback()
                assert watching.scalar(_LAST_ID) == first_id  # no id drawn while it waits
            first.commit()
        waiter.join(10)
        assert len(second) == 1
        assert second[0] > first_id
    finally:
        engine.dispose()
