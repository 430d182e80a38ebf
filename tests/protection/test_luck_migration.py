"""Migration 0038 on a database with rounds and casino settings: the
versions saved before keep the rule book's threshold (4), the settings
stay append-only down and up again, and the rounds valued before the
upgrade are work the sweep finds (their luck is added by the job)."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import text

from service.protection.luck_sums import rounds_without_luck
from service.store.db import database_factory, make_engine
from service.store.migrate import alembic_config, upgrade
from tests.store.test_migrations import refused
from tests.support.app import edit
from tests.support.card_spread import store_spread
from tests.support.luck import run_job
from tests.support.rated_figures import ready_for_values, value
from tests.support.rounds_data import enter

pytestmark = pytest.mark.store


def test_settings_saved_before_keep_four_and_rounds_before_are_found(app, client, as_role, table, settings):
    ready_for_values(settings)
    store_spread(settings.instance)
    saved = edit(
        client, "/api/v1/casino-settings", json={"comp_rate_basis_points": 1500}, headers=as_role["admin"]
    )
    assert saved.status_code == 200, saved.json
    round_id = enter(client, as_role["dealer"], table, "r1")["id"]
    value(app, settings, round_id)
    app.extensions["breakpoker"]["engine"].dispose()
    config = alembic_config(settings.database)
    # Whatever 0038 follows once the lead re-chains it.
    command.downgrade(config, str(ScriptDirectory.from_config(config).get_revision("0038").down_revision))
    engine = make_engine(settings.database)
    try:
        assert refused(engine, "UPDATE casino_settings SET comp_rate_basis_points = 1")  # still guarded
        upgrade(settings.database)
        with engine.connect() as connection:
            kept = connection.execute(
                text("SELECT comp_rate_basis_points, luck_threshold_hundredths FROM casino_settings")
            ).all()
        assert [tuple(row) for row in kept] == [(1500, 400)]
        assert refused(engine, "UPDATE casino_settings SET luck_threshold_hundredths = 100")
        assert refused(engine, "DELETE FROM casino_settings")
        with database_factory(engine)() as db:
            assert rounds_without_luck(db, settings.instance) == [round_id]
    finally:
        engine.dispose()
    assert run_job(app, settings, round_id) == (True, 0)
    engine = make_engine(settings.database)
    try:
        with database_factory(engine)() as db:
            assert rounds_without_luck(db, settings.instance) == []
    finally:
        engine.dispose()
