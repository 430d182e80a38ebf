"""The hidden-information test, a batch of rounds in one transaction (the
worker's job, :mod:`service.protection.hidden_batch`) against the rounds
one at a time in id order: the same rounds tested, the same bets, the
same evidence, the same alerts raised on the same rounds, naming the same
rounds, whatever the batches' sizes."""

from __future__ import annotations

import random
from datetime import timedelta
from math import log
from typing import Any

import pytest
from sqlalchemy import select, update

from service.analysis.departures import DAY_THRESHOLD, SEAT_THRESHOLD, STAKES
from service.protection.hidden_rounds import judge_rounds
from service.store.db import Db, utc_now
from service.store.models import (
    Alert,
    HiddenBet,
    HiddenPlayerDay,
    HiddenRound,
    HiddenSeatSession,
    RoundRecord,
)
from service.store.work import unit_of_work
from tests.protection import hidden_support
from tests.protection.hidden_support import CONFIG, enter_deal, hidden_alerts, judge
from tests.support.app import databases, sign_in
from tests.support.hidden_play import HOUSE_WAY, cheating_setting, random_setting
from tests.support.players import add_player, seat

pytestmark = pytest.mark.store
instance = hidden_support.instance

ROUNDS = 36  # a table's, after the two judged before
_LOGS = [f"log_{n}" for n in range(1, len(STAKES) + 1)]


def _logs(value: float) -> dict[str, float]:
    return dict.fromkeys(_LOGS, value)


def _evidence(model: Any) -> list[Any]:
    return [model.rounds, model.departures, model.did_better, *(getattr(model, name) for name in _LOGS)]


def _state(db: Db) -> dict[str, Any]:
    """Every row the job writes, by natural keys (PostgreSQL's ids are not
    rolled back), comparable across the two runs."""
    days = {row.id: (row.player_id, row.gaming_day) for row in db.scalars(select(HiddenPlayerDay))}
    seats = {row.id: row.subject for row in db.scalars(select(HiddenSeatSession))}
    bets = db.scalars(select(HiddenBet).order_by(HiddenBet.round_id, HiddenBet.seat_id))
    return {
        "tested": list(
            db.execute(select(HiddenRound.round_id, HiddenRound.tested_at).order_by(HiddenRound.round_id))
        ),
        "bets": [
            (
                bet.round_id,
                bet.seat_id,
                bet.hands,
                bet.dealer_hands,
                bet.hit,
                bet.departed,
                days.get(bet.player_day_id or 0),
                seats.get(bet.seat_session_id or 0),
            )
            for bet in bets
        ],
        "days": sorted(
            (row.player_id, row.gaming_day, *_evidence(row), row.updated_at)
            for row in db.scalars(select(HiddenPlayerDay))
        ),
        "seats": sorted(
            (row.subject, row.table_id, row.session_id, row.seat, *_evidence(row), row.updated_at)
            for row in db.scalars(select(HiddenSeatSession))
        ),
        "alerts": [
            (
                alert.natural_key,
                alert.severity,
                alert.figure,
                alert.threshold,
                alert.summary,
                alert.rounds,
                alert.table_id,
                alert.seat,
                alert.player_id,
                alert.dealer_id,
            )
            for alert in db.scalars(select(Alert).order_by(Alert.id))
        ],
    }


def _both(app: Any, instance: Any, round_ids: list[int], sizes: int) -> tuple[Any, Any]:
    """(tested, rows) one round at a time, then in batches of ``sizes``,
    each in a transaction rolled back after (the same ``now``)."""
    now = utc_now()
    with databases(app)() as db:
        tested = sum(judge_rounds(db, [round_id], instance, now) for round_id in sorted(round_ids))
        one_at_a_time = (tested, _state(db))
        db.rollback()
    with databases(app)() as db:
        tested = sum(
            judge_rounds(db, round_ids[at : at + sizes], instance, now)
            for at in range(0, len(round_ids), sizes)
        )
        batched = (tested, _state(db))
        db.rollback()
    return one_at_a_time, batched


