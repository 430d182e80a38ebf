"""Migrations 0014 and 0036 on every database: the deal orders, the deck
feeds, their exposures and the rounds' decks match the models, go down and up again with the rows of
a round dealt from a feed, and refuse any change (written once, like the
rounds)."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import func, select, text

from service.store.db import make_engine
from service.store.migrate import alembic_config, upgrade
from service.store.models import DealOrderVersion, DeckExposure, DeckFeed, RoundDeck
from tests.store import test_migrations
from tests.store.test_migrations import refused
from tests.support.app import app_with_users, sign_in
from tests.support.decks import dealing, deck_body, expose, post_deck
from tests.support.rounds_data import round_body

pytestmark = pytest.mark.store

TABLES = ("deal_orders", "deck_feeds", "round_decks", "deck_exposures")


def counts(engine):
    with engine.connect() as connection:
        return [
            connection.scalar(select(func.count()).select_from(model))
            for model in (DealOrderVersion, DeckFeed, RoundDeck, DeckExposure)
        ]


def test_the_decks_are_written_once_and_survive_a_step_down(settings):
    users = app_with_users(settings)
    app = next(users)
    client = app.test_client()
    admin, dealer, device = sign_in(client, "admin"), sign_in(client, "dealer"), sign_in(client, "device")
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    order = {"deal_order": {"first_seat": 1, "dealer_place": 6, "style": "round_robin"}}
    assert (
        client.put(f"/api/v1/tables/{table['id']}/deal-order", json=order, headers=admin).status_code == 200
    )
    order["deal_order"]["style"] = "consecutive"
    assert (
        client.put(f"/api/v1/tables/{table['id']}/deal-order", json=order, headers=admin).status_code == 200
    )
    feed = post_deck(client, device, table["id"], deck_body(dealing())).json
    assert expose(client, dealer, table["id"], feed["id"]).status_code == 201
    entered = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("r1", deck_id=feed["id"]),
        headers={**dealer, "Idempotency-Key": "r1"},
    )
    assert entered.status_code == 201, entered.json
    next(users, None)  # disposes of the app's engine
    engine = make_engine(settings.database)
    try:
        assert counts(engine) == [2, 1, 1, 1]
        for table_name in TABLES:
            assert refused(engine, f"DELETE FROM {table_name}")
        assert refused(engine, "UPDATE deck_feeds SET cards = hands")
        assert refused(engine, "UPDATE round_decks SET changed = changed")
        assert refused(engine, "UPDATE deal_orders SET style = 'round_robin'")
        assert refused(engine, "UPDATE deck_exposures SET seats = seats")
        if engine.dialect.name == "postgresql":
            assert refused(engine, "TRUNCATE deck_feeds CASCADE")
        else:
            # A REPLACE deletes the row it matches: refused too.
            assert refused(engine, "INSERT OR REPLACE INTO round_decks SELECT * FROM round_decks")
            assert refused(engine, "INSERT OR REPLACE INTO deck_feeds SELECT * FROM deck_feeds")
            assert refused(engine, "INSERT OR REPLACE INTO deck_exposures SELECT * FROM deck_exposures")
        assert counts(engine) == [2, 1, 1, 1]
    finally:
        engine.dispose()
    command.downgrade(alembic_config(settings.database), "0013")
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
