"""The unit of work of a ``breakpoker`` command that changes records."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click

from service.config.settings import Settings
from service.errors import ServiceError
from service.store.db import Db, database_factory, make_engine
from service.store.work import unit_of_work


@contextmanager
def changing_records() -> Iterator[Db]:
    """A unit of work on the configured database: committed when the block
    ends, nothing of it on any failure. A refusal of the service (a bad
    name, a short password) becomes a usage error (exit 2) with its message."""
    engine = make_engine(Settings.from_environment().database)
    try:
        with unit_of_work(database_factory(engine)) as db:
            yield db
    except ServiceError as error:
        raise click.UsageError(error.message) from None
    finally:
        engine.dispose()
