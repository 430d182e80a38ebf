"""The shuffler checks read a device's day, never all its decks: with
3,000 decks of the device on 30 earlier days (uncounted, as if their jobs
were lost), the decks of a new day are found by the device's decks' index
over the day's hours, and the day's test reads its 30 rows. On
PostgreSQL, in a database of its own, never analyzed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import Connection, select
from sqlalchemy.orm import Session

from service.protection.device_days import count_deck, uncounted_of_day
from service.store.db import utc_now
from service.store.models import DeviceDay
from service.store.work import unit_of_work
from tests.postgres import scratch_database
from tests.protection.test_shuffler_checks import OPENS, add_decks, fair
from tests.support.app import databases
from tests.support.pages import pages_read

pytestmark = pytest.mark.store

EARLIER = 3_000  # the device's decks before the day: reading them all is unmistakable


@pytest.fixture
def database_url() -> Iterator[str]:
    with scratch_database() as url:
        yield url


def test_a_days_uncounted_decks_are_read_by_the_index_not_all_decks(app, table):
    rng = random.Random(12)
    deck = fair(rng)  # one order for all: the rows' size is what counts here
    for day in range(30):
        add_decks(app, table["id"], [deck] * (EARLIER // 30), OPENS + timedelta(days=day, hours=1))
    today = OPENS + timedelta(days=40, hours=1)
    feeds = add_decks(app, table["id"], [fair(rng) for _ in range(3)], today)
    with unit_of_work(databases(app)) as db:
        count_deck(db, feeds[0], utc_now())
    with databases(app)() as db:
        day = db.scalars(select(DeviceDay).where(DeviceDay.gaming_day == today.date())).one()
        db.expunge(day)
    found: list[int] = []

    def uncounted(connection: Connection) -> None:
        with Session(bind=connection) as db:
            found.extend(feed.id for feed in uncounted_of_day(db, day))

    with databases(app).kw["bind"].connect() as connection:
        read = pages_read(connection, "deck_feeds", uncounted)
    assert found == feeds[1:]
    assert read < 10, read  # without the index: the device's 3,003 decks, about 150 pages
