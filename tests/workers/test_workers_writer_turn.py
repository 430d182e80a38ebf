"""The dispatcher's marks and the sealer's links wait for SQLite's
writer's turn like the API's rounds: a writer that met them in SQLite's
busy handler slept 1, 2, 5, 10 ms ... past the moment the lock was free.
On PostgreSQL there is no turn, and nothing waits for one."""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from service.audit.chain import seal_batch
from service.config.redis_server import connect
from service.store.models import AuditEvent, AuditSeal, OutboxEntry
from service.store.work import unit_of_work
from tests.support.background import databases_of, enter_rounds
from workers.outbox import dispatch

pytestmark = pytest.mark.store


def waits_for_the_turn(url: str, work: Callable[[], object]) -> bool:
    """Whether ``work`` (run in a thread) waits while another holds the
    writer's turn, and finishes once it is given back."""
    sqlite = url.startswith("sqlite")
    descriptor = (
        os.open(url.removeprefix("sqlite:///") + "-writer", os.O_RDWR | os.O_CREAT, 0o600) if sqlite else -1
    )
    done = threading.Event()

    def run() -> None:
        work()
        done.set()

    try:
        if sqlite:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        thread = threading.Thread(target=run)
        thread.start()
        waited = not done.wait(timeout=0.5)
    finally:
        if sqlite:
            os.close(descriptor)  # the turn given back
    thread.join(timeout=30)
    assert done.is_set()
    return waited


def test_the_dispatcher_and_the_sealer_wait_for_the_writers_turn(bg_app, redis_settings, settings):
    enter_rounds(bg_app.test_client(), 2)
    databases = databases_of(bg_app)
    on_sqlite = settings.database.startswith("sqlite")
    with databases() as db:
        rows = db.scalar(select(func.count()).select_from(OutboxEntry))
        newest = db.scalar(select(func.max(AuditEvent.id)))
    connection = connect(redis_settings.redis)
    assert waits_for_the_turn(settings.database, lambda: dispatch(databases, connection)) == on_sqlite

    def seal() -> None:
        with unit_of_work(databases) as db:
            seal_batch(db, newest)

    assert waits_for_the_turn(settings.database, seal) == on_sqlite
    with databases() as db:
        assert db.scalar(select(func.count()).select_from(AuditSeal)) == newest
        waiting = db.scalar(select(func.count()).where(OutboxEntry.dispatched_at.is_(None)))
    assert rows
    assert waiting == 0
