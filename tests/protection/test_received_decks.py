"""A received deck's job (``deck_received``): its order checked and its
positions counted in one transaction, each once, whichever was done
before (by the two jobs it replaced, whose rows may still run): a repeat
raises its alert and counts against the day the deck is counted into."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from service.protection.device_days import CARD_ROWS, count_deck, uncounted_decks
from service.protection.received_decks import check_received_deck
from service.protection.repeated_decks import check_deck_order, unchecked_decks
from service.store.db import utc_now
from service.store.models import Alert, DeckFeed, DeckOrder, DeckOrderCheck, DeckPositionCount, DeviceDay
from service.store.work import unit_of_work
from service.tables.decks import order_hash
from tests.protection.test_shuffler_checks import OPENS, add_decks, fair
from tests.support.app import databases

pytestmark = pytest.mark.store


def _with_orders(app, feeds: list[int]) -> None:
    """The orders' digests as the feed writes them with each deck."""
    with unit_of_work(databases(app)) as db:
        for feed_id in feeds:
            deck = db.get_one(DeckFeed, feed_id)
            db.add(
                DeckOrder(feed_id=feed_id, order_hash=order_hash(deck.cards), received_at=deck.received_at)
            )


def _run(app, job, feed_ids: list[int]) -> list[int]:
    with unit_of_work(databases(app)) as db:
        return [int(job(db, feed_id, utc_now())) for feed_id in feed_ids]


def _state(app) -> tuple[object, ...]:
    with databases(app)() as db:
        day = db.scalars(select(DeviceDay)).one()
        markers = (
            sorted(db.scalars(select(DeckOrderCheck.feed_id))),
            sorted(db.scalars(select(DeckPositionCount.feed_id))),
        )
        alerts = db.scalar(select(func.count()).select_from(Alert))
        return day.decks, day.repeated_orders, day.positions, markers, alerts


def test_one_job_checks_and_counts_each_deck_once_whatever_was_done_before(app, table):
    rng = random.Random(3)
    decks = [fair(rng) for _ in range(6)]
    decks[5] = list(decks[1])  # a repeat of the second deck's order
    feeds = add_decks(app, table["id"], decks, OPENS + timedelta(hours=2))
    _with_orders(app, feeds)
    assert _run(app, check_deck_order, feeds[2:3]) == [0]  # its order checked by the old job
    assert _run(app, count_deck, feeds[3:4]) == [1]  # its positions counted by the old job
    # the repeat's alert, raised by the first of its order's checks to run
    assert _run(app, check_received_deck, feeds) == [0, 1, 0, 0, 0, 0]
    decks_counted, repeated, positions, markers, alerts = _state(app)
    assert (decks_counted, repeated, alerts) == (6, 1, 1)
    assert markers == (feeds, feeds)
    expected = [[0] * 53 for _ in range(53)]
    for deck in decks:
        for position, code in enumerate(deck):
            expected[CARD_ROWS[code]][position] += 1
    assert positions == expected  # each deck once, the old jobs' included
    with databases(app)() as db:
        assert (unchecked_decks(db), uncounted_decks(db)) == ([], [])
    # run again (a retry, the sweep, an old job's row): nothing more
    assert _run(app, check_received_deck, feeds) == [0] * 6
    assert _run(app, check_deck_order, feeds[:1]) == [0]
    assert _run(app, count_deck, feeds[:1]) == [0]
    assert _state(app) == (decks_counted, repeated, positions, markers, alerts)


def test_a_deck_unknown_is_an_error(app):
    with pytest.raises(LookupError, match="no deck 999"):
        _run(app, check_received_deck, [999])


def test_a_deck_without_a_digest_is_counted(app, table):
    """Only a deck's digest makes its order's check work (the sweep finds
    the digests unchecked): a deck stored without one is counted."""
    [feed] = add_decks(app, table["id"], [fair(random.Random(5))], OPENS + timedelta(hours=1))
    assert _run(app, check_received_deck, [feed]) == [0]
    with databases(app)() as db:
        assert list(db.scalars(select(DeckPositionCount.feed_id))) == [feed]
        assert list(db.scalars(select(DeckOrderCheck.feed_id))) == []
        assert unchecked_decks(db) == []
