"""The shuffler checks on a real Redis with a real RQ worker: a dealt
deck's cards changed by hand raise one warning however often its job
runs; decks, ended days and dealt decks whose jobs Redis lost are found
by the sweep and checked (a fixed joker's day flagged)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from service.config.redis_server import connect
from service.jobs.queues import JobKind, status_of
from service.ops.undone import undone
from service.store.models import Alert, DeckChangeCheck, DeckPositionCount, PositionTestRow
from tests.api.decks_support import enter
from tests.protection.test_shuffler_checks import OPENS, add_decks, count, day_id, joker_first
from tests.support.app import databases, sign_in
from tests.support.background import run_burst
from tests.support.decks import dealing, deck_body, expose, post_deck
from tests.support.rounds_data import DEALER, round_body
from workers.outbox import dispatch
from workers.queues import enqueue
from workers.sweep import reconcile

pytestmark = pytest.mark.store


@pytest.fixture
def app(app_with_par_sheet):
    return app_with_par_sheet


def alerts(app) -> list[tuple[str, str, str | None]]:
    with databases(app)() as db:
        return [(row.kind, row.figure, row.device_id) for row in db.scalars(select(Alert).order_by(Alert.id))]


def rows(app, model) -> int:
    with databases(app)() as db:
        return int(db.scalar(select(func.count()).select_from(model)) or 0)


def dealt_with_changes(client, table) -> int:
    """A deck dealt with the dealer's last card keyed as an undealt one."""
    cards = dealing()
    fed = post_deck(client, sign_in(client, "device"), table["id"], deck_body(cards, sequence=30)).json
    dealer = sign_in(client, "dealer")
    expose(client, dealer, table["id"], fed["id"])
    undealt = next(card for card in cards[49:] if card[0] == "3")
    body = round_body("r1", dealer=[*DEALER[:6], undealt], deck_id=fed["id"])
    assert enter(client, dealer, table["id"], body, "r1").status_code == 201
    return int(fed["id"])


def test_cards_changed_by_hand_raise_one_warning_however_often_the_job_runs(
    app, client, redis_settings, table
):
    feed = dealt_with_changes(client, table)
    run_burst(redis_settings)
    assert alerts(app) == [("cards_changed", "1", "shoe-7")]
    assert rows(app, DeckPositionCount) == 1  # the deck's positions counted too
    enqueue(connect(redis_settings.redis), JobKind.CARDS_CHANGED, feed)  # the sweep, or a retry
    run_burst(redis_settings)
    assert alerts(app) == [("cards_changed", "1", "shoe-7")]
    shown = client.get("/api/v1/devices", headers=sign_in(client, "pit_boss")).json
    assert shown["devices"][0]["day"]["cards_changed"] == 1


def test_the_sweep_sends_the_lost_checks_again(app, client, redis_settings, table):
    feed = dealt_with_changes(client, table)
    rng = random.Random(9)
    joker_days = add_decks(app, table["id"], [joker_first(rng) for _ in range(40)], OPENS)
    count(app, joker_days[:30])  # ten decks' jobs lost, and the day's test never queued
    connection = connect(redis_settings.redis)
    while dispatch(databases(app), connection):
        pass
    connection.flushall()  # Redis lost the jobs after the outbox sent them
    with databases(app)() as db:
        found = undone(db, redis_settings.instance)
    assert found.uncounted_decks == [feed, *joker_days[30:]]
    assert found.unchecked_changes == [feed]
    assert found.untested_days == [day_id(app)]
    admin = sign_in(client, "admin")
    assert client.get("/api/v1/ops/jobs", headers=admin).json["undone"]["shuffler_checks"] == 13
    assert reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0)) >= 13
    assert status_of(connection, JobKind.POSITIONS_TEST, day_id(app)) == "queued"
    assert status_of(connection, JobKind.CARDS_CHANGED, feed) == "queued"
    run_burst(redis_settings)
    with databases(app)() as db:
        found = undone(db, redis_settings.instance)
        test = db.get_one(PositionTestRow, day_id(app))
    assert (found.uncounted_decks, found.unchecked_changes, found.untested_days) == ([], [], [])
    assert test.day_decks == 40  # the lost decks counted before the test
    assert client.get("/api/v1/ops/jobs", headers=admin).json["undone"]["shuffler_checks"] == 0
    assert rows(app, DeckChangeCheck) == 1
    assert sorted(alerts(app)) == [
        ("cards_changed", "1", "shoe-7"),
        ("shuffler_positions", test.day_p, "shoe-7"),
        ("shuffler_positions", test.window_p, "shoe-7"),
    ]


def test_a_shuffler_that_leaves_the_joker_first_is_flagged_once_its_day_ends(
    app, client, redis_settings, table
):
    # A day of decks posted through the API (by the app's clock), the
    # joker always first, then the shoe's first deck of the next day: the
    # workers count them and flag the day and the 30 days. (The workers'
    # own clock is the wall's, past both days' ends: a burst's sweep sends
    # the tests of both, each once; the second day's one deck is too few
    # for a test of its own, but its 30 days hold the first day's decks.)
    rng = random.Random(6)
    app.extensions["breakpoker"]["clock"] = lambda: OPENS + timedelta(hours=4)
    device = sign_in(client, "device")
    for sequence in range(1, 41):
        body = deck_body(joker_first(rng), sequence=sequence, device_id="shoe-J")
        assert post_deck(client, device, table["id"], body).status_code == 201
    app.extensions["breakpoker"]["clock"] = lambda: OPENS + timedelta(days=1, hours=1)
    device = sign_in(client, "device")
    body = deck_body(joker_first(rng), sequence=41, device_id="shoe-J")
    assert post_deck(client, device, table["id"], body).status_code == 201
    run_burst(redis_settings)  # counts the decks; the next day's queues the day's test
    run_burst(redis_settings)  # the test, if it waited
    assert (rows(app, DeckPositionCount), rows(app, PositionTestRow)) == (41, 2)
    shown = client.get("/api/v1/alerts", headers=sign_in(client, "pit_boss")).json
    assert {(alert["kind"], alert["device_id"], alert["threshold"]) for alert in shown} == {
        ("shuffler_positions", "shoe-J", "0.05")
    }
    assert sorted(alert["summary"].split(": chi-square")[0].split(" over ")[1] for alert in shown) == [
        "40 decks of gaming day 2026-11-02",
        "40 decks of the 30 days to 2026-11-02",
        "41 decks of the 30 days to 2026-11-03",
    ]
