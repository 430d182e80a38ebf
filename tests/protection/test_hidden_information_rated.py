"""A rated player's hidden-information evidence: one gaming day across
tables (the player rated at one table, then at another), flagged at the
day's threshold by club number; and the 30-day processes, which carry a
player's evidence across days (the earlier days seeded), each over its
own 30 gaming days."""

from __future__ import annotations

import random
from datetime import timedelta
from math import log

import pytest
from sqlalchemy import select

from service.analysis.departures import STAKES
from service.analysis.seat_bets import seat_bet
from service.engine.cards import parse_cards
from service.store.db import utc_now
from service.store.models import HiddenBet, HiddenPlayerDay, HiddenSeatSession, RoundRecord
from service.store.work import unit_of_work
from tests.protection import hidden_support
from tests.protection.hidden_support import CONFIG, enter_deal, hidden_alerts, judge
from tests.support.app import databases, sign_in
from tests.support.hidden_play import DECK, HOUSE_WAY, cheating_setting, round_body
from tests.support.players import add_player, seat, step
from tests.support.rounds_data import SEATS
from tests.support.strategy import strategy_blocks

pytestmark = pytest.mark.store
instance = hidden_support.instance

PER_TABLE = 200


def _seated(client, dealer, table_id, club, number) -> int:
    response = seat(client, dealer, table_id, club, number)
    assert response.status_code == 201, response.json
    return int(response.json["id"])


def test_a_rated_players_day_spans_tables_and_names_them_by_club_number(app, client, table, instance):
    rng = random.Random(5)
    admin, dealer = sign_in(client, "admin"), sign_in(client, "dealer")
    other = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=admin).json
    player_id = add_player(app, "C4300")
    cheat = lambda cards, dealt: cheating_setting(cards, dealt, CONFIG)  # noqa: E731
    honest = lambda cards, dealt: HOUSE_WAY  # noqa: E731
    rating = _seated(client, dealer, table["id"], "C4300", 2)
    first = [
        enter_deal(client, dealer, table["id"], f"a{n}", {1: honest, 2: cheat}, rng) for n in range(PER_TABLE)
    ]
    out = step(client, dealer, rating, "seat-out", {"chips_taken": 0})
    assert out.status_code in (200, 201), out.json
    _seated(client, dealer, other["id"], "C4300", 4)
    later = [
        enter_deal(client, dealer, other["id"], f"b{n}", {1: honest, 4: cheat}, rng) for n in range(PER_TABLE)
    ]
    judge(app, first + later, instance)
    with databases(app)() as db:
        days = db.scalars(select(HiddenPlayerDay)).all()
        assert [(row.player_id, row.rounds) for row in days] == [(player_id, 2 * PER_TABLE)]
        tables = set(
            db.scalars(
                select(RoundRecord.table_id)
                .join(HiddenBet, HiddenBet.round_id == RoundRecord.id)
                .where(HiddenBet.player_day_id == days[0].id)
            )
        )
        assert tables == {table["id"], other["id"]}
        # The unrated seat 1 is its own subject at each table.
        assert sorted(row.table_id for row in db.scalars(select(HiddenSeatSession))) == sorted(
            (table["id"], other["id"])
        )
        day = days[0].gaming_day
    alerts = hidden_alerts(app)
    # The day's alert only: the 30-day process started today holds the
    # same evidence today (far past 600,000 by the end), and is judged from
    # the next day on (one alert for one day's evidence).
    assert [alert.natural_key for alert in alerts] == [f"hidden_information:player:{player_id}:day:{day}"]
    alert = alerts[0]
    assert alert.player_id == player_id
    assert alert.threshold == "20,000"
    assert "player C4300 at table " in alert.summary
    assert f"gaming day {day}" in alert.summary
    assert set(alert.rounds) <= set(first + later)
    assert alert.table_id == (table["id"] if alert.rounds[-1] in first else other["id"])


def _staying_round(rng: random.Random, instance) -> dict:
    """A round whose seat 1 (rated) plays the house way and no setting
    would have done better: its bet raises the evidence."""
    cards = parse_cards(SEATS[1])
    rest = [card for card in DECK if card not in cards]
    while True:
        dealer = rng.sample(rest, 7)
        bet = seat_bet(cards, None, dealer, CONFIG, instance)
        if bet is not None and bet.hit:
            return round_body("month", dealer, [(1, cards, HOUSE_WAY)])


def _seed(app, player_id, day, value, rounds=100):
    with unit_of_work(databases(app)) as db:
        logs = {f"log_{n}": log(value) for n in range(1, len(STAKES) + 1)}
        db.add(
            HiddenPlayerDay(
                player_id=player_id,
                gaming_day=day,
                rounds=rounds,
                departures=0,
                did_better=0,
                updated_at=utc_now(),
                **logs,
            )
        )


def test_a_thirty_day_process_carries_the_evidence_across_days(app, client, table, instance):
    strategy_blocks(instance, [SEATS[1]])
    dealer = sign_in(client, "dealer")
    player_id = add_player(app, "C4301")
    _seated(client, dealer, table["id"], "C4301", 1)
    body = _staying_round(random.Random(3), instance)
    entered = client.post(
        f"/api/v1/tables/{table['id']}/rounds", json=body, headers={**dealer, "Idempotency-Key": "month"}
    )
    assert entered.status_code == 201, entered.json
    with databases(app)() as db:
        today = db.get(RoundRecord, entered.json["id"]).gaming_day
    # Each day below its own threshold (20,000); the two last ones together
    # past the processes' (600,000). A process started 30 days ago ended
    # yesterday: today's round is not its, however high it stands.
    _seed(app, player_id, today - timedelta(days=30), 1e9)
    _seed(app, player_id, today - timedelta(days=2), 1000)
    _seed(app, player_id, today - timedelta(days=1), 1000)
    assert judge(app, [entered.json["id"]], instance) == 1
    alerts = hidden_alerts(app)
    start = today - timedelta(days=2)
    assert [alert.natural_key for alert in alerts] == [f"hidden_information:player:{player_id}:from:{start}"]
    assert alerts[0].threshold == "600,000"
    assert f"the 30 gaming days from {start}" in alerts[0].summary
    assert "over 201 rounds" in alerts[0].figure
    assert alerts[0].rounds == [entered.json["id"]]  # the seeded days have no bets
