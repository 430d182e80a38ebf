"""Migration 0017 on every database: a table made before it is in USD with
2 decimals once it runs, a step back is refused while a table is kept in
another currency (the older schema would read its amounts as USD), and
the schema matches the models."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import text

from service.store.db import make_engine
from service.store.migrate import alembic_config, head_revision, upgrade
from tests.store import test_migrations
from tests.support.app import app_with_users, sign_in

pytestmark = pytest.mark.store
OLDER = (
    "INSERT INTO game_tables (name, game, status, timezone, shift_starts, created_at) "
    "VALUES ('BP-OLDER', 'break_poker', 'closed', 'UTC', '[\"06:00\"]', '2026-01-01 00:00:00+00:00')"
)

# The revision before the currencies (0017).
BEFORE = ScriptDirectory.from_config(alembic_config("sqlite://")).get_revision("0017").down_revision


def run(url: str, statement: str) -> list[tuple[object, ...]]:
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            found = connection.execute(text(statement))
            return sorted(tuple(row) for row in found) if found.returns_rows else []
    finally:
        engine.dispose()


def test_a_table_made_before_is_in_usd_and_no_step_back_loses_a_currency(settings):
    users = app_with_users(settings)
    client = next(users).test_client()
    admin = sign_in(client, "admin")
    usd = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    command.downgrade(alembic_config(settings.database), BEFORE)  # USD only: nothing to lose
    run(settings.database, OLDER)  # a table of the older schema
    upgrade(settings.database)
    rows = run(
        settings.database,
        "SELECT t.name, c.code, c.minor_unit FROM table_currencies c JOIN game_tables t ON t.id = c.table_id",
    )
    assert rows == [("BP-1", "USD", 2), ("BP-OLDER", "USD", 2)]  # as the pages always read them
    assert usd["currency"] == {"code": "USD", "minor_unit": 2}

    client.post("/api/v1/tables", json={"name": "BP-JP", "currency": "JPY"}, headers=admin)
    with pytest.raises(RuntimeError, match="tables are kept in JPY"):
        command.downgrade(alembic_config(settings.database), BEFORE)
    assert run(settings.database, "SELECT version_num FROM alembic_version") == [(head_revision(),)]
    assert ("JPY", 0) in run(settings.database, "SELECT code, minor_unit FROM table_currencies")
    next(users, None)  # disposes of the app's engine
    test_migrations.test_migrated_schema_matches_the_models(settings)
