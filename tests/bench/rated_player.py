"""The heavy player of ``bench-rated``, in full: their ratings, each
rating's rounds, seats and rated seats, and each rating's figures row, as
the rounds package and the figures job would have written them (a
player's figures read the ratings' rows, and check the open ones against
their rated seats)."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Table, insert, select

from service.players.rated.inputs import DEALS
from service.players.rating_values import RatingStart
from service.store.db import Databases
from service.store.models import (
    GameTable,
    Player,
    RatedSeat,
    Rating,
    RatingFigures,
    RoundRecord,
    SeatRecord,
    User,
)
from service.store.work import unit_of_work

if TYPE_CHECKING:
    from tests.bench.rated_fill import Shape


def exact(randomly: random.Random, digits: int) -> int:
    return randomly.randrange(10 ** (digits - 1), 10**digits) * randomly.choice((1, -1))


def parts(randomly: random.Random, actual: int) -> dict[str, object]:
    """Exact numerators of real sizes whose four parts add up to ``actual``
    (as the job's always do: the report apportions on it)."""
    theoretical, decisions, player = abs(exact(randomly, 21)), exact(randomly, 20), exact(randomly, 21)
    return {
        "actual": actual,
        "theoretical": theoretical,
        "decisions": decisions,
        "player_cards": player,
        "dealer_cards": actual * DEALS - theoretical - decisions - player,
        "player_cards_variance": abs(exact(randomly, 46)),
        "dealer_cards_variance": abs(exact(randomly, 22)),
    }


PASSWORD = "bench-rated password"
HEAVY = "HEAVY1"
SEAT = {
    "cards": ["Ah", "Kd", "Td", "8c", "6h", "4d", "2c"],
    "setting_entered": "house_way",
    "low": ["Kd", "Td"],
    "high": ["Ah", "8c", "6h", "4d", "2c"],
    "rule": 1,
    "fouled": False,
    "main_outcome": "loss",
    "dealer_break_bonus_outcome": "loss",
    "break_bonus_outcome": "loss",
}


def heavy_player(
    databases: Databases,
    shape: Shape,
    first: date,
    table: GameTable,
    configs: dict[int, int],
    dealers: list[int],
    randomly: random.Random,
) -> int:
    """The heavy player's ratings, a day apart at the first table's seat 1,
    each with its rounds (one seat each), rated seats and figures row."""
    with unit_of_work(databases) as db:
        player_id = db.execute(select(Player.id).where(Player.club_number == HEAVY)).scalar_one()
        admin = db.execute(select(User.id).where(User.name == "admin")).scalar_one()
    rounds_written = 0
    for number in range(shape.player_ratings):
        seated = datetime.combine(first + timedelta(days=number % shape.days), datetime.min.time(), UTC)
        seated += timedelta(hours=12 + number // shape.days)
        with unit_of_work(databases) as db:
            rating = Rating(
                player_id=player_id,
                table_id=table.id,
                seat=1,
                seated_at=seated,
                started=RatingStart.TABLET,
                started_by=admin,
                recorded_at=seated,
            )
            db.add(rating)
            db.flush()
            seat_ids = _rounds(db, rating.id, table.id, configs[table.id], dealers[0], seated, shape, number)
            rounds_written += len(seat_ids)
            db.add(RatingFigures(**_figures(rating.id, len(seat_ids), max(seat_ids), randomly, seated)))
    return rounds_written


def _rounds(
    db: Any,
    rating_id: int,
    table_id: int,
    config_id: int,
    dealer: int,
    seated: datetime,
    shape: Shape,
    number: int,
) -> list[int]:
    rows = [
        {
            "table_id": table_id,
            "config_id": config_id,
            "round_ref": f'"p{number}-{n}"',
            "dealer_cards": ["Qs", "Qh", "As", "9d", "7c", "4h", "2s"],
            "entered": {},
            "settlement": {},
            "house_net": 1_000,
            "entered_by": dealer,
            "entered_at": seated + timedelta(seconds=90 * n),
            "utc_offset_minutes": 0,
            "gaming_day": seated.date(),
            "shift": 2,
            "idempotency_key": f"p{number}-{n}",
            "request_digest": "0" * 64,
            "revision": 0,
        }
        for n in range(shape.rounds_per_rating)
    ]
    round_ids = list(db.scalars(insert(cast(Table, RoundRecord.__table__)).returning(RoundRecord.id), rows))
    seats = [
        {
            "round_id": round_id,
            "seat": 1,
            **SEAT,
            "main_stake": 2_500,
            "main_net": -2_500,
            "dealer_break_bonus_stake": 500,
            "dealer_break_bonus_net": -500,
            "break_bonus_stake": 100,
            "break_bonus_net": -100,
        }
        for round_id in round_ids
    ]
    seat_ids = list(db.scalars(insert(cast(Table, SeatRecord.__table__)).returning(SeatRecord.id), seats))
    db.execute(
        insert(cast(Table, RatedSeat.__table__)),
        [{"seat_id": seat_id, "rating_id": rating_id} for seat_id in seat_ids],
    )
    return seat_ids


def _figures(rating_id: int, rounds: int, last: int, randomly: random.Random, at: datetime) -> dict[str, Any]:
    return {
        "rating_id": rating_id,
        "rounds": rounds,
        "pending_rounds": 0,
        "last_seat_id": last,
        "main_handle": rounds * 2_500,
        "dealer_break_bonus_handle": rounds * 500,
        "break_bonus_handle": rounds * 100,
        **parts(randomly, rounds * 3_100),
        "figured_at": at,
    }
