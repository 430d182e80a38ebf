"""The expected values of the hands dealt: the job stores, per seat of a
round, exactly what the hand calculator says under the round's own
configuration; once; a foul as the foul policy settles it; a corrected
round's new record gets its own values; a batch stores what one job a
round stores."""

from __future__ import annotations

import pytest
from sqlalchemy import select

import workers.jobs
from service.analysis.hand_advice import advise
from service.analysis.main_bet import DEALER_HANDS
from service.engine.cards import parse_cards
from service.jobs.queues import JobKind
from service.players.rated.spread import main_dealer_moment
from service.rounds.expected_values import unvalued_count
from service.rounds.seat_values import sd
from service.store.models import OutboxEntry, RoundExpectedValue, RoundRecord, SeatExpectedValue
from service.tables.tables import config_of
from tests.support.app import databases, edit, sign_in
from tests.support.rounds_data import correct, enter, round_body
from tests.workers import expected_values_support
from tests.workers.expected_values_support import check_against_advise, fouled_body, rows, run

pytestmark = pytest.mark.store
# The shared fixtures these tests take by name.
instance = expected_values_support.instance


def test_the_job_stores_the_calculators_values_once(app, client, table, instance):
    entered = enter(client, sign_in(client, "dealer"), table, "r1")
    assert rows(app, SeatExpectedValue) == []  # not on the request path
    with databases(app)() as db:
        queued = db.scalars(select(OutboxEntry.job).where(OutboxEntry.ref == entered["id"])).all()
    assert JobKind.EXPECTED_VALUES in queued  # the outbox row went with the round
    with databases(app)() as db:
        assert unvalued_count(db) == 1
    assert run(app, entered["id"], instance) is True
    with databases(app)() as db:
        assert unvalued_count(db) == 0
    stored = check_against_advise(app, entered["id"], instance)
    # The second moment of a house-way setting is its won + lost.
    with databases(app)() as db:
        record = db.get(RoundRecord, entered["id"])
        advice = advise(parse_cards(record.seats[0].cards), config_of(record.config), instance)
    assert stored[1].main_played_square == advice.house_way.won + advice.house_way.lost
    assert all(row.main_dealer_break_bonus is not None for row in stored.values())
    before = (rows(app, SeatExpectedValue), rows(app, RoundExpectedValue))
    assert run(app, entered["id"], instance) is False  # run twice: nothing new
    assert (rows(app, SeatExpectedValue), rows(app, RoundExpectedValue)) == before


@pytest.mark.parametrize("policy", ["house_way", "forfeit"])
def test_a_foul_is_valued_as_its_policy_settles_it(app, client, table, instance, policy):
    admin = sign_in(client, "admin")
    changed = edit(
        client,
        f"/api/v1/tables/{table['id']}/config",
        json={"config": {"foul_policy": policy}},
        headers=admin,
    )
    assert changed.status_code == 200, changed.json
    entered = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=fouled_body("f1"),
        headers={**sign_in(client, "dealer"), "Idempotency-Key": "f1"},
    )
    assert entered.status_code == 201, entered.json
    assert run(app, entered.json["id"], instance) is True
    stored = check_against_advise(app, entered.json["id"], instance)
    foul = stored[2]
    assert foul.foul_policy == policy
    if policy == "forfeit":
        # The stake is lost for sure: EV -1, E[X²] 1, no spread.
        assert (foul.main_played, foul.main_played_square) == (-DEALER_HANDS, DEALER_HANDS)
        assert sd(foul.main_played, foul.main_played_square) == 0
        # A sure loss: X_main X_dbb is −pays on the dealer's Lucky Breaks, 1 elsewhere.
        assert foul.main_dealer_break_bonus == main_dealer_moment(foul.main_played, foul.dealer_break_bonus)
    else:
        assert (foul.main_played, foul.main_played_square) != (-DEALER_HANDS, DEALER_HANDS)
        assert foul.main_played == foul.main_house_way  # reset by the house way


def test_a_corrected_round_gets_values_of_its_own(app, client, table, instance):
    entered = enter(client, sign_in(client, "dealer"), table, "r1")
    assert run(app, entered["id"], instance)
    body = round_body("r1")
    body["seats"][0]["bets"]["main"] = 3000
    after = correct(client, sign_in(client, "pit_boss"), sign_in(client, "pit_boss2"), entered["id"], body)
    with databases(app)() as db:
        queued = db.scalars(select(OutboxEntry.ref).where(OutboxEntry.job == JobKind.EXPECTED_VALUES)).all()
    assert sorted(queued) == [entered["id"], after["id"]]  # the approval queued the new record's
    assert run(app, after["id"], instance)
    check_against_advise(app, after["id"], instance)
    with databases(app)() as db:
        old, new = (db.get(RoundExpectedValue, key) for key in (entered["id"], after["id"]))
        assert new.main_handle - old.main_handle == 2000


def test_a_batch_stores_what_one_job_a_round_stores(app, client, table, instance, monkeypatch):
    dealer = sign_in(client, "dealer")
    ids = [enter(client, dealer, table, f"b{n}")["id"] for n in range(3)]
    monkeypatch.setattr(workers.jobs, "_databases", lambda: databases(app))
    monkeypatch.setattr(
        workers.jobs.Settings, "from_environment", lambda: app.extensions["breakpoker"]["settings"]
    )
    assert workers.jobs.expect_round(ids[0]) is True
    assert workers.jobs.expect_rounds(ids + ids) == 2  # the first stored before
    for round_id in ids:
        check_against_advise(app, round_id, instance)
    assert workers.jobs.expect_rounds(ids) == 0
