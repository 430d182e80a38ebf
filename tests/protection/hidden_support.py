"""What the hidden-information job's tests share: rounds entered through
the API from engine-made deals, the job run as a worker runs it, and the
records it keeps."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from sqlalchemy import select

from service.engine.cards import Card
from service.engine.table_config import TableConfig
from service.protection.hidden_rounds import judge_rounds
from service.protection.values import AlertKind
from service.store.db import utc_now
from service.store.models import Alert, HiddenBet, HiddenPlayerDay, HiddenRound, HiddenSeatSession
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.hidden_play import COMMON_BLOCKS, DECK, block_of, deal, round_body
from tests.support.strategy import strategy_blocks

CONFIG = TableConfig()
#: a seat's player: its setting from its cards and the dealer's
Player = Callable[[list[Card], list[Card]], Any]


@pytest.fixture
def instance(app):
    """The app's instance with the blocks the deals fall in."""
    instance = app.extensions["breakpoker"]["settings"].instance
    hands = [next(h for h in _hands_of(block)) for block in COMMON_BLOCKS]
    strategy_blocks(instance, hands)
    return instance


def _hands_of(block: int):
    rng = random.Random(block)
    while True:
        hand = rng.sample(DECK, 7)
        if block_of(hand) == block:
            yield hand


def enter_deal(
    client: Any,
    headers: dict[str, str],
    table_id: int,
    round_id: str,
    players: dict[int, Player],
    rng: random.Random,
) -> int:
    """One round dealt (seat hands in the blocks built) and entered, each
    seat set by its player; the record's id."""
    dealer, hands = deal(rng, len(players))
    seats = [
        (seat, hand, play(hand, dealer))
        for (seat, play), hand in zip(sorted(players.items()), hands, strict=True)
    ]
    response = client.post(
        f"/api/v1/tables/{table_id}/rounds",
        json=round_body(round_id, dealer, seats),
        headers={**headers, "Idempotency-Key": f"{table_id}-{round_id}"},
    )
    assert response.status_code == 201, response.json
    return int(response.json["id"])


def judge(app: Any, round_ids: Sequence[int], instance: Any) -> int:
    with unit_of_work(databases(app)) as db:
        return judge_rounds(db, list(round_ids), instance, utc_now())


def hidden_alerts(app: Any) -> list[Alert]:
    with databases(app)() as db:
        found = db.scalars(select(Alert).where(Alert.kind == AlertKind.HIDDEN_INFORMATION).order_by(Alert.id))
        return list(found)


def table_rows(app: Any) -> dict[str, list[tuple[Any, ...]]]:
    """Every row the job keeps, as tuples (to compare before and after)."""
    models = (HiddenRound, HiddenBet, HiddenPlayerDay, HiddenSeatSession, Alert)
    with databases(app)() as db:
        return {
            model.__tablename__: [
                tuple(getattr(row, column.name) for column in model.__table__.columns)
                for row in db.scalars(select(model).order_by(*model.__table__.primary_key.columns))
            ]
            for model in models
        }
