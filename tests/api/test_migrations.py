"""The migrations build exactly the schema the models describe, on every
database, and can be undone."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from service.db import Base, make_engine
from service.migrate import alembic_config

pytestmark = pytest.mark.store


def test_migrated_schema_matches_the_models(settings):
    engine = make_engine(settings.database)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []


def test_migrations_go_down_and_up_again(settings):
    config = alembic_config(settings.database)
    command.downgrade(config, "base")
    command.upgrade(config, "head")
    test_migrated_schema_matches_the_models(settings)
