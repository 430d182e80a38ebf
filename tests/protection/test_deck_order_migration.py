"""Migration 0037 on a database with decks: each deck received before it
gets its order's digest as the service writes it, unchecked, so that the
sweep checks the decks of before the upgrade too; down and up again."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import select

from service.protection.repeated_decks import unchecked_decks
from service.store.db import database_factory, make_engine
from service.store.migrate import alembic_config, upgrade
from service.store.models import DeckOrder
from service.tables.decks import order_hash
from tests.support.decks import deck_body, post_deck, shuffled

pytestmark = pytest.mark.store


def test_the_decks_received_before_get_their_digests(app, client, as_role, table, settings):
    cards = shuffled(21)
    first = post_deck(client, as_role["device"], table["id"], deck_body(cards, sequence=1)).json["id"]
    other = post_deck(client, as_role["device"], table["id"], deck_body(shuffled(22), sequence=2)).json["id"]
    app.extensions["breakpoker"]["engine"].dispose()
    config = alembic_config(settings.database)
    # Whatever 0037 follows once the lead re-chains it.
    command.downgrade(config, str(ScriptDirectory.from_config(config).get_revision("0037").down_revision))
    upgrade(settings.database)
    engine = make_engine(settings.database)
    try:
        with database_factory(engine)() as db:
            digests = {row.feed_id: row.order_hash for row in db.scalars(select(DeckOrder))}
            assert digests == {first: order_hash(cards), other: order_hash(shuffled(22))}
            assert unchecked_decks(db) == [first, other]
    finally:
        engine.dispose()
