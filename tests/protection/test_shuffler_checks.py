"""The shuffler checks called as the jobs would, without Redis: each deck
counted once into its device's gaming day; an ended day's chi-square of
card positions (and of the 30 days to it) once, queued by the device's
first deck of a later day; a fixed joker flagged, a fair shuffler not; a
day's lost decks counted by its test; the cards changed by hand after a
feed one warning a deck; what the sweep finds undone."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import select

from service.engine.cards import DECK, codes
from service.jobs.queues import JobKind
from service.ops.undone import undone
from service.protection.cards_changed import check_changed_cards, unchecked_changes
from service.protection.device_days import CARD_ROWS, count_deck, uncounted_decks, untested_days
from service.protection.shuffler_positions import check_positions
from service.store.db import utc_now
from service.store.models import Alert, DeckFeed, DeviceDay, OutboxEntry, PositionTestRow
from service.store.work import unit_of_work
from tests.api.decks_support import enter
from tests.support.app import databases, user_id
from tests.support.append_only import never_replaced, never_updated_or_deleted
from tests.support.decks import dealing, deck_body, expose, post_deck
from tests.support.rounds_data import DEALER, round_body

pytestmark = pytest.mark.store

DAY = date(2026, 11, 2)
OPENS = datetime(2026, 11, 2, 6, tzinfo=UTC)  # the default schedule's gaming day, in UTC


def fair(rng: random.Random) -> list[str]:
    cards = codes(DECK)
    rng.shuffle(cards)
    return cards


def joker_first(rng: random.Random) -> list[str]:
    cards = [card for card in fair(rng) if card != "JK"]
    return ["JK", *cards]


def add_decks(app, table_id: int, decks: list[list[str]], at: datetime, device: str = "shoe-7") -> list[int]:
    """Decks as the feed stores them, received a minute apart from ``at``."""
    dealer = user_id(app, "dealer")
    with unit_of_work(databases(app)) as db:
        taken = db.scalars(select(DeckFeed.sequence).where(DeckFeed.device_id == device)).all()
        start = max(taken, default=0) + 1
        feeds = [
            DeckFeed(
                table_id=table_id,
                device_id=device,
                sequence=start + index,
                cards=cards,
                deal_order={},
                hands={},
                posted_by=dealer,
                received_at=at + timedelta(minutes=index),
            )
            for index, cards in enumerate(decks)
        ]
        db.add_all(feeds)
        db.flush()
        return [feed.id for feed in feeds]


def count(app, feed_ids: list[int]) -> list[bool]:
    with unit_of_work(databases(app)) as db:
        return [count_deck(db, feed_id, utc_now()) for feed_id in feed_ids]


def day_id(app, device: str = "shoe-7", gaming_day: date = DAY) -> int:
    with databases(app)() as db:
        found = db.scalar(
            select(DeviceDay.id).where(DeviceDay.device_id == device, DeviceDay.gaming_day == gaming_day)
        )
    assert found is not None
    return found


def test_a_fixed_joker_is_flagged_for_its_day_once_the_day_has_ended(app, table):
    rng = random.Random(1)
    feeds = add_decks(app, table["id"], [joker_first(rng) for _ in range(60)], OPENS + timedelta(hours=2))
    assert count(app, feeds) == [True] * 60
    assert count(app, feeds[:2]) == [False, False]  # a job run twice counts once
    tested = day_id(app)
    with databases(app)() as db:
        day = db.get_one(DeviceDay, tested)
        assert (day.decks, day.table_id, day.ends_at) == (60, table["id"], OPENS + timedelta(days=1))
        assert day.positions[CARD_ROWS["JK"]][0] == 60  # the joker first every time
        assert sum(map(sum, day.positions)) == 60 * 53
    with unit_of_work(databases(app)) as db:  # the day has not ended: no test yet
        assert check_positions(db, tested, OPENS + timedelta(hours=20)) == 0
        assert db.get(PositionTestRow, tested) is None
    # The device's first deck of the next day queues the ended day's test.
    (next_day,) = add_decks(app, table["id"], [fair(rng)], OPENS + timedelta(days=1, hours=1))
    count(app, [next_day])
    with databases(app)() as db:
        queued = db.scalars(select(OutboxEntry.ref).where(OutboxEntry.job == JobKind.POSITIONS_TEST)).all()
    assert queued == [tested]
    with unit_of_work(databases(app)) as db:
        assert check_positions(db, tested, utc_now()) == 2  # the day's and the 30 days'
    with unit_of_work(databases(app)) as db:
        assert check_positions(db, tested, utc_now()) == 0  # run twice: raised once
    with databases(app)() as db:
        alerts = db.scalars(select(Alert).order_by(Alert.id)).all()
        row = db.get_one(PositionTestRow, tested)
    assert [(alert.kind, alert.severity, alert.device_id, alert.table_id) for alert in alerts] == [
        ("shuffler_positions", "warning", "shoe-7", table["id"])
    ] * 2
    assert [alert.natural_key for alert in alerts] == [
        "shuffler_positions:shoe-7:2026-11-02:day",
        "shuffler_positions:shoe-7:2026-11-02:30days",
    ]
    # 60 decks: groups of 5 or 6 positions (10), so 52 × 9 degrees of freedom
    assert (row.day_decks, row.day_groups, row.day_df, row.day_flagged) == (60, 10, 468, True)
    assert float(row.day_p or 1) < 1e-6
    assert (alerts[0].figure, alerts[0].threshold) == (row.day_p, "0.05")
    assert "over 60 decks of gaming day 2026-11-02" in alerts[0].summary
    assert (row.window_days, row.window_decks) == (1, 60)  # the next day is after the window's end
    never_updated_or_deleted(app, "position_tests", "day_p")
    never_replaced(app, "position_tests")


def test_a_fair_shuffler_over_thirty_days_is_not_flagged(app, table):
    rng = random.Random(5)
    for offset in range(31):
        at = OPENS + timedelta(days=offset, hours=3)
        count(app, add_decks(app, table["id"], [fair(rng) for _ in range(12)], at))
    last = day_id(app, gaming_day=DAY + timedelta(days=29))
    with unit_of_work(databases(app)) as db:
        assert untested_days(db, utc_now()) == sorted(untested_days(db, utc_now()))
        assert len(untested_days(db, utc_now())) == 31
        assert check_positions(db, last, utc_now()) == 0
    with databases(app)() as db:
        row = db.get_one(PositionTestRow, last)
    assert (row.day_decks, row.day_groups, row.day_df) == (12, 2, 52)
    assert (row.window_days, row.window_decks, row.window_groups) == (30, 360, 53)
    assert (row.window_df, row.window_flagged, row.day_flagged) == (52 * 52, False, False)
    assert float(row.window_p or 0) >= 0.05


def test_too_few_decks_is_no_test_and_a_lost_deck_is_counted_by_its_days_test(app, table):
    rng = random.Random(2)
    feeds = add_decks(app, table["id"], [fair(rng) for _ in range(10)], OPENS)
    count(app, feeds[:9])  # the tenth deck's job was lost
    with databases(app)() as db:
        assert uncounted_decks(db) == [feeds[9]]
    with unit_of_work(databases(app)) as db:
        assert check_positions(db, day_id(app), utc_now()) == 0
    with databases(app)() as db:
        row = db.get_one(PositionTestRow, day_id(app))
        assert uncounted_decks(db) == []
    assert (row.day_decks, row.day_groups, row.day_df, row.day_p, row.day_flagged) == (
        10,
        1,
        None,
        None,
        False,
    )


def test_the_sweep_finds_uncounted_decks_untested_days_and_unchecked_changes(
    app, client, as_role, table, settings
):
    rng = random.Random(3)
    feeds = add_decks(app, table["id"], [fair(rng) for _ in range(3)], OPENS)
    fed = post_deck(client, as_role["device"], table["id"], deck_body(dealing(), sequence=900)).json
    expose(client, as_role["dealer"], table["id"], fed["id"])
    assert (
        enter(client, as_role["dealer"], table["id"], round_body("r1", deck_id=fed["id"]), "r1").status_code
        == 201
    )
    with databases(app)() as db:
        found = undone(db, settings.instance)
    assert found.uncounted_decks == [*feeds, fed["id"]]
    assert found.unchecked_changes == [fed["id"]]
    assert found.untested_days == []  # no day counted yet
    count(app, [*feeds, fed["id"]])
    with databases(app)() as db:
        assert untested_days(db, utc_now()) == [day_id(app)]  # the ended day; today's is not
        assert uncounted_decks(db) == []
    with unit_of_work(databases(app)) as db:
        assert check_changed_cards(db, fed["id"], utc_now()) == 0  # nothing changed by hand
    with databases(app)() as db:
        assert unchecked_changes(db) == []
        assert db.scalars(select(Alert)).all() == []


def test_cards_changed_by_hand_are_one_warning_a_deck(app, client, as_role, table):
    cards = dealing()
    fed = post_deck(client, as_role["device"], table["id"], deck_body(cards, sequence=20)).json
    expose(client, as_role["dealer"], table["id"], fed["id"])
    undealt = [card for card in cards[49:] if card[0] in "34"][:2]
    body = round_body("r1", dealer=[*DEALER[:5], *undealt], deck_id=fed["id"])
    entered = enter(client, as_role["dealer"], table["id"], body, "r1")
    assert entered.status_code == 201, entered.json
    with databases(app)() as db:
        assert db.scalars(select(OutboxEntry.ref).where(OutboxEntry.job == JobKind.CARDS_CHANGED)).all() == [
            fed["id"]
        ]
    with unit_of_work(databases(app)) as db:
        assert check_changed_cards(db, fed["id"], utc_now()) == 1
    with unit_of_work(databases(app)) as db:
        assert check_changed_cards(db, fed["id"], utc_now()) == 0  # run twice: raised once
    with databases(app)() as db:
        (alert,) = db.scalars(select(Alert)).all()
        day = db.scalar(select(DeviceDay).where(DeviceDay.device_id == "shoe-7"))
    assert (alert.kind, alert.severity, alert.natural_key) == (
        "cards_changed",
        "warning",
        f"cards_changed:deck:{fed['id']}",
    )
    assert (alert.table_id, alert.dealer_id, alert.device_id) == (
        table["id"],
        user_id(app, "dealer"),
        "shoe-7",
    )
    assert (alert.figure, alert.threshold, alert.decks, alert.rounds) == (
        "2",
        "0",
        [fed["id"]],
        [entered.json["id"]],
    )
    assert "the dealer dealer changed 2 cards by hand in round" in alert.summary
    assert day is not None
    assert (day.changed_decks, day.cards_changed) == (1, 2)
    never_updated_or_deleted(app, "deck_change_checks", "cards_changed")
