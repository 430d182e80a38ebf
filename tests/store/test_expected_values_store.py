"""Migration 0013 on every database: the expected-value tables match the
models, go down and up again with the rows of a valued round, and refuse
any change to a stored value (they are written once, like the rounds)."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import func, select, text

from service.rounds.expected_values import expect_round
from service.store.db import make_engine
from service.store.migrate import alembic_config, upgrade
from service.store.models import RoundExpectedValue, SeatExpectedValue
from service.store.work import unit_of_work
from tests.store import test_migrations
from tests.store.test_migrations import refused
from tests.support.app import databases
from tests.support.rounds_data import SEATS
from tests.support.valued_rounds import app_with_rounds

pytestmark = pytest.mark.store

TABLES = ("seat_expected_values", "round_expected_values")


def counts(engine):
    with engine.connect() as connection:
        return [
            connection.scalar(select(func.count()).select_from(model))
            for model in (SeatExpectedValue, RoundExpectedValue)
        ]


def test_the_values_are_written_once_and_survive_a_step_down(settings):
    users, app, [round_id] = app_with_rounds(settings, 1)
    with unit_of_work(databases(app)) as db:
        assert expect_round(db, round_id, settings.instance)
    next(users, None)  # disposes of the app's engine
    engine = make_engine(settings.database)
    try:
        assert counts(engine) == [len(SEATS), 1]
        for table_name in TABLES:
            assert refused(engine, f"UPDATE {table_name} SET computed_at = computed_at")
            assert refused(engine, f"DELETE FROM {table_name}")
        assert refused(engine, "UPDATE seat_expected_values SET main_played = 0")
        if engine.dialect.name == "postgresql":
            assert refused(engine, "TRUNCATE seat_expected_values")
        else:
            # A REPLACE deletes the row it matches: refused too.
            assert refused(
                engine,
                "INSERT OR REPLACE INTO round_expected_values SELECT * FROM round_expected_values",
            )
        assert counts(engine) == [len(SEATS), 1]
    finally:
        engine.dispose()
    config = alembic_config(settings.database)
    command.downgrade(config, "0012")
    engine = make_engine(settings.database)
    try:
        with engine.connect() as connection:
            for table_name in TABLES:
                assert refused(engine, f"SELECT 1 FROM {table_name}")  # gone
            assert connection.scalar(text("SELECT count(*) FROM rounds")) == 1  # the rounds stay
    finally:
        engine.dispose()
    upgrade(settings.database)
    test_migrations.test_migrated_schema_matches_the_models(settings)
