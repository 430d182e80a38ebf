"""The database session of a ``breakpoker`` command that changes records."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click
from sqlalchemy.orm import Session

from service.config.settings import Settings
from service.errors import ServiceError
from service.store.db import make_engine, session_factory
from service.store.work import unit_of_work


@contextmanager
def changing_records() -> Iterator[Session]:
    """A unit of work on the configured database: committed when the block
    ends, nothing of it on any failure. A refusal of the service (a bad
    name, a short password) becomes a usage error (exit 2) with its message."""
    engine = make_engine(Settings.from_environment().database)
    try:
        with unit_of_work(session_factory(engine)) as session:
            yield session
    except ServiceError as error:
        raise click.UsageError(error.message) from None
    finally:
        engine.dispose()