@pytest.fixture
def floor(app, client, table, instance):
    """Two tables' rounds, interleaved. At the first: Alice (rated, seat 1)
    and an unrated seat 3 see the dealer's cards, Bob (rated, seat 2) and
    the unrated seat 4 play honestly; two rounds judged before, then
    Alice's day, her 30 days from yesterday and seat 3's session pushed
    near their thresholds (her 30 days cross before her day), seat 4's past
    its own (its alert raised before). At the second: Carol (rated, seat
    5, played three days ago) sees the cards, seats 1 and 2 unrated: their
    rows are made by the rounds tested. Alice's day 40 days ago is past
    every threshold and outside her 30 days."""
    rng = random.Random(4343)
    admin, dealer = sign_in(client, "admin"), sign_in(client, "dealer")
    other = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=admin).json
    alice, _, carol = (add_player(app, club) for club in ("C4310", "C4311", "C4312"))
    for table_id, club, number in (
        (table["id"], "C4310", 1),
        (table["id"], "C4311", 2),
        (other["id"], "C4312", 5),
    ):
        assert seat(client, dealer, table_id, club, number).status_code == 201
    cheat = lambda cards, dealt: cheating_setting(cards, dealt, CONFIG)  # noqa: E731
    honest = lambda cards, dealt: HOUSE_WAY  # noqa: E731
    first = {1: cheat, 2: honest, 3: cheat, 4: lambda cards, dealt: random_setting(cards, rng)}
    second = {1: honest, 2: honest, 5: cheat}
    before = [enter_deal(client, dealer, table["id"], f"b{n}", first, rng) for n in range(2)]
    judge(app, before[:1], instance)
    with unit_of_work(databases(app)) as db:
        day = db.get(RoundRecord, before[0]).gaming_day
        table_seats = {row.seat: row.id for row in db.scalars(select(HiddenSeatSession))}
        db.execute(update(HiddenPlayerDay).values(_logs(log(DAY_THRESHOLD) - 1.5)))
        seat_logs = {3: log(SEAT_THRESHOLD) - 0.5, 4: log(SEAT_THRESHOLD) + 30}
        for number, value in seat_logs.items():
            db.execute(
                update(HiddenSeatSession)
                .where(HiddenSeatSession.id == table_seats[number])
                .values(_logs(value))
            )
        for player, back, value in ((alice, 1, 100.0), (alice, 40, 1e9), (carol, 3, 10.0)):
            db.add(
                HiddenPlayerDay(
                    player_id=player,
                    gaming_day=day - timedelta(days=back),
                    rounds=50,
                    departures=0,
                    did_better=0,
                    updated_at=utc_now(),
                    **_logs(log(value)),
                )
            )
    judge(app, before[1:], instance)
    assert [alert.seat for alert in hidden_alerts(app)] == [4]  # raised before
    rounds = []
    for number in range(ROUNDS):
        rounds.append(enter_deal(client, dealer, table["id"], f"p{number}", first, rng))
        rounds.append(enter_deal(client, dealer, other["id"], f"q{number}", second, rng))
    return [before[0], *rounds]  # one tested before among them


@pytest.mark.parametrize("sizes", [50, 7, 1])
def test_a_batch_tests_and_alerts_exactly_as_its_rounds_one_at_a_time(app, instance, floor, sizes):
    one_at_a_time, batched = _both(app, instance, floor, sizes)
    assert batched == one_at_a_time
    tested, state = batched
    assert tested == len(floor) - 1  # all but the one tested before
    # seat 4's raised before; then Alice's day and her 30 days from
    # yesterday (not those from 40 days ago), and seat 3's session; not
    # Carol's (far below hers), not Bob's nor the honest seats'
    keys = [alert[0].split(":") for alert in state["alerts"]]
    assert [(key[1], key[3], key[-1]) for key in keys] == [
        ("seat", "day", "4"),
        ("player", "day", keys[1][-1]),
        ("player", "from", keys[1][-1][:8] + keys[2][-1][8:]),
        ("seat", "day", "3"),
    ]
    assert keys[1][2] == keys[2][2]  # both Alice's
    new = {alert[0]: alert[5] for alert in state["alerts"][1:]}
    for natural_key, rounds in new.items():
        # each names its window's rounds as it stood when it crossed: none
        # of the batch's later rounds
        crossed = rounds[-1]
        assert crossed in floor
        assert rounds == sorted(rounds)
        assert all(round_id <= crossed for round_id in rounds), natural_key
    crossed_at = sorted(rounds[-1] for rounds in new.values())
    assert crossed_at[0] < floor[-1]  # crossed within the batch, not only at its end
