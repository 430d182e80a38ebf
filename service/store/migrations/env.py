"""Alembic environment: the URL comes from the caller (``breakpoker db upgrade``
or the tests), the metadata from :mod:`service.store.models`."""

from __future__ import annotations

from alembic import context

from service.store import models  # noqa: F401  (registers the tables)
from service.store.db import Base
from service.store.migrate import migrating

config = context.config
target_metadata = Base.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    with migrating(config.get_main_option("sqlalchemy.url") or "") as connection:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


run()
