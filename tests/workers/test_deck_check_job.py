"""The repeated deck check on a real Redis with a real RQ worker: a deck
order posted again through the API (a new sequence, any device) raises
exactly one critical alert, however often the job runs; a replay (the
same device, sequence and cards) stores no new deck and raises none; a
check lost with Redis is found by the sweep and run again; the jobs a
deck had before its one job still run."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from service.config.redis_server import connect
from service.jobs.queues import JobKind, status_of
from service.ops.undone import undone
from service.store.models import Alert, DeckOrderCheck, DeckPositionCount
from tests.support.app import databases, sign_in
from tests.support.background import run_burst
from tests.support.decks import deck_body, post_deck, shuffled
from workers.outbox import dispatch
from workers.queues import enqueue
from workers.sweep import reconcile

pytestmark = pytest.mark.store


@pytest.fixture
def app(app_with_par_sheet):
    return app_with_par_sheet


def alerts(app) -> list[tuple[str, str, list[int]]]:
    with databases(app)() as db:
        return [(row.kind, row.severity, row.decks) for row in db.scalars(select(Alert).order_by(Alert.id))]


def test_a_repeated_order_raises_one_alert_and_a_replay_none(app, client, redis_settings, table):
    device = sign_in(client, "device")
    cards = shuffled(11)
    first = post_deck(client, device, table["id"], deck_body(cards, sequence=1))
    assert first.status_code == 201, first.json
    assert post_deck(client, device, table["id"], deck_body(cards, sequence=1)).status_code == 200  # replay
    run_burst(redis_settings)
    assert alerts(app) == []  # a replay is no new deck
    later = post_deck(client, device, table["id"], deck_body(cards, sequence=2, device_id="shoe-9"))
    assert later.status_code == 201, later.json
    run_burst(redis_settings)
    expected = [("repeated_deck", "critical", [first.json["id"], later.json["id"]])]
    assert alerts(app) == expected
    assert (
        post_deck(client, device, table["id"], deck_body(cards, sequence=2, device_id="shoe-9")).status_code
        == 200
    )
    run_burst(redis_settings)
    assert alerts(app) == expected
    shown = client.get("/api/v1/alerts?state=open", headers=sign_in(client, "pit_boss")).json
    assert [alert["decks"] for alert in shown] == [expected[0][2]]


def test_the_sweep_sends_a_lost_check_again(app, client, redis_settings, table):
    device = sign_in(client, "device")
    cards = shuffled(12)
    post_deck(client, device, table["id"], deck_body(cards, sequence=1))
    later = post_deck(client, device, table["id"], deck_body(cards, sequence=2)).json["id"]
    connection = connect(redis_settings.redis)
    while dispatch(databases(app), connection):
        pass
    connection.flushall()  # Redis lost the jobs after the outbox sent them
    with databases(app)() as db:
        assert undone(db, redis_settings.instance).unchecked_decks == [later - 1, later]
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    assert status["undone"]["unchecked_decks"] == 2
    assert reconcile(databases(app), connection, redis_settings.instance, grace=timedelta(0)) >= 2
    assert status_of(connection, JobKind.DECK_RECEIVED, later) == "queued"
    run_burst(redis_settings)
    with databases(app)() as db:
        assert db.scalar(select(func.count()).select_from(DeckOrderCheck)) == 2
        assert undone(db, redis_settings.instance).unchecked_decks == []
    assert len(alerts(app)) == 1
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    assert status["undone"]["unchecked_decks"] == 0


def test_the_two_jobs_a_deck_had_before_still_run(app, client, redis_settings, table):
    """Rows of the kinds queued before ``deck_received`` (its order's
    check, its positions' count) may wait in Redis across an upgrade:
    they run and do their part, and the new job after them nothing more."""
    device = sign_in(client, "device")
    cards = shuffled(14)
    post_deck(client, device, table["id"], deck_body(cards, sequence=1))
    later = post_deck(client, device, table["id"], deck_body(cards, sequence=2)).json["id"]
    connection = connect(redis_settings.redis)
    while dispatch(databases(app), connection):
        pass
    connection.flushall()  # the new jobs lost; the old ones queued instead
    for feed_id in (later - 1, later):
        enqueue(connection, JobKind.DECK_CHECK, feed_id)
        enqueue(connection, JobKind.DECK_POSITIONS, feed_id)
    run_burst(redis_settings)
    with databases(app)() as db:
        assert db.scalar(select(func.count()).select_from(DeckOrderCheck)) == 2
        assert db.scalar(select(func.count()).select_from(DeckPositionCount)) == 2
        found = undone(db, redis_settings.instance)
        assert (found.unchecked_decks, found.uncounted_decks) == ([], [])
    assert len(alerts(app)) == 1
    enqueue(connection, JobKind.DECK_RECEIVED, later)
    run_burst(redis_settings)
    assert len(alerts(app)) == 1
    with databases(app)() as db:
        assert db.scalar(select(func.count()).select_from(DeckPositionCount)) == 2
