"""Migration 0040 on every database: the dealers' sessions and their
sign-outs match the models, refuse any change (written once), and go down
to 0037 and up again, the rows before them kept; the dealers' posts and
counters are derived state the app may change."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import func, select, text

from service.store.db import make_engine
from service.store.migrate import alembic_config, upgrade
from service.store.models import DealerPost, DealerSession, DealerShiftCount, DealerSignOut
from tests.store import test_migrations
from tests.store.test_migrations import refused
from tests.support.accounting import TRAY, signature
from tests.support.app import app_with_users, sign_in
from tests.support.decks import dealing, deck_body, expose, post_deck
from tests.support.rounds_data import round_body

pytestmark = pytest.mark.store

RECORDS = ("dealer_sessions", "dealer_sign_outs")
TABLES = (*RECORDS, "dealer_posts", "dealer_shift_counts")


def counts(engine):
    with engine.connect() as connection:
        return [
            connection.scalar(select(func.count()).select_from(model))
            for model in (DealerSession, DealerSignOut, DealerPost, DealerShiftCount)
        ]


def test_the_dealers_sessions_are_written_once_and_survive_a_step_down(settings):
    users = app_with_users(settings)
    app = next(users)
    client = app.test_client()
    admin, pit_boss = sign_in(client, "admin"), sign_in(client, "pit_boss")
    dealer, dealer2, device = sign_in(client, "dealer"), sign_in(client, "dealer2"), sign_in(client, "device")
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    body = {"lines": TRAY, "cosigner": signature("dealer")}
    assert (
        client.post(f"/api/v1/tables/{table['id']}/sessions", json=body, headers=pit_boss).status_code == 201
    )
    sessions = f"/api/v1/tables/{table['id']}/dealer-sessions"
    assert client.post(sessions, headers=dealer).status_code == 201
    assert client.post(sessions, headers=dealer2).status_code == 201  # a relief
    feed = post_deck(client, device, table["id"], deck_body(dealing())).json
    assert expose(client, dealer2, table["id"], feed["id"]).status_code == 201
    entered = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("r1", deck_id=feed["id"]),
        headers={**dealer2, "Idempotency-Key": "r1"},
    )
    assert entered.status_code == 201, entered.json
    next(users, None)  # disposes of the app's engine
    engine = make_engine(settings.database)
    try:
        assert counts(engine) == [2, 1, 1, 1]
        for table_name in RECORDS:
            assert refused(engine, f"DELETE FROM {table_name}")
        assert refused(engine, "UPDATE dealer_sessions SET signed_in_at = signed_in_at")
        assert refused(engine, "UPDATE dealer_sign_outs SET reason = 'sign_out'")
        if engine.dialect.name == "postgresql":
            assert refused(engine, "TRUNCATE dealer_sign_outs")
        else:
            # A REPLACE deletes the row it matches: refused too.
            assert refused(engine, "INSERT OR REPLACE INTO dealer_sign_outs SELECT * FROM dealer_sign_outs")
            assert refused(engine, "INSERT OR REPLACE INTO dealer_sessions SELECT * FROM dealer_sessions")
        assert counts(engine) == [2, 1, 1, 1]
    finally:
        engine.dispose()
    command.downgrade(alembic_config(settings.database), "0037")
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
