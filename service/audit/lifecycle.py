"""Service start and stop on the significant-event log: the API server, each
RQ worker and the dispatcher record when they start and when they stop, so
the record shows every period the system was (or was not) running.

Recording is best effort: a service whose database is down or busy still
starts (its readiness check reports the database), and the failure is
logged.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.config.version import software_version
from service.store.db import Db, database_factory, make_engine
from service.store.work import unit_of_work

WAIT_MILLISECONDS = 3_000
log = logging.getLogger(__name__)


def service_event(database_url: str, kind: EventKind, component: str, **details: Any) -> bool:
    """Record ``kind`` for this process; whether it was recorded."""
    payload = {
        "component": component,
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "version": software_version(),
        **details,
    }
    # Its own short-lived engine: the caller may fork next (gunicorn, RQ),
    # and a pooled connection must not cross a fork.
    engine = make_engine(database_url)
    try:
        with unit_of_work(database_factory(engine)) as db:
            _wait_briefly(db)
            record_event(db, kind, f"service:{component}", payload)
        return True
    except SQLAlchemyError:
        log.exception("could not record %s of the %s", kind, component)
        return False
    finally:
        engine.dispose()


def _wait_briefly(db: Db) -> None:
    """Wait a few seconds at most for a busy database (another writer, the
    event-order lock), not the usual half minute: a service's start must not
    hang on its own record."""
    if db.get_bind().dialect.name == "postgresql":
        db.execute(text(f"SET LOCAL lock_timeout = {WAIT_MILLISECONDS}"))
    else:
        db.execute(text(f"PRAGMA busy_timeout = {WAIT_MILLISECONDS}"))


@contextmanager
def running(database_url: str, component: str, **details: Any) -> Iterator[None]:
    """Record the start, run the block, record the stop (and why it stopped)."""
    service_event(database_url, EventKind.SERVICE_STARTED, component, **details)
    reason = "stopped"
    try:
        yield
    except BaseException as error:
        reason = type(error).__name__  # KeyboardInterrupt, SystemExit, a crash
        raise
    finally:
        service_event(database_url, EventKind.SERVICE_STOPPED, component, reason=reason, **details)
