"""The dispatcher's look for waiting rows reads the few rows still waiting,
not the rows sent before them.

Marking a row sent writes a new version of it, and until a vacuum the old
one stays in the heap and in the indexes. With an index on
``dispatched_at``, each look read every sent row's old version (a bitmap
scan, which never learns that they are dead): 489 heap pages after 90
seconds at 100 rounds a second on a server with autovacuum off, and more
every second. An index of only the waiting rows, read in id order, marks
the dead entries it meets so that the next look skips them.

Always on PostgreSQL (TEST_DATABASE_URL's server, else the machine's own),
in a database of its own, with autovacuum off for the outbox."""

from __future__ import annotations

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


@pytest.fixture
def database_url() -> Iterator[str]:
    with migrated_scratch_database() as url:
        yield url


def look(connection: Connection) -> None:
    assert len(waiting(Session(bind=connection), BATCH)) == 5


def test_a_look_skips_the_rows_sent_before(database_url):
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            with connection.begin():
                connection.execute(text("ALTER TABLE outbox SET (autovacuum_enabled = false)"))
                connection.execute(_ROWS, {"rows": SENT})
            with connection.begin():
                connection.execute(_MARK)
            with connection.begin():
                connection.execute(_ROWS, {"rows": 5})
            pages_read(connection, "outbox", look)  # meets the sent rows' old versions once
            # a page read for each of the five waiting rows, and the index's
            assert pages_read(connection, "outbox", look) < 10
    finally:
        engine.dispose()
