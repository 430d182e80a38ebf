"""A device day's card × position counts packed (migration 0042): the
same counts read as 53 lists of 53 whatever the layout; the days counted
before the upgrade keep their counts, and a downgrade gives them back as
JSON; a count beyond 32 bits is refused, never wrapped."""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest
from alembic import command
from sqlalchemy import select, text

from service.protection.device_days import CARD_ROWS
from service.store.db import database_factory, make_engine
from service.store.migrate import alembic_config, upgrade
from service.store.models import DeviceDay
from service.store.position_counts import SIDE, counts_array, pack_rows, packed, unpack_rows
from tests.protection.test_shuffler_checks import OPENS, add_decks, count, day_id, fair, joker_first
from tests.support.app import databases


def test_counts_packed_and_read_back_are_the_same():
    rng = random.Random(42)
    rows = [[rng.choice((0, 1, 65_535, 65_536, 2**32 - 1)) for _ in range(SIDE)] for _ in range(SIDE)]
    stored = pack_rows(rows)
    assert len(stored) == SIDE * SIDE * 4
    assert unpack_rows(stored) == rows
    assert packed(counts_array(stored)) == stored
    assert stored[:4] == rows[0][0].to_bytes(4, "little")  # little-endian, card by card
    assert stored[4 * SIDE : 4 * SIDE + 4] == rows[1][0].to_bytes(4, "little")
    with pytest.raises(OverflowError):
        pack_rows([[2**32] * SIDE] * SIDE)
    with pytest.raises(ValueError, match="53 rows of 53"):
        pack_rows([[0] * SIDE] * (SIDE - 1))
    with pytest.raises(ValueError, match="2808 position counts"):
        counts_array(stored[:-4])


@pytest.mark.store
def test_the_days_counted_before_keep_their_counts_down_and_up(app, table, settings):
    rng = random.Random(7)
    decks = [joker_first(rng) if number % 3 else fair(rng) for number in range(40)]
    feeds = add_decks(app, table["id"], decks, OPENS + timedelta(hours=2))
    assert count(app, feeds[:30]) == [True] * 30
    counted = day_id(app)
    with databases(app)() as db:
        before = db.get_one(DeviceDay, counted).positions
    assert sum(map(sum, before)) == 30 * SIDE
    app.extensions["breakpoker"]["engine"].dispose()
    config = alembic_config(settings.database)
    command.downgrade(config, "0041")
    engine = make_engine(settings.database)
    try:
        with engine.connect() as connection:
            stored = connection.execute(text("SELECT positions FROM device_days")).scalar_one()
        assert (json.loads(stored) if isinstance(stored, str) else stored) == before
    finally:
        engine.dispose()
    upgrade(settings.database)
    engine = make_engine(settings.database)
    try:
        with database_factory(engine)() as db:
            assert db.scalars(select(DeviceDay.positions)).one() == before
    finally:
        engine.dispose()
    # counted on from where they were
    assert count(app, feeds[30:]) == [True] * 10
    with databases(app)() as db:
        after = db.get_one(DeviceDay, counted).positions
    expected = [[0] * SIDE for _ in range(SIDE)]
    for deck in decks:
        for position, code in enumerate(deck):
            expected[CARD_ROWS[code]][position] += 1
    assert after == expected
    assert after[CARD_ROWS["JK"]][0] >= 26  # the fixed joker's decks
