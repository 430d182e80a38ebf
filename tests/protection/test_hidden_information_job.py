"""The hidden-information test's job on rounds entered through the API: at
a six-seat table where one seat's player sets every hand knowing the
dealer's cards, that seat is flagged and no other; a round judged twice
adds nothing; a foul's seat is not tested; an alert names at most the
latest 200 rounds."""

from __future__ import annotations

import random
from math import log

import pytest
from sqlalchemy import select, update

from service.analysis.departures import SEAT_THRESHOLD, Evidence
from service.store.models import HiddenBet, HiddenRound, HiddenSeatSession, RoundRecord, User
from service.store.work import unit_of_work
from tests.protection import hidden_support
from tests.protection.hidden_support import CONFIG, enter_deal, hidden_alerts, judge, table_rows
from tests.support.app import databases, sign_in
from tests.support.append_only import never_replaced, never_updated_or_deleted
from tests.support.hidden_play import HOUSE_WAY, cheating_setting, random_setting
from tests.support.rounds_data import SEATS, round_body
from tests.support.strategy import strategy_blocks
from tests.workers.expected_values_support import KINGS_LOW

pytestmark = pytest.mark.store
instance = hidden_support.instance

ROUNDS = 400


def evidence_of(row) -> Evidence:
    return Evidence((row.log_1, row.log_2, row.log_3), row.rounds, row.departures, row.did_better)


def test_only_the_seat_that_sees_the_dealers_cards_is_flagged(app, client, table, instance):
    rng = random.Random(43)
    players = {
        1: lambda cards, dealer: HOUSE_WAY,
        2: lambda cards, dealer: random_setting(cards, rng),
        3: lambda cards, dealer: cheating_setting(cards, dealer, CONFIG),
        4: lambda cards, dealer: HOUSE_WAY,
        5: lambda cards, dealer: random_setting(cards, rng) if rng.random() < 0.2 else HOUSE_WAY,
        6: lambda cards, dealer: HOUSE_WAY,
    }
    dealer = sign_in(client, "dealer")
    ids = [enter_deal(client, dealer, table["id"], f"r{n}", players, rng) for n in range(ROUNDS)]
    assert table_rows(app)["hidden_bets"] == []  # never on the request path
    for start in range(0, ROUNDS, 50):
        judge(app, ids[start : start + 50], instance)
    alerts = hidden_alerts(app)
    assert [(alert.seat, alert.severity, alert.player_id) for alert in alerts] == [(3, "critical", None)]
    alert = alerts[0]
    with databases(app)() as db:
        crossed = db.get(RoundRecord, alert.rounds[-1])
        rows = {row.seat: row for row in db.scalars(select(HiddenSeatSession))}
        dealer_user = db.scalar(select(User).where(User.name == "dealer"))
    assert alert.table_id == table["id"]
    assert alert.dealer_id == dealer_user.id == crossed.entered_by
    assert alert.natural_key == f"hidden_information:seat:{table['id']}:day:{crossed.gaming_day}:3"
    assert alert.threshold == "10,000"
    assert alert.figure.startswith("evidence ")
    assert " did better" in alert.figure
    assert "an unrated seat at table 'BP-1', seat 3" in alert.summary
    assert "1 time in 10,000" in alert.summary
    # The rounds behind it: the seat's, up to the one that crossed.
    assert alert.rounds == sorted(alert.rounds)
    assert set(alert.rounds) <= set(ids)
    assert len(alert.rounds) == rows[3].rounds if rows[3].rounds <= 200 else len(alert.rounds) == 200
    # Every seat tested every round, each its own session's evidence.
    assert {seat: row.rounds for seat, row in rows.items()} == dict.fromkeys(range(1, 7), ROUNDS)
    honest = [evidence_of(rows[seat]).log_value for seat in (1, 2, 4, 5, 6)]
    assert max(honest) < evidence_of(rows[3]).log_value
    assert evidence_of(rows[3]).log_value >= log(SEAT_THRESHOLD)
    assert max(honest) < log(SEAT_THRESHOLD) / 2


def test_a_round_judged_twice_adds_nothing_twice(app, client, table, instance):
    rng = random.Random(7)
    players = {seat: (lambda cards, dealer: cheating_setting(cards, dealer, CONFIG)) for seat in (1, 2)}
    dealer = sign_in(client, "dealer")
    ids = [enter_deal(client, dealer, table["id"], f"r{n}", players, rng) for n in range(3)]
    assert judge(app, ids[:2], instance) == 2
    before = table_rows(app)
    assert judge(app, ids[:2], instance) == 0
    assert table_rows(app) == before
    assert judge(app, ids, instance) == 1  # only the new one
    with databases(app)() as db:
        assert sorted(db.scalars(select(HiddenRound.round_id))) == ids
        assert {row.rounds for row in db.scalars(select(HiddenSeatSession))} == {3}
    # The bets and the rounds tested are records: the database refuses a change.
    never_updated_or_deleted(app, "hidden_bets", "hit")
    never_replaced(app, "hidden_bets")
    never_updated_or_deleted(app, "hidden_rounds", "tested_at")
    never_replaced(app, "hidden_rounds")


def test_a_fouled_seat_is_not_tested(app, client, table, instance):
    strategy_blocks(instance, SEATS.values())
    body = round_body("foul")
    body["seats"][1]["setting"] = KINGS_LOW  # seat 2 fouls
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=body,
        headers={**sign_in(client, "dealer"), "Idempotency-Key": "foul"},
    )
    assert response.status_code == 201, response.json
    assert judge(app, [response.json["id"]], instance) == 1
    with databases(app)() as db:
        bets = db.execute(
            select(RoundRecord.id, HiddenBet.seat_id).join(HiddenBet, HiddenBet.round_id == RoundRecord.id)
        ).all()
        seats = {seat.id: seat.seat for seat in db.get(RoundRecord, response.json["id"]).seats}
        assert sorted(seats[seat_id] for _, seat_id in bets) == [1, 3]
        assert db.get(HiddenRound, response.json["id"]) is not None


def test_an_alert_names_the_latest_200_rounds_and_says_there_were_more(app, client, table, instance):
    """A seat's evidence pushed near its threshold after 205 honest rounds
    (the row written by hand: the figure, not the rounds, is what is
    tested here): the round that crosses names the latest 200."""
    rng = random.Random(11)
    players = {2: lambda cards, dealer: HOUSE_WAY}
    dealer = sign_in(client, "dealer")
    ids = [enter_deal(client, dealer, table["id"], f"r{n}", players, rng) for n in range(206)]
    judge(app, ids[:-1], instance)
    with unit_of_work(databases(app)) as db:
        # Far enough past it that the last round's bet cannot bring it back.
        db.execute(update(HiddenSeatSession).values(log_1=30.0, log_2=30.0, log_3=30.0))
    assert hidden_alerts(app) == []
    judge(app, ids[-1:], instance)
    [alert] = hidden_alerts(app)
    assert alert.rounds == ids[-200:]
    assert alert.summary.endswith("; the latest 200 of its 206 rounds are named")
    assert alert.figure.startswith("evidence ")
    assert "over 206 rounds: 0 departures, 0 did better" in alert.figure
