"""The dispatcher's look for waiting rows reads the few rows still waiting,
not the rows sent before them.

Marking a row sent writes a new version of it, and until a vacuum the old
one stays in the heap and in the indexes. With an index on
``dispatched_at``, each look read every sent row's old version (a bitmap
scan, which never learns that they are dead): 489 heap pages after 90
seconds at 100 rounds a second on a server with autovacuum off, and more
every second. An index of only the waiting rows, read in id order, marks
the dead entries it meets so that the next look skips them.

An entry is marked only once no transaction anywhere on the server (in any
database) is older than the one that sent its row: a test running beside
this one can hold such a transaction for a moment, and then both looks
read every old version. So the looks wait for the server's oldest running
transaction to pass the marking one, as the dispatcher's next looks would.

Always on PostgreSQL (TEST_DATABASE_URL's server, else the machine's own),
in a database of its own, with autovacuum off for the outbox."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from sqlalchemy import Connection, text
from sqlalchemy.orm import Session

from service.store.db import make_engine
from tests.postgres import migrated_scratch_database
from tests.support.pages import pages_read
from workers.outbox import BATCH, waiting

pytestmark = pytest.mark.store

SENT = 10_000

_ROWS = text(
    "INSERT INTO outbox (job, ref, created_at) "
    "SELECT 'seal_audit', n, now() FROM generate_series(1, :rows) AS n"
)
_MARK = text("UPDATE outbox SET dispatched_at = now() WHERE dispatched_at IS NULL")
_XID = text("SELECT CAST(pg_current_xact_id() AS text)")
_OLDEST_RUNNING = text("SELECT CAST(pg_snapshot_xmin(pg_current_snapshot()) AS text)")


@pytest.fixture
def database_url() -> Iterator[str]:
    with migrated_scratch_database() as url:
        yield url


def look(connection: Connection) -> None:
    assert len(waiting(Session(bind=connection), BATCH)) == 5


def wait_for_older_transactions(connection: Connection, xid: int) -> None:
    """Wait until every transaction that began before ``xid`` ended, on
    every database of the server."""
    deadline = time.monotonic() + 60
    while True:
        with connection.begin():
            if int(connection.scalar(_OLDEST_RUNNING)) > xid:
                return
        assert time.monotonic() < deadline, "a transaction older than the marks never ended"
        time.sleep(0.05)


def test_a_look_skips_the_rows_sent_before(database_url):
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            with connection.begin():
                connection.execute(text("ALTER TABLE outbox SET (autovacuum_enabled = false)"))
                connection.execute(_ROWS, {"rows": SENT})
            with connection.begin():
                connection.execute(_MARK)
                marking = int(connection.scalar(_XID))
            wait_for_older_transactions(connection, marking)
            with connection.begin():
                connection.execute(_ROWS, {"rows": 5})
            pages_read(connection, "outbox", look)  # meets the sent rows' old versions once
            # a page read for each of the five waiting rows, and the index's
            assert pages_read(connection, "outbox", look) < 10
    finally:
        engine.dispose()
